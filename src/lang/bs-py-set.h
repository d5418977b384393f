/* bs-py-set.h: set and frozenset */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

BsValue     bs_set_new            (BsInterp *in, gboolean frozen);
gboolean    bs_set_add            (BsInterp *in, BsValue set, BsValue item);
gboolean    bs_is_set             (BsValue v);

/* The methods of set and frozenset, and the set() and frozenset() built-ins */
extern const BsSignatureTable bs_py_set_table;

G_END_DECLS
