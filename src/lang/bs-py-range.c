/* bs-py-range.c: range */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-py-range.h"

#include <math.h>
#include <string.h>

#include "bs-py-number.h"

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

/* One bound of a slice, as slice.indices() clamps it to [lower, upper] */
static gboolean
slice_bound (BsInterp *in,
             BsValue   v,
             __int128  length,
             __int128  lower,
             __int128  upper,
             __int128  absent,
             __int128 *out)
{
  gint64 x;

  if (bs_value_is_none (v))
    {
      *out = absent;
      return TRUE;
    }
  if (!bs_to_int (in, v, &x))
    return FALSE;
  *out = x < 0 ? MAX ((__int128) x + length, lower) : MIN ((__int128) x, upper);
  return TRUE;
}

gboolean
bs_py_range_slice (BsInterp *in,
                   BsRange  *r,
                   BsSlice  *s,
                   BsValue  *out)
{
  /* in 128 bits: the length may pass 2**63 - 1, the bounds 64 bits */
  __int128 length = bs_py_range_count (r), lower, upper, first, last, step;
  gint64 k = 1;

  if (!bs_value_is_none (s->step) && !bs_to_int (in, s->step, &k))
    return FALSE;
  if (k == 0)
    return bs_raise (in, "ValueError", "slice step cannot be zero");
  lower = k < 0 ? -1 : 0;
  upper = k < 0 ? length - 1 : length;
  if (!slice_bound (in, s->lower, length, lower, upper, k < 0 ? upper : lower, &first)
      || !slice_bound (in, s->upper, length, lower, upper, k < 0 ? lower : upper, &last))
    return FALSE;
  first = r->start + first * r->step;
  last = r->start + last * r->step;
  step = (__int128) r->step * k;
  if (first < G_MININT64 || first > G_MAXINT64 || last < G_MININT64 || last > G_MAXINT64
      || step < G_MININT64 || step > G_MAXINT64)
    return bs_raise_overflow (in);
  *out = bs_range_new (in, (gint64) first, (gint64) last, (gint64) step);
  return TRUE;
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

/* The int a value equals, when it equals one (3, True, 3.0); FALSE for anything else. */
static gboolean
as_whole_number (BsValue  v,
                 gint64  *out)
{
  if (bs_is_int (v))
    {
      *out = bs_int_of (v);
      return TRUE;
    }
  if (v.type == BS_VALUE_FLOAT && v.as.number == floor (v.as.number)
      && fabs (v.as.number) < 0x1p63)
    {
      *out = (gint64) v.as.number;
      return TRUE;
    }
  return FALSE;
}

static gboolean
range_count (BsInterp *in, BsCall *call, BsValue *r)
{
  gint64 x;

  *r = BS_INT (as_whole_number (bs_call_value (call, 1), &x)
               && bs_py_range_contains ((BsRange *) call->self.as.object, x));
  return TRUE;
}

static gboolean
range_index (BsInterp *in, BsCall *call, BsValue *r)
{
  BsRange *range = (BsRange *) call->self.as.object;
  BsValue v = bs_call_value (call, 1);
  guint64 index;
  gint64 x;

  if (!as_whole_number (v, &x) || !bs_py_range_contains (range, x))
    {
      /* an int is looked up; anything else is searched for as a sequence does */
      if (v.type == BS_VALUE_INT)
        return bs_raise (in, "ValueError", "%" G_GINT64_FORMAT " is not in range",
                         v.as.integer);
      return bs_raise (in, "ValueError", "sequence.index(x): x not in sequence");
    }
  index = range->step > 0 ? ((guint64) x - (guint64) range->start) / (guint64) range->step
                          : ((guint64) range->start - (guint64) x)
                            / ((guint64) 0 - (guint64) range->step);
  if (index > G_MAXINT64)
    return bs_raise_overflow (in);
  *r = BS_INT ((gint64) index);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "range", BS_SIG_BUILTIN, "range.count(self, value, /)", range_count },
  { "range", BS_SIG_BUILTIN, "range.index(self, value, /)", range_index },
};

const BsSignatureTable bs_py_range_table = BS_SIGNATURE_TABLE (rows);

gboolean
bs_py_range_getattr (BsInterp   *in,
                     BsValue     self,
                     const char *name,
                     BsValue    *out)
{
  BsRange *r = (BsRange *) self.as.object;

  if (strcmp (name, "start") == 0 || strcmp (name, "stop") == 0
      || strcmp (name, "step") == 0)
    {
      *out = BS_INT (strcmp (name, "start") == 0 ? r->start
                     : strcmp (name, "stop") == 0 ? r->stop : r->step);
      return TRUE;
    }
  return bs_py_method_find (in, "range", self, name, out);
}
