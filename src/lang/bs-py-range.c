/* bs-py-range.c: range */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-range.h"

BsValue
bs_range_new (BsInterp *in,
              gint64    start,
              gint64    stop,
              gint64    step)
{
  BsRange *r = (BsRange *) bs_object_alloc (in->heap, BS_OBJECT_RANGE, sizeof (BsRange));

  r->start = start;
  r->stop = stop;
  r->step = step;
  return BS_OBJECT (r);
}

gboolean
bs_py_range_len (BsInterp *in,
                 BsRange  *r,
                 gint64   *len)
{
  guint64 n = bs_py_range_count (r);

  if (n > G_MAXINT64)
    return bs_raise (in, "OverflowError", "Python int too large to convert to C ssize_t");
  *len = (gint64) n;
  return TRUE;
}

guint64
bs_py_range_count (BsRange *r)
{
  /* in unsigned arithmetic: range(-2**63, 2**63 - 1) spans more than gint64 holds */
  if (r->step > 0)
    return r->start < r->stop
           ? ((guint64) r->stop - (guint64) r->start - 1) / (guint64) r->step + 1 : 0;
  return r->start > r->stop
         ? ((guint64) r->start - (guint64) r->stop - 1) / ((guint64) 0 - (guint64) r->step) + 1
         : 0;
}

gboolean
bs_py_range_contains (BsRange *r,
                      gint64   x)
{
  guint64 offset;

  if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop))
    return FALSE;
  offset = r->step > 0 ? (guint64) x - (guint64) r->start : (guint64) r->start - (guint64) x;
  return offset % (r->step > 0 ? (guint64) r->step : (guint64) 0 - (guint64) r->step) == 0;
}
