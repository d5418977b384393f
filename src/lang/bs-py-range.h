/* bs-py-range.h: range */
#pragma once

#include "bs-interp-private.h"

G_BEGIN_DECLS

/* len(r) */
gboolean    bs_py_range_len       (BsInterp *in, BsRange *r, gint64 *len);

G_END_DECLS
