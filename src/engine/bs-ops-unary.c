/* bs-ops-unary.c: elementwise ops of one input, forward and backward side by side
 *
 * neg, reciprocal, exp, log, sqrt, abs, sin, cos, tanh, sigmoid, relu, clamp and round,
 * sign and logical_not, their public functions and their in-place forms.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-pointwise.h"

#include <math.h>
#include <string.h>

/* --- unary ------------------------------------------------------------- */

#define UNARY_FORWARD(fname, kind, to_float) \
  static BsTensor * \
  fname##_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, \
                   GError **error) \
  { \
    return bs_pointwise_unary (in[0], kind, to_float, error); \
  }

static void
save_input (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE (0, in[0]);
}

static void
save_output (BsNode *node, BsTensor *const *in, BsTensor *out, BsTensor *extra)
{
  SAVE_OUTPUT (0, out);
}

gboolean
bs_unary_local_backward (BsNode       *node,
                         BsTensor     *grad,
                         BsTensor    **gi,
                         BsTensor    **locals,
                         BsLocalFunc   local_of,
                         GError      **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (saved, 0);

  if (!NEEDS (0))
    return TRUE;
  local = local_of (saved, error);
  if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = g_steal_pointer (&local);
  return TRUE;
}

#define UNARY_OP(fname, Name, kind, to_float, saver, formula) \
  UNARY_FORWARD (fname, kind, to_float) \
  static gboolean \
  fname##_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, \
                    GError **error) \
  { \
    return bs_unary_local_backward (node, grad, gi, locals, fname##_local, error); \
  } \
  const BsOpInfo bs_op_##fname = { \
    .name = #fname, .grad_fn_name = Name, .symbol = #fname, .n_inputs = 1, \
    .forward = fname##_forward, .save = saver, .backward = fname##_backward, \
    .formulas = { formula }, \
  };

static BsTensor *
neg_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, GError **error)
{
  if (in[0]->dtype == BS_DTYPE_BOOL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Negation, the `-` operator, on a bool tensor is not supported. "
                           "If you are trying to invert a mask, use the `~` or "
                           "`logical_not()` operator instead.");
      return NULL;
    }
  return bs_pointwise_unary (in[0], K_NEG, FALSE, error);
}

static gboolean
neg_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_neg (grad, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_scalar_like (grad, -1.0);
  return TRUE;
}

const BsOpInfo bs_op_neg = {
  .name = "neg", .grad_fn_name = "NegBackward0", .symbol = "-", .n_inputs = 1,
  .forward = neg_forward, .backward = neg_backward,
  .formulas = { "∂(-a)/∂a = -1" },
};

static BsTensor *
reciprocal_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (result, result, error);

  return sq ? bs_neg (sq, error) : NULL;
}
UNARY_OP (reciprocal, "ReciprocalBackward0", K_RECIPROCAL, TRUE, save_output,
          "∂(1/a)/∂a = -1/a²")

static BsTensor *
exp_local (BsTensor *result, GError **error)
{
  return bs_tensor_ref (result);
}
UNARY_OP (exp, "ExpBackward0", K_EXP, TRUE, save_output, "∂eᵃ/∂a = eᵃ")

static BsTensor *
log_local (BsTensor *a, GError **error)
{
  return bs_reciprocal (a, error);
}
UNARY_OP (log, "LogBackward0", K_LOG, TRUE, save_input, "∂ln a/∂a = 1/a")

static BsTensor *
sqrt_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) twice = bs_mul_scalar (result, 2.0, error);

  return twice ? bs_reciprocal (twice, error) : NULL;
}
UNARY_OP (sqrt, "SqrtBackward0", K_SQRT, TRUE, save_output, "∂√a/∂a = 1/(2√a)")

static BsTensor *
abs_local (BsTensor *a, GError **error)
{
  return bs_sign (a, error);
}
UNARY_OP (abs, "AbsBackward0", K_ABS, FALSE, save_input, "∂|a|/∂a = sign(a)")

static BsTensor *
sin_local (BsTensor *a, GError **error)
{
  return bs_cos (a, error);
}
UNARY_OP (sin, "SinBackward0", K_SIN, TRUE, save_input, "∂sin a/∂a = cos a")

static BsTensor *
cos_local (BsTensor *a, GError **error)
{
  g_autoptr(BsTensor) s = bs_sin (a, error);

  return s ? bs_neg (s, error) : NULL;
}
UNARY_OP (cos, "CosBackward0", K_COS, TRUE, save_input, "∂cos a/∂a = -sin a")

static BsTensor *
tanh_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) sq = bs_mul (result, result, error);

  return sq ? bs_rsub_scalar (sq, 1.0, 1.0, error) : NULL;
}
UNARY_OP (tanh, "TanhBackward0", K_TANH, TRUE, save_output, "∂tanh a/∂a = 1 - tanh²a")

static BsTensor *
sigmoid_local (BsTensor *result, GError **error)
{
  g_autoptr(BsTensor) rest = bs_rsub_scalar (result, 1.0, 1.0, error);

  return rest ? bs_mul (result, rest, error) : NULL;
}
UNARY_OP (sigmoid, "SigmoidBackward0", K_SIGMOID, TRUE, save_output,
          "∂σ(a)/∂a = σ(a)(1-σ(a))")

static BsTensor *
relu_local (BsTensor *result, GError **error)
{
  return bs_pointwise_unary (result, K_POSITIVE, FALSE, error);
}
UNARY_OP (relu, "ReluBackward0", K_RELU, FALSE, save_output, "∂relu(a)/∂a = [a > 0]")

static BsTensor *
clamp_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
               GError **error)
{
  BsKernelArgs k = { .kind = K_CLAMP, .dtype = in[0]->dtype, .out_dtype = in[0]->dtype,
                   .min = args->min, .max = args->max,
                   .has_min = args->has_min, .has_max = args->has_max,
                   .min_int = args->min_int, .max_int = args->max_int };

  if (!args->has_min && !args->has_max)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "torch.clamp: At least one of 'min' or 'max' must not be None");
      return NULL;
    }
  /* A float bound on an integer tensor promotes, as in PyTorch. */
  if (!bs_dtype_is_floating (in[0]->dtype)
      && ((args->has_min && args->min != floor (args->min))
          || (args->has_max && args->max != floor (args->max))))
    {
      g_autoptr(BsTensor) f = bs_cast_raw (in[0], BS_DTYPE_FLOAT32, error);

      k.dtype = k.out_dtype = BS_DTYPE_FLOAT32;
      return f ? bs_pointwise_run_unary (f, &k, error) : NULL;
    }
  return bs_pointwise_run_unary (in[0], &k, error);
}

static gboolean
clamp_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) inside = NULL;
  UNPACK (a, 0);

  if (!NEEDS (0))
    return TRUE;
  inside = bs_tensor_new_full (a->context, BS_DTYPE_BOOL, a->ndim, a->shape, 1.0, error);
  for (int side = 0; side < 2 && inside != NULL; side++)
    {
      gboolean has = side == 0 ? node->args.has_min : node->args.has_max;
      g_autoptr(BsTensor) bound = NULL;
      g_autoptr(BsTensor) ok = NULL;

      if (!has)
        continue;
      bound = bs_scalar_like (a, side == 0 ? node->args.min : node->args.max);
      ok = bs_compare (a, bound, side == 0 ? BS_COMPARE_GE : BS_COMPARE_LE, error);
      if (ok == NULL)
        return FALSE;
      {
        BsTensor *both = bs_mul (inside, ok, error);

        bs_tensor_unref (inside);
        inside = both;
      }
    }
  if (inside == NULL || (gi[0] = bs_mask_grad (grad, inside, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_cast_raw (inside, grad->dtype, NULL);
  return TRUE;
}

const BsOpInfo bs_op_clamp = {
  .name = "clamp", .grad_fn_name = "ClampBackward1", .symbol = "clamp", .n_inputs = 1,
  .forward = clamp_forward, .save = save_input, .backward = clamp_backward,
  .formulas = { "∂clamp(a)/∂a = [min ≤ a ≤ max]" },
};

/* clamp_min(a, min), clamp_max(a, max): clamp under their own node names */
const BsOpInfo bs_op_clamp_min = {
  .name = "clamp_min", .grad_fn_name = "ClampMinBackward0", .symbol = "clamp_min",
  .n_inputs = 1, .forward = clamp_forward, .save = save_input, .backward = clamp_backward,
  .formulas = { "∂clamp_min(a)/∂a = [a ≥ min]" },
};

const BsOpInfo bs_op_clamp_max = {
  .name = "clamp_max", .grad_fn_name = "ClampMaxBackward0", .symbol = "clamp_max",
  .n_inputs = 1, .forward = clamp_forward, .save = save_input, .backward = clamp_backward,
  .formulas = { "∂clamp_max(a)/∂a = [a ≤ max]" },
};

UNARY_FORWARD (round, K_ROUND, FALSE)

const BsOpInfo bs_op_round = {
  .name = "round", .grad_fn_name = "RoundBackward0", .symbol = "round", .n_inputs = 1,
  .forward = round_forward, .backward = bs_zero_grad_backward,
  .formulas = { "∂round(a)/∂a = 0" },
};

/* --- the public functions ---------------------------------------------- */

#define DEFINE_UNARY(fname, OP) \
  BsTensor * \
  bs_##fname (BsTensor *a, GError **error) \
  { \
    return bs_pointwise_apply1 (OP, a, NULL, error); \
  }

DEFINE_UNARY (neg, BS_OP_NEG)
DEFINE_UNARY (reciprocal, BS_OP_RECIPROCAL)
DEFINE_UNARY (exp, BS_OP_EXP)
DEFINE_UNARY (log, BS_OP_LOG)
DEFINE_UNARY (sqrt, BS_OP_SQRT)
DEFINE_UNARY (abs, BS_OP_ABS)
DEFINE_UNARY (sin, BS_OP_SIN)
DEFINE_UNARY (cos, BS_OP_COS)
DEFINE_UNARY (tanh, BS_OP_TANH)
DEFINE_UNARY (sigmoid, BS_OP_SIGMOID)
DEFINE_UNARY (relu, BS_OP_RELU)
DEFINE_UNARY (round, BS_OP_ROUND)
DEFINE_UNARY (clone, BS_OP_CLONE)

BsTensor *
bs_sign (BsTensor *a, GError **error)
{
  return bs_pointwise_unary (a, K_SIGN, FALSE, error);
}

BsTensor *
bs_logical_not (BsTensor *a, GError **error)
{
  BsKernelArgs k = { .kind = K_NOT, .dtype = a->dtype, .out_dtype = BS_DTYPE_BOOL };

  return bs_pointwise_run_unary (a, &k, error);
}

static BsOpArgs
clamp_args (gboolean has_min, double min, gboolean has_max, double max)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.has_min = has_min;
  args.min = min;
  args.min_int = bs_double_to_int (min, BS_DTYPE_INT64);
  args.has_max = has_max;
  args.max = max;
  args.max_int = bs_double_to_int (max, BS_DTYPE_INT64);
  return args;
}

/* The bounds exactly, for an integral tensor (past 2**53 a double rounds) */
static BsOpArgs
clamp_int_args (gboolean has_min, gint64 min, gboolean has_max, gint64 max)
{
  BsOpArgs args = clamp_args (has_min, (double) min, has_max, (double) max);

  args.min_int = min;
  args.max_int = max;
  return args;
}

BsTensor *
bs_clamp_int (BsTensor *a, gboolean has_min, gint64 min, gboolean has_max, gint64 max,
              GError **error)
{
  BsOpArgs args = clamp_int_args (has_min, min, has_max, max);

  return bs_pointwise_apply1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_clamp (BsTensor *a, gboolean has_min, double min, gboolean has_max, double max,
          GError **error)
{
  BsOpArgs args = clamp_args (has_min, min, has_max, max);

  return bs_pointwise_apply1 (BS_OP_CLAMP, a, &args, error);
}

/* --- in place ---------------------------------------------------------- */

BsTensor *
bs_clamp_ (BsTensor *a, gboolean has_min, double min, gboolean has_max, double max,
           GError **error)
{
  BsOpArgs args = clamp_args (has_min, min, has_max, max);

  return bs_pointwise_inplace1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_clamp_int_ (BsTensor *a, gboolean has_min, gint64 min, gboolean has_max, gint64 max,
               GError **error)
{
  BsOpArgs args = clamp_int_args (has_min, min, has_max, max);

  return bs_pointwise_inplace1 (BS_OP_CLAMP, a, &args, error);
}

BsTensor *
bs_clamp_bound (BsOp op, BsTensor *a, double bound, gint64 bound_int, gboolean inplace,
                GError **error)
{
  gboolean is_min = op == BS_OP_CLAMP_MIN;
  BsOpArgs args = clamp_int_args (is_min, bound_int, !is_min, bound_int);

  g_return_val_if_fail (op == BS_OP_CLAMP_MIN || op == BS_OP_CLAMP_MAX, NULL);
  args.min = args.max = bound;
  return inplace ? bs_pointwise_inplace1 (op, a, &args, error)
                 : bs_pointwise_apply1 (op, a, &args, error);
}

BsTensor *
bs_relu_ (BsTensor *a, GError **error)
{
  return bs_pointwise_inplace1 (BS_OP_RELU, a, NULL, error);
}
