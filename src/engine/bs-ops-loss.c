/* bs-ops-loss.c: mse_loss and nll_loss, forward and backward; cross_entropy as their composite */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>
#include <string.h>

static BsTensor *
contiguous_raw (BsTensor  *a,
                GError   **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

/* --- mse_loss ---------------------------------------------------------- */

typedef struct {
  BsDType dtype;
} MseLoopArgs;

/* out = (a - b)², in the inputs' dtype, as PyTorch computes it */
static void
mse_loop (char         **p,
          const gint64  *s,
          gint64         n,
          gpointer       user_data)
{
  MseLoopArgs *k = user_data;
  char *out = p[0];
  const char *a = p[1], *b = p[2];

  if (k->dtype == BS_DTYPE_FLOAT32)
    {
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
        {
          float d = *(const float *) a - *(const float *) b;

          *(float *) out = d * d;
        }
    }
  else if (k->dtype == BS_DTYPE_FLOAT64)
    {
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
        {
          double d = *(const double *) a - *(const double *) b;

          *(double *) out = d * d;
        }
    }
  else
    {
      /* float16: the difference and its square each rounded to the element type */
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
        {
          bs_dtype_store (out, k->dtype, bs_dtype_load (a, k->dtype) - bs_dtype_load (b, k->dtype));
          bs_dtype_store (out, k->dtype, bs_dtype_load (out, k->dtype) * bs_dtype_load (out, k->dtype));
        }
    }
}

static BsTensor *
mse_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  BsDType dtype = bs_result_type (in, 2);
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  g_autoptr(BsTensor) a = NULL;
  g_autoptr(BsTensor) b = NULL;
  g_autoptr(BsTensor) squares = NULL;
  MseLoopArgs k = { dtype };
  BsIter iter;

  if (!bs_broadcast_shapes (in[0]->ndim, in[0]->shape, in[1]->ndim, in[1]->shape, &ndim, shape,
                            error))
    return NULL;
  if (!bs_dtype_is_floating (dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"mse_cpu\" not implemented for '%s'", bs_dtype_scalar_name (dtype));
      return NULL;
    }
  a = bs_cast_raw (in[0], dtype, error);
  b = a != NULL ? bs_cast_raw (in[1], dtype, error) : NULL;
  squares = b != NULL ? bs_tensor_new (in[0]->context, dtype, ndim, shape, error) : NULL;
  if (squares == NULL)
    return NULL;
  bs_iter_init (&iter, ndim, shape);
  bs_iter_add (&iter, squares);
  bs_iter_add (&iter, a);
  bs_iter_add (&iter, b);
  bs_iter_run (&iter, mse_loop, &k);
  if (args->reduction == BS_REDUCTION_NONE)
    return g_steal_pointer (&squares);
  {
    /* reduced here rather than with bs_sum, which would announce a tensor of its own; in
     * PyTorch's order (its loss.sum() or loss.mean()) */
    gint64 count = bs_tensor_numel (squares);
    const char *p = bs_tensor_data (squares);
    gsize size = bs_dtype_size (dtype);
    BsTensor *out = bs_tensor_new (in[0]->context, dtype, 0, NULL, error);
    double sum = 0.0;

    if (out == NULL)
      return NULL;
    if (bs_cascade_sum_all (squares, bs_tensor_data (out)))
      {
        if (dtype == BS_DTYPE_FLOAT32 && args->reduction == BS_REDUCTION_MEAN)
          *(float *) bs_tensor_data (out) /= (float) count;
        else if (args->reduction == BS_REDUCTION_MEAN)
          *(double *) bs_tensor_data (out) /= (double) count;
        return out;
      }
    for (gint64 i = 0; i < count; i++)
      sum += bs_dtype_load (p + i * size, dtype);
    bs_tensor_set (out, 0, args->reduction == BS_REDUCTION_SUM ? sum : sum / (double) count);
    return out;
  }
}

static void
mse_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
}

/* ∂/∂input = 2(input - target)·grad (/ n for mean); ∂/∂target is its negative */
static gboolean
mse_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  double scale = 2.0;
  g_autoptr(BsTensor) diff = NULL;
  g_autoptr(BsTensor) scaled = NULL;
  g_autoptr(BsTensor) g = NULL;
  UNPACK (input, 0);
  UNPACK (target, 1);

  if (node->args.reduction == BS_REDUCTION_MEAN)
    {
      gint64 shape[BS_MAX_DIMS], numel = 1;
      int ndim;

      if (!bs_broadcast_shapes (input->ndim, input->shape, target->ndim, target->shape, &ndim,
                                shape, error))
        return FALSE;
      for (int d = 0; d < ndim; d++)
        numel *= shape[d];
      scale /= (double) numel;
    }
  diff = bs_sub (input, target, 1.0, error);
  scaled = diff != NULL ? bs_mul_scalar (diff, scale, error) : NULL;
  g = scaled != NULL ? bs_mul (scaled, grad, error) : NULL;
  if (g == NULL)
    return FALSE;
  if (NEEDS (0))
    gi[0] = bs_tensor_ref (g);
  if (NEEDS (1) && (gi[1] = bs_neg (g, error)) == NULL)
    return FALSE;
  return TRUE;
}

const BsOpInfo bs_op_mse_loss = {
  .name = "mse_loss", .grad_fn_name = "MseLossBackward0", .symbol = "mse", .n_inputs = 2,
  .forward = mse_forward, .save = mse_save, .backward = mse_backward,
  .formulas = { "∂mse/∂aᵢ = 2(aᵢ - bᵢ)/n", "∂mse/∂bᵢ = -2(aᵢ - bᵢ)/n" },
};

/* --- nll_loss ------------------------------------------------------------ */

/* Checks the shapes and the targets' range, as PyTorch does, in its order. */
static gboolean
nll_check (BsTensor        *input,
           BsTensor        *target,
           BsTensor        *weight,
           const BsOpArgs  *args,
           GError         **error)
{
  gint64 n_classes = input->ndim == 0 ? 0 : input->shape[input->ndim - 1];
  gint64 target_batch = target->ndim == 0 ? 0 : target->shape[0];
  g_autoptr(BsTensor) t = NULL;
  const gint64 *values;
  gint64 n_rows;

  if (input->ndim == 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                           "Expected 1 or more dimensions (got 0)");
      return FALSE;
    }
  if (input->ndim != 1 && input->shape[0] != target_batch)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                   "Expected input batch_size (%" G_GINT64_FORMAT ") to match target "
                   "batch_size (%" G_GINT64_FORMAT ").", input->shape[0], target_batch);
      return FALSE;
    }
  if (input->ndim > 2)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "Backstep's nll_loss takes an input of shape (N, C) or (C), not %d "
                   "dimensions", input->ndim);
      return FALSE;
    }
  if (target->ndim > 1)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "0D or 1D target tensor expected, multi-target not supported");
      return FALSE;
    }
  if (!(input->ndim == 1 && target->ndim == 0) && input->shape[0] != target_batch)
    {
      g_autofree char *is = bs_tensor_format_shape (input);
      g_autofree char *ts = bs_tensor_format_shape (target);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "size mismatch (got input: %s, target: %s)", is, ts);
      return FALSE;
    }
  if (!bs_dtype_is_floating (input->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"nll_loss_out_frame\" not implemented for '%s'",
                   bs_dtype_scalar_name (input->dtype));
      return FALSE;
    }
  if (target->dtype != BS_DTYPE_INT64)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "expected scalar type Long but found %s", bs_dtype_scalar_name (target->dtype));
      return FALSE;
    }
  if (weight != NULL && (weight->ndim != 1 || weight->shape[0] != n_classes))
    {
      g_autofree char *ws = bs_tensor_format_shape (weight);

      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "weight tensor should be defined either for all %" G_GINT64_FORMAT
                   " classes or no classes but got weight tensor of shape: %s", n_classes, ws);
      return FALSE;
    }
  t = contiguous_raw (target, error);
  if (t == NULL)
    return FALSE;
  values = bs_tensor_data (t);
  /* a (C) input uses the first target only, whatever the target's length */
  n_rows = input->ndim == 2 ? input->shape[0] : 1;
  for (gint64 i = 0; i < n_rows; i++)
    if (values[i] != args->ignore_index && (values[i] < 0 || values[i] >= n_classes))
      {
        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_INDEX,
                     "Target %" G_GINT64_FORMAT " is out of bounds.", values[i]);
        return FALSE;
      }
  return TRUE;
}

/* A reduced nll_loss as PyTorch's nll_loss_out_frame sums it, in the input's type: the
 * losses (and weights) of the targets kept, each added to the first of eight partial sums,
 * which pass up a level every 2^power rows; the levels summed, then divided for 'mean' by
 * the total weight (the count of targets kept without a weight). */
#define NLL_CASCADE(T, SUFFIX)                                                                 \
static void                                                                                    \
nll_cascade_##SUFFIX (BsTensor       *x,                                                       \
                      const gint64   *targets,                                                 \
                      BsTensor       *weight,                                                  \
                      gint64          n_rows,                                                  \
                      gint64          n_classes,                                               \
                      const BsOpArgs *args,                                                    \
                      BsTensor       *out,                                                     \
                      BsTensor      **extra)                                                   \
{                                                                                              \
  enum { LEVELS = 8 };                                                                         \
  const T *data = bs_tensor_data (x);                                                          \
  const T *w = weight != NULL ? bs_tensor_data (weight) : NULL;                                \
  gint64 ceil_log2 = n_rows <= 2 ? 1 : 64 - __builtin_clzll ((guint64) n_rows - 1);            \
  gint64 power = MAX (4, ceil_log2 / LEVELS), mask = ((gint64) 1 << power) - 1, ignored = 0;   \
  T losses[LEVELS] = { 0 }, weights[LEVELS] = { 0 }, loss = 0, total = 0;                      \
                                                                                               \
  for (gint64 b = 0; b < n_rows; b++)                                                          \
    {                                                                                          \
      T value;                                                                                 \
                                                                                               \
      if (targets[b] == args->ignore_index)                                                    \
        {                                                                                      \
          ignored++;                                                                           \
          continue;                                                                            \
        }                                                                                      \
      value = data[b * n_classes + targets[b]];                                                \
      if (w != NULL)                                                                           \
        {                                                                                      \
          losses[0] -= value * w[targets[b]];                                                  \
          weights[0] += w[targets[b]];                                                         \
        }                                                                                      \
      else                                                                                     \
        {                                                                                      \
          losses[0] -= value;                                                                  \
        }                                                                                      \
      for (int j = 0; j + 1 < LEVELS && (b & (mask << (j * power))) == 0; j++)                 \
        {                                                                                      \
          weights[j + 1] += weights[j];                                                        \
          losses[j + 1] += losses[j];                                                          \
          weights[j] = 0;                                                                      \
          losses[j] = 0;                                                                       \
        }                                                                                      \
    }                                                                                          \
  for (int j = 0; j < LEVELS; j++)                                                             \
    {                                                                                          \
      loss += losses[j];                                                                       \
      total += weights[j];                                                                     \
    }                                                                                          \
  if (w == NULL)                                                                               \
    total = (T) (n_rows - ignored);                                                            \
  if (args->reduction == BS_REDUCTION_MEAN)                                                    \
    loss /= total;                                                                             \
  *(T *) bs_tensor_data (out) = loss;                                                          \
  *extra = bs_tensor_new_scalar (out->context, out->dtype, (double) total);                    \
}

NLL_CASCADE (float, f32)
NLL_CASCADE (double, f64)

/* Output, and the weight of the targets not ignored (total_weight: their count without a
 * weight) as extra. inputs: input, target[, weight]. */
static BsTensor *
nll_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  BsTensor *input = in[0];
  g_autoptr(BsTensor) x = NULL;
  g_autoptr(BsTensor) t = NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 n_rows = input->ndim == 2 ? input->shape[0] : 1;
  gint64 n_classes = input->ndim == 0 ? 0 : input->shape[input->ndim - 1];
  const gint64 *targets;
  double total = 0.0, count = 0.0;

  BsTensor *weight = n > 2 ? in[2] : NULL;

  if (!nll_check (input, in[1], weight, args, error))
    return NULL;
  x = contiguous_raw (input, error);
  t = x != NULL ? contiguous_raw (in[1], error) : NULL;
  if (t == NULL)
    return NULL;
  targets = bs_tensor_data (t);
  if (args->reduction == BS_REDUCTION_NONE && input->ndim == 2)
    out = bs_tensor_new (input->context, input->dtype, 1, &n_rows, error);
  else
    out = bs_tensor_new (input->context, input->dtype, 0, NULL, error);
  if (out == NULL)
    return NULL;
  if (args->reduction != BS_REDUCTION_NONE
      && (input->dtype == BS_DTYPE_FLOAT32 || input->dtype == BS_DTYPE_FLOAT64))
    {
      g_autoptr(BsTensor) w = weight != NULL ? contiguous_raw (weight, error) : NULL;

      if (weight != NULL && w == NULL)
        return NULL;
      if (input->dtype == BS_DTYPE_FLOAT32)
        nll_cascade_f32 (x, targets, w, n_rows, n_classes, args, out, extra);
      else
        nll_cascade_f64 (x, targets, w, n_rows, n_classes, args, out, extra);
      return *extra != NULL ? g_steal_pointer (&out) : NULL;
    }
  for (gint64 i = 0; i < n_rows; i++)
    {
      double v, w;

      if (targets[i] == args->ignore_index)
        continue;
      w = weight != NULL ? bs_tensor_get (weight, targets[i]) : 1.0;
      v = -w * bs_tensor_get (x, i * n_classes + targets[i]);
      count += w;
      if (args->reduction == BS_REDUCTION_NONE)
        bs_tensor_set (out, i, v);
      else
        total += v;
    }
  if (args->reduction == BS_REDUCTION_SUM)
    bs_tensor_set (out, 0, total);
  else if (args->reduction == BS_REDUCTION_MEAN)
    bs_tensor_set (out, 0, total / count);   /* NaN when every target is ignored */
  *extra = bs_tensor_new_scalar (input->context, input->dtype, count);
  return g_steal_pointer (&out);
}

/* As PyTorch's NllLossBackward0: self, target and total_weight. */
static void
nll_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE (1, in[1]);
  SAVE (2, extra);
  if (node->n_inputs > 2)
    SAVE (3, in[2]);
}

/* grad_input = grad · M with M[i, tᵢ] = -1 (-1/total_weight for mean): linear
 * in grad, so that double backward works. */
static gboolean
nll_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) t = NULL;
  g_autoptr(BsTensor) mask = NULL;
  g_autoptr(BsTensor) g = NULL;
  const BsTensorMeta *meta = &node->input_meta[0];
  gint64 n_rows = meta->ndim == 2 ? meta->shape[0] : 1;
  gint64 n_classes = meta->shape[meta->ndim - 1];
  double weight = -1.0;
  const gint64 *targets;
  UNPACK (input, 0);
  UNPACK (target, 1);
  UNPACK (total_weight, 2);
  UNPACK (class_weight, 3);

  if (!NEEDS (0))
    return TRUE;
  if (node->args.reduction == BS_REDUCTION_MEAN)
    weight = -1.0 / bs_tensor_item (total_weight);
  t = contiguous_raw (target, error);
  mask = t != NULL ? bs_tensor_new (input->context, grad->dtype, meta->ndim, meta->shape, error)
                   : NULL;
  if (mask == NULL)
    return FALSE;
  targets = bs_tensor_data (t);
  for (gint64 i = 0; i < n_rows; i++)
    if (targets[i] != node->args.ignore_index)
      bs_tensor_set (mask, i * n_classes + targets[i],
                     class_weight != NULL ? weight * bs_tensor_get (class_weight, targets[i])
                                          : weight);
  if (node->args.reduction == BS_REDUCTION_NONE && meta->ndim == 2)
    g = bs_unsqueeze (grad, 1, error);
  else
    g = bs_tensor_ref (grad);
  if (g == NULL)
    return FALSE;
  gi[0] = bs_mul (g, mask, error);
  return gi[0] != NULL;
}

const BsOpInfo bs_op_nll_loss = {
  .name = "nll_loss", .grad_fn_name = "NllLossBackward0", .symbol = "nll", .n_inputs = 0,
  .nondiff_inputs = 1u << 1 | 1u << 2,
  .forward = nll_forward, .save = nll_save, .backward = nll_backward,
  .formulas = { "∂nll/∂aᵢ,c = -[c = tᵢ] / N" },
};

/* --- the public functions ---------------------------------------------- */

BsTensor *
bs_mse_loss (BsTensor *input, BsTensor *target, BsReduction reduction, GError **error)
{
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  BsTensor *in[2] = { input, target };
  BsTensor *expanded[2] = { NULL, NULL };
  BsTensor *result = NULL;
  BsOpArgs args;

  /* As F.mse_loss: broadcast_tensors first, which expands only what differs. */
  if (!bs_broadcast_shapes (input->ndim, input->shape, target->ndim, target->shape, &ndim,
                            shape, error))
    return NULL;
  for (int i = 0; i < 2; i++)
    {
      if (in[i]->ndim == ndim && memcmp (in[i]->shape, shape, ndim * sizeof (gint64)) == 0)
        continue;
      expanded[i] = bs_expand (in[i], shape, ndim, error);
      if (expanded[i] == NULL)
        goto out;
      in[i] = expanded[i];
    }
  bs_op_args_init (&args);
  args.reduction = reduction;
  result = bs_op_apply (BS_OP_MSE_LOSS, in, 2, &args, error);
out:
  g_clear_pointer (&expanded[0], bs_tensor_unref);
  g_clear_pointer (&expanded[1], bs_tensor_unref);
  return result;
}

BsTensor *
bs_nll_loss_weighted (BsTensor     *input,
                      BsTensor     *target,
                      BsTensor     *weight,
                      BsReduction   reduction,
                      gint64        ignore_index,
                      GError      **error)
{
  BsTensor *in[3] = { input, target, weight };
  BsOpArgs args;

  bs_op_args_init (&args);
  args.reduction = reduction;
  args.ignore_index = ignore_index;
  return bs_op_apply (BS_OP_NLL_LOSS, in, weight != NULL ? 3 : 2, &args, error);
}

BsTensor *
bs_nll_loss (BsTensor *input, BsTensor *target, BsReduction reduction, gint64 ignore_index,
             GError **error)
{
  return bs_nll_loss_weighted (input, target, NULL, reduction, ignore_index, error);
}

/* label smoothing ε over C classes, as PyTorch composes it: (1 - ε)·nll + ε/C·smooth, where
 * smooth_i = -Σ_c w_c·log p_i,c (0 for ignored targets), summed, and for 'mean' divided by
 * the weight of the targets not ignored */
static BsTensor *
label_smoothed (BsTensor     *log_probs,
                BsTensor     *target,
                BsTensor     *weight,
                BsReduction   reduction,
                gint64        ignore_index,
                double        smoothing,
                GError      **error)
{
  int class_dim = log_probs->ndim == 1 ? 0 : 1;
  gint64 n_classes = log_probs->shape[class_dim];
  gint64 dims[1] = { class_dim }, wshape[2] = { 1, n_classes };
  g_autoptr(BsTensor) nll = NULL;
  g_autoptr(BsTensor) weighted = NULL;
  g_autoptr(BsTensor) summed = NULL;
  g_autoptr(BsTensor) smooth = NULL;
  g_autoptr(BsTensor) ignored = NULL;
  g_autoptr(BsTensor) reduced = NULL;
  g_autoptr(BsTensor) kept = NULL;
  g_autoptr(BsTensor) scaled = NULL;
  g_autoptr(BsTensor) t = NULL;
  const gint64 *targets;
  gint64 n_rows;
  double denominator = 0.0;

  nll = bs_nll_loss_weighted (log_probs, target, weight, reduction, ignore_index, error);
  if (nll == NULL)
    return NULL;
  if (weight != NULL)
    {
      g_autoptr(BsTensor) w = bs_view (weight, class_dim == 0 ? wshape + 1 : wshape,
                                       class_dim + 1, error);

      weighted = w != NULL ? bs_mul (log_probs, w, error) : NULL;
    }
  else
    weighted = bs_tensor_ref (log_probs);
  summed = weighted != NULL ? bs_sum_dims (weighted, dims, 1, FALSE, error) : NULL;
  smooth = summed != NULL ? bs_neg (summed, error) : NULL;
  t = smooth != NULL ? bs_tensor_contiguous_copy (target, BS_DTYPE_INT64, error) : NULL;
  ignored = t != NULL ? bs_tensor_new (t->context, BS_DTYPE_BOOL, t->ndim, t->shape, error)
                      : NULL;
  if (ignored == NULL)
    return NULL;
  targets = bs_tensor_data (t);
  n_rows = bs_tensor_numel (t);
  for (gint64 i = 0; i < n_rows; i++)
    {
      if (targets[i] == ignore_index)
        bs_tensor_set (ignored, i, 1.0);
      else
        denominator += weight != NULL ? bs_tensor_get (weight, targets[i]) : 1.0;
    }
  {
    g_autoptr(BsTensor) filled = bs_masked_fill_ (smooth, ignored, 0.0, error);

    if (filled == NULL)
      return NULL;
  }
  if (reduction == BS_REDUCTION_NONE)
    reduced = bs_tensor_ref (smooth);
  else
    {
      g_autoptr(BsTensor) total = bs_sum (smooth, error);

      if (total != NULL && reduction == BS_REDUCTION_MEAN)
        {
          g_autoptr(BsTensor) d = bs_tensor_new_wrapped_number (total->context, denominator,
                                                                FALSE);

          reduced = bs_div (total, d, error);
        }
      else
        reduced = g_steal_pointer (&total);
    }
  kept = reduced != NULL ? bs_mul_scalar (nll, 1.0 - smoothing, error) : NULL;
  scaled = kept != NULL ? bs_mul_scalar (reduced, smoothing / (double) n_classes, error) : NULL;
  return scaled != NULL ? bs_add (kept, scaled, 1.0, error) : NULL;
}

BsTensor *
bs_cross_entropy_full (BsTensor     *input,
                       BsTensor     *target,
                       BsTensor     *weight,
                       BsReduction   reduction,
                       gint64        ignore_index,
                       double        label_smoothing,
                       GError      **error)
{
  g_autoptr(BsTensor) log_probs = NULL;

  if (label_smoothing < 0.0 || label_smoothing > 1.0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "label_smoothing must be between 0.0 and 1.0. Got: %g", label_smoothing);
      return NULL;
    }

  /* PyTorch reads a target of the input's shape as class probabilities */
  if (bs_tensor_same_shape (input, target))
    {
      if (!bs_dtype_is_floating (target->dtype))
        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "Expected floating point type for target with class probabilities, got %s",
                     bs_dtype_scalar_name (target->dtype));
      else
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                             "Backstep's cross_entropy takes class indices (an int64 target), "
                             "not class probabilities");
      return NULL;
    }
  log_probs = bs_log_softmax (input, input->ndim == 1 ? 0 : 1, error);
  if (log_probs == NULL)
    return NULL;
  if (label_smoothing > 0.0)
    return label_smoothed (log_probs, target, weight, reduction, ignore_index, label_smoothing,
                           error);
  return bs_nll_loss_weighted (log_probs, target, weight, reduction, ignore_index, error);
}

BsTensor *
bs_cross_entropy (BsTensor *input, BsTensor *target, BsReduction reduction,
                  gint64 ignore_index, GError **error)
{
  return bs_cross_entropy_full (input, target, NULL, reduction, ignore_index, 0.0, error);
}

/* --- binary_cross_entropy(_with_logits) ------------------------------------ */

/* args->dims[0] and dims[1] say whether a weight and a pos_weight follow
 * input and target among the inputs. */
#define HAS_WEIGHT(args)     ((args)->dims[0] != 0)
#define HAS_POS_WEIGHT(args) ((args)->dims[1] != 0)

static BsTensor *
bce_reduce (BsTensor        *loss,
            BsReduction      reduction,
            GError         **error)
{
  if (reduction == BS_REDUCTION_MEAN)
    return bs_mean (loss, error);
  if (reduction == BS_REDUCTION_SUM)
    return bs_sum (loss, error);
  return bs_tensor_ref (loss);
}

/* PyTorch updates the loss in place with pos_weight and weight, so these may not
 * broadcast it beyond the input's shape. */
static gboolean
bce_check_inplace (BsTensor  *input,
                   BsTensor  *result,
                   GError   **error)
{
  g_autofree char *is = NULL, *rs = NULL;

  if (bs_tensor_same_shape (input, result))
    return TRUE;
  is = bs_tensor_format_shape (input);
  rs = bs_tensor_format_shape (result);
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
               "output with shape %s doesn't match the broadcast shape %s", is, rs);
  return FALSE;
}

/* The forwards run PyTorch's composite formulas untracked, op by op, so that
 * float32 rounds as it does there. */
#define UNTRACKED_BEGIN(context) \
  { \
    gboolean bce_mode_ = bs_grad_mode_set ((context), FALSE); \
    (context)->in_backward++;
#define UNTRACKED_END(context) \
    (context)->in_backward--; \
    bs_grad_mode_set ((context), bce_mode_); \
  }

/* loss = (1 - t)·x + lw·(log(e^-m + e^(-x-m)) + m), m = max(-x, 0),
 * lw = (pos_weight - 1)·t + 1 (or 1), times weight */
static BsTensor *
bce_logits_loss (BsTensor *const *in,
                 const BsOpArgs  *args,
                 GError         **error)
{
  BsTensor *x = in[0], *t = in[1];
  BsTensor *weight = HAS_WEIGHT (args) ? in[2] : NULL;
  BsTensor *pos_weight = HAS_POS_WEIGHT (args) ? in[HAS_WEIGHT (args) ? 3 : 2] : NULL;
  g_autoptr(BsTensor) neg_x = bs_neg (x, error);
  g_autoptr(BsTensor) m = neg_x ? bs_clamp (neg_x, TRUE, 0, FALSE, 0, error) : NULL;
  g_autoptr(BsTensor) neg_m = m ? bs_neg (m, error) : NULL;
  g_autoptr(BsTensor) e1 = neg_m ? bs_exp (neg_m, error) : NULL;
  g_autoptr(BsTensor) shifted = e1 ? bs_sub (neg_x, m, 1, error) : NULL;
  g_autoptr(BsTensor) e2 = shifted ? bs_exp (shifted, error) : NULL;
  g_autoptr(BsTensor) sum = e2 ? bs_add (e1, e2, 1, error) : NULL;
  g_autoptr(BsTensor) lg = sum ? bs_log (sum, error) : NULL;
  g_autoptr(BsTensor) one_minus_t = lg ? bs_rsub_scalar (t, 1, 1, error) : NULL;
  g_autoptr(BsTensor) linear = one_minus_t ? bs_mul (one_minus_t, x, error) : NULL;
  g_autoptr(BsTensor) loss = NULL;

  if (linear == NULL)
    return NULL;
  if (pos_weight != NULL)
    {
      g_autoptr(BsTensor) one = bs_tensor_new_wrapped_number (x->context, 1, TRUE);
      g_autoptr(BsTensor) pw1 = bs_sub (pos_weight, one, 1, error);
      g_autoptr(BsTensor) pwt = NULL, lw = NULL, soft = NULL, weighted = NULL;

      if (pw1 == NULL
          || (pwt = bs_mul (pw1, t, error)) == NULL
          || (lw = bs_add (pwt, one, 1, error)) == NULL
          || (soft = bs_add (lg, m, 1, error)) == NULL
          || (weighted = bs_mul (lw, soft, error)) == NULL
          || (loss = bs_add (linear, weighted, 1, error)) == NULL
          || !bce_check_inplace (x, loss, error))
        return NULL;
    }
  else
    {
      g_autoptr(BsTensor) partial = bs_add (linear, m, 1, error);

      if (partial == NULL || (loss = bs_add (partial, lg, 1, error)) == NULL)
        return NULL;
    }
  if (weight != NULL)
    {
      BsTensor *weighted = bs_mul (loss, weight, error);

      if (weighted == NULL)
        return NULL;
      bs_tensor_unref (loss);
      loss = weighted;
      if (!bce_check_inplace (x, loss, error))
        return NULL;
    }
  return bce_reduce (loss, args->reduction, error);
}

static gboolean
bce_check_nondiff (BsTensor    *tensor,
                   const char  *function,
                   const char  *argument,
                   GError     **error)
{
  if (tensor == NULL || !tensor->context->grad_enabled || !bs_tensor_requires_grad (tensor))
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
               "The function '%s' is not differentiable with respect to argument '%s'. "
               "This input cannot have requires_grad True.", function, argument);
  return FALSE;
}

static gboolean
bce_check_target (BsTensor  *input,
                  BsTensor  *target,
                  gboolean   logits,
                  GError   **error)
{
  g_autofree char *ts = NULL, *is = NULL;

  if (bs_tensor_same_shape (input, target))
    return TRUE;
  ts = bs_tensor_format_shape (target);
  is = bs_tensor_format_shape (input);
  if (logits)
    g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                 "Target size (torch.Size(%s)) must be the same as input size (torch.Size(%s))",
                 ts, is);
  else
    g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_VALUE,
                 "Using a target size (torch.Size(%s)) that is different to the input size "
                 "(torch.Size(%s)) is deprecated. Please ensure they have the same size.", ts, is);
  return FALSE;
}

static BsTensor *
bce_logits_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                    GError **error)
{
  BsContext *context = in[0]->context;
  BsTensor *loss;

  UNTRACKED_BEGIN (context);
  loss = bce_logits_loss (in, args, error);
  UNTRACKED_END (context);
  return loss;
}

static void
bce_save (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  for (guint i = 0; i < node->n_inputs; i++)
    SAVE (i, in[i]);
}

/* Scales an elementwise gradient by grad (unless NULL: already done), weight and
 * 1/n for mean (tracked). */
static BsTensor *
bce_finish (BsTensor       *local,
            BsTensor       *grad,
            BsTensor       *weight,
            BsReduction     reduction,
            GError        **error)
{
  g_autoptr(BsTensor) g = grad != NULL ? bs_mul (local, grad, error) : bs_tensor_ref (local);

  if (g != NULL && weight != NULL)
    {
      BsTensor *w = bs_mul (g, weight, error);

      g_clear_pointer (&g, bs_tensor_unref);
      g = w;
    }
  if (g != NULL && reduction == BS_REDUCTION_MEAN)
    {
      g_autoptr(BsTensor) n = bs_tensor_new_wrapped_number (local->context,
                                                            (double) bs_tensor_numel (local),
                                                            TRUE);

      return bs_div (g, n, error);
    }
  return g_steal_pointer (&g);
}

static gboolean
bce_logits_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                     GError **error)
{
  GError *local_error = NULL;
  const BsOpArgs *args = &node->args;
  UNPACK (x, 0);
  UNPACK (t, 1);
  g_autoptr(BsTensor) weight = NULL;
  g_autoptr(BsTensor) pos_weight = NULL;

  if (HAS_WEIGHT (args))
    {
      UNPACK (w, 2);
      weight = g_steal_pointer (&w);
    }
  if (HAS_POS_WEIGHT (args))
    {
      UNPACK (pw, HAS_WEIGHT (args) ? 3 : 2);
      pos_weight = g_steal_pointer (&pw);
    }
  if (NEEDS (0))
    {
      g_autoptr(BsTensor) s = bs_sigmoid (x, error);
      g_autoptr(BsTensor) local = NULL;

      if (s == NULL)
        return FALSE;
      if (pos_weight != NULL)
        {
          /* ((pw·t + 1) - t)·σ(x) - pw·t, in PyTorch's order */
          g_autoptr(BsTensor) one = bs_tensor_new_wrapped_number (x->context, 1, TRUE);
          g_autoptr(BsTensor) pwt = bs_mul (pos_weight, t, error);
          g_autoptr(BsTensor) a = pwt ? bs_add (pwt, one, 1, error) : NULL;
          g_autoptr(BsTensor) b = a ? bs_sub (a, t, 1, error) : NULL;
          g_autoptr(BsTensor) c = b ? bs_mul (b, s, error) : NULL;

          local = c ? bs_sub (c, pwt, 1, error) : NULL;
        }
      else
        local = bs_sub (s, t, 1, error);
      if (local == NULL
          || (gi[0] = bce_finish (local, grad, weight, args->reduction, error)) == NULL)
        return FALSE;
    }
  if (NEEDS (1))
    {
      g_autoptr(BsTensor) local = NULL;

      if (pos_weight != NULL)
        {
          /* log σ(-x) - pw·log σ(x) */
          g_autoptr(BsTensor) neg_x = bs_neg (x, error);
          g_autoptr(BsTensor) s_neg = neg_x ? bs_sigmoid (neg_x, error) : NULL;
          g_autoptr(BsTensor) l_neg = s_neg ? bs_log (s_neg, error) : NULL;
          g_autoptr(BsTensor) s_pos = l_neg ? bs_sigmoid (x, error) : NULL;
          g_autoptr(BsTensor) l_pos = s_pos ? bs_log (s_pos, error) : NULL;
          g_autoptr(BsTensor) scaled = l_pos ? bs_mul (l_pos, pos_weight, error) : NULL;

          local = scaled ? bs_sub (l_neg, scaled, 1, error) : NULL;
        }
      else
        local = bs_neg (x, error);
      if (local == NULL
          || (gi[1] = bce_finish (local, grad, weight, args->reduction, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_bce_with_logits = {
  .name = "binary_cross_entropy_with_logits",
  .grad_fn_name = "BinaryCrossEntropyWithLogitsBackward0", .symbol = "bce", .n_inputs = 0,
  .nondiff_inputs = (1u << 2) | (1u << 3),
  .forward = bce_logits_forward, .save = bce_save, .backward = bce_logits_backward,
  .formulas = { "∂bce/∂xᵢ = (σ(xᵢ) - tᵢ)/n", "∂bce/∂tᵢ = -xᵢ/n" },
};

BsTensor *
bs_binary_cross_entropy_with_logits (BsTensor     *input,
                                     BsTensor     *target,
                                     BsTensor     *weight,
                                     BsTensor     *pos_weight,
                                     BsReduction   reduction,
                                     GError      **error)
{
  BsTensor *in[4] = { input, target };
  guint n = 2;
  BsOpArgs args;

  if (!bce_check_target (input, target, TRUE, error)
      || !bce_check_nondiff (weight, "binary_cross_entropy_with_logits", "weight", error)
      || !bce_check_nondiff (pos_weight, "binary_cross_entropy_with_logits", "pos_weight",
                             error))
    return NULL;
  bs_op_args_init (&args);
  args.reduction = reduction;
  if (weight != NULL)
    in[n++] = weight;
  if (pos_weight != NULL)
    in[n++] = pos_weight;
  args.dims[0] = weight != NULL;
  args.dims[1] = pos_weight != NULL;
  return bs_op_apply (BS_OP_BCE_WITH_LOGITS, in, n, &args, error);
}

/* loss = (t - 1)·max(log(1 - x), -100) - t·max(log x, -100), times weight; log(1 - x)
 * rather than log1p(-x), as PyTorch 1.13 */
static BsTensor *
bce_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
             GError **error)
{
  BsTensor *x = in[0], *t = in[1];
  BsContext *context = x->context;
  gint64 numel = bs_tensor_numel (x);
  g_autoptr(BsTensor) loss = NULL;
  BsTensor *result = NULL;

  for (gint64 i = 0; i < numel; i++)
    {
      double v = bs_tensor_get (x, i);

      if (!(v >= 0.0 && v <= 1.0))
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "all elements of input should be between 0 and 1");
          return NULL;
        }
    }
  loss = bs_tensor_new_uninit (context, bs_result_type (in, 2), x->ndim, x->shape, error);
  if (loss == NULL)
    return NULL;
  for (gint64 i = 0; i < numel; i++)
    {
      double v = bs_tensor_get (x, i), tv = bs_tensor_get (t, i);
      double l1 = log (1.0 - v), l0 = log (v);

      if (loss->dtype == BS_DTYPE_FLOAT32)
        {
          float lf1 = MAX (logf (1.0f - (float) v), -100.0f);
          float lf0 = MAX ((float) logf ((float) v), -100.0f);

          bs_tensor_set (loss, i, ((float) tv - 1.0f) * lf1 - (float) tv * lf0);
        }
      else
        bs_tensor_set (loss, i, (tv - 1.0) * MAX (l1, -100.0) - tv * MAX (l0, -100.0));
    }
  UNTRACKED_BEGIN (context);
  if (HAS_WEIGHT (args))
    {
      g_autoptr(BsTensor) weighted = bs_mul (loss, in[2], error);

      if (weighted != NULL && bce_check_inplace (x, weighted, error))
        result = bce_reduce (weighted, args->reduction, error);
    }
  else
    result = bce_reduce (loss, args->reduction, error);
  UNTRACKED_END (context);
  return result;
}

/* ∂/∂x = (x - t) / max((1 - x)·x, 1e-12); ∂/∂t = log(1 - x) - log x */
static gboolean
bce_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  const BsOpArgs *args = &node->args;
  UNPACK (x, 0);
  UNPACK (t, 1);
  g_autoptr(BsTensor) weight = NULL;
  g_autoptr(BsTensor) one_minus_x = bs_rsub_scalar (x, 1, 1, error);

  if (one_minus_x == NULL)
    return FALSE;
  if (HAS_WEIGHT (args))
    {
      UNPACK (w, 2);
      weight = g_steal_pointer (&w);
    }
  if (NEEDS (0))
    {
      g_autoptr(BsTensor) diff = bs_sub (x, t, 1, error);
      g_autoptr(BsTensor) prod = diff ? bs_mul (one_minus_x, x, error) : NULL;
      /* PyTorch's EPSILON is a float even for double inputs */
      g_autoptr(BsTensor) denom = prod ? bs_clamp (prod, TRUE, (double) 1e-12f, FALSE, 0, error)
                                       : NULL;
      /* grad·(x - t) / denom, in PyTorch's order */
      g_autoptr(BsTensor) num = denom ? bs_mul (grad, diff, error) : NULL;
      g_autoptr(BsTensor) scaled = num ? bs_div (num, denom, error) : NULL;

      if (scaled == NULL
          || (gi[0] = bce_finish (scaled, NULL, weight, args->reduction, error)) == NULL)
        return FALSE;
    }
  if (NEEDS (1))
    {
      g_autoptr(BsTensor) l1 = bs_log (one_minus_x, error);
      g_autoptr(BsTensor) l0 = l1 ? bs_log (x, error) : NULL;
      g_autoptr(BsTensor) local = l0 ? bs_sub (l1, l0, 1, error) : NULL;

      if (local == NULL
          || (gi[1] = bce_finish (local, grad, weight, args->reduction, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

const BsOpInfo bs_op_bce = {
  .name = "binary_cross_entropy", .grad_fn_name = "BinaryCrossEntropyBackward0",
  .symbol = "bce", .n_inputs = 0, .nondiff_inputs = 1u << 2,
  .forward = bce_forward, .save = bce_save, .backward = bce_backward,
  .formulas = { "∂bce/∂pᵢ = (pᵢ - tᵢ)/(pᵢ(1 - pᵢ)n)", "∂bce/∂tᵢ = (log(1 - pᵢ) - log pᵢ)/n" },
};

BsTensor *
bs_binary_cross_entropy (BsTensor     *input,
                         BsTensor     *target,
                         BsTensor     *weight,
                         BsReduction   reduction,
                         GError      **error)
{
  BsTensor *in[3] = { input, target, weight };
  BsOpArgs args;

  if (!bce_check_target (input, target, FALSE, error))
    return NULL;
  if (target->dtype != input->dtype)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Found dtype %s but expected %s", bs_dtype_scalar_name (target->dtype),
                   bs_dtype_scalar_name (input->dtype));
      return NULL;
    }
  if (!bce_check_nondiff (weight, "binary_cross_entropy", "weight", error))
    return NULL;
  bs_op_args_init (&args);
  args.reduction = reduction;
  args.dims[0] = weight != NULL;
  return bs_op_apply (BS_OP_BCE, in, weight != NULL ? 3 : 2, &args, error);
}
