/* bs-ops-reduce.c: reductions, max/min, arg-extrema and softmax, forward and backward
 *
 * float32 and float64 sums add in PyTorch's order (bs-ops-cascade.c), so they agree with
 * PyTorch's bit for bit; other floating types accumulate in double, integral and bool
 * inputs in int64 (they sum to int64 as in PyTorch).
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>
#include <string.h>

/* --- dims -------------------------------------------------------------- */

gboolean
bs_wrap_dim (int     *dim,
             int      ndim,
             GError **error)
{
  int n = MAX (ndim, 1);  /* a 0-dim tensor accepts 0 and -1 */

  if (*dim < -n || *dim > n - 1)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                   "Dimension out of range (expected to be in range of [%d, %d], but got %d)",
                   -n, n - 1, *dim);
      return FALSE;
    }
  if (*dim < 0)
    *dim += n;
  return TRUE;
}

/* Marks the reduced dims in mask; an empty list reduces every dim. */
static gboolean
reduce_mask (int            ndim,
             const gint64  *dims,
             int            n_dims,
             gboolean      *mask,
             GError       **error)
{
  gboolean seen[BS_MAX_DIMS + 1] = { FALSE };

  for (int d = 0; d < ndim; d++)
    mask[d] = n_dims == 0;
  for (int i = 0; i < n_dims; i++)
    {
      int d = (int) CLAMP (dims[i], G_MININT, G_MAXINT);

      if (!bs_wrap_dim (&d, ndim, error))
        return FALSE;
      if (seen[d])
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "dim %d appears multiple times in the list of dims", d);
          return FALSE;
        }
      seen[d] = TRUE;
      if (d < ndim)
        mask[d] = TRUE;
    }
  return TRUE;
}

/* The shape left after reducing the masked dims; returns its ndim. */
static int
reduced_shape (const BsTensor *a,
               const gboolean *mask,
               gboolean        keepdim,
               gint64         *shape)
{
  int n = 0;

  for (int d = 0; d < a->ndim; d++)
    {
      if (!mask[d])
        shape[n++] = a->shape[d];
      else if (keepdim)
        shape[n++] = 1;
    }
  return n;
}

/* A contiguous tensor seen with another shape of the same number of elements. */
static BsTensor *
reshape_raw (BsTensor     *contiguous,
             int           ndim,
             const gint64 *shape)
{
  gint64 strides[BS_MAX_DIMS];

  bs_shape_contiguous_strides (ndim, shape, strides);
  return bs_tensor_alias (contiguous, ndim, shape, strides, contiguous->offset);
}

static BsTensor *
contiguous_raw (BsTensor  *a,
                GError   **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

/* --- sum and mean kernels ---------------------------------------------- */

static void
sum_loop (char         **p,
          const gint64  *s,
          gint64         n,
          gpointer       user_data)
{
  BsDType dtype = *(const BsDType *) user_data;
  char *acc = p[0];
  const char *in = p[1];

  switch (dtype)
    {
    case BS_DTYPE_FLOAT32:
      if (s[0] == 0)
        {
          double total = 0.0;

          for (gint64 i = 0; i < n; i++, in += s[1])
            total += *(const float *) in;
          *(double *) acc += total;
        }
      else
        {
          for (gint64 i = 0; i < n; i++, acc += s[0], in += s[1])
            *(double *) acc += *(const float *) in;
        }
      break;
    case BS_DTYPE_FLOAT64:
      for (gint64 i = 0; i < n; i++, acc += s[0], in += s[1])
        *(double *) acc += *(const double *) in;
      break;
    case BS_DTYPE_INT64:
      for (gint64 i = 0; i < n; i++, acc += s[0], in += s[1])
        *(gint64 *) acc += *(const gint64 *) in;
      break;
    case BS_DTYPE_BOOL:
      for (gint64 i = 0; i < n; i++, acc += s[0], in += s[1])
        *(gint64 *) acc += *(const guint8 *) in != 0;
      break;
    default:
      if (bs_dtype_is_floating (dtype))
        for (gint64 i = 0; i < n; i++, acc += s[0], in += s[1])
          *(double *) acc += bs_dtype_load (in, dtype);
      else
        for (gint64 i = 0; i < n; i++, acc += s[0], in += s[1])
          *(gint64 *) acc += bs_dtype_load_int (in, dtype);
      break;
    }
}

/* Untracked sum (or mean) over the masked dims. */
static BsTensor *
sum_raw (BsTensor        *a,
         const gboolean  *mask,
         gboolean         keepdim,
         gboolean         mean,
         GError         **error)
{
  gboolean floating = bs_dtype_is_floating (a->dtype);
  BsDType acc_dtype = floating ? BS_DTYPE_FLOAT64 : BS_DTYPE_INT64;
  BsDType out_dtype = floating ? a->dtype : BS_DTYPE_INT64;
  gint64 keep_shape[BS_MAX_DIMS], out_shape[BS_MAX_DIMS];
  int out_ndim = reduced_shape (a, mask, keepdim, out_shape);
  gint64 count = 1, n_out;
  g_autoptr(BsTensor) acc = NULL;
  g_autoptr(BsTensor) shaped = NULL;

  reduced_shape (a, mask, TRUE, keep_shape);
  for (int d = 0; d < a->ndim; d++)
    if (mask[d])
      count *= a->shape[d];

  /* float32 and float64 in their own type, in PyTorch's order; a mean divides the sum */
  if (a->dtype == BS_DTYPE_FLOAT32 || a->dtype == BS_DTYPE_FLOAT64)
    {
      g_autoptr(BsTensor) out = bs_tensor_new (a->context, a->dtype, a->ndim, keep_shape,
                                               error);

      if (out == NULL)
        return NULL;
      bs_cascade_sum (a, mask, out);
      n_out = bs_tensor_numel (out);
      if (mean && a->dtype == BS_DTYPE_FLOAT32)
        for (gint64 i = 0; i < n_out; i++)
          ((float *) bs_tensor_data (out))[i] /= (float) count;
      else if (mean)
        for (gint64 i = 0; i < n_out; i++)
          ((double *) bs_tensor_data (out))[i] /= (double) count;
      return reshape_raw (out, out_ndim, out_shape);
    }

  acc = bs_tensor_new (a->context, acc_dtype, a->ndim, keep_shape, error);
  if (acc == NULL)
    return NULL;
  n_out = bs_tensor_numel (acc);
  if (bs_tensor_numel (a) > 0)
    {
      BsIter iter;

      bs_iter_init (&iter, a->ndim, a->shape);
      bs_iter_add (&iter, acc);
      bs_iter_add (&iter, a);
      bs_iter_run (&iter, sum_loop, &a->dtype);
    }
  if (mean)
    {
      double *values = bs_tensor_data (acc);

      for (gint64 i = 0; i < n_out; i++)
        values[i] /= (double) count;
    }
  shaped = reshape_raw (acc, out_ndim, out_shape);
  if (out_dtype == acc_dtype)
    return g_steal_pointer (&shaped);
  return bs_tensor_contiguous_copy (shaped, out_dtype, error);
}

/* --- helpers for backward formulas (tracked, so create_graph works) ----- */

static BsTensor *
div_scalar (BsTensor  *a,
            double     value,
            GError   **error)
{
  g_autoptr(BsTensor) s = bs_tensor_new_wrapped_number (a->context, value, FALSE);

  return bs_div (a, s, error);
}

/* grad of a reduction over args->dims, brought back to the input's shape */
static BsTensor *
unreduce (BsTensor           *grad,
          const BsOpArgs     *args,
          const BsTensorMeta *meta,
          GError            **error)
{
  g_autoptr(BsTensor) g = bs_tensor_ref (grad);

  if (!args->keepdim)
    {
      /* dims are sorted, so each unsqueeze lands where the dim was */
      for (int i = 0; i < args->n_dims; i++)
        {
          BsTensor *u = bs_unsqueeze (g, (int) args->dims[i], error);

          if (u == NULL)
            return NULL;
          bs_tensor_unref (g);
          g = u;
        }
    }
  return bs_expand (g, meta->shape, meta->ndim, error);
}

/* Stores the wrapped, sorted reduced dims (every dim for an empty list). */
static gboolean
dims_args (BsTensor      *a,
           const gint64  *dims,
           int            n_dims,
           gboolean       keepdim,
           BsOpArgs      *args,
           GError       **error)
{
  gboolean mask[BS_MAX_DIMS];

  g_return_val_if_fail (n_dims >= 0 && (n_dims == 0 || dims != NULL), FALSE);
  if (!reduce_mask (a->ndim, dims, n_dims, mask, error))
    return FALSE;
  bs_op_args_init (args);
  args->keepdim = keepdim;
  args->n_dims = 0;
  for (int d = 0; d < a->ndim; d++)
    if (mask[d])
      args->dims[args->n_dims++] = d;
  return TRUE;
}

static void
args_mask (const BsOpArgs *args,
           int             ndim,
           gboolean       *mask)
{
  for (int d = 0; d < ndim; d++)
    mask[d] = FALSE;
  for (int i = 0; i < args->n_dims; i++)
    if (args->dims[i] < ndim)
      mask[args->dims[i]] = TRUE;
}

/* --- sum ----------------------------------------------------------------- */

static BsTensor *
sum_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  gboolean mask[BS_MAX_DIMS];

  for (int d = 0; d < in[0]->ndim; d++)
    mask[d] = TRUE;
  return sum_raw (in[0], mask, FALSE, FALSE, error);
}

static gboolean
sum_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];

  if (NEEDS (0) && (gi[0] = bs_expand (grad, meta->shape, meta->ndim, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_sum = {
  .name = "sum", .grad_fn_name = "SumBackward0", .symbol = "Σ", .n_inputs = 1,
  .forward = sum_forward, .backward = sum_backward,
  .formulas = { "∂Σa/∂aᵢ = 1" },
};

static BsTensor *
sum_dim_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  gboolean mask[BS_MAX_DIMS];

  args_mask (args, in[0]->ndim, mask);
  return sum_raw (in[0], mask, args->keepdim, FALSE, error);
}

static gboolean
sum_dim_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  if (NEEDS (0) && (gi[0] = unreduce (grad, &node->args, &node->input_meta[0], error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_sum_dim = {
  .name = "sum", .grad_fn_name = "SumBackward1", .symbol = "Σ", .n_inputs = 1,
  .forward = sum_dim_forward, .backward = sum_dim_backward,
  .formulas = { "∂Σ_dim a/∂aᵢ = 1" },
};

/* --- mean ---------------------------------------------------------------- */

static gboolean
check_mean_dtype (BsTensor  *a,
                  GError   **error)
{
  if (bs_dtype_is_floating (a->dtype))
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
               "mean(): could not infer output dtype. Input dtype must be either a floating "
               "point or complex dtype. Got: %s", bs_dtype_scalar_name (a->dtype));
  return FALSE;
}

static BsTensor *
mean_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
              GError **error)
{
  gboolean mask[BS_MAX_DIMS];

  if (!check_mean_dtype (in[0], error))
    return NULL;
  for (int d = 0; d < in[0]->ndim; d++)
    mask[d] = TRUE;
  return sum_raw (in[0], mask, FALSE, TRUE, error);
}

static gint64
meta_numel (const BsTensorMeta *meta)
{
  gint64 n = 1;

  for (int d = 0; d < meta->ndim; d++)
    n *= meta->shape[d];
  return n;
}

static gboolean
mean_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) expanded = NULL;

  if (!NEEDS (0))
    return TRUE;
  expanded = bs_expand (grad, meta->shape, meta->ndim, error);
  if (expanded == NULL)
    return FALSE;
  gi[0] = div_scalar (expanded, (double) meta_numel (meta), error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_mean = {
  .name = "mean", .grad_fn_name = "MeanBackward0", .symbol = "mean", .n_inputs = 1,
  .forward = mean_forward, .backward = mean_backward,
  .formulas = { "∂mean(a)/∂aᵢ = 1/n" },
};

static BsTensor *
mean_dim_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                  GError **error)
{
  gboolean mask[BS_MAX_DIMS];

  if (!check_mean_dtype (in[0], error))
    return NULL;
  args_mask (args, in[0]->ndim, mask);
  return sum_raw (in[0], mask, args->keepdim, TRUE, error);
}

/* PyTorch saves self for MeanBackward1, so a second backward fails as it does. */
static void
mean_dim_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
}

static gboolean
mean_dim_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                   GError **error)
{
  GError *local_error = NULL;
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) expanded = NULL;
  gint64 count = 1;
  UNPACK (self, 0);

  if (!NEEDS (0))
    return TRUE;
  for (int i = 0; i < node->args.n_dims; i++)
    count *= meta->shape[node->args.dims[i]];
  expanded = unreduce (grad, &node->args, meta, error);
  if (expanded == NULL)
    return FALSE;
  gi[0] = div_scalar (expanded, (double) count, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_mean_dim = {
  .name = "mean", .grad_fn_name = "MeanBackward1", .symbol = "mean", .n_inputs = 1,
  .forward = mean_dim_forward, .save = mean_dim_save, .backward = mean_dim_backward,
  .formulas = { "∂mean_dim(a)/∂aᵢ = 1/n_dim" },
};

/* --- extrema kernels ----------------------------------------------------- */

/* Index of the first maximum (or minimum) of n elements `stride` apart; the
 * first NaN wins, as in PyTorch. */
static gint64
line_extremum (const char *base,
               BsDType     dtype,
               gint64      n,
               gint64      stride,
               gboolean    is_max)
{
  gsize size = bs_dtype_size (dtype);
  gint64 step = stride * (gint64) size;
  gint64 best = 0;

  if (bs_dtype_is_floating (dtype))
    {
      double best_value = bs_dtype_load (base, dtype);

      if (isnan (best_value))
        return 0;
      for (gint64 i = 1; i < n; i++)
        {
          double v = bs_dtype_load (base + i * step, dtype);

          if (isnan (v))
            return i;
          if (is_max ? v > best_value : v < best_value)
            {
              best_value = v;
              best = i;
            }
        }
    }
  else
    {
      gint64 best_value = bs_dtype_load_int (base, dtype);

      for (gint64 i = 1; i < n; i++)
        {
          gint64 v = bs_dtype_load_int (base + i * step, dtype);

          if (is_max ? v > best_value : v < best_value)
            {
              best_value = v;
              best = i;
            }
        }
    }
  return best;
}

typedef struct {
  gint64 outer;
  gint64 size;
  gint64 inner;
} Lines;

static Lines
lines_along (const BsTensor *a,
             int             dim)
{
  Lines lines = { 1, 1, 1 };

  for (int d = 0; d < a->ndim; d++)
    {
      if (d < dim)
        lines.outer *= a->shape[d];
      else if (d == dim)
        lines.size = a->shape[d];
      else
        lines.inner *= a->shape[d];
    }
  return lines;
}

/* Values (same dtype) and int64 indices of the extremum along dim. Untracked. */
static gboolean
extremum_dim_raw (BsTensor   *a,
                  int         dim,
                  gboolean    keepdim,
                  gboolean    is_max,
                  const char *what,
                  BsTensor  **values_out,
                  BsTensor  **indices_out,
                  GError    **error)
{
  gboolean mask[BS_MAX_DIMS] = { FALSE };
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  gsize size = bs_dtype_size (a->dtype);
  g_autoptr(BsTensor) c = NULL;
  g_autoptr(BsTensor) values = NULL;
  g_autoptr(BsTensor) indices = NULL;
  Lines lines;
  const char *src;
  char *dst;
  gint64 *idx;

  if (!bs_wrap_dim (&dim, a->ndim, error))
    return FALSE;
  if (a->ndim > 0)
    mask[dim] = TRUE;
  lines = lines_along (a, a->ndim > 0 ? dim : 0);
  if (lines.size == 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                   "%s(): Expected reduction dim %d to have non-zero size.", what, dim);
      return FALSE;
    }
  ndim = reduced_shape (a, mask, keepdim, shape);
  c = contiguous_raw (a, error);
  if (c == NULL)
    return FALSE;
  if (values_out != NULL
      && (values = bs_tensor_new (a->context, a->dtype, ndim, shape, error)) == NULL)
    return FALSE;
  indices = bs_tensor_new (a->context, BS_DTYPE_INT64, ndim, shape, error);
  if (indices == NULL)
    return FALSE;
  src = bs_tensor_data (c);
  dst = values != NULL ? bs_tensor_data (values) : NULL;
  idx = bs_tensor_data (indices);
  for (gint64 o = 0; o < lines.outer; o++)
    for (gint64 i = 0; i < lines.inner; i++)
      {
        gint64 k = o * lines.inner + i;
        const char *line = src + (o * lines.size * lines.inner + i) * (gint64) size;
        gint64 best = line_extremum (line, a->dtype, lines.size, lines.inner, is_max);

        idx[k] = best;
        if (dst != NULL)
          memcpy (dst + k * (gint64) size, line + best * lines.inner * (gint64) size, size);
      }
  if (values_out != NULL)
    *values_out = g_steal_pointer (&values);
  *indices_out = g_steal_pointer (&indices);
  return TRUE;
}

/* --- max, min over all elements ----------------------------------------- */

static BsTensor *
extremum_all_forward (BsTensor   *a,
                      gboolean    is_max,
                      GError    **error)
{
  gint64 n = bs_tensor_numel (a);
  g_autoptr(BsTensor) c = NULL;
  BsTensor *out;
  gsize size = bs_dtype_size (a->dtype);
  gint64 best;

  if (n == 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "%s(): Expected reduction dim to be specified for input.numel() == 0. "
                   "Specify the reduction dim with the 'dim' argument.",
                   is_max ? "max" : "min");
      return NULL;
    }
  c = contiguous_raw (a, error);
  if (c == NULL)
    return NULL;
  out = bs_tensor_new (a->context, a->dtype, 0, NULL, error);
  if (out == NULL)
    return NULL;
  best = line_extremum (bs_tensor_data (c), a->dtype, n, 1, is_max);
  memcpy (bs_tensor_data (out), (const char *) bs_tensor_data (c) + best * (gint64) size, size);
  return out;
}

static BsTensor *
max_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  return extremum_all_forward (in[0], TRUE, error);
}

static BsTensor *
min_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  return extremum_all_forward (in[0], FALSE, error);
}

void
bs_evenly_distribute_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE_OUTPUT (1, out);
}

/* The gradient is shared evenly among the elements equal to the result (the
 * NaNs when the result is NaN), as PyTorch's evenly_distribute_backward. */
gboolean
bs_evenly_distribute_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                               GError **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) c = NULL;
  g_autoptr(BsTensor) mask = NULL;
  g_autoptr(BsTensor) share = NULL;
  double value;
  gint64 n, count = 0;
  UNPACK (self, 0);
  UNPACK (result, 1);

  if (!NEEDS (0))
    return TRUE;
  value = bs_tensor_item (result);
  c = contiguous_raw (self, error);
  mask = c != NULL ? bs_tensor_new_like (c, grad->dtype, error) : NULL;
  if (mask == NULL)
    return FALSE;
  n = bs_tensor_numel (c);
  for (gint64 i = 0; i < n; i++)
    {
      double v = bs_dtype_load ((const char *) bs_tensor_data (c)
                                + i * (gint64) bs_dtype_size (c->dtype), c->dtype);

      if (isnan (value) ? isnan (v) : v == value)
        {
          bs_tensor_set (mask, i, 1.0);
          count++;
        }
    }
  share = div_scalar (grad, (double) count, error);
  if (share == NULL)
    return FALSE;
  gi[0] = bs_mul (mask, share, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_max = {
  .name = "max", .grad_fn_name = "MaxBackward1", .symbol = "max", .n_inputs = 1,
  .forward = max_forward, .save = bs_evenly_distribute_save,
  .backward = bs_evenly_distribute_backward,
  .formulas = { "∂max(a)/∂aᵢ = [aᵢ = max] / #ties" },
};

const BsOpInfo bs_op_min = {
  .name = "min", .grad_fn_name = "MinBackward1", .symbol = "min", .n_inputs = 1,
  .forward = min_forward, .save = bs_evenly_distribute_save,
  .backward = bs_evenly_distribute_backward,
  .formulas = { "∂min(a)/∂aᵢ = [aᵢ = min] / #ties" },
};

/* --- max, min along a dim ------------------------------------------------ */

static BsTensor *
extremum_dim_forward (BsTensor        *a,
                      const BsOpArgs  *args,
                      gboolean         is_max,
                      BsTensor       **extra,
                      GError         **error)
{
  BsTensor *values = NULL;

  if (!extremum_dim_raw (a, args->dim, args->keepdim, is_max, is_max ? "max" : "min",
                         &values, extra, error))
    return NULL;
  return values;
}

static BsTensor *
max_dim_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return extremum_dim_forward (in[0], args, TRUE, extra, error);
}

static BsTensor *
min_dim_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return extremum_dim_forward (in[0], args, FALSE, extra, error);
}

/* The indices are an output too, but they never carry a history, so they are
 * held as a plain input would be. */
void
bs_select_dim_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, extra);
}

/* The gradient goes to the selected element of each line: grad (with the dim
 * restored) times a one-hot mask, which keeps it differentiable in grad. */
gboolean
bs_select_dim_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                        GError **error)
{
  GError *local_error = NULL;
  const BsTensorMeta *meta = &node->input_meta[0];
  int dim = node->args.dim;
  g_autoptr(BsTensor) mask = NULL;
  g_autoptr(BsTensor) g = NULL;
  const gint64 *idx;
  double *m;
  Lines lines = { 1, 1, 1 };
  UNPACK (indices, 0);

  if (!NEEDS (0))
    return TRUE;
  if (!bs_wrap_dim (&dim, meta->ndim, error))
    return FALSE;
  for (int d = 0; d < meta->ndim; d++)
    {
      if (d < dim)
        lines.outer *= meta->shape[d];
      else if (d == dim)
        lines.size = meta->shape[d];
      else
        lines.inner *= meta->shape[d];
    }
  mask = bs_tensor_new (grad->context, BS_DTYPE_FLOAT64, meta->ndim, meta->shape, error);
  if (mask == NULL)
    return FALSE;
  {
    g_autoptr(BsTensor) ci = contiguous_raw (indices, error);

    if (ci == NULL)
      return FALSE;
    idx = bs_tensor_data (ci);
    m = bs_tensor_data (mask);
    for (gint64 o = 0; o < lines.outer; o++)
      for (gint64 i = 0; i < lines.inner; i++)
        m[(o * lines.size + idx[o * lines.inner + i]) * lines.inner + i] = 1.0;
  }
  if (grad->dtype != BS_DTYPE_FLOAT64)
    {
      BsTensor *cast = bs_cast_raw (mask, grad->dtype, error);

      if (cast == NULL)
        return FALSE;
      bs_tensor_unref (mask);
      mask = cast;
    }
  g = node->args.keepdim || meta->ndim == 0 ? bs_tensor_ref (grad)
                                            : bs_unsqueeze (grad, dim, error);
  if (g == NULL)
    return FALSE;
  gi[0] = bs_mul (g, mask, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_max_dim = {
  .name = "max", .grad_fn_name = "MaxBackward0", .symbol = "max", .n_inputs = 1,
  .forward = max_dim_forward, .save = bs_select_dim_save,
  .backward = bs_select_dim_backward,
  .formulas = { "∂max_dim(a)/∂aᵢ = [i = argmax]" },
};

const BsOpInfo bs_op_min_dim = {
  .name = "min", .grad_fn_name = "MinBackward0", .symbol = "min", .n_inputs = 1,
  .forward = min_dim_forward, .save = bs_select_dim_save,
  .backward = bs_select_dim_backward,
  .formulas = { "∂min_dim(a)/∂aᵢ = [i = argmin]" },
};

/* --- softmax, log_softmax ------------------------------------------------ */

static BsTensor *
softmax_raw (BsTensor  *a,
             int        dim,
             gboolean   take_log,
             GError   **error)
{
  g_autoptr(BsTensor) c = NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 size = (gint64) bs_dtype_size (a->dtype);
  const char *src;
  char *dst;
  Lines lines;

  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  if (!bs_dtype_is_floating (a->dtype))
    {
      gboolean last = a->ndim == 0 || dim == a->ndim - 1;

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s\" not implemented for '%s'",
                   !last ? "softmax_kernel_impl"
                         : take_log ? "log_softmax_lastdim_kernel_impl"
                                    : "softmax_lastdim_kernel_impl",
                   bs_dtype_scalar_name (a->dtype));
      return NULL;
    }
  c = contiguous_raw (a, error);
  out = c != NULL ? bs_tensor_new (a->context, a->dtype, a->ndim, a->shape, error) : NULL;
  if (out == NULL)
    return NULL;
  lines = lines_along (a, a->ndim > 0 ? dim : 0);
  src = bs_tensor_data (c);
  dst = bs_tensor_data (out);
  for (gint64 o = 0; o < lines.outer; o++)
    for (gint64 i = 0; i < lines.inner; i++)
      {
        gint64 first = o * lines.size * lines.inner + i;
        double max = -INFINITY, total = 0.0, log_total;

        for (gint64 k = 0; k < lines.size; k++)
          {
            double v = bs_dtype_load (src + (first + k * lines.inner) * size, a->dtype);

            if (isnan (v) || v > max)
              max = v;
            if (isnan (v))
              break;
          }
        for (gint64 k = 0; k < lines.size; k++)
          total += exp (bs_dtype_load (src + (first + k * lines.inner) * size, a->dtype) - max);
        log_total = log (total);
        for (gint64 k = 0; k < lines.size; k++)
          {
            gint64 j = (first + k * lines.inner) * size;
            double shifted = bs_dtype_load (src + j, a->dtype) - max;

            bs_dtype_store (dst + j, a->dtype,
                            take_log ? shifted - log_total : exp (shifted) / total);
          }
      }
  return g_steal_pointer (&out);
}

static BsTensor *
softmax_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  return softmax_raw (in[0], args->dim, FALSE, error);
}

static BsTensor *
log_softmax_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     GError **error)
{
  return softmax_raw (in[0], args->dim, TRUE, error);
}

static void
save_result (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE_OUTPUT (0, out);
}

/* grad_in = y * (grad - Σ_dim grad·y) */
static gboolean
softmax_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  GError **error)
{
  GError *local_error = NULL;
  gint64 dim = node->args.dim;
  g_autoptr(BsTensor) gy = NULL;
  g_autoptr(BsTensor) dot = NULL;
  g_autoptr(BsTensor) centred = NULL;
  UNPACK (y, 0);

  if (!NEEDS (0))
    return TRUE;
  gy = bs_mul (grad, y, error);
  dot = gy != NULL ? bs_sum_dims (gy, &dim, 1, TRUE, error) : NULL;
  centred = dot != NULL ? bs_sub (grad, dot, 1.0, error) : NULL;
  if (centred == NULL)
    return FALSE;
  gi[0] = bs_mul (y, centred, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_softmax = {
  .name = "softmax", .grad_fn_name = "SoftmaxBackward0", .symbol = "softmax", .n_inputs = 1,
  .forward = softmax_forward, .save = save_result, .backward = softmax_backward,
  .formulas = { "∂yᵢ/∂aⱼ = yᵢ(δᵢⱼ - yⱼ)" },
};

/* grad_in = grad - exp(y) · Σ_dim grad */
static gboolean
log_softmax_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                      GError **error)
{
  GError *local_error = NULL;
  gint64 dim = node->args.dim;
  g_autoptr(BsTensor) total = NULL;
  g_autoptr(BsTensor) p = NULL;
  g_autoptr(BsTensor) spread = NULL;
  UNPACK (y, 0);

  if (!NEEDS (0))
    return TRUE;
  total = bs_sum_dims (grad, &dim, 1, TRUE, error);
  p = total != NULL ? bs_exp (y, error) : NULL;
  spread = p != NULL ? bs_mul (p, total, error) : NULL;
  if (spread == NULL)
    return FALSE;
  gi[0] = bs_sub (grad, spread, 1.0, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_log_softmax = {
  .name = "log_softmax", .grad_fn_name = "LogSoftmaxBackward0", .symbol = "log_softmax",
  .n_inputs = 1,
  .forward = log_softmax_forward, .save = save_result, .backward = log_softmax_backward,
  .formulas = { "∂yᵢ/∂aⱼ = δᵢⱼ - softmax(a)ⱼ" },
};

/* --- the public functions ---------------------------------------------- */

static BsTensor *
apply1 (BsOp op, BsTensor *a, const BsOpArgs *args, GError **error)
{
  return bs_op_apply (op, &a, 1, args, error);
}

BsTensor *
bs_sum (BsTensor *a, GError **error)
{
  return apply1 (BS_OP_SUM, a, NULL, error);
}

BsTensor *
bs_sum_dims (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  BsOpArgs args;

  if (!dims_args (a, dims, n_dims, keepdim, &args, error))
    return NULL;
  return apply1 (BS_OP_SUM_DIM, a, &args, error);
}

BsTensor *
bs_mean (BsTensor *a, GError **error)
{
  return apply1 (BS_OP_MEAN, a, NULL, error);
}

BsTensor *
bs_mean_dims (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  BsOpArgs args;

  /* PyTorch checks the dtype before the dims */
  if (!check_mean_dtype (a, error) || !dims_args (a, dims, n_dims, keepdim, &args, error))
    return NULL;
  return apply1 (BS_OP_MEAN_DIM, a, &args, error);
}

BsTensor *
bs_max (BsTensor *a, GError **error)
{
  return apply1 (BS_OP_MAX, a, NULL, error);
}

BsTensor *
bs_min (BsTensor *a, GError **error)
{
  return apply1 (BS_OP_MIN, a, NULL, error);
}

static BsTensor *
extremum_dim (BsOp       op,
              BsTensor  *a,
              int        dim,
              gboolean   keepdim,
              BsTensor **indices,
              GError   **error)
{
  BsOpArgs args;

  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  args.keepdim = keepdim;
  return bs_op_apply_full (op, &a, 1, &args, indices, error);
}

BsTensor *
bs_max_dim (BsTensor *a, int dim, gboolean keepdim, BsTensor **indices, GError **error)
{
  return extremum_dim (BS_OP_MAX_DIM, a, dim, keepdim, indices, error);
}

BsTensor *
bs_min_dim (BsTensor *a, int dim, gboolean keepdim, BsTensor **indices, GError **error)
{
  return extremum_dim (BS_OP_MIN_DIM, a, dim, keepdim, indices, error);
}

static BsTensor *
arg_extremum (BsTensor  *a,
              gboolean   has_dim,
              int        dim,
              gboolean   keepdim,
              gboolean   is_max,
              GError   **error)
{
  const char *what = is_max ? "argmax" : "argmin";
  BsTensor *indices = NULL;

  if (!bs_context_check_op_size (a->context, what, bs_tensor_numel (a), error))
    return NULL;
  if (a->dtype == BS_DTYPE_BOOL)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s_cpu\" not implemented for 'Bool'", what);
      return NULL;
    }
  if (!has_dim)
    {
      gint64 n = bs_tensor_numel (a);
      gint64 shape[BS_MAX_DIMS];
      g_autoptr(BsTensor) flat = NULL;
      g_autoptr(BsTensor) c = NULL;

      if (n == 0)
        {
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                       "%s(): Expected reduction dim to be specified for input.numel() == 0.",
                       what);
          return NULL;
        }
      c = contiguous_raw (a, error);
      if (c == NULL)
        return NULL;
      flat = reshape_raw (c, 1, &n);
      if (!extremum_dim_raw (flat, 0, FALSE, is_max, what, NULL, &indices, error))
        return NULL;
      if (!keepdim)
        return indices;
      for (int d = 0; d < a->ndim; d++)
        shape[d] = 1;
      {
        BsTensor *kept = reshape_raw (indices, a->ndim, shape);

        bs_tensor_unref (indices);
        return kept;
      }
    }
  if (!extremum_dim_raw (a, dim, keepdim, is_max, what, NULL, &indices, error))
    return NULL;
  return indices;
}

BsTensor *
bs_argmax (BsTensor *a, gboolean has_dim, int dim, gboolean keepdim, GError **error)
{
  return arg_extremum (a, has_dim, dim, keepdim, TRUE, error);
}

BsTensor *
bs_argmin (BsTensor *a, gboolean has_dim, int dim, gboolean keepdim, GError **error)
{
  return arg_extremum (a, has_dim, dim, keepdim, FALSE, error);
}

static BsTensor *
softmax_apply (BsOp op, BsTensor *a, int dim, GError **error)
{
  BsOpArgs args;

  if (!bs_wrap_dim (&dim, a->ndim, error))
    return NULL;
  bs_op_args_init (&args);
  args.dim = dim;
  return apply1 (op, a, &args, error);
}

BsTensor *
bs_softmax (BsTensor *a, int dim, GError **error)
{
  return softmax_apply (BS_OP_SOFTMAX, a, dim, error);
}

BsTensor *
bs_log_softmax (BsTensor *a, int dim, GError **error)
{
  return softmax_apply (BS_OP_LOG_SOFTMAX, a, dim, error);
}

/* As PyTorch's sum_to: sum the leading dims and, keeping them, the dims where
 * the target has size 1; then view to the target's shape. */
BsTensor *
bs_sum_to_shape (BsTensor *grad, const gint64 *shape, int ndim, GError **error)
{
  int lead = grad->ndim - ndim;
  gint64 dims[BS_MAX_DIMS];
  int n_dims = 0;
  g_autoptr(BsTensor) summed = NULL;

  if (lead == 0 && memcmp (grad->shape, shape, ndim * sizeof (gint64)) == 0)
    return bs_tensor_ref (grad);
  for (int i = 0; i < ndim && lead >= 0; i++)
    if (shape[i] != grad->shape[lead + i] && shape[i] != 1)
      lead = -1;
  if (lead < 0)
    {
      g_autofree char *from = bs_tensor_format_shape (grad);
      g_autoptr(GString) to = g_string_new ("[");

      for (int i = 0; i < ndim; i++)
        g_string_append_printf (to, "%s%" G_GINT64_FORMAT, i ? ", " : "", shape[i]);
      g_string_append_c (to, ']');
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "a gradient of shape %s cannot be summed to shape %s", from, to->str);
      return NULL;
    }
  if (ndim == 0)
    return bs_sum (grad, error);
  for (int d = 0; d < grad->ndim; d++)
    if (d < lead || (shape[d - lead] == 1 && grad->shape[d] != 1))
      dims[n_dims++] = d;
  if (n_dims == 0)
    return bs_tensor_ref (grad);
  summed = bs_sum_dims (grad, dims, n_dims, TRUE, error);
  if (summed == NULL || lead == 0)
    return g_steal_pointer (&summed);
  return bs_view (summed, shape, ndim, error);
}
