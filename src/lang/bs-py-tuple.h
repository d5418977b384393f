/* bs-py-tuple.h: tuple and torch.Size: their methods */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A bound method of tuple (or torch.Size); FALSE when it has no such attribute. */
gboolean    bs_py_tuple_getattr   (BsInterp *in, BsValue self, const char *name, BsValue *out);
/* The name of field i (0 or 1) of a torch.return_types pair: values/indices, or hist/bin_edges */
const char *bs_struct_seq_field  (const char *struct_seq, guint i);

/* tuple's and torch.Size's methods */
extern const BsSignatureTable bs_py_tuple_table;

G_END_DECLS
