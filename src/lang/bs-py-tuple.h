/* bs-py-tuple.h: tuple and torch.Size: their methods */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A bound method of tuple (or torch.Size); FALSE when it has no such attribute. */
gboolean    bs_py_tuple_getattr   (BsInterp *in, BsValue self, const char *name, BsValue *out);

/* tuple's and torch.Size's methods */
extern const BsSignatureTable bs_py_tuple_table;

G_END_DECLS
