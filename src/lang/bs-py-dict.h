/* bs-py-dict.h: dict: its methods */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A bound method of dict; FALSE when dict has no such attribute. */
gboolean    bs_py_dict_getattr    (BsInterp *in, BsValue self, const char *name, BsValue *out);

/* dict's methods */
extern const BsSignatureTable bs_py_dict_table;

G_END_DECLS
