/* bs-ops-stats.c: more reductions over dims: prod, var, std, norm, logsumexp,
 * amax, amin (differentiable) and all, any (bool)
 *
 * Each reduces the listed dims (none listed: all of them), keeping them as
 * size 1 when keepdim. The input is copied with the reduced dims last, so
 * every output element reduces one contiguous run, in double.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

#include <math.h>
#include <string.h>

typedef enum {
  R_PROD, R_VAR, R_STD, R_NORM, R_LOGSUMEXP, R_AMAX, R_AMIN, R_ALL, R_ANY,
} Reduction;

/* args: dims/n_dims (wrapped; n_dims 0 = all), keepdim, value = p (norm) or
 * correction (var, std) */
typedef struct {
  int     out_ndim;
  gint64  out_shape[BS_MAX_DIMS];
  gint64  groups;      /* output elements */
  gint64  run;         /* reduced elements per output element */
} Plan;

static gboolean
reduced (const BsOpArgs *args, int d)
{
  if (args->n_dims == 0)
    return TRUE;
  for (int i = 0; i < args->n_dims; i++)
    if (args->dims[i] == d)
      return TRUE;
  return FALSE;
}

/* a's elements as `dtype`, kept dims first then reduced dims, row-major */
static gpointer
gather_runs_as (BsTensor *a, const BsOpArgs *args, Plan *plan, BsDType dtype)
{
  int order[BS_MAX_DIMS], n = 0;
  gint64 shape[BS_MAX_DIMS], strides[BS_MAX_DIMS];
  g_autoptr(BsTensor) alias = NULL;
  g_autoptr(BsTensor) copy = NULL;

  plan->out_ndim = 0;
  plan->groups = plan->run = 1;
  for (int d = 0; d < a->ndim; d++)
    if (!reduced (args, d))
      {
        order[n++] = d;
        plan->groups *= a->shape[d];
        plan->out_shape[plan->out_ndim++] = a->shape[d];
      }
    else if (args->keepdim)
      plan->out_shape[plan->out_ndim++] = 1;
  for (int d = 0; d < a->ndim; d++)
    if (reduced (args, d))
      {
        order[n++] = d;
        plan->run *= a->shape[d];
      }
  if (args->keepdim)
    {
      plan->out_ndim = a->ndim;
      for (int d = 0; d < a->ndim; d++)
        plan->out_shape[d] = reduced (args, d) ? 1 : a->shape[d];
    }
  for (int i = 0; i < a->ndim; i++)
    {
      shape[i] = a->shape[order[i]];
      strides[i] = a->strides[order[i]];
    }
  alias = bs_tensor_alias (a, a->ndim, shape, strides, a->offset);
  copy = bs_tensor_contiguous_copy (alias, dtype, NULL);
  return copy ? g_memdup2 (bs_tensor_data (copy), MAX (bs_tensor_numel (a), 1) * (gsize) 8)
              : NULL;
}

static double *
gather_runs (BsTensor *a, const BsOpArgs *args, Plan *plan)
{
  return gather_runs_as (a, args, plan, BS_DTYPE_FLOAT64);
}

static gint64 *
gather_runs_int (BsTensor *a, const BsOpArgs *args, Plan *plan)
{
  return gather_runs_as (a, args, plan, BS_DTYPE_INT64);
}

static double
reduce_run (Reduction kind, const double *x, gint64 n, const BsOpArgs *args)
{
  double acc, mean = 0.0, m;

  switch (kind)
    {
    case R_PROD:
      acc = 1.0;
      for (gint64 i = 0; i < n; i++)
        acc *= x[i];
      return acc;
    case R_VAR:
    case R_STD:
      for (gint64 i = 0; i < n; i++)
        mean += x[i];
      mean /= (double) n;
      acc = 0.0;
      for (gint64 i = 0; i < n; i++)
        acc += (x[i] - mean) * (x[i] - mean);
      acc /= MAX ((double) n - args->value, 0.0);
      return kind == R_STD ? sqrt (acc) : acc;
    case R_NORM:
      acc = 0.0;
      for (gint64 i = 0; i < n; i++)
        acc += args->value == 2.0 ? x[i] * x[i] : pow (fabs (x[i]), args->value);
      return args->value == 2.0 ? sqrt (acc) : args->value == 1.0 ? acc
                                                                  : pow (acc, 1.0 / args->value);
    case R_LOGSUMEXP:
      m = -INFINITY;
      for (gint64 i = 0; i < n; i++)
        m = MAX (m, x[i]);
      if (isinf (m))
        m = 0.0;
      acc = 0.0;
      for (gint64 i = 0; i < n; i++)
        acc += exp (x[i] - m);
      return log (acc) + m;
    case R_AMAX:
    case R_AMIN:
      acc = kind == R_AMAX ? -INFINITY : INFINITY;
      for (gint64 i = 0; i < n; i++)
        {
          if (isnan (x[i]))
            return x[i];
          acc = kind == R_AMAX ? MAX (acc, x[i]) : MIN (acc, x[i]);
        }
      return acc;
    case R_ALL:
      for (gint64 i = 0; i < n; i++)
        if (x[i] == 0.0)
          return 0.0;
      return 1.0;
    case R_ANY:
      for (gint64 i = 0; i < n; i++)
        if (x[i] != 0.0)
          return 1.0;
      return 0.0;
    default:
      return 0.0;
    }
}

/* prod, amax and amin of integers, in integers: a double rounds past 2**53; a product
 * wraps as PyTorch's */
static gint64
reduce_run_int (Reduction kind, const gint64 *x, gint64 n)
{
  guint64 product = 1;
  gint64 acc = kind == R_AMAX ? G_MININT64 : G_MAXINT64;

  for (gint64 i = 0; i < n; i++)
    switch (kind)
      {
      case R_PROD: product *= (guint64) x[i]; break;
      case R_AMAX: acc = MAX (acc, x[i]); break;
      default: acc = MIN (acc, x[i]); break;
      }
  return kind == R_PROD ? (gint64) product : acc;
}

static BsTensor *
reduce (BsTensor *a, Reduction kind, const BsOpArgs *args, BsDType out_dtype, GError **error)
{
  Plan plan;
  g_autofree double *x = NULL;
  g_autoptr(BsTensor) out = NULL;

  if (bs_dtype_is_integral (a->dtype)
      && (kind == R_PROD || kind == R_AMAX || kind == R_AMIN))
    {
      g_autofree gint64 *xi = gather_runs_int (a, args, &plan);

      if (xi == NULL)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY, "out of memory");
          return NULL;
        }
      out = bs_tensor_new_uninit (a->context, out_dtype, plan.out_ndim, plan.out_shape, error);
      for (gint64 g = 0; out != NULL && g < plan.groups; g++)
        bs_dtype_store_int ((char *) bs_tensor_data (out) + g * bs_dtype_size (out_dtype),
                            out_dtype, reduce_run_int (kind, xi + g * plan.run, plan.run));
      return g_steal_pointer (&out);
    }
  x = gather_runs (a, args, &plan);

  if (x == NULL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_MEMORY, "out of memory");
      return NULL;
    }
  out = bs_tensor_new_uninit (a->context, out_dtype, plan.out_ndim, plan.out_shape, error);
  if (out == NULL)
    return NULL;
  for (gint64 g = 0; g < plan.groups; g++)
    bs_tensor_set (out, g, reduce_run (kind, x + g * plan.run, plan.run, args));
  return g_steal_pointer (&out);
}

/* --- backward helpers (tracked) ------------------------------------------ */

/* t (reduced, maybe without the kept dims) reshaped to keepdim's shape, so
 * that it broadcasts against the input */
static BsTensor *
kept (BsTensor *t, const BsNode *node, GError **error)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  gint64 shape[BS_MAX_DIMS];

  for (int d = 0; d < meta->ndim; d++)
    shape[d] = reduced (&node->args, d) ? 1 : meta->shape[d];
  return bs_reshape (t, shape, meta->ndim, error);
}

static gint64
count_reduced (const BsNode *node)
{
  const BsTensorMeta *meta = &node->input_meta[0];
  gint64 n = 1;

  for (int d = 0; d < meta->ndim; d++)
    n *= reduced (&node->args, d) ? meta->shape[d] : 1;
  return n;
}

static void
save_both (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
  SAVE_OUTPUT (1, out);
}

/* grad · local, with grad brought to keepdim's shape */
static gboolean
finish (BsNode *node, BsTensor *grad, BsTensor *local, BsTensor **gi, BsTensor **locals,
        GError **error)
{
  g_autoptr(BsTensor) g = local ? kept (grad, node, error) : NULL;

  if (g == NULL || (gi[0] = bs_mul (g, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_tensor_ref (local);
  return TRUE;
}

/* --- the ops -------------------------------------------------------------- */

#define FORWARD(fname, KIND) \
  static BsTensor * \
  fname##_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, \
                   GError **error) \
  { \
    BsDType dtype = bs_dtype_is_floating (in[0]->dtype) ? in[0]->dtype : BS_DTYPE_FLOAT32; \
    /* prod of integers or bools is int64, as sum */ \
    if (KIND == R_PROD) \
      dtype = bs_dtype_is_floating (in[0]->dtype) ? in[0]->dtype : BS_DTYPE_INT64; \
    return reduce (in[0], KIND, args, KIND == R_PROD || KIND == R_AMAX || KIND == R_AMIN \
                   ? (KIND == R_PROD ? dtype : in[0]->dtype) : dtype, error); \
  }

FORWARD (prod, R_PROD)
FORWARD (var, R_VAR)
FORWARD (std, R_STD)
FORWARD (norm, R_NORM)
FORWARD (logsumexp, R_LOGSUMEXP)
FORWARD (amax, R_AMAX)
FORWARD (amin, R_AMIN)

static gboolean
prod_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) out_k = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (a, 0);
  UNPACK (out, 1);

  if (!NEEDS (0))
    return TRUE;
  for (gint64 i = 0; i < bs_tensor_numel (a); i++)
    if (bs_tensor_get (a, i) == 0.0)
      {
        g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                             "the gradient of prod() of a tensor with zeros is not supported "
                             "by Backstep");
        return FALSE;
      }
  out_k = kept (out, node, error);
  local = out_k ? bs_div (out_k, a, error) : NULL;
  return finish (node, grad, local, gi, locals, error);
}

static gboolean
var_std_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                  gboolean is_std, GError **error)
{
  GError *local_error = NULL;
  gint64 dims[BS_MAX_DIMS], n_dims = 0;
  const BsTensorMeta *meta = &node->input_meta[0];
  double scale = 2.0 / ((double) count_reduced (node) - node->args.value);
  g_autoptr(BsTensor) mean = NULL;
  g_autoptr(BsTensor) centred = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (a, 0);
  UNPACK (out, 1);

  if (!NEEDS (0))
    return TRUE;
  for (int d = 0; d < meta->ndim; d++)
    if (reduced (&node->args, d))
      dims[n_dims++] = d;
  mean = bs_mean_dims (a, dims, (int) n_dims, TRUE, error);
  centred = mean ? bs_sub (a, mean, 1.0, error) : NULL;
  if (centred == NULL)
    return FALSE;
  if (!is_std)
    local = bs_mul_scalar (centred, scale, error);
  else
    {
      /* (a - mean) / ((N - c) · std) */
      g_autoptr(BsTensor) std_k = kept (out, node, error);
      g_autoptr(BsTensor) twice = std_k ? bs_mul_scalar (std_k, 2.0 / scale, error) : NULL;

      local = twice ? bs_div (centred, twice, error) : NULL;
    }
  return finish (node, grad, local, gi, locals, error);
}

static gboolean
var_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  return var_std_backward (node, grad, gi, locals, FALSE, error);
}

static gboolean
std_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  return var_std_backward (node, grad, gi, locals, TRUE, error);
}

/* p = 2: a / ‖a‖; p = 1: sign a; else a·|a|^(p-2) / ‖a‖^(p-1) */
static gboolean
norm_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  double p = node->args.value;
  g_autoptr(BsTensor) out_k = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (a, 0);
  UNPACK (out, 1);

  if (!NEEDS (0))
    return TRUE;
  out_k = kept (out, node, error);
  if (out_k == NULL)
    return FALSE;
  if (p == 1.0)
    local = bs_sign (a, error);
  else
    {
      g_autoptr(BsTensor) absa = bs_abs (a, error);
      g_autoptr(BsTensor) powa = absa ? bs_pow_scalar (absa, p - 2.0, error) : NULL;
      g_autoptr(BsTensor) top = powa ? bs_mul (a, powa, error) : NULL;
      g_autoptr(BsTensor) bottom = top ? bs_pow_scalar (out_k, p - 1.0, error) : NULL;

      g_autoptr(BsTensor) ratio = bottom ? bs_div (top, bottom, error) : NULL;
      /* 0 where the norm is 0, as PyTorch's norm_backward masks it */
      g_autoptr(BsTensor) zero = ratio ? bs_tensor_new_wrapped_number (a->context, 0.0, FALSE)
                                       : NULL;
      g_autoptr(BsTensor) at_zero = zero ? bs_compare (out_k, zero, BS_COMPARE_EQ, error) : NULL;

      local = at_zero ? bs_where (at_zero, zero, ratio, error) : NULL;
    }
  return finish (node, grad, local, gi, locals, error);
}

static gboolean
logsumexp_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                    GError **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) out_k = NULL;
  g_autoptr(BsTensor) diff = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (a, 0);
  UNPACK (out, 1);

  if (!NEEDS (0))
    return TRUE;
  out_k = kept (out, node, error);
  diff = out_k ? bs_sub (a, out_k, 1.0, error) : NULL;
  local = diff ? bs_exp (diff, error) : NULL;
  return finish (node, grad, local, gi, locals, error);
}

/* the gradient shared evenly by the elements equal to the extremum */
static gboolean
extremum_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals,
                   GError **error)
{
  GError *local_error = NULL;
  gint64 dims[BS_MAX_DIMS], n_dims = 0;
  const BsTensorMeta *meta = &node->input_meta[0];
  g_autoptr(BsTensor) out_k = NULL;
  g_autoptr(BsTensor) hit = NULL;
  g_autoptr(BsTensor) mask = NULL;
  g_autoptr(BsTensor) count = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (a, 0);
  UNPACK (out, 1);

  if (!NEEDS (0))
    return TRUE;
  for (int d = 0; d < meta->ndim; d++)
    if (reduced (&node->args, d))
      dims[n_dims++] = d;
  out_k = kept (out, node, error);
  hit = out_k ? bs_compare (a, out_k, BS_COMPARE_EQ, error) : NULL;
  mask = hit ? bs_cast_raw (hit, grad->dtype, error) : NULL;
  count = mask ? bs_sum_dims (mask, dims, (int) n_dims, TRUE, error) : NULL;
  local = count ? bs_div (mask, count, error) : NULL;
  return finish (node, grad, local, gi, locals, error);
}

#define STATS_OP(fname, Name, back, formula) \
  const BsOpInfo bs_op_##fname = { \
    .name = #fname, .grad_fn_name = Name, .symbol = #fname, .n_inputs = 1, \
    .forward = fname##_forward, .save = save_both, .backward = back, \
    .formulas = { formula }, \
  };

STATS_OP (prod, "ProdBackward1", prod_backward, "∂Πa/∂aᵢ = Πa / aᵢ")
STATS_OP (var, "VarBackward0", var_backward, "∂var(a)/∂aᵢ = 2(aᵢ - mean)/(N - c)")
STATS_OP (std, "StdBackward0", std_backward, "∂std(a)/∂aᵢ = (aᵢ - mean)/((N - c)·std)")
STATS_OP (norm, "NormBackward1", norm_backward, "∂‖a‖ₚ/∂aᵢ = aᵢ|aᵢ|ᵖ⁻² / ‖a‖ₚᵖ⁻¹")
STATS_OP (logsumexp, "LogsumexpBackward0", logsumexp_backward,
          "∂logsumexp(a)/∂aᵢ = exp(aᵢ - logsumexp(a))")
STATS_OP (amax, "AmaxBackward0", extremum_backward,
          "∂amax(a)/∂aᵢ = [aᵢ = max] / (number of maxima)")
STATS_OP (amin, "AminBackward0", extremum_backward,
          "∂amin(a)/∂aᵢ = [aᵢ = min] / (number of minima)")

/* var_mean, std_mean: output 0 the spread, output 1 the mean (args.index says which
 * forward makes), as PyTorch's two results of one node */
static BsTensor *
spread_mean_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     gboolean is_std, GError **error)
{
  BsOpArgs mean_args;

  if (args->index == 0)
    return is_std ? std_forward (in, n, args, extra, error)
                  : var_forward (in, n, args, extra, error);
  bs_op_args_init (&mean_args);
  mean_args.keepdim = args->keepdim;
  for (int d = 0; d < in[0]->ndim; d++)
    if (reduced (args, d))
      mean_args.dims[mean_args.n_dims++] = d;
  return bs_op_info (BS_OP_MEAN_DIM)->forward (in, n, &mean_args, extra, error);
}

static BsTensor *
var_mean_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                  GError **error)
{
  return spread_mean_forward (in, n, args, extra, FALSE, error);
}

static BsTensor *
std_mean_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                  GError **error)
{
  return spread_mean_forward (in, n, args, extra, TRUE, error);
}

/* The spread's gradient plus the mean's, spread evenly; a missing one counts as zeros. */
static gboolean
spread_mean_backward (BsNode *node, BsTensor *const *grads, BsTensor **gi, BsTensor **locals,
                      BsTensor **upstream, GError **error)
{
  const BsTensorMeta *meta = bs_node_output_meta (node, 0);
  g_autoptr(BsTensor) zeros = NULL;
  g_autoptr(BsTensor) spread_gi = NULL;
  g_autoptr(BsTensor) mean_k = NULL;
  g_autoptr(BsTensor) mean_gi = NULL;
  BsTensor *pair[2];
  BsTensor *spread_locals[1] = { NULL };

  if (grads[0] == NULL || grads[1] == NULL)
    {
      zeros = bs_tensor_new (node->context, meta->dtype, meta->ndim, meta->shape, error);
      if (zeros == NULL)
        return FALSE;
    }
  pair[0] = grads[0] != NULL ? grads[0] : zeros;
  pair[1] = grads[1] != NULL ? grads[1] : zeros;
  *upstream = bs_stack (pair, 2, 0, error);
  if (*upstream == NULL)
    return FALSE;
  if (!NEEDS (0))
    return TRUE;
  if (!var_std_backward (node, pair[0], &spread_gi, spread_locals, node->op == BS_OP_STD_MEAN,
                         error))
    return FALSE;
  g_clear_pointer (&spread_locals[0], bs_tensor_unref);
  mean_k = kept (pair[1], node, error);
  mean_gi = mean_k ? bs_mul_scalar (mean_k, 1.0 / (double) count_reduced (node), error) : NULL;
  if (mean_gi == NULL)
    return FALSE;
  gi[0] = bs_add (spread_gi, mean_gi, 1.0, error);
  return gi[0] != NULL;
}

static void
spread_mean_args (const BsOpArgs *node_args, const BsTensorMeta *outputs, guint n_outputs,
                  guint k, BsOpArgs *args)
{
  *args = *node_args;
  args->index = k;
}

const BsOpInfo bs_op_var_mean = {
  .name = "var_mean", .grad_fn_name = "VarMeanBackward0", .symbol = "var_mean",
  .n_inputs = 1, .forward = var_mean_forward, .save = save_both,
  .backward_multi = spread_mean_backward, .output_args = spread_mean_args,
  .formulas = { "∂var/∂aᵢ = 2(aᵢ - mean)/(N - c), ∂mean/∂aᵢ = 1/N" },
};

const BsOpInfo bs_op_std_mean = {
  .name = "std_mean", .grad_fn_name = "StdMeanBackward0", .symbol = "std_mean",
  .n_inputs = 1, .forward = std_mean_forward, .save = save_both,
  .backward_multi = spread_mean_backward, .output_args = spread_mean_args,
  .formulas = { "∂std/∂aᵢ = (aᵢ - mean)/((N - c)·std), ∂mean/∂aᵢ = 1/N" },
};

/* prod() of all elements is ProdBackward0 in PyTorch */
const BsOpInfo bs_op_prod_all = {
  .name = "prod", .grad_fn_name = "ProdBackward0", .symbol = "prod", .n_inputs = 1,
  .forward = prod_forward, .save = save_both, .backward = prod_backward,
  .formulas = { "∂Πa/∂aᵢ = Πa / aᵢ" },
};

/* --- the public functions -------------------------------------------------- */

static gboolean
stats_args (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, double value,
            BsOpArgs *args, GError **error)
{
  bs_op_args_init (args);
  for (int i = 0; i < n_dims; i++)
    {
      int d = (int) dims[i];

      if (!bs_wrap_dim (&d, MAX (a->ndim, 1), error))
        return FALSE;
      for (int j = 0; j < i; j++)
        if (args->dims[j] == d)
          {
            g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                         "dim %d appears multiple times in the list of dims", d);
            return FALSE;
          }
      args->dims[i] = d;
    }
  args->n_dims = n_dims;
  args->keepdim = keepdim;
  args->value = value;
  return TRUE;
}

static BsTensor *
stats_apply (BsOp op, BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim,
             double value, GError **error)
{
  BsOpArgs args;

  if (!stats_args (a, dims, n_dims, keepdim, value, &args, error))
    return NULL;
  return bs_op_apply (op, &a, 1, &args, error);
}

BsTensor *
bs_prod (BsTensor *a, GError **error)
{
  return stats_apply (BS_OP_PROD_ALL, a, NULL, 0, FALSE, 0.0, error);
}

BsTensor *
bs_prod_dim (BsTensor *a, int dim, gboolean keepdim, GError **error)
{
  gint64 d = dim;

  return stats_apply (BS_OP_PROD, a, &d, 1, keepdim, 0.0, error);
}

BsTensor *
bs_var (BsTensor *a, const gint64 *dims, int n_dims, double correction, gboolean keepdim,
        GError **error)
{
  if (!bs_dtype_is_floating (a->dtype))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "std and var only support floating point and complex dtypes");
      return NULL;
    }
  return stats_apply (BS_OP_VAR, a, dims, n_dims, keepdim, correction, error);
}

BsTensor *
bs_std (BsTensor *a, const gint64 *dims, int n_dims, double correction, gboolean keepdim,
        GError **error)
{
  if (!bs_dtype_is_floating (a->dtype))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "std and var only support floating point and complex dtypes");
      return NULL;
    }
  return stats_apply (BS_OP_STD, a, dims, n_dims, keepdim, correction, error);
}

BsTensor *
bs_norm (BsTensor *a, double p, const gint64 *dims, int n_dims, gboolean keepdim,
         GError **error)
{
  if (!(p > 0.0) || isinf (p))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "norm() with p=%g is not supported by Backstep (p must be a positive "
                   "finite number)", p);
      return NULL;
    }
  if (!bs_dtype_is_floating (a->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "linalg.vector_norm: Expected a floating point or complex tensor as input. "
                   "Got %s", bs_dtype_scalar_name (a->dtype));
      return NULL;
    }
  return stats_apply (BS_OP_NORM, a, dims, n_dims, keepdim, p, error);
}

BsTensor *
bs_logsumexp (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  return stats_apply (BS_OP_LOGSUMEXP, a, dims, n_dims, keepdim, 0.0, error);
}

BsTensor *
bs_amax (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  return stats_apply (BS_OP_AMAX, a, dims, n_dims, keepdim, 0.0, error);
}

BsTensor *
bs_amin (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  return stats_apply (BS_OP_AMIN, a, dims, n_dims, keepdim, 0.0, error);
}

static BsTensor *
truth (BsTensor *a, Reduction kind, const gint64 *dims, int n_dims, gboolean keepdim,
       GError **error)
{
  BsOpArgs args;

  if (!stats_args (a, dims, n_dims, keepdim, 0.0, &args, error))
    return NULL;
  /* all() and any() of uint8 are uint8 in PyTorch */
  return reduce (a, kind, &args, a->dtype == BS_DTYPE_UINT8 ? BS_DTYPE_UINT8 : BS_DTYPE_BOOL,
                 error);
}

BsTensor *
bs_all_dims (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  return truth (a, R_ALL, dims, n_dims, keepdim, error);
}

BsTensor *
bs_any_dims (BsTensor *a, const gint64 *dims, int n_dims, gboolean keepdim, GError **error)
{
  return truth (a, R_ANY, dims, n_dims, keepdim, error);
}

/* (spread, mean) of a over dims, one node of two outputs when tracked */
gboolean
bs_spread_mean (BsTensor *a, const gint64 *dims, int n_dims, double correction,
                gboolean keepdim, gboolean is_std, BsTensor **spread, BsTensor **mean,
                GError **error)
{
  BsOpArgs args[2];
  BsTensor *outputs[2];

  if (!bs_dtype_is_floating (a->dtype))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "std and var only support floating point and complex dtypes");
      return FALSE;
    }
  if (!stats_args (a, dims, n_dims, keepdim, correction, &args[0], error))
    return FALSE;
  args[1] = args[0];
  args[1].index = 1;
  if (!bs_op_apply_multi (is_std ? BS_OP_STD_MEAN : BS_OP_VAR_MEAN, &a, 1, &args[0], args, 2,
                          outputs, error))
    return FALSE;
  *spread = outputs[0];
  *mean = outputs[1];
  return TRUE;
}
