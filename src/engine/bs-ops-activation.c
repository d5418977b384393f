/* bs-ops-activation.c: activations that are one op in PyTorch, each with its node
 *
 * GELU (GeluBackward0) in both its forms:
 * approximate='none':  gelu(x) = x·Φ(x) = x/2·(1 + erf(x/√2))
 * approximate='tanh':  gelu(x) = x/2·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
 * Its local derivative is computed from the saved input outside the graph (there is no
 * erf op to write it with), so a second derivative through GELU is refused by name.
 *
 * hardtanh(x) = min(max(x, lo), hi)           ∂/∂x = [lo < x < hi]   (relu6: lo 0, hi 6)
 * hardsigmoid(x) = min(max(x + 3, 0), 6) / 6  ∂/∂x = [-3 < x < 3] / 6
 * hardswish(x) = x · hardsigmoid(x)           ∂/∂x = 0, x/3 + 1/2, 1 for x < -3, ≤ 3, > 3
 * log_sigmoid(x) = min(x, 0) - log1p(exp(-|x|))    ∂/∂x = sigmoid(-x)
 * as PyTorch 1.13's CPU kernels and derivatives.yaml; these backwards are tracked ops.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"
#include "bs-pointwise.h"

#include <math.h>

#define GELU_KAPPA 0.044715

static double
gelu_value (double   x,
            gboolean tanh_form)
{
  if (tanh_form)
    return 0.5 * x * (1.0 + tanh (sqrt (2.0 / G_PI) * (x + GELU_KAPPA * x * x * x)));
  return 0.5 * x * (1.0 + erf (x * G_SQRT2 / 2.0));
}

/* d gelu / dx */
static double
gelu_slope (double   x,
            gboolean tanh_form)
{
  if (tanh_form)
    {
      double c = sqrt (2.0 / G_PI);
      double t = tanh (c * (x + GELU_KAPPA * x * x * x));

      return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * c * (1.0 + 3.0 * GELU_KAPPA * x * x);
    }
  return 0.5 * (1.0 + erf (x * G_SQRT2 / 2.0)) + x * exp (-0.5 * x * x) / sqrt (2.0 * G_PI);
}

/* f applied to every element of a, a new tensor of a's dtype and shape */
static BsTensor *
map_elements (BsTensor  *a,
              gboolean   tanh_form,
              double   (*f) (double, gboolean),
              GError   **error)
{
  g_autoptr(BsTensor) c = bs_tensor_contiguous_copy (a, BS_DTYPE_FLOAT64, error);
  double *v;
  gint64 n;

  if (c == NULL)
    return NULL;
  v = bs_tensor_data (c);
  n = bs_tensor_numel (c);
  for (gint64 i = 0; i < n; i++)
    v[i] = f (v[i], tanh_form);
  return bs_tensor_new_from_doubles (a->context, a->dtype, c->ndim, c->shape, v, error);
}

static BsTensor *
gelu_forward (BsTensor *const *in,
              guint            n,
              const BsOpArgs  *args,
              BsTensor       **extra,
              GError         **error)
{
  if (!bs_dtype_is_floating (in[0]->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"GeluKernelImpl\" not implemented for '%s'",
                   bs_dtype_scalar_name (in[0]->dtype));
      return NULL;
    }
  return map_elements (in[0], args->index != 0, gelu_value, error);
}

static void
gelu_save (BsNode          *node,
           BsTensor *const *in,
           BsTensor        *out,
           BsTensor        *extra)
{
  SAVE (0, in[0]);
}

static gboolean
gelu_backward (BsNode    *node,
               BsTensor  *grad,
               BsTensor **gi,
               BsTensor **locals,
               GError   **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (x, 0);

  if (!NEEDS (0))
    return TRUE;
  if (node->context->grad_enabled
      && (bs_tensor_requires_grad (grad) || bs_tensor_requires_grad (x)))
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "the second derivative of gelu() is not supported by Backstep");
      return FALSE;
    }
  local = map_elements (x, node->args.index != 0, gelu_slope, error);
  if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = g_steal_pointer (&local);
  return TRUE;
}

const BsOpInfo bs_op_gelu = {
  .name = "gelu", .grad_fn_name = "GeluBackward0", .symbol = "gelu", .n_inputs = 1,
  .forward = gelu_forward, .save = gelu_save, .backward = gelu_backward,
  .formulas = { "∂gelu(a)/∂a = Φ(a) + a·φ(a)" },
};

BsTensor *
bs_gelu (BsTensor  *a,
         gboolean   tanh_form,
         GError   **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.index = tanh_form;
  return bs_op_apply (BS_OP_GELU, &a, 1, &args, error);
}

/* --- hardtanh, hardsigmoid, hardswish, log_sigmoid --------------------- */

typedef enum {
  HARD_TANH,
  HARD_SIGMOID,
  HARD_SWISH,
  LOG_SIGMOID,
} HardKind;

typedef struct {
  HardKind kind;
  BsDType  dtype;
  double   lo, hi;
} HardArgs;

static double
hard_value (const HardArgs *h,
            double          x)
{
  switch (h->kind)
    {
    case HARD_TANH:
      return isnan (x) ? x : MIN (MAX (x, h->lo), h->hi);
    case HARD_SIGMOID:
      return MIN (MAX (x + 3.0, 0.0), 6.0) / 6.0;
    case HARD_SWISH:
      return x * MIN (MAX (x + 3.0, 0.0), 6.0) / 6.0;
    default:
      return MIN (x, 0.0) - log1p (exp (-fabs (x)));
    }
}

static void
hard_loop (char **p, const gint64 *s, gint64 n, gpointer user_data)
{
  const HardArgs *h = user_data;
  char *out = p[0];
  const char *a = p[1];

  for (gint64 i = 0; i < n; i++, out += s[0], a += s[1])
    bs_dtype_store (out, h->dtype, hard_value (h, bs_dtype_load (a, h->dtype)));
}

static BsTensor *
hard_forward (HardKind          kind,
              const char       *kernel,
              BsTensor *const  *in,
              const BsOpArgs   *args,
              GError          **error)
{
  HardArgs h = { kind, in[0]->dtype, args->min, args->max };
  BsTensor *out;
  BsIter iter;

  if (kind == HARD_TANH && in[0]->dtype == BS_DTYPE_BOOL)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "Bool inputs not supported for hardtanh");
      return NULL;
    }
  if (kind != HARD_TANH && !bs_dtype_is_floating (in[0]->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s\" not implemented for '%s'", kernel,
                   bs_dtype_scalar_name (in[0]->dtype));
      return NULL;
    }
  out = bs_tensor_new (in[0]->context, in[0]->dtype, in[0]->ndim, in[0]->shape, error);
  if (out == NULL)
    return NULL;
  bs_iter_init (&iter, in[0]->ndim, in[0]->shape);
  bs_iter_add (&iter, out);
  bs_iter_add (&iter, in[0]);
  bs_iter_run (&iter, hard_loop, &h);
  return out;
}

/* [lo < x < hi] as a bool tensor */
static BsTensor *
inside (BsTensor *x, double lo, double hi, GError **error)
{
  g_autoptr(BsTensor) lo_t = bs_scalar_like (x, lo);
  g_autoptr(BsTensor) hi_t = bs_scalar_like (x, hi);
  g_autoptr(BsTensor) above = bs_compare (x, lo_t, BS_COMPARE_GT, error);
  g_autoptr(BsTensor) below = above ? bs_compare (x, hi_t, BS_COMPARE_LT, error) : NULL;

  return below ? bs_logical_and (above, below, error) : NULL;
}

/* grad · local, local the saved input's local derivative */
static gboolean
hard_backward (HardKind    kind,
               BsNode     *node,
               BsTensor   *grad,
               BsTensor  **gi,
               BsTensor  **locals,
               GError    **error)
{
  GError *local_error = NULL;
  g_autoptr(BsTensor) local = NULL;
  UNPACK (x, 0);

  if (!NEEDS (0))
    return TRUE;
  if (kind == HARD_TANH || kind == HARD_SIGMOID)
    {
      g_autoptr(BsTensor) mask = kind == HARD_TANH
        ? inside (x, node->args.min, node->args.max, error) : inside (x, -3.0, 3.0, error);

      local = mask ? bs_cast_raw (mask, grad->dtype, error) : NULL;
      if (local != NULL && kind == HARD_SIGMOID)
        {
          BsTensor *scaled = bs_mul_scalar (local, 1.0 / 6.0, error);

          bs_tensor_unref (local);
          local = scaled;
        }
    }
  else if (kind == HARD_SWISH)
    {
      g_autoptr(BsTensor) third = bs_mul_scalar (x, 1.0 / 3.0, error);
      g_autoptr(BsTensor) half = bs_scalar_like (x, 0.5);
      g_autoptr(BsTensor) middle = third ? bs_add (third, half, 1.0, error) : NULL;
      g_autoptr(BsTensor) three = bs_scalar_like (x, 3.0);
      g_autoptr(BsTensor) low = bs_scalar_like (x, -3.0);
      g_autoptr(BsTensor) one = bs_scalar_like (x, 1.0);
      g_autoptr(BsTensor) zero = bs_scalar_like (x, 0.0);
      g_autoptr(BsTensor) up_to = middle ? bs_compare (x, three, BS_COMPARE_LE, error) : NULL;
      g_autoptr(BsTensor) upper = up_to ? bs_where (up_to, middle, one, error) : NULL;
      g_autoptr(BsTensor) below = upper ? bs_compare (x, low, BS_COMPARE_LT, error) : NULL;

      local = below ? bs_where (below, zero, upper, error) : NULL;
    }
  else
    {
      g_autoptr(BsTensor) minus = bs_neg (x, error);

      local = minus ? bs_sigmoid (minus, error) : NULL;
    }
  if (local == NULL || (gi[0] = bs_mul (grad, local, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = g_steal_pointer (&local);
  return TRUE;
}

#define HARD_OP(fname, KIND, kernel, Name, formula) \
  static BsTensor * \
  fname##_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra, \
                   GError **error) \
  { \
    return hard_forward (KIND, kernel, in, args, error); \
  } \
  static gboolean \
  fname##_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, \
                    GError **error) \
  { \
    return hard_backward (KIND, node, grad, gi, locals, error); \
  } \
  const BsOpInfo bs_op_##fname = { \
    .name = #fname, .grad_fn_name = Name, .symbol = #fname, .n_inputs = 1, \
    .forward = fname##_forward, .save = gelu_save, .backward = fname##_backward, \
    .formulas = { formula }, \
  };

HARD_OP (hardtanh, HARD_TANH, "hardtanh", "HardtanhBackward0",
         "∂hardtanh(a)/∂a = [min < a < max]")
HARD_OP (hardsigmoid, HARD_SIGMOID, "hardsigmoid_cpu", "HardsigmoidBackward0",
         "∂hardsigmoid(a)/∂a = [-3 < a < 3]/6")
HARD_OP (hardswish, HARD_SWISH, "hardswish_cpu", "HardswishBackward0",
         "∂hardswish(a)/∂a = 0, a/3 + 1/2, 1 (a < -3, ≤ 3, > 3)")
HARD_OP (log_sigmoid, LOG_SIGMOID, "log_sigmoid_cpu", "LogSigmoidBackward0",
         "∂log σ(a)/∂a = σ(-a)")

/* op applied to a, or in place into it; hardtanh's bounds lo and hi */
BsTensor *
bs_activation (BsOp       op,
               BsTensor  *a,
               double     lo,
               double     hi,
               gboolean   inplace,
               GError   **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.min = lo;
  args.max = hi;
  return inplace ? bs_op_apply_inplace (op, &a, 1, &args, error)
                 : bs_op_apply (op, &a, 1, &args, error);
}
