/* bs-ops-random.c: sampling in place (uniform_, normal_)
 *
 * The numbers are those of PyTorch's CPU kernels after the same seed: the
 * generator (bs-generator.c) reproduces its draws. These ops run through the
 * in-place machinery, so a tensor on a graph gets UniformBackward0 or
 * NormalBackward0, whose gradient is zero, as in PyTorch.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"
#include "bs-generator.h"

static BsGenerator *
generator_of (BsContext      *context,
              const BsOpArgs *args)
{
  return args->generator != NULL ? args->generator : context->generator;
}

/* PyTorch fills a non-contiguous tensor in memory order, which Backstep does not
 * reproduce: refused rather than giving other numbers. */
static gboolean
check_fillable (BsTensor    *self,
                const char  *kernel,
                const char  *op_name,
                GError     **error)
{
  if (!bs_dtype_is_floating (self->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "\"%s\" not implemented for '%s'", kernel, bs_dtype_scalar_name (self->dtype));
      return FALSE;
    }
  if (!bs_tensor_is_contiguous (self))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                   "%s() of a non-contiguous tensor is not supported by Backstep", op_name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
zero_backward (BsNode *node, BsTensor *grad, BsTensor **gi, BsTensor **locals, GError **error)
{
  if (NEEDS (0) && (gi[0] = bs_zeros_like (grad, error)) == NULL)
    return FALSE;
  if (WANTS_LOCALS ())
    locals[0] = bs_tensor_new_wrapped_number (grad->context, 0.0, FALSE);
  return TRUE;
}

/* --- uniform_, normal_ -------------------------------------------------- */

static BsTensor *
uniform_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                 GError **error)
{
  BsTensor *self = in[0];
  g_autoptr(BsTensor) out = NULL;

  if (!check_fillable (self, "check_uniform_bounds", "uniform_", error))
    return NULL;
  if (args->min > args->max)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "uniform_ expects to return a [from, to) range, but found from=%g > to=%g",
                   args->min, args->max);
      return NULL;
    }
  out = bs_tensor_new_uninit (self->context, self->dtype, self->ndim, self->shape, error);
  if (out == NULL)
    return NULL;
  bs_generator_fill_uniform (generator_of (self->context, args), out->dtype,
                             bs_tensor_data (out), bs_tensor_numel (out), args->min, args->max);
  return g_steal_pointer (&out);
}

const BsOpInfo bs_op_uniform = {
  .name = "uniform_", .grad_fn_name = "UniformBackward0", .symbol = "uniform", .n_inputs = 1,
  .forward = uniform_forward, .backward = zero_backward,
  .formulas = { "∂uniform_(a)/∂a = 0 (the values do not depend on a)" },
};

static BsTensor *
normal_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                GError **error)
{
  BsTensor *self = in[0];
  g_autoptr(BsTensor) out = NULL;

  if (!check_fillable (self, "normal_kernel_cpu", "normal_", error))
    return NULL;
  if (args->max < 0.0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "normal expects std >= 0.0, but found std %g", args->max);
      return NULL;
    }
  out = bs_tensor_new_uninit (self->context, self->dtype, self->ndim, self->shape, error);
  if (out == NULL)
    return NULL;
  bs_generator_fill_normal (generator_of (self->context, args), out->dtype,
                            bs_tensor_data (out), bs_tensor_numel (out), args->min, args->max);
  return g_steal_pointer (&out);
}

const BsOpInfo bs_op_normal = {
  .name = "normal_", .grad_fn_name = "NormalBackward0", .symbol = "normal", .n_inputs = 1,
  .forward = normal_forward, .backward = zero_backward,
  .formulas = { "∂normal_(a)/∂a = 0 (the values do not depend on a)" },
};

static BsTensor *
fill_random_ (BsOp          op,
              BsTensor     *self,
              double        a,
              double        b,
              BsGenerator  *generator,
              GError      **error)
{
  BsOpArgs args;

  bs_op_args_init (&args);
  args.min = a;
  args.max = b;
  args.generator = generator;
  return bs_op_apply_inplace (op, &self, 1, &args, error);
}

BsTensor *
bs_uniform_ (BsTensor     *self,
             double        from,
             double        to,
             BsGenerator  *generator,
             GError      **error)
{
  return fill_random_ (BS_OP_UNIFORM, self, from, to, generator, error);
}

BsTensor *
bs_normal_ (BsTensor     *self,
            double        mean,
            double        std,
            BsGenerator  *generator,
            GError      **error)
{
  return fill_random_ (BS_OP_NORMAL, self, mean, std, generator, error);
}
