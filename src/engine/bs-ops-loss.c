/* bs-ops-loss.c: mse_loss and nll_loss, forward and backward; cross_entropy as their composite */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>
#include <string.h>

static const char *
dtype_short_name (BsDType dtype)
{
  static const char *names[] = { "Bool", "Long", "Float", "Double" };

  return names[dtype];
}

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
  else
    {
      for (gint64 i = 0; i < n; i++, out += s[0], a += s[1], b += s[2])
        {
          double d = *(const double *) a - *(const double *) b;

          *(double *) out = d * d;
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
                   "\"mse_cpu\" not implemented for '%s'", dtype_short_name (dtype));
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
    /* reduced here rather than with bs_sum, which would announce a tensor of its own */
    gint64 count = bs_tensor_numel (squares);
    const char *p = bs_tensor_data (squares);
    gsize size = bs_dtype_size (dtype);
    BsTensor *out = bs_tensor_new (in[0]->context, dtype, 0, NULL, error);
    double total = 0.0;

    if (out == NULL)
      return NULL;
    for (gint64 i = 0; i < count; i++)
      total += bs_dtype_load (p + i * size, dtype);
    bs_tensor_set (out, 0, args->reduction == BS_REDUCTION_SUM ? total : total / (double) count);
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
                   dtype_short_name (input->dtype));
      return FALSE;
    }
  if (target->dtype != BS_DTYPE_INT64)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "expected scalar type Long but found %s", dtype_short_name (target->dtype));
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

/* Output, and the count of targets not ignored (total_weight) as extra. */
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

  if (!nll_check (input, in[1], args, error))
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
  for (gint64 i = 0; i < n_rows; i++)
    {
      double v;

      if (targets[i] == args->ignore_index)
        continue;
      v = -bs_tensor_get (x, i * n_classes + targets[i]);
      count += 1.0;
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
      bs_tensor_set (mask, i * n_classes + targets[i], weight);
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
  .name = "nll_loss", .grad_fn_name = "NllLossBackward0", .symbol = "nll", .n_inputs = 2,
  .nondiff_inputs = 1u << 1,
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
bs_nll_loss (BsTensor *input, BsTensor *target, BsReduction reduction, gint64 ignore_index,
             GError **error)
{
  BsTensor *in[2] = { input, target };
  BsOpArgs args;

  bs_op_args_init (&args);
  args.reduction = reduction;
  args.ignore_index = ignore_index;
  return bs_op_apply (BS_OP_NLL_LOSS, in, 2, &args, error);
}

BsTensor *
bs_cross_entropy (BsTensor *input, BsTensor *target, BsReduction reduction,
                  gint64 ignore_index, GError **error)
{
  g_autoptr(BsTensor) log_probs = NULL;

  /* PyTorch reads a target of the input's shape as class probabilities */
  if (bs_tensor_same_shape (input, target))
    {
      if (!bs_dtype_is_floating (target->dtype))
        g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                     "Expected floating point type for target with class probabilities, got %s",
                     dtype_short_name (target->dtype));
      else
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                             "Backstep's cross_entropy takes class indices (an int64 target), "
                             "not class probabilities");
      return NULL;
    }
  log_probs = bs_log_softmax (input, input->ndim == 1 ? 0 : 1, error);
  if (log_probs == NULL)
    return NULL;
  return bs_nll_loss (log_probs, target, reduction, ignore_index, error);
}
