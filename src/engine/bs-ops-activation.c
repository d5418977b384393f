/* bs-ops-activation.c: GELU, as PyTorch's one op (GeluBackward0) in both its forms
 *
 * approximate='none':  gelu(x) = x·Φ(x) = x/2·(1 + erf(x/√2))
 * approximate='tanh':  gelu(x) = x/2·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
 *
 * The local derivative is computed from the saved input outside the graph (there is no
 * erf op to write it with), so a second derivative through GELU is refused by name.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"

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
