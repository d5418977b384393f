/* bs-py-range.h: range */
#pragma once

#include "bs-interp-private.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* len(r) */
gboolean    bs_py_range_len       (BsInterp *in, BsRange *r, gint64 *len);
/* How many ints r holds (up to 2**64 - 1: no error). */
guint64     bs_py_range_count     (BsRange *r);
/* r[s]: the range of those items (CPython's compute_slice); OverflowError when one of its
 * bounds is past 64 bits */
gboolean    bs_py_range_slice     (BsInterp *in, BsRange *r, BsSlice *s, BsValue *out);
/* x in r, without iterating */
gboolean    bs_py_range_contains  (BsRange *r, gint64 x);

/* r.start, r.stop, r.step and range's methods; FALSE when range has no such attribute */
gboolean    bs_py_range_getattr   (BsInterp *in, BsValue self, const char *name, BsValue *out);

/* range's methods */
extern const BsSignatureTable bs_py_range_table;

G_END_DECLS
