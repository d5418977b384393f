/* bs-tensor-histogram.c: torch.bincount, and torch.histogram and torch.histc as PyTorch
 * 1.13's CPU kernels
 * count: edges spaced by linspace in the input's dtype, each element placed by division
 * and then checked against its neighbouring edges, the last bin closed on the right,
 * out-of-range elements left out */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-torch-private.h"

#include <math.h>
#include <string.h>

/* x rounded to the input's dtype, as PyTorch's scalar_t arithmetic rounds */
static double
in_dtype (BsDType dtype,
          double  x)
{
  return dtype == BS_DTYPE_FLOAT32 ? (double) (float) x : x;
}

/* torch.linspace(left, right, n) in dtype: the first half from left, the rest from right */
static double *
edges_between (BsDType dtype,
               double  left,
               double  right,
               gint64  n)
{
  double *edges = g_new (double, n);
  double step = in_dtype (dtype, in_dtype (dtype, right - left) / (double) (n - 1));
  gint64 half = n / 2;

  for (gint64 i = 0; i < n; i++)
    edges[i] = i < half ? in_dtype (dtype, left + in_dtype (dtype, step * i))
                        : in_dtype (dtype, right - in_dtype (dtype, step * (n - i - 1)));
  return edges;
}

/* The bin of x among n_edges increasing edges, or -1 outside them. local_search: the
 * division's guess corrected against the edges beside it (histogram; histc trusts it). */
static gint64
bin_of (BsDType       dtype,
        double        x,
        const double *edges,
        gint64        n_edges,
        gboolean      local_search)
{
  double left = edges[0], right = edges[n_edges - 1];
  gint64 pos;

  /* PyTorch 1.13 lets NaN through its range check; its kernels then put it where their
   * integer conversion of NaN happens to land: bin 1 after the local search, bin 0 without */
  if (isnan (x))
    return local_search ? MIN (1, n_edges - 2) : 0;
  if (x < left || x > right)
    return -1;
  pos = (gint64) in_dtype (dtype, in_dtype (dtype, in_dtype (dtype, x - left)
                                                     * (double) (n_edges - 1))
                                    / in_dtype (dtype, right - left));
  if (local_search)
    {
      gint64 lo = MAX (0, pos - 1), hi = MIN (pos + 2, n_edges);

      /* upper_bound over edges[lo, hi), minus one */
      pos = lo;
      while (pos < hi && edges[pos] <= x)
        pos++;
      pos--;
    }
  if (pos == n_edges - 1)
    pos--;
  return pos;
}

/* Counts (or sums weights) of the elements of input over the bins between edges; density
 * divides by the total and by each bin's width. */
static BsTensor *
count (BsTensor      *input,
       BsTensor      *weight,
       const double  *edges,
       gint64         n_edges,
       gboolean       local_search,
       gboolean       density,
       GError       **error)
{
  gint64 n_bins = n_edges - 1, n = bs_tensor_numel (input);
  g_autofree double *values = bs_tensor_to_doubles (input);
  g_autofree double *weights = weight != NULL ? bs_tensor_to_doubles (weight) : NULL;
  g_autofree double *hist = g_new0 (double, MAX (n_bins, 1));
  BsDType dtype = input->dtype;

  for (gint64 i = 0; i < n; i++)
    {
      gint64 pos = bin_of (dtype, values[i], edges, n_edges, local_search);

      if (pos >= 0)
        hist[pos] = in_dtype (dtype, hist[pos] + (weights != NULL ? weights[i] : 1.0));
    }
  if (density)
    {
      double total = 0;

      for (gint64 b = 0; b < n_bins; b++)
        total = in_dtype (dtype, total + hist[b]);
      for (gint64 b = 0; b < n_bins; b++)
        hist[b] = in_dtype (dtype, in_dtype (dtype, hist[b] / total)
                                   / in_dtype (dtype, edges[b + 1] - edges[b]));
    }
  return bs_tensor_new_from_doubles (input->context, dtype, 1, &n_bins, hist, error);
}

/* PyTorch's dtype check: its kernels exist for floating inputs only */
static gboolean
check_floating (BsInterp   *in,
                BsTensor   *input,
                const char *kernel)
{
  if (input->dtype == BS_DTYPE_FLOAT32 || input->dtype == BS_DTYPE_FLOAT64)
    return TRUE;
  return bs_raise (in, "RuntimeError", "\"%s\" not implemented for '%s'", kernel,
                   bs_dtype_scalar_name (input->dtype));
}

/* The smallest and largest element, NaN-free ones, as PyTorch's aminmax sees them */
static void
min_max (BsTensor *input,
         double   *lo,
         double   *hi)
{
  g_autofree double *values = bs_tensor_to_doubles (input);
  gint64 n = bs_tensor_numel (input);

  *lo = INFINITY;
  *hi = -INFINITY;
  for (gint64 i = 0; i < n; i++)
    {
      if (isnan (values[i]))
        {
          *lo = *hi = NAN;
          return;
        }
      *lo = MIN (*lo, values[i]);
      *hi = MAX (*hi, values[i]);
    }
  if (n == 0)
    *lo = *hi = 0;
}

/* histogram(input, bins=100, *, range=None, weight=None, density=False), and the overload
 * with a tensor of edges (data 1) */
static gboolean
histogram (BsInterp *in,
           BsCall   *call,
           BsValue  *r)
{
  BsTensor *input = bs_call_self (call), *weight = NULL, *edges_tensor = NULL;
  gboolean given_edges = bs_call_data (call) == 1;
  int i_weight = bs_call_param_index (call, "weight");
  gboolean density = bs_call_bool (call, bs_call_param_index (call, "density"));
  g_autofree double *edges = NULL;
  gint64 n_edges;
  GError *error = NULL;
  BsTensor *hist;

  if (!check_floating (in, input, "histogramdd"))
    return FALSE;
  if (bs_call_has (call, i_weight))
    {
      weight = bs_call_tensor (call, i_weight);
      if (weight->dtype != input->dtype)
        return bs_raise (in, "RuntimeError", "torch.histogramdd: if weight tensor is provided, "
                         "it should have the same dtype as the input tensor, but got weight "
                         "dtype %s and input dtype %s", bs_dtype_name (weight->dtype),
                         bs_dtype_name (input->dtype));
      if (!bs_tensor_same_shape (weight, input))
        return bs_raise (in, "RuntimeError", "torch.histogramdd: if weight tensor is provided "
                         "it should have the same shape as the input tensor excluding its "
                         "innermost dimension");
    }
  if (given_edges)
    {
      edges_tensor = bs_call_tensor (call, 1);
      if (edges_tensor->dtype != input->dtype)
        return bs_raise (in, "RuntimeError", "torch.histogramdd: input tensor and bins tensors "
                         "should have the same dtype, but got input %s and bins %s",
                         bs_dtype_name (input->dtype), bs_dtype_name (edges_tensor->dtype));
      if (edges_tensor->ndim != 1)
        return bs_raise (in, "RuntimeError", "torch.histogramdd: bins tensor should have one "
                         "dimension, but got %d dimensions in the bins tensor for dimension 0",
                         edges_tensor->ndim);
      if (bs_tensor_numel (edges_tensor) < 2)
        return bs_raise (in, "RuntimeError", "torch.histogram(): bins must be > 0, but got %"
                         G_GINT64_FORMAT " for dimension 0", bs_tensor_numel (edges_tensor) - 1);
      n_edges = bs_tensor_numel (edges_tensor);
      edges = bs_tensor_to_doubles (edges_tensor);
    }
  else
    {
      gint64 bins = bs_call_int (call, 1);
      int i_range = bs_call_param_index (call, "range");
      double left, right;

      if (bins <= 0)
        return bs_raise (in, "RuntimeError", "torch.histogram(): bins must be > 0, but got "
                         "%" G_GINT64_FORMAT " for dimension 0", bins);
      if (bins > (1 << 24))
        return bs_raise (in, "MemoryError", "histogram() with %" G_GINT64_FORMAT " bins is "
                         "too large", bins);
      if (bs_call_has (call, i_range))
        {
          gsize n;
          BsValue *items = bs_value_items (bs_call_value (call, i_range), &n);

          if (n != 2)
            return bs_raise (in, "RuntimeError", "torch.histogramdd: for a 1-dimensional "
                             "input tensor, each bin edge range should have 2 elements, but "
                             "got %zu", n);
          if (!bs_to_double (in, items[0], &left) || !bs_to_double (in, items[1], &right))
            return FALSE;
        }
      else
        min_max (input, &left, &right);
      if (!isfinite (left) || !isfinite (right))
        return bs_raise (in, "RuntimeError", "torch.histogramdd: dimension 0's range [%g, %g] "
                         "is not finite", left, right);
      if (left > right)
        return bs_raise (in, "RuntimeError", "torch.histogramdd: min should not exceed max, "
                         "but got min %g max %g for dimension 0", left, right);
      if (left == right)
        {
          left -= 0.5;
          right += 0.5;
        }
      n_edges = bins + 1;
      edges = edges_between (input->dtype, left, right, n_edges);
    }
  hist = count (input, weight, edges, n_edges, TRUE, density, &error);
  if (hist == NULL)
    return bs_raise_gerror (in, error);
  if (edges_tensor != NULL)
    edges_tensor = bs_tensor_contiguous_copy (edges_tensor, input->dtype, &error);
  else
    {
      gint64 n = n_edges;

      edges_tensor = bs_tensor_new_from_doubles (input->context, input->dtype, 1, &n, edges,
                                                 &error);
    }
  return bs_call_return_pair (call, "torch.return_types.histogram", hist, edges_tensor, &error,
                              r);
}

/* histc(input, bins=100, min=0, max=0): min = max takes the data's range */
static gboolean
histc (BsInterp *in,
       BsCall   *call,
       BsValue  *r)
{
  BsTensor *input = bs_call_self (call);
  gint64 bins = bs_call_int (call, 1);
  double left = bs_call_double (call, 2), right = bs_call_double (call, 3);
  g_autofree double *edges = NULL;
  GError *error = NULL;

  if (!check_floating (in, input, "histogram_cpu"))
    return FALSE;
  if (bins <= 0)
    return bs_raise (in, "RuntimeError", "torch.histc: bins must be > 0, but got %"
                     G_GINT64_FORMAT, bins);
  if (bins > (1 << 24))
    return bs_raise (in, "MemoryError", "histc() with %" G_GINT64_FORMAT " bins is too large",
                     bins);
  if (left == right && bs_tensor_numel (input) > 0)
    min_max (input, &left, &right);
  if (!isfinite (left) || !isfinite (right))
    return bs_raise (in, "RuntimeError", "torch.histc: range of [%g, %g] is not finite", left,
                     right);
  if (left > right)
    return bs_raise (in, "RuntimeError", "torch.histc: max must be larger than min");
  if (left == right)
    {
      left -= 1;
      right += 1;
    }
  edges = edges_between (input->dtype, left, right, bins + 1);
  return bs_call_return_tensor (call, count (input, NULL, edges, bins + 1, FALSE, FALSE,
                                             &error), &error, r);
}

/* bincount(input, weights=None, minlength=0): how often each value occurs in a 1-d tensor
 * of non-negative integers (int64), or the sum of its weights (float32 for float32 weights,
 * else float64) */
static gboolean
bincount (BsInterp *in,
          BsCall   *call,
          BsValue  *r)
{
  BsTensor *input = bs_call_self (call);
  BsTensor *weights = bs_call_has (call, 1) ? bs_call_tensor (call, 1) : NULL;
  gint64 minlength = bs_call_int (call, 2), n = bs_tensor_numel (input), len = 0;
  g_autofree double *values = NULL, *w = NULL, *out = NULL;
  GError *error = NULL;

  if (bs_dtype_is_floating (input->dtype) || input->dtype == BS_DTYPE_BOOL)
    return bs_raise (in, "RuntimeError", "\"bincount_cpu\" not implemented for '%s'",
                     bs_dtype_scalar_name (input->dtype));
  if (minlength < 0)
    return bs_raise (in, "RuntimeError", "minlength should be >= 0");
  if (input->ndim != 1)
    return bs_raise (in, "RuntimeError", "bincount only supports 1-d non-negative integral "
                     "inputs.");
  if (weights != NULL && (weights->ndim != 1 || bs_tensor_numel (weights) != n))
    return bs_raise (in, "RuntimeError", "weights should be 1-d and have the same length as "
                     "input");
  if (weights != NULL && bs_tensor_requires_grad (weights))
    return bs_raise (in, "NotImplementedError", "torch.bincount with weights that require "
                     "grad is not supported by Backstep (PyTorch has no derivative for it "
                     "either)");
  values = bs_tensor_to_doubles (input);
  for (gint64 i = 0; i < n; i++)
    {
      if (values[i] < 0)
        return bs_raise (in, "RuntimeError", "bincount only supports 1-d non-negative "
                         "integral inputs.");
      len = MAX (len, (gint64) values[i] + 1);
    }
  len = MAX (len, minlength);
  if (len > (G_GINT64_CONSTANT (1) << 31))
    return bs_raise (in, "MemoryError", "bincount() of %" G_GINT64_FORMAT " bins is too "
                     "large", len);
  out = g_new0 (double, MAX (len, 1));
  w = weights != NULL ? bs_tensor_to_doubles (weights) : NULL;
  for (gint64 i = 0; i < n; i++)
    out[(gint64) values[i]] += w != NULL ? w[i] : 1.0;
  if (weights != NULL && weights->dtype == BS_DTYPE_FLOAT32)
    for (gint64 i = 0; i < len; i++)
      out[i] = (float) out[i];
  return bs_call_return_tensor (call, bs_tensor_new_from_doubles (
                                  input->context, weights == NULL ? BS_DTYPE_INT64
                                  : weights->dtype == BS_DTYPE_FLOAT32 ? BS_DTYPE_FLOAT32
                                  : BS_DTYPE_FLOAT64, 1, &len, out, &error), &error, r);
}

#define TT "torch Tensor"

static const BsSignatureRow rows[] = {
  { TT, BS_SIG_TORCH, "histogram(Tensor input, Tensor bins, *, Tensor? weight=None, "
    "bool density=False, TensorList[2] out=None)", histogram, 1 },
  { TT, BS_SIG_TORCH, "histogram(Tensor input, int64_t bins=100, *, ArrayRef<double>? "
    "range=None, Tensor? weight=None, bool density=False, TensorList[2] out=None)", histogram,
    0 },
  { TT, BS_SIG_TORCH, "bincount(Tensor input, Tensor? weights=None, int64_t minlength=0)",
    bincount, 0 },
  { TT, BS_SIG_TORCH, "histc(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, "
    "Tensor out=None)", histc, 0 },
};

const BsSignatureTable bs_tensor_histogram_table = BS_SIGNATURE_TABLE (rows);
