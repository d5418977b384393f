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
  if (r->step > 0)
    *len = r->start < r->stop ? (r->stop - r->start - 1) / r->step + 1 : 0;
  else
    *len = r->start > r->stop ? (r->start - r->stop - 1) / (-r->step) + 1 : 0;
  return TRUE;
}
