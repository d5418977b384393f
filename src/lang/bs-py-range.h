/* bs-py-range.h: range */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

/* len(r) */
gboolean    bs_py_range_len       (BsInterp *in, BsRange *r, gint64 *len);
/* How many ints r holds (up to 2**64 - 1: no error). */
guint64     bs_py_range_count     (BsRange *r);
/* x in r, without iterating */
gboolean    bs_py_range_contains  (BsRange *r, gint64 x);

G_END_DECLS
