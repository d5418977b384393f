/* bs-py-dict.h: dict: its methods */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

/* A bound method of dict; FALSE when dict has no such attribute. */
gboolean    bs_py_dict_getattr    (BsInterp *in, BsValue self, const char *name, BsValue *out);

G_END_DECLS
