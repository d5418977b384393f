/* bs-ops-random.c: sampling (rand, randn, randint, randperm, multinomial,
 * bernoulli, normal) and sampling in place (uniform_, normal_, bernoulli_,
 * exponential_, geometric_)
 *
 * The numbers are those of PyTorch's CPU kernels after the same seed: the
 * generator (bs-generator.c) reproduces its draws, and each function here
 * draws what PyTorch's kernel draws, in the same order:
 *   exponential_(λ)   per element one double uniform u: -1/λ · log(1 - u)
 *   geometric_(p)     per element one double uniform u: ⌈log u / log(1 - p)⌉
 *   bernoulli_(p)     per element one double uniform u: u < p
 *   bernoulli(P)      per element of P: a float uniform u < P[i] (a double one
 *                     for a float64 P)
 *   randperm(n)       0..n-1, then for i < n-1 swap element i with element
 *                     i + r % (n - i), r one 32-bit draw
 *   multinomial       without replacement: q = P / E with E
 *                     exponential_(1) drawn over P's elements, then the index
 *                     of the largest q (argmax, or topk for several samples);
 *                     with replacement: per row the cumulative sums of P in its
 *                     dtype, normalised, then per sample one double uniform and
 *                     a binary search for the first bucket >= it.
 * The in-place ops run through the in-place machinery, so a tensor on a graph
 * gets PyTorch's node (UniformBackward0...), whose gradient is zero.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-op-private.h"
#include "bs-generator.h"

#include <math.h>
#include <string.h>

static BsGenerator *
generator_of (BsContext      *context,
              const BsOpArgs *args)
{
  return args->generator != NULL ? args->generator : context->generator;
}

/* PyTorch fills a non-contiguous tensor in memory order, which Backstep does not
 * reproduce: refused rather than giving other numbers. kernel NULL: any dtype. */
static gboolean
check_fillable (BsTensor    *self,
                const char  *kernel,
                const char  *op_name,
                GError     **error)
{
  if (kernel != NULL && !bs_dtype_is_floating (self->dtype))
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
  if (!bs_generator_check_normal (self->dtype, bs_tensor_numel (self), error))
    return NULL;
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

/* --- bernoulli_, exponential_, geometric_ ------------------------------ */

typedef double (*Sampler) (BsGenerator *generator, double param);

static double
sample_bernoulli (BsGenerator *generator, double p)
{
  return bs_generator_uniform_double (generator) < p;
}

static double
sample_exponential (BsGenerator *generator, double lambda)
{
  return -1.0 / lambda * log (1.0 - bs_generator_uniform_double (generator));
}

static double
sample_geometric (BsGenerator *generator, double p)
{
  return ceil (log (bs_generator_uniform_double (generator)) / log1p (-p));
}

/* A tensor like self, each element one draw of sampler (in row-major order). */
static BsTensor *
sampled_like (BsTensor        *self,
              const BsOpArgs  *args,
              Sampler          sampler,
              GError         **error)
{
  BsGenerator *generator = generator_of (self->context, args);
  g_autoptr(BsTensor) out = bs_tensor_new_uninit (self->context, self->dtype, self->ndim,
                                                  self->shape, error);
  gint64 n = bs_tensor_numel (self);
  gsize size = bs_dtype_size (self->dtype);
  char *data;

  if (out == NULL)
    return NULL;
  data = bs_tensor_data (out);
  for (gint64 i = 0; i < n; i++)
    bs_dtype_store (data + i * size, self->dtype, sampler (generator, args->min));
  return g_steal_pointer (&out);
}

static BsTensor *
bernoulli_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                   GError **error)
{
  if (!check_fillable (in[0], NULL, "bernoulli_", error))
    return NULL;
  if (!(args->min >= 0.0 && args->min <= 1.0))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "bernoulli_ expects p to be in [0, 1], but got p=%g", args->min);
      return NULL;
    }
  return sampled_like (in[0], args, sample_bernoulli, error);
}

const BsOpInfo bs_op_bernoulli = {
  .name = "bernoulli_", .grad_fn_name = "BernoulliBackward1", .symbol = "bernoulli",
  .n_inputs = 1, .forward = bernoulli_forward, .backward = zero_backward,
  .formulas = { "∂bernoulli_(a)/∂a = 0 (the values do not depend on a)" },
};

static BsTensor *
exponential_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                     GError **error)
{
  if (!check_fillable (in[0], "exponential_cpu", "exponential_", error))
    return NULL;
  if (!(args->min >= 0.0))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "exponential_ expects lambda >= 0.0, but found lambda=%g", args->min);
      return NULL;
    }
  return sampled_like (in[0], args, sample_exponential, error);
}

const BsOpInfo bs_op_exponential = {
  .name = "exponential_", .grad_fn_name = "ExponentialBackward0", .symbol = "exponential",
  .n_inputs = 1, .forward = exponential_forward, .backward = zero_backward,
  .formulas = { "∂exponential_(a)/∂a = 0 (the values do not depend on a)" },
};

static BsTensor *
geometric_forward (BsTensor *const *in, guint n, const BsOpArgs *args, BsTensor **extra,
                   GError **error)
{
  if (!check_fillable (in[0], NULL, "geometric_", error))
    return NULL;
  if (!(args->min > 0.0 && args->min < 1.0))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "geometric_ expects p to be in (0, 1), but got p=%g", args->min);
      return NULL;
    }
  return sampled_like (in[0], args, sample_geometric, error);
}

const BsOpInfo bs_op_geometric = {
  .name = "geometric_", .grad_fn_name = "GeometricBackward0", .symbol = "geometric",
  .n_inputs = 1, .forward = geometric_forward, .backward = zero_backward,
  .formulas = { "∂geometric_(a)/∂a = 0 (the values do not depend on a)" },
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

BsTensor *
bs_bernoulli_ (BsTensor     *self,
               double        p,
               BsGenerator  *generator,
               GError      **error)
{
  return fill_random_ (BS_OP_BERNOULLI, self, p, 0.0, generator, error);
}

BsTensor *
bs_exponential_ (BsTensor     *self,
                 double        lambda,
                 BsGenerator  *generator,
                 GError      **error)
{
  return fill_random_ (BS_OP_EXPONENTIAL, self, lambda, 0.0, generator, error);
}

BsTensor *
bs_geometric_ (BsTensor     *self,
               double        p,
               BsGenerator  *generator,
               GError      **error)
{
  return fill_random_ (BS_OP_GEOMETRIC, self, p, 0.0, generator, error);
}

/* --- factories ---------------------------------------------------------- */

static BsGenerator *
generator_or_default (BsContext   *context,
                      BsGenerator *generator)
{
  return generator != NULL ? generator : context->generator;
}

static gboolean
check_floating (BsDType      dtype,
                const char  *kernel,
                GError     **error)
{
  if (bs_dtype_is_floating (dtype))
    return TRUE;
  g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
               "\"%s\" not implemented for '%s'", kernel, bs_dtype_scalar_name (dtype));
  return FALSE;
}

/* torch.rand / torch.randn: uniform on [0, 1) or standard normal */
static BsTensor *
sampled_factory (BsContext     *context,
                 BsDType        dtype,
                 int            ndim,
                 const gint64  *shape,
                 BsGenerator   *generator,
                 gboolean       normal,
                 GError       **error)
{
  BsTensor *t;

  if (!check_floating (dtype, normal ? "normal_kernel_cpu" : "check_uniform_bounds", error))
    return NULL;
  t = bs_tensor_new_uninit (context, dtype, ndim, shape, error);
  if (t == NULL)
    return NULL;
  if (normal && !bs_generator_check_normal (dtype, bs_tensor_numel (t), error))
    {
      bs_tensor_unref (t);
      return NULL;
    }
  generator = generator_or_default (context, generator);
  if (normal)
    bs_generator_fill_normal (generator, dtype, bs_tensor_data (t), bs_tensor_numel (t),
                              0.0, 1.0);
  else
    bs_generator_fill_uniform (generator, dtype, bs_tensor_data (t), bs_tensor_numel (t),
                               0.0, 1.0);
  return t;
}

BsTensor *
bs_rand (BsContext     *context,
         BsDType        dtype,
         int            ndim,
         const gint64  *shape,
         BsGenerator   *generator,
         GError       **error)
{
  return sampled_factory (context, dtype, ndim, shape, generator, FALSE, error);
}

BsTensor *
bs_randn (BsContext     *context,
          BsDType        dtype,
          int            ndim,
          const gint64  *shape,
          BsGenerator   *generator,
          GError       **error)
{
  return sampled_factory (context, dtype, ndim, shape, generator, TRUE, error);
}

BsTensor *
bs_randint (BsContext     *context,
            gint64         low,
            gint64         high,
            BsDType        dtype,
            int            ndim,
            const gint64  *shape,
            BsGenerator   *generator,
            GError       **error)
{
  g_autoptr(BsTensor) t = bs_tensor_new (context, dtype, ndim, shape, error);

  if (t == NULL)
    return NULL;
  if (!bs_generator_fill_randint (generator_or_default (context, generator), dtype,
                                  bs_tensor_data (t), bs_tensor_numel (t), low, high))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "random_ expects 'from' to be less than 'to', but got from=%" G_GINT64_FORMAT
                   " >= to=%" G_GINT64_FORMAT, low, high);
      return NULL;
    }
  return g_steal_pointer (&t);
}

BsTensor *
bs_randperm (BsContext     *context,
             gint64         n,
             BsDType        dtype,
             BsGenerator   *generator,
             GError       **error)
{
  g_autoptr(BsTensor) t = NULL;
  g_autofree gint64 *perm = NULL;

  if (n < 0)
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "Trying to create tensor with negative dimension %" G_GINT64_FORMAT ": [%"
                   G_GINT64_FORMAT "]", n, n);
      return NULL;
    }
  t = bs_tensor_new_uninit (context, dtype, 1, &n, error);
  if (t == NULL)
    return NULL;
  generator = generator_or_default (context, generator);
  perm = g_new (gint64, MAX (n, 1));
  for (gint64 i = 0; i < n; i++)
    perm[i] = i;
  for (gint64 i = 0; i + 1 < n; i++)
    {
      gint64 z = (gint64) (bs_generator_random (generator) % (guint64) (n - i));
      gint64 swap = perm[i];

      perm[i] = perm[z + i];
      perm[z + i] = swap;
    }
  for (gint64 i = 0; i < n; i++)
    bs_tensor_set (t, i, (double) perm[i]);
  return g_steal_pointer (&t);
}

/* --- bernoulli(P), normal(mean, std) ------------------------------------- */

BsTensor *
bs_bernoulli (BsTensor     *p,
              BsGenerator  *generator,
              GError      **error)
{
  g_autoptr(BsTensor) probs = NULL;
  g_autoptr(BsTensor) out = NULL;
  gint64 n = bs_tensor_numel (p);

  if (!check_floating (p->dtype, "bernoulli_tensor_cpu_p_", error))
    return NULL;
  probs = bs_tensor_contiguous_copy (p, BS_DTYPE_FLOAT64, error);
  out = probs ? bs_tensor_new_uninit (p->context, p->dtype, p->ndim, p->shape, error) : NULL;
  if (out == NULL)
    return NULL;
  generator = generator_or_default (p->context, generator);
  for (gint64 i = 0; i < n; i++)
    {
      double pi = ((const double *) bs_tensor_data (probs))[i];
      double u;

      if (!(pi >= 0.0 && pi <= 1.0))
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  "
                               "(Could this error message be improved?  If so, please report "
                               "an enhancement request to PyTorch.)");
          return NULL;
        }
      u = p->dtype == BS_DTYPE_FLOAT64 ? bs_generator_uniform_double (generator)
                                       : bs_generator_uniform_float (generator);
      bs_tensor_set (out, i, u < (p->dtype == BS_DTYPE_FLOAT64 ? pi : (float) pi));
    }
  return g_steal_pointer (&out);
}

/* torch.normal(mean, std) with a tensor for either (the other may be a
 * wrapped number): standard normal values in the broadcast shape, then
 * · std + mean, each a rounding of the result's dtype, as PyTorch. */
BsTensor *
bs_normal (BsTensor     *mean,
           BsTensor     *std,
           BsGenerator  *generator,
           GError      **error)
{
  BsTensor *pair[2] = { mean, std };
  BsDType dtype = bs_result_type (pair, 2);
  gint64 shape[BS_MAX_DIMS];
  int ndim;
  g_autoptr(BsTensor) z = NULL;
  g_autoptr(BsTensor) scaled = NULL;
  BsContext *context = mean->context;

  if ((bs_tensor_requires_grad (mean) || bs_tensor_requires_grad (std)) && context->grad_enabled)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "torch.normal() of tensors that require grad is not supported by "
                           "Backstep (its NormalBackward nodes are missing)");
      return NULL;
    }
  if (!check_floating (dtype, "normal_kernel_cpu", error)
      || !bs_broadcast_shapes (mean->ndim, mean->shape, std->ndim, std->shape, &ndim, shape,
                               error))
    return NULL;
  for (gint64 i = 0; i < bs_tensor_numel (std); i++)
    if (!(bs_tensor_get (std, i) >= 0.0))
      {
        if (std->is_wrapped_number)
          g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                       "normal expects std >= 0.0, but found std %g", bs_tensor_get (std, i));
        else
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "normal expects all elements of std >= 0.0");
        return NULL;
      }
  if (std->is_wrapped_number)
    {
      /* normal_(0, std) + mean */
      z = bs_tensor_new_uninit (context, dtype, ndim, shape, error);
      if (z == NULL || !bs_generator_check_normal (dtype, bs_tensor_numel (z), error))
        return NULL;
      bs_generator_fill_normal (generator_or_default (context, generator), dtype,
                                bs_tensor_data (z), bs_tensor_numel (z), 0.0,
                                bs_tensor_item (std));
      return bs_add (z, mean, 1.0, error);
    }
  z = bs_randn (context, dtype, ndim, shape, generator, error);
  scaled = z ? bs_mul (z, std, error) : NULL;
  return scaled ? bs_add (scaled, mean, 1.0, error) : NULL;
}

/* --- multinomial --------------------------------------------------------- */

/* rows x k samples with replacement: cumulative sums in the probabilities'
 * dtype, then a binary search per double uniform draw. */
static gboolean
multinomial_with_replacement (BsTensor     *probs,
                              gint64        rows,
                              gint64        k,
                              BsGenerator  *generator,
                              gint64       *out,
                              GError      **error)
{
  gint64 n = probs->shape[probs->ndim - 1];
  gboolean is_float = probs->dtype == BS_DTYPE_FLOAT32;
  g_autofree double *cum = g_new (double, MAX (n, 1));

  for (gint64 r = 0; r < rows; r++)
    {
      double sum = 0.0;

      for (gint64 j = 0; j < n; j++)
        {
          double v = bs_tensor_get (probs, r * n + j);

          if (!(v >= 0.0))
            {
              g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                                   "invalid multinomial distribution (encountering probability "
                                   "entry < 0)");
              return FALSE;
            }
          if (!isfinite (v))
            {
              g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                                   "invalid multinomial distribution (encountering probability "
                                   "entry = infinity or NaN)");
              return FALSE;
            }
          sum = is_float ? (double) ((float) sum + (float) v) : sum + v;
          cum[j] = sum;
        }
      if (!(sum > 0.0))
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "invalid multinomial distribution (sum of probabilities <= 0)");
          return FALSE;
        }
      for (gint64 j = 0; j < n; j++)
        cum[j] = is_float ? (double) ((float) cum[j] / (float) sum) : cum[j] / sum;
      cum[n - 1] = 1.0;
      for (gint64 s = 0; s < k; s++)
        {
          double u = bs_generator_uniform_double (generator);
          gint64 left = 0, right = n;

          while (right > left)
            {
              gint64 mid = left + (right - left) / 2;

              if (cum[mid] < u)
                left = mid + 1;
              else
                right = mid;
            }
          out[r * k + s] = left;
        }
    }
  return TRUE;
}

/* Without replacement: the k largest of P / E, E ~ Exp(1). */
static gboolean
multinomial_by_exponential (BsTensor     *probs,
                            gint64        rows,
                            gint64        k,
                            BsGenerator  *generator,
                            gint64       *out,
                            GError      **error)
{
  gint64 n = probs->shape[probs->ndim - 1];
  gint64 total = rows * n;
  gboolean is_float = probs->dtype == BS_DTYPE_FLOAT32;
  g_autofree double *q = g_new (double, MAX (total, 1));
  g_autofree gboolean *taken = g_new (gboolean, MAX (n, 1));

  for (gint64 i = 0; i < total; i++)
    {
      double v = bs_tensor_get (probs, i);

      if (!(v >= 0.0) || isinf (v))
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "probability tensor contains either `inf`, `nan` or element < 0");
          return FALSE;
        }
    }
  for (gint64 r = 0; r < rows; r++)
    {
      double sum = 0.0;

      for (gint64 j = 0; j < n; j++)
        sum += bs_tensor_get (probs, r * n + j);
      if (sum == 0.0)
        {
          g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                               "invalid multinomial distribution (sum of probabilities <= 0)");
          return FALSE;
        }
    }
  for (gint64 i = 0; i < total; i++)
    {
      double e = sample_exponential (generator, 1.0);
      double v = bs_tensor_get (probs, i);

      q[i] = is_float ? (double) ((float) v / (float) e) : v / e;
    }
  for (gint64 r = 0; r < rows; r++)
    {
      memset (taken, 0, n * sizeof (gboolean));
      for (gint64 s = 0; s < k; s++)
        {
          gint64 best = -1;

          for (gint64 j = 0; j < n; j++)
            if (!taken[j] && (best < 0 || q[r * n + j] > q[r * n + best]))
              best = j;
          taken[best] = TRUE;
          out[r * k + s] = best;
        }
    }
  return TRUE;
}

BsTensor *
bs_multinomial (BsTensor     *probs,
                gint64        n_samples,
                gboolean      replacement,
                BsGenerator  *generator,
                GError      **error)
{
  g_autoptr(BsTensor) out = NULL;
  gint64 shape[2], rows, n;
  gboolean ok;

  if (probs->ndim < 1 || probs->ndim > 2)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "prob_dist must be 1 or 2 dim");
      return NULL;
    }
  if (!bs_dtype_is_floating (probs->dtype))
    {
      g_set_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                   "multinomial only supports floating-point dtypes for input, got: %s",
                   bs_dtype_scalar_name (probs->dtype));
      return NULL;
    }
  if (n_samples <= 0)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "cannot sample n_sample <= 0 samples");
      return NULL;
    }
  n = probs->shape[probs->ndim - 1];
  if (!replacement && n_samples > n)
    {
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME,
                           "cannot sample n_sample > prob_dist.size(-1) samples without "
                           "replacement");
      return NULL;
    }
  if (!bs_tensor_is_contiguous (probs))
    {
      /* PyTorch draws the exponentials in the memory order of P */
      g_set_error_literal (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED,
                           "multinomial() of a non-contiguous tensor is not supported by "
                           "Backstep; call .contiguous() on it first");
      return NULL;
    }
  rows = probs->ndim == 2 ? probs->shape[0] : 1;
  shape[0] = rows;
  shape[1] = n_samples;
  out = bs_tensor_new_uninit (probs->context, BS_DTYPE_INT64, probs->ndim,
                              probs->ndim == 2 ? shape : shape + 1, error);
  if (out == NULL)
    return NULL;
  generator = generator_or_default (probs->context, generator);
  if (!replacement)
    ok = multinomial_by_exponential (probs, rows, n_samples, generator, bs_tensor_data (out),
                                     error);
  else
    ok = multinomial_with_replacement (probs, rows, n_samples, generator, bs_tensor_data (out),
                                       error);
  return ok ? g_steal_pointer (&out) : NULL;
}
