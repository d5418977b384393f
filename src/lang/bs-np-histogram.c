/* bs-np-histogram.c: np.diff, np.bincount, and np.histogram as numpy 1.24 counts: equal bins placed by division and
 * corrected against their edges, or given edges searched in the sorted data; blocks of
 * 65,536 elements summed in turn (weights add up in numpy's order) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 65536

/* x rounded to dtype, as numpy's arithmetic in that dtype rounds */
static double
in_dtype (BsDType dtype,
          double  x)
{
  return dtype == BS_DTYPE_FLOAT32 ? (double) (float) x : x;
}

static BsTensor *
new_doubles (BsInterp     *in,
             BsDType       dtype,
             gint64        n,
             const double *values)
{
  GError *error = NULL;
  BsTensor *t = bs_tensor_new_from_doubles (in->context, dtype, 1, &n, values, &error);

  return t != NULL ? t : bs_np_fail (in, error);
}

/* The equal bins from first to last: counts (or weight sums) into n. first and last are
 * as numpy compares them with the data (in the edges' dtype); norm is n_bins / width. */
static void
count_uniform (const double *a,
               const double *w,
               gint64        len,
               const double *edges,
               gint64        n_bins,
               double        first,
               double        last,
               double        norm,
               BsDType       edge_dtype,
               double       *n)
{
  g_autofree double *block = g_new0 (double, n_bins);

  for (gint64 start = 0; start < len; start += BLOCK)
    {
      gint64 end = MIN (len, start + BLOCK);

      memset (block, 0, n_bins * sizeof (double));
      for (gint64 i = start; i < end; i++)
        {
          double x = a[i];
          gint64 k;

          if (!(x >= first && x <= last))
            continue;
          x = in_dtype (edge_dtype, x);
          k = (gint64) in_dtype (edge_dtype, in_dtype (edge_dtype, x - first) * norm);
          if (k == n_bins)
            k--;
          if (x < edges[k])
            k--;
          if (k != n_bins - 1 && x >= edges[k + 1])
            k++;
          block[k] += w != NULL ? w[i] : 1.0;
        }
      for (gint64 k = 0; k < n_bins; k++)
        n[k] += block[k];
    }
}

typedef struct {
  double value;
  double weight;
} Pair;

static int
pair_cmp (const void *pa,
          const void *pb)
{
  double x = ((const Pair *) pa)->value, y = ((const Pair *) pb)->value;

  /* NaN last, as numpy sorts */
  if (isnan (x) || isnan (y))
    return isnan (x) - isnan (y);
  return (x > y) - (x < y);
}

/* The first index of sorted p[0, len) whose value is not below x (right: above x) */
static gint64
search (const Pair *p,
        gint64      len,
        double      x,
        gboolean    right)
{
  gint64 lo = 0, hi = len;

  while (lo < hi)
    {
      gint64 mid = lo + (hi - lo) / 2;

      if (right ? !(x < p[mid].value) : p[mid].value < x)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Given edges: per block, the cumulative counts (or weights) at each edge, then their
 * differences */
static void
count_edges (const double *a,
             const double *w,
             gint64        len,
             const double *edges,
             gint64        n_edges,
             double       *n)
{
  g_autofree double *cum = g_new0 (double, n_edges);
  g_autofree Pair *p = g_new (Pair, MIN (len, BLOCK) + 1);
  g_autofree double *cw = g_new (double, MIN (len, BLOCK) + 1);

  for (gint64 start = 0; start < len; start += BLOCK)
    {
      gint64 m = MIN (len, start + BLOCK) - start;

      for (gint64 i = 0; i < m; i++)
        p[i] = (Pair) { a[start + i], w != NULL ? w[start + i] : 1.0 };
      qsort (p, m, sizeof (Pair), pair_cmp);
      cw[0] = 0;
      for (gint64 i = 0; i < m; i++)
        cw[i + 1] = w != NULL ? cw[i] + p[i].weight : (double) (i + 1);
      for (gint64 e = 0; e < n_edges; e++)
        cum[e] += cw[search (p, m, edges[e], e == n_edges - 1)];
    }
  for (gint64 e = 0; e + 1 < n_edges; e++)
    n[e] = cum[e + 1] - cum[e];
}

/* bins=: an integer count (FALSE in *is_edges) or an array of increasing edges */
static gboolean
bins_arg (BsInterp  *in,
          BsValue    bins,
          gint64    *n_bins,
          BsTensor **edges)
{
  *edges = NULL;
  if (bs_value_str (bins) != NULL)
    return bs_raise (in, "NotImplementedError", "histogram(bins='%s') is not supported by "
                     "Backstep's numpy: give a number of bins or their edges",
                     bs_value_str (bins));
  if (bs_is_int (bins) || (bs_np_scalar_tensor (bins) != NULL
                           && !bs_dtype_is_floating (bs_np_scalar_tensor (bins)->dtype)))
    {
      if (!bs_to_int (in, bins, n_bins))
        return FALSE;
      if (*n_bins < 1)
        return bs_raise (in, "ValueError", "`bins` must be positive, when an integer");
      return TRUE;
    }
  if (bins.type == BS_VALUE_FLOAT || bs_np_scalar_tensor (bins) != NULL)
    return bs_raise (in, "TypeError", "`bins` must be an integer, a string, or an array");
  *edges = bs_np_as_tensor (in, bins, FALSE, BS_DTYPE_FLOAT64);
  if (*edges == NULL)
    return FALSE;
  if ((*edges)->ndim != 1)
    {
      g_clear_pointer (edges, bs_tensor_unref);
      return bs_raise (in, "ValueError", "`bins` must be 1d, when an array");
    }
  {
    g_autofree double *e = bs_tensor_to_doubles (*edges);

    for (gint64 i = 0; i + 1 < bs_tensor_numel (*edges); i++)
      if (e[i] > e[i + 1])
        {
          g_clear_pointer (edges, bs_tensor_unref);
          return bs_raise (in, "ValueError", "`bins` must increase monotonically, when an "
                           "array");
        }
  }
  *n_bins = bs_tensor_numel (*edges) - 1;
  return TRUE;
}

static gboolean
raise_not_finite (BsInterp   *in,
                  const char *which,
                  BsValue     first,
                  BsValue     last)
{
  g_autoptr(GString) f = g_string_new (NULL), l = g_string_new (NULL);

  if (!bs_str (in, first, f) || !bs_str (in, last, l))
    return FALSE;
  return bs_raise (in, "ValueError", "%s range of [%s, %s] is not finite", which, f->str,
                   l->str);
}

/* range= or the data's own smallest and largest elements, widened when they are equal.
 * *from_data: first and last are elements of the data (numpy's scalars of its dtype). */
static gboolean
outer_edges (BsInterp     *in,
             BsValue       range,
             const double *a,
             gint64        len,
             BsDType       dtype,
             double       *first,
             double       *last,
             gboolean     *from_data)
{
  *from_data = FALSE;
  if (!bs_value_is_none (range))
    {
      BsValue items[2];
      gsize n;
      BsValue list;

      if (!bs_to_list (in, range, &list))
        return FALSE;
      n = ((BsList *) list.as.object)->items->len;
      if (n != 2)
        {
          bs_value_unref (list);
          return bs_raise (in, "ValueError", n < 2 ? "not enough values to unpack (expected 2, "
                           "got %zu)" : "too many values to unpack (expected 2)", n);
        }
      items[0] = g_array_index (((BsList *) list.as.object)->items, BsValue, 0);
      items[1] = g_array_index (((BsList *) list.as.object)->items, BsValue, 1);
      if (!bs_to_double (in, items[0], first) || !bs_to_double (in, items[1], last))
        {
          bs_value_unref (list);
          return FALSE;
        }
      if (*first > *last)
        {
          bs_value_unref (list);
          return bs_raise (in, "ValueError", "max must be larger than min in range parameter.");
        }
      if (!isfinite (*first) || !isfinite (*last))
        {
          raise_not_finite (in, "supplied", items[0], items[1]);
          bs_value_unref (list);
          return FALSE;
        }
      bs_value_unref (list);
    }
  else if (len == 0)
    {
      *first = 0;
      *last = 1;
    }
  else
    {
      *from_data = TRUE;
      *first = INFINITY;
      *last = -INFINITY;
      for (gint64 i = 0; i < len; i++)
        {
          if (isnan (a[i]))
            {
              *first = *last = NAN;
              break;
            }
          *first = MIN (*first, a[i]);
          *last = MAX (*last, a[i]);
        }
      if (!isfinite (*first) || !isfinite (*last))
        {
          BsValue f = bs_np_scalar_new (in, bs_tensor_new_scalar (in->context, dtype, *first));
          BsValue l = bs_np_scalar_new (in, bs_tensor_new_scalar (in->context, dtype, *last));

          raise_not_finite (in, "autodetected", f, l);
          bs_value_unref (f);
          bs_value_unref (l);
          return FALSE;
        }
    }
  if (*first == *last)
    {
      /* numpy's scalar minus a Python float: float64 from here on */
      *first -= 0.5;
      *last += 0.5;
      *from_data = FALSE;
    }
  return TRUE;
}

/* histogram(a, bins=10, range=None, density=None, weights=None) */
DECLARED (np_histogram)
{
  g_autoptr(BsTensor) a = bs_np_as_tensor (in, bs_call_value (call, 0), FALSE, 0);
  g_autoptr(BsTensor) w = NULL, edges_t = NULL, hist_t = NULL, edges_out = NULL;
  g_autofree double *av = NULL, *wv = NULL, *edges = NULL, *n = NULL;
  BsDType edge_dtype, count_dtype = BS_DTYPE_INT64;
  gint64 len, n_bins;
  gboolean density = bs_value_truthy (bs_call_value (call, 3));

  if (a == NULL)
    return FALSE;
  if (a->dtype == BS_DTYPE_BOOL)
    return bs_raise (in, "TypeError", "numpy boolean subtract, the `-` operator, is not "
                     "supported, use the bitwise_xor, the `^` operator, or the logical_xor "
                     "function instead.");
  len = bs_tensor_numel (a);
  av = bs_tensor_to_doubles (a);
  if (bs_call_has (call, 4))
    {
      w = bs_np_as_tensor (in, bs_call_value (call, 4), FALSE, 0);
      if (w == NULL)
        return FALSE;
      if (!bs_tensor_same_shape (w, a))
        return bs_raise (in, "ValueError", "weights should have the same shape as a.");
      wv = bs_tensor_to_doubles (w);
      count_dtype = w->dtype == BS_DTYPE_BOOL ? BS_DTYPE_BOOL : w->dtype;
    }
  if (!bins_arg (in, call->given[1] ? call->values[1] : BS_INT (10), &n_bins, &edges_t))
    return FALSE;
  n = g_new0 (double, n_bins);
  if (edges_t != NULL)
    {
      edges = bs_tensor_to_doubles (edges_t);
      edges_out = bs_tensor_ref (edges_t);
      count_edges (av, wv, len, edges, n_bins + 1, n);
    }
  else
    {
      double first, last, width, step;
      gboolean from_data;

      edge_dtype = bs_dtype_is_floating (a->dtype) ? a->dtype : BS_DTYPE_FLOAT64;
      if (!outer_edges (in, bs_call_value (call, 2), av, len, a->dtype, &first, &last,
                        &from_data))
        return FALSE;
      /* last - first in the data's dtype when both are its elements */
      from_data = from_data && bs_dtype_is_floating (a->dtype);
      width = from_data ? in_dtype (a->dtype, last - first) : last - first;
      /* np.linspace(first, last, n_bins + 1) in float64, then in the bins' dtype */
      edges = g_new (double, n_bins + 1);
      /* np.linspace: stop - start in the data's dtype, divided in float64 */
      step = width / (double) n_bins;
      for (gint64 i = 0; i <= n_bins; i++)
        edges[i] = in_dtype (edge_dtype, i == n_bins ? last : i * step + first);
      edges_out = new_doubles (in, edge_dtype, n_bins + 1, edges);
      if (edges_out == NULL)
        return FALSE;
      count_uniform (av, wv, len, edges, n_bins, in_dtype (edge_dtype, first),
                     in_dtype (edge_dtype, last), (double) n_bins / width, edge_dtype, n);
    }
  if (density)
    {
      gboolean reduced[1] = { TRUE };
      g_autoptr(BsTensor) counts = new_doubles (in, count_dtype == BS_DTYPE_INT64
                                                    ? BS_DTYPE_INT64 : BS_DTYPE_FLOAT64,
                                                n_bins, n);
      g_autoptr(BsTensor) total_t = NULL;
      double total = 0;

      if (counts == NULL)
        return FALSE;
      if (counts->dtype == BS_DTYPE_FLOAT64)
        {
          if (!bs_np_fast_reduce (in, BS_NP_FAST_SUM, counts, reduced, FALSE, &total_t))
            return FALSE;
        }
      if (total_t != NULL)
        total = bs_tensor_item (total_t);
      else
        for (gint64 k = 0; k < n_bins; k++)
          total += n[k];
      for (gint64 k = 0; k < n_bins; k++)
        n[k] = n[k] / in_dtype (edges_out->dtype, edges[k + 1] - edges[k]) / total;
      count_dtype = BS_DTYPE_FLOAT64;
    }
  hist_t = new_doubles (in, count_dtype, n_bins, n);
  if (hist_t == NULL)
    return FALSE;
  {
    BsValue items[2] = { bs_np_array_new (in, g_steal_pointer (&hist_t)),
                         bs_np_array_new (in, g_steal_pointer (&edges_out)) };

    *r = bs_tuple_from (in, items, 2);
    bs_value_unref (items[0]);
    bs_value_unref (items[1]);
  }
  return TRUE;
}

/* diff(a, n=1, axis=-1): a[..., 1:] - a[..., :-1] along axis, n times (not_equal for
 * bools, as numpy) */
DECLARED (np_diff)
{
  g_autoptr(BsTensor) a = bs_np_as_tensor_shared (in, bs_call_value (call, 0), FALSE, 0);
  gint64 times;
  int axis;

  if (a == NULL || !bs_to_int (in, bs_np_value (call, 1), &times)
      || !bs_np_refuse_param (call, "prepend") || !bs_np_refuse_param (call, "append"))
    return FALSE;
  if (times == 0)
    {
      /* numpy returns its argument as it is */
      *r = bs_value_ref (bs_call_value (call, 0));
      return TRUE;
    }
  if (times < 0)
    return bs_raise (in, "ValueError", "order must be non-negative but got %" G_GINT64_FORMAT,
                     times);
  if (a->ndim == 0)
    return bs_raise (in, "ValueError", "diff requires input that is at least one dimensional");
  if (!bs_np_axis (in, bs_np_value (call, 2), a->ndim, &axis))
    return FALSE;
  for (gint64 k = 0; k < times && a->shape[axis] > 0; k++)
    {
      gint64 shape[BS_MAX_DIMS];
      BsNpOperand hi = { 0 }, lo = { 0 };
      BsTensor *d;

      memcpy (shape, a->shape, a->ndim * sizeof (gint64));
      shape[axis]--;
      hi.t = bs_tensor_alias (a, a->ndim, shape, a->strides, a->offset + a->strides[axis]);
      lo.t = bs_tensor_alias (a, a->ndim, shape, a->strides, a->offset);
      if (a->dtype == BS_DTYPE_BOOL)
        {
          GError *error = NULL;

          d = bs_compare (hi.t, lo.t, BS_COMPARE_NE, &error);
          if (d == NULL)
            bs_np_fail (in, error);
        }
      else
        d = bs_np_binary_tensor (in, BS_BINOP_SUB, &hi, &lo);
      bs_np_operand_clear (&hi);
      bs_np_operand_clear (&lo);
      if (d == NULL)
        return FALSE;
      g_clear_pointer (&a, bs_tensor_unref);
      a = d;
    }
  *r = bs_np_array_new (in, g_steal_pointer (&a));
  return TRUE;
}

/* bincount(x, /, weights=None, minlength=0): int64 counts, or float64 sums of weights */
DECLARED (np_bincount)
{
  g_autoptr(BsTensor) x = bs_np_as_tensor (in, bs_call_value (call, 0), FALSE, 0);
  g_autoptr(BsTensor) w = NULL;
  g_autofree double *xv = NULL, *wv = NULL, *out = NULL;
  gint64 minlength, n, len = 0;
  GError *error = NULL;
  BsTensor *res;

  if (x == NULL || !bs_to_int (in, bs_np_value (call, 2), &minlength))
    return FALSE;
  if (x->ndim > 1)
    return bs_raise (in, "ValueError", "object too deep for desired array");
  /* numpy refuses an array of floats; a list of them is cast (truncated) */
  if (bs_dtype_is_floating (x->dtype) && bs_np_tensor_of (bs_call_value (call, 0)) != NULL)
    return bs_raise (in, "TypeError", "Cannot cast array data from dtype('%s') to "
                     "dtype('int64') according to the rule 'safe'", bs_np_dtype_str (x->dtype));
  if (minlength < 0)
    return bs_raise (in, "ValueError", "'minlength' must not be negative");
  n = bs_tensor_numel (x);
  xv = bs_tensor_to_doubles (x);
  if (bs_call_has (call, 1))
    {
      w = bs_np_as_tensor (in, bs_call_value (call, 1), FALSE, 0);
      if (w == NULL)
        return FALSE;
      if (bs_tensor_numel (w) != n || w->ndim != MAX (x->ndim, 1))
        return bs_raise (in, "ValueError", "The weights and list don't have the same length.");
      wv = bs_tensor_to_doubles (w);
    }
  for (gint64 i = 0; i < n; i++)
    {
      xv[i] = trunc (xv[i]);
      if (xv[i] < 0)
        return bs_raise (in, "ValueError", "'list' argument must have no negative elements");
      len = MAX (len, (gint64) xv[i] + 1);
    }
  len = MAX (len, minlength);
  if (len > (G_GINT64_CONSTANT (1) << 31))
    return bs_raise (in, "MemoryError", "bincount() of %" G_GINT64_FORMAT " bins is too "
                     "large", len);
  out = g_new0 (double, MAX (len, 1));
  for (gint64 i = 0; i < n; i++)
    out[(gint64) xv[i]] += wv != NULL ? wv[i] : 1.0;
  res = bs_tensor_new_from_doubles (in->context, wv != NULL ? BS_DTYPE_FLOAT64 : BS_DTYPE_INT64,
                                    1, &len, out, &error);
  if (res == NULL)
    return bs_raise_gerror (in, error);
  *r = bs_np_array_new (in, res);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  NP_FN ("bincount(x, /, weights=None, minlength=0)", np_bincount, 0),
  NP_FN ("diff(a, n=1, axis=-1, prepend=None, append=None)", np_diff, 0),
  NP_FN ("histogram(a, bins=10, range=None, density=None, weights=None)", np_histogram, 0),
};

const BsSignatureTable bs_np_histogram_table = BS_SIGNATURE_TABLE (rows);
