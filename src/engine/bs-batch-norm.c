/* bs-batch-norm.c: batch normalization as PyTorch 1.13's native_batch_norm on the CPU
 *
 * One op of five inputs (input, weight, bias, running_mean, running_var; the last two
 * never get a gradient, absent ones are stand-ins: weight ones, bias zeros, statistics
 * empty), so that its node has PyTorch's three edges. Training, each channel's statistics
 * are PyTorch's: the sum of the channel's elements in double, the mean rounded to the
 * tensor's type, the sum of the squared float differences in double, and the inverse
 * standard deviation 1 / sqrt(var_sum / count + eps) in double; the output is
 * x · alpha + beta with alpha = invstd · weight and beta = bias − mean · alpha, per channel.
 * The extra output holds the mean, the inverse standard deviation and the sum of squares
 * (float64, [3, C]): the node saves the first two, bs_batch_norm updates the running
 * statistics from the first and the last.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-batch-norm.h"
#include "bs-op-private.h"

#include <math.h>
#include <string.h>

enum { IN_X, IN_WEIGHT, IN_BIAS, IN_MEAN, IN_VAR, N_IN };

/* args: keepdim is training, value eps */

typedef struct {
  gint64 n, c, inner;   /* input viewed as [n, c, inner] */
} Layout;

static void
layout_of (const BsTensor *x,
           Layout         *l)
{
  l->n = x->ndim > 0 ? x->shape[0] : 1;
  l->c = x->ndim > 1 ? x->shape[1] : 1;
  l->inner = 1;
  for (int d = 2; d < x->ndim; d++)
    l->inner *= x->shape[d];
}

static BsTensor *
contiguous (BsTensor  *a,
            GError   **error)
{
  if (bs_tensor_is_contiguous (a))
    return bs_tensor_ref (a);
  return bs_tensor_contiguous_copy (a, a->dtype, error);
}

/* element i of a contiguous float32 or float64 tensor */
static inline double
at (const BsTensor *t,
    const void     *data,
    gint64          i)
{
  return t->dtype == BS_DTYPE_FLOAT32 ? ((const float *) data)[i] : ((const double *) data)[i];
}

/* The batch's statistics per channel: stats[0] mean, [1] invstd, [2] sum of squares. */
static void
batch_stats (const Layout   *l,
             const BsTensor *x,
             double          eps,
             double         *stats)
{
  const void *data = bs_tensor_data (x);
  gboolean f32 = x->dtype == BS_DTYPE_FLOAT32;
  gint64 count = l->n * l->inner;

  for (gint64 c = 0; c < l->c; c++)
    {
      double sum = 0.0, var_sum = 0.0, mean;

      for (gint64 n = 0; n < l->n; n++)
        for (gint64 i = 0; i < l->inner; i++)
          sum += at (x, data, (n * l->c + c) * l->inner + i);
      mean = sum / (double) count;
      if (f32)
        mean = (float) mean;
      for (gint64 n = 0; n < l->n; n++)
        for (gint64 i = 0; i < l->inner; i++)
          {
            double v = at (x, data, (n * l->c + c) * l->inner + i);

            if (f32)
              {
                float d = (float) v - (float) mean;

                var_sum += d * d;
              }
            else
              var_sum += (v - mean) * (v - mean);
          }
      stats[c] = mean;
      stats[l->c + c] = 1.0 / sqrt (var_sum / (double) count + eps);
      if (f32)
        stats[l->c + c] = (float) stats[l->c + c];
      stats[2 * l->c + c] = var_sum;
    }
}

/* mean and invstd of channel c: the batch's, or the running statistics' */
static void
channel_stats (const BsTensor *running_mean,
               const BsTensor *running_var,
               const double   *stats,
               gint64          n_channels,
               gint64          c,
               double          eps,
               double         *mean,
               double         *invstd)
{
  if (stats != NULL)
    {
      *mean = stats[c];
      *invstd = stats[n_channels + c];
    }
  else if (running_mean->dtype == BS_DTYPE_FLOAT32)
    {
      float var = ((const float *) bs_tensor_data (running_var))[c];

      *mean = ((const float *) bs_tensor_data (running_mean))[c];
      *invstd = 1.0f / sqrtf (var + (float) eps);
    }
  else
    {
      *mean = ((const double *) bs_tensor_data (running_mean))[c];
      *invstd = 1.0 / sqrt (((const double *) bs_tensor_data (running_var))[c] + eps);
    }
}

static BsTensor *
batch_norm_forward (BsTensor *const *in,
                    guint            n_in,
                    const BsOpArgs  *args,
                    BsTensor       **extra,
                    GError         **error)
{
  gboolean training = args->keepdim;
  g_autoptr(BsTensor) x = contiguous (in[IN_X], error);
  g_autoptr(BsTensor) out = NULL;
  g_autoptr(BsTensor) stats = NULL;
  Layout l;

  if (x == NULL)
    return NULL;
  layout_of (x, &l);
  out = bs_tensor_new_uninit (x->context, x->dtype, x->ndim, x->shape, error);
  if (out == NULL)
    return NULL;
  if (training)
    {
      gint64 shape[2] = { 3, l.c };

      stats = bs_tensor_new (x->context, BS_DTYPE_FLOAT64, 2, shape, error);
      if (stats == NULL)
        return NULL;
      batch_stats (&l, x, args->value, bs_tensor_data (stats));
    }
  for (gint64 c = 0; c < l.c; c++)
    {
      double mean, invstd, w = bs_tensor_get (in[IN_WEIGHT], c), b = bs_tensor_get (in[IN_BIAS], c);

      channel_stats (in[IN_MEAN], in[IN_VAR], stats != NULL ? bs_tensor_data (stats) : NULL, l.c,
                     c, args->value, &mean, &invstd);
      if (x->dtype == BS_DTYPE_FLOAT32)
        {
          float alpha = (float) invstd * (float) w;
          float beta = fmaf (-(float) mean, alpha, (float) b);
          const float *xp = bs_tensor_data (x);
          float *yp = bs_tensor_data (out);

          for (gint64 n = 0; n < l.n; n++)
            for (gint64 i = 0; i < l.inner; i++)
              {
                gint64 k = (n * l.c + c) * l.inner + i;

                yp[k] = fmaf (xp[k], alpha, beta);
              }
        }
      else
        {
          double alpha = invstd * w, beta = b - mean * alpha;
          const double *xp = bs_tensor_data (x);
          double *yp = bs_tensor_data (out);

          for (gint64 n = 0; n < l.n; n++)
            for (gint64 i = 0; i < l.inner; i++)
              {
                gint64 k = (n * l.c + c) * l.inner + i;

                yp[k] = xp[k] * alpha + beta;
              }
        }
    }
  *extra = g_steal_pointer (&stats);
  return g_steal_pointer (&out);
}

static void
batch_norm_save (BsNode          *node,
                 BsTensor *const *in,
                 BsTensor        *out,
                 BsTensor        *extra)
{
  SAVE (0, in[IN_X]);
  SAVE (1, in[IN_WEIGHT]);
  /* training, the batch's statistics (the running ones change after this) */
  SAVE (2, extra != NULL ? NULL : in[IN_MEAN]);
  SAVE (3, extra != NULL ? NULL : in[IN_VAR]);
  SAVE (4, extra);
}

/* dx = (dy − Σdy / count − (x − mean) · Σ(x − mean)·dy · invstd² / count) · invstd · w
 * training, dy · invstd · w else; dw = Σ(x − mean)·dy · invstd; db = Σdy (in double) */
static gboolean
batch_norm_backward (BsNode    *node,
                     BsTensor  *grad,
                     BsTensor **gi,
                     BsTensor **locals,
                     GError   **error)
{
  GError *local_error = NULL;
  gboolean training = node->args.keepdim;
  double eps = node->args.value;
  g_autoptr(BsTensor) dy = NULL;
  g_autoptr(BsTensor) cx = NULL;
  const double *stats;
  BsDType dtype;
  Layout l;
  gint64 count;
  UNPACK (x, 0);
  UNPACK (weight, 1);
  UNPACK (running_mean, 2);
  UNPACK (running_var, 3);
  UNPACK (saved_stats, 4);

  if (node->context->grad_enabled)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "the second derivative of a batch normalization (create_graph=True "
                           "through NativeBatchNormBackward0) is not supported by Backstep");
      return FALSE;
    }
  dtype = x->dtype;
  dy = bs_tensor_contiguous_copy (grad, dtype, error);
  cx = dy != NULL ? contiguous (x, error) : NULL;
  if (cx == NULL)
    return FALSE;
  layout_of (cx, &l);
  count = l.n * l.inner;
  stats = training ? bs_tensor_data (saved_stats) : NULL;
  for (int i = 0; i < 3; i++)
    if (NEEDS (i))
      {
        BsTensor *like = i == 0 ? x : weight;

        gi[i] = bs_tensor_new (x->context, dtype, like->ndim, like->shape, error);
        if (gi[i] == NULL)
          return FALSE;
      }
  for (gint64 c = 0; c < l.c; c++)
    {
      double mean, invstd, sum = 0.0, dotp = 0.0, w = bs_tensor_get (weight, c);
      const void *xp = bs_tensor_data (cx), *gp = bs_tensor_data (dy);

      channel_stats (running_mean, running_var, stats, l.c, c, eps, &mean, &invstd);
      for (gint64 n = 0; n < l.n; n++)
        for (gint64 i = 0; i < l.inner; i++)
          {
            gint64 k = (n * l.c + c) * l.inner + i;
            double g = at (dy, gp, k);

            sum += g;
            dotp += (at (cx, xp, k) - mean) * g;
          }
      if (gi[0] != NULL)
        {
          double k_coef = training ? dotp * invstd * invstd / (double) count : 0.0;
          double grad_mean = training ? sum / (double) count : 0.0;

          for (gint64 n = 0; n < l.n; n++)
            for (gint64 i = 0; i < l.inner; i++)
              {
                gint64 k = (n * l.c + c) * l.inner + i;
                double v = (at (dy, gp, k) - grad_mean - (at (cx, xp, k) - mean) * k_coef)
                           * invstd * w;

                bs_tensor_set (gi[0], k, v);
              }
        }
      if (gi[1] != NULL)
        bs_tensor_set (gi[1], c, dotp * invstd);
      if (gi[2] != NULL)
        bs_tensor_set (gi[2], c, sum);
    }
  return TRUE;
}

const BsOpInfo bs_op_native_batch_norm = {
  .name = "native_batch_norm", .grad_fn_name = "NativeBatchNormBackward0", .symbol = "bn",
  .n_inputs = N_IN, .nondiff_inputs = (1u << IN_MEAN) | (1u << IN_VAR),
  .forward = batch_norm_forward, .save = batch_norm_save, .backward = batch_norm_backward,
  .formulas = {
    "∂bn(x)/∂x: (1 − 1/m − x̂·x̂ᵀ/m)·w/σ over each channel's m elements (x̂ the normalized "
    "input, σ its standard deviation)",
    "∂bn(x)/∂w: x̂, the normalized input",
    "∂bn(x)/∂b: 1 at every element of the channel",
  },
};

/* running = (1 − momentum)·running + momentum·batch, per channel, as PyTorch's kernel,
 * which leaves the version counter as it was */
static void
update_running (BsTensor     *running,
                const double *batch,
                gint64        n_channels,
                double        momentum)
{
  BsContext *context = running->context;

  for (gint64 c = 0; c < n_channels; c++)
    bs_tensor_set (running, c, momentum * batch[c]
                               + (1.0 - momentum) * bs_tensor_get (running, c));
  if (bs_context_emits (context, inplace) && context->in_backward == 0)
    {
      BsInplaceEvent event = {
        .tensor = running,
        .version = bs_tensor_version (running),
        .op_name = "native_batch_norm",
      };

      context->sink->inplace (context->sink_data, &event);
    }
}

static gboolean
check_channels (BsTensor    *t,
                const char  *name,
                gint64       n_channels,
                GError     **error)
{
  if (t == NULL || bs_tensor_numel (t) == n_channels)
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
               "%s should contain %" G_GINT64_FORMAT " elements not %" G_GINT64_FORMAT, name,
               n_channels, bs_tensor_numel (t));
  return FALSE;
}

BsTensor *
bs_batch_norm (BsTensor  *input,
               BsTensor  *weight,
               BsTensor  *bias,
               BsTensor  *running_mean,
               BsTensor  *running_var,
               gboolean   training,
               double     momentum,
               double     eps,
               GError   **error)
{
  BsContext *context;
  g_autoptr(BsTensor) ones = NULL;
  g_autoptr(BsTensor) zeros = NULL;
  g_autoptr(BsTensor) empty = NULL;
  g_autoptr(BsTensor) stats = NULL;
  BsTensor *in[N_IN];
  BsTensor *out;
  BsOpArgs args;
  gint64 c, zero = 0;

  g_return_val_if_fail (input != NULL, NULL);
  g_return_val_if_fail (training || (running_mean != NULL && running_var != NULL), NULL);
  context = input->context;
  c = input->ndim > 1 ? input->shape[1] : 1;
  if (!check_channels (running_mean, "running_mean", c, error)
      || !check_channels (running_var, "running_var", c, error)
      || !check_channels (weight, "weight", c, error)
      || !check_channels (bias, "bias", c, error))
    return NULL;
  if (!bs_dtype_is_floating (input->dtype) || input->dtype == BS_DTYPE_FLOAT16
      || input->dtype == BS_DTYPE_BFLOAT16)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "batch normalization of %s tensors is not supported by Backstep (only "
                   "float32 and float64)", bs_dtype_tensor_type (input->dtype));
      return NULL;
    }
  if (weight == NULL)
    weight = ones = bs_tensor_new_full (context, input->dtype, 1, &c, 1.0, error);
  if (bias == NULL && weight != NULL)
    bias = zeros = bs_tensor_new (context, input->dtype, 1, &c, error);
  if (weight == NULL || bias == NULL)
    return NULL;
  if (running_mean == NULL || running_var == NULL)
    {
      empty = bs_tensor_new (context, input->dtype, 1, &zero, error);
      if (empty == NULL)
        return NULL;
    }
  in[IN_X] = input;
  in[IN_WEIGHT] = weight;
  in[IN_BIAS] = bias;
  in[IN_MEAN] = running_mean != NULL ? running_mean : empty;
  in[IN_VAR] = running_var != NULL ? running_var : empty;
  bs_op_args_init (&args);
  args.keepdim = training;
  args.value = eps;
  out = bs_op_apply_full (BS_OP_NATIVE_BATCH_NORM, in, N_IN, &args, &stats, error);
  if (out == NULL)
    return NULL;
  if (training && stats != NULL)
    {
      const double *s = bs_tensor_data (stats);
      gint64 count = bs_tensor_numel (input) / MAX (c, 1);
      g_autofree double *unbiased = g_new (double, MAX (c, 1));

      for (gint64 k = 0; k < c; k++)
        unbiased[k] = s[2 * c + k] / (double) (count - 1);
      if (running_mean != NULL)
        update_running (running_mean, s, c, momentum);
      if (running_var != NULL)
        update_running (running_var, unbiased, c, momentum);
    }
  return out;
}
