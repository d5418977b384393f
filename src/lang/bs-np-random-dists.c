/* bs-np-random-dists.c: exponential, gamma, beta, Poisson and multivariate normal draws of
 * RandomState and Generator
 *
 * As numpy's cont() and disc(): parameters that are all scalars are checked one by one
 * ("shape < 0") and drawn size times (a Python float or int for size=None); any array
 * among them makes every parameter an array, checked as a whole ("lam < 0 or lam contains
 * NaNs"), broadcast together (and with size), and drawn once per position in C order.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-random.h"
#include "bs-np-float32.h"
#include "bs-np-multivariate.h"

#include <math.h>
#include <string.h>

typedef enum {
  CHECK_NONE,
  CHECK_NON_NEGATIVE,   /* "x < 0" */
  CHECK_POSITIVE,       /* "x <= 0" */
  CHECK_POISSON,        /* "x < 0 or x is NaN", "x value too large" */
} Check;

typedef enum {
  DIST_EXPONENTIAL,
  DIST_STANDARD_EXPONENTIAL,
  DIST_STANDARD_EXPONENTIAL_INV,   /* Generator's method='inv' */
  DIST_STANDARD_GAMMA,
  DIST_GAMMA,
  DIST_BETA,
  DIST_POISSON,
  /* Generator's with dtype=np.float32 */
  DIST_STANDARD_EXPONENTIAL_F,
  DIST_STANDARD_EXPONENTIAL_INV_F,
  DIST_STANDARD_GAMMA_F,
} DistKind;

typedef struct {
  guint        n_params;
  const char  *names[2];
  Check        checks[2];
  gboolean     integer;    /* an int64 result */
  gboolean     float32;    /* a float32 result */
} Dist;

static const Dist dists[] = {
  [DIST_EXPONENTIAL] = { 1, { "scale" }, { CHECK_NON_NEGATIVE }, FALSE },
  [DIST_STANDARD_EXPONENTIAL] = { 0, { NULL }, { CHECK_NONE }, FALSE },
  [DIST_STANDARD_EXPONENTIAL_INV] = { 0, { NULL }, { CHECK_NONE }, FALSE },
  [DIST_STANDARD_GAMMA] = { 1, { "shape" }, { CHECK_NON_NEGATIVE }, FALSE },
  [DIST_GAMMA] = { 2, { "shape", "scale" }, { CHECK_NON_NEGATIVE, CHECK_NON_NEGATIVE }, FALSE },
  [DIST_BETA] = { 2, { "a", "b" }, { CHECK_POSITIVE, CHECK_POSITIVE }, FALSE },
  [DIST_POISSON] = { 1, { "lam" }, { CHECK_POISSON }, TRUE },
  [DIST_STANDARD_EXPONENTIAL_F] = { 0, { NULL }, { CHECK_NONE }, FALSE, TRUE },
  [DIST_STANDARD_EXPONENTIAL_INV_F] = { 0, { NULL }, { CHECK_NONE }, FALSE, TRUE },
  [DIST_STANDARD_GAMMA_F] = { 1, { "shape" }, { CHECK_NON_NEGATIVE }, FALSE, TRUE },
};

/* numpy's largest lam: int64's maximum less ten of its square roots, in doubles
 * (2**63 - sqrt(2**63) * 10) */
#define POISSON_LAM_MAX 0x1.ffffffe3b73a0p+62

static double
draw_double (BsNpRandom   *rs,
             DistKind      kind,
             const double *p)
{
  BsNpBitGen *bitgen = bs_np_random_bitgen (rs);
  BsNpGaussCache *cache = rs->kind == BS_NP_RANDOM_LEGACY ? &rs->gauss : NULL;

  switch (kind)
    {
    case DIST_EXPONENTIAL:
      return p[0] * (cache != NULL ? bs_np_legacy_standard_exponential (bitgen)
                                   : bs_np_standard_exponential (bitgen));
    case DIST_STANDARD_EXPONENTIAL:
      return cache != NULL ? bs_np_legacy_standard_exponential (bitgen)
                           : bs_np_standard_exponential (bitgen);
    case DIST_STANDARD_EXPONENTIAL_INV:
      return -log1p (-bs_np_standard_uniform (bitgen));
    case DIST_STANDARD_GAMMA:
      return bs_np_standard_gamma (bitgen, cache, p[0]);
    case DIST_GAMMA:
      return p[1] * bs_np_standard_gamma (bitgen, cache, p[0]);
    case DIST_BETA:
      return bs_np_beta (bitgen, cache, p[0], p[1]);
    case DIST_STANDARD_EXPONENTIAL_F:
      return bs_np_standard_exponential_f (bitgen);
    case DIST_STANDARD_EXPONENTIAL_INV_F:
      return bs_np_standard_exponential_inv_f (bitgen);
    case DIST_STANDARD_GAMMA_F:
      return bs_np_standard_gamma_f (bitgen, (float) p[0]);
    case DIST_POISSON:
    default:
      g_assert_not_reached ();
    }
}

/* numpy's check of one scalar parameter */
static gboolean
check_scalar (BsInterp   *in,
              Check       check,
              const char *name,
              double      v)
{
  switch (check)
    {
    case CHECK_NON_NEGATIVE:
      if (!isnan (v) && signbit (v))
        return bs_raise (in, "ValueError", "%s < 0", name);
      return TRUE;
    case CHECK_POSITIVE:
      if (v <= 0)
        return bs_raise (in, "ValueError", "%s <= 0", name);
      return TRUE;
    case CHECK_POISSON:
      if (!(v >= 0))
        return bs_raise (in, "ValueError", "%s < 0 or %s is NaN", name, name);
      if (!(v <= POISSON_LAM_MAX))
        return bs_raise (in, "ValueError", "%s value too large", name);
      return TRUE;
    case CHECK_NONE:
    default:
      return TRUE;
    }
}

/* numpy's check of an array parameter, by its own whole-array tests */
static gboolean
check_array (BsInterp        *in,
             Check            check,
             const char      *name,
             const BsNpParam *p)
{
  gint64 n = bs_np_shape_numel (p->ndim, p->shape);
  gboolean too_large = FALSE, negative = FALSE;

  for (gint64 i = 0; i < n; i++)
    {
      double v = p->values[i];

      if (check == CHECK_NON_NEGATIVE && !isnan (v) && signbit (v))
        return bs_raise (in, "ValueError", "%s < 0", name);
      if (check == CHECK_POSITIVE && v <= 0)
        return bs_raise (in, "ValueError", "%s <= 0", name);
      too_large |= !(v <= POISSON_LAM_MAX);
      negative |= !(v >= 0.0);
    }
  if (check != CHECK_POISSON)
    return TRUE;
  if (too_large)
    return bs_raise (in, "ValueError", "%s value too large", name);
  if (negative)
    return bs_raise (in, "ValueError", "%s < 0 or %s contains NaNs", name, name);
  return TRUE;
}

/* The array of the draws: size's shape, or the parameters' broadcast one */
static BsTensor *
new_result (BsInterp     *in,
            const Dist   *dist,
            int           ndim,
            const gint64 *shape)
{
  GError *error = NULL;
  BsTensor *t;

  if (!bs_py_check_memory (in, bs_np_shape_numel (ndim, shape) * sizeof (double), "an array"))
    return NULL;
  t = bs_tensor_new_uninit (in->context, dist->integer ? BS_DTYPE_INT64
                            : dist->float32 ? BS_DTYPE_FLOAT32 : BS_DTYPE_FLOAT64,
                            ndim, shape, &error);
  return t != NULL ? t : bs_np_fail (in, error);
}

static void
store_draw (BsNpRandom   *rs,
            DistKind      kind,
            const double *p,
            BsTensor     *t,
            gint64        i)
{
  if (kind == DIST_POISSON)
    ((gint64 *) bs_tensor_data (t))[i] = bs_np_poisson (bs_np_random_bitgen (rs), p[0]);
  else if (dists[kind].float32)
    ((float *) bs_tensor_data (t))[i] = (float) draw_double (rs, kind, p);
  else
    ((double *) bs_tensor_data (t))[i] = draw_double (rs, kind, p);
}

/* Every parameter scalar */
static gboolean
draw_scalars (BsCall   *call,
              DistKind  kind,
              BsValue   size,
              BsValue  *r)
{
  BsInterp *in = call->in;
  BsNpRandom *rs = bs_np_random_of (call->self);
  const Dist *dist = &dists[kind];
  double p[2] = { 0.0, 0.0 };
  gint64 shape[BS_MAX_DIMS], n;
  int ndim = 0;
  BsTensor *t;

  for (guint i = 0; i < dist->n_params; i++)
    if (!bs_to_double (in, bs_np_value (call, 1 + i), &p[i])
        || !check_scalar (in, dist->checks[i], dist->names[i], p[i]))
      return FALSE;
  if (bs_value_is_none (size))
    {
      *r = kind == DIST_POISSON ? BS_INT (bs_np_poisson (bs_np_random_bitgen (rs), p[0]))
                                : BS_FLOAT (draw_double (rs, kind, p));
      return TRUE;
    }
  if (!bs_np_shape_arg (in, size, shape, &ndim))
    return FALSE;
  t = new_result (in, dist, ndim, shape);
  if (t == NULL)
    return FALSE;
  n = bs_tensor_numel (t);
  for (gint64 i = 0; i < n; i++)
    store_draw (rs, kind, p, t, i);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* Some parameter an array: numpy's cont_broadcast / discrete_broadcast */
static gboolean
draw_broadcast (BsCall    *call,
                DistKind   kind,
                BsValue    size,
                BsNpParam *params,
                BsValue   *r)
{
  BsInterp *in = call->in;
  BsNpRandom *rs = bs_np_random_of (call->self);
  const Dist *dist = &dists[kind];
  gint64 shape[BS_MAX_DIMS], it_shape[BS_MAX_DIMS], index[BS_MAX_DIMS] = { 0 }, n;
  int ndim = 0, it_ndim;
  int ndims[3];
  const gint64 *shapes[3];
  guint k = 0;
  BsTensor *t;

  for (guint i = 0; i < dist->n_params; i++)
    if (!check_array (in, dist->checks[i], dist->names[i], &params[i]))
      return FALSE;
  if (!bs_value_is_none (size))
    {
      if (!bs_np_shape_arg (in, size, shape, &ndim))
        return FALSE;
      ndims[k] = ndim;
      shapes[k++] = shape;
    }
  for (guint i = 0; i < dist->n_params; i++)
    {
      ndims[k] = params[i].ndim;
      shapes[k++] = params[i].shape;
    }
  if (!bs_np_broadcast (in, k, ndims, shapes, &it_ndim, it_shape))
    return FALSE;
  if (bs_value_is_none (size))
    {
      ndim = it_ndim;
      memcpy (shape, it_shape, sizeof shape);
    }
  else if (it_ndim != ndim || memcmp (it_shape, shape, ndim * sizeof *shape) != 0)
    {
      g_autoptr (GString) text = g_string_new ("Output size ");

      bs_np_shape_append (text, ndim, shape);
      g_string_append (text, " is not compatible with broadcast dimensions of inputs ");
      bs_np_shape_append (text, it_ndim, it_shape);
      g_string_append_c (text, '.');
      return bs_raise (in, "ValueError", "%s", text->str);
    }
  t = new_result (in, dist, ndim, shape);
  if (t == NULL)
    return FALSE;
  n = bs_tensor_numel (t);
  for (gint64 i = 0; i < n; i++)
    {
      double p[2] = { 0.0, 0.0 };

      for (guint j = 0; j < dist->n_params; j++)
        p[j] = bs_np_param_at (&params[j], ndim, index);
      store_draw (rs, kind, p, t, i);
      bs_np_index_next (ndim, shape, index);
    }
  *r = bs_np_array_new (in, t);
  return TRUE;
}

static gboolean
draw (BsCall   *call,
      DistKind  kind,
      BsValue   size,
      BsValue  *r)
{
  const Dist *dist = &dists[kind];
  BsNpParam params[2] = { { NULL }, { NULL } };
  gboolean any_array = FALSE, ok = TRUE;

  for (guint i = 0; i < dist->n_params; i++)
    any_array |= bs_np_param_is_array (bs_np_value (call, 1 + i));
  if (!any_array)
    return draw_scalars (call, kind, size, r);
  for (guint i = 0; i < dist->n_params && ok; i++)
    ok = bs_np_param_read (call->in, bs_np_value (call, 1 + i), &params[i]);
  if (ok)
    ok = draw_broadcast (call, kind, size, params, r);
  for (guint i = 0; i < dist->n_params; i++)
    bs_np_param_clear (&params[i]);
  return ok;
}

/* The distributions whose size= follows their parameters (data: the DistKind) */
DECLARED (np_random_dist)
{
  DistKind kind = bs_call_data (call);

  return draw (call, kind, bs_np_value (call, 1 + dists[kind].n_params), r);
}

/* Generator.standard_exponential(size=None, dtype=np.float64, method='zig', out=None):
 * any method other than 'zig' is numpy's inversion */
DECLARED (np_random_standard_exponential)
{
  const char *method = bs_value_str (bs_call_value (call, 3));
  gboolean zig = bs_call_has (call, 3) ? g_strcmp0 (method, "zig") == 0 : TRUE;
  BsDType dtype;

  if (!bs_np_random_float_options (call, 2, &dtype))
    return FALSE;
  if (dtype == BS_DTYPE_FLOAT32)
    return draw (call, zig ? DIST_STANDARD_EXPONENTIAL_F : DIST_STANDARD_EXPONENTIAL_INV_F,
                 bs_np_value (call, 1), r);
  return draw (call, zig ? DIST_STANDARD_EXPONENTIAL : DIST_STANDARD_EXPONENTIAL_INV,
               bs_np_value (call, 1), r);
}

/* Generator.standard_gamma(shape, size=None, dtype=np.float64, out=None) */
DECLARED (np_random_standard_gamma)
{
  BsDType dtype;

  if (!bs_np_random_float_options (call, 3, &dtype))
    return FALSE;
  return draw (call, dtype == BS_DTYPE_FLOAT32 ? DIST_STANDARD_GAMMA_F : DIST_STANDARD_GAMMA,
               bs_np_value (call, 2), r);
}

/* --- multivariate_normal ------------------------------------------------------------ */

/* mean, cov and size checked as numpy checks them; x: the standard normals of
 * size + (d,), drawn before cov is factored, as numpy draws them */
static gboolean
mvn_arguments (BsCall    *call,
               BsTensor **mean,
               BsTensor **cov,
               int       *ndim,
               gint64    *shape)
{
  BsInterp *in = call->in;
  BsValue size = bs_np_value (call, 3);

  *mean = bs_np_as_tensor (in, bs_np_value (call, 1), TRUE, BS_DTYPE_FLOAT64);
  *cov = *mean != NULL ? bs_np_as_tensor (in, bs_np_value (call, 2), TRUE, BS_DTYPE_FLOAT64)
                       : NULL;
  *ndim = 0;
  if (*cov == NULL)
    return FALSE;
  if (!bs_value_is_none (size) && !bs_np_shape_arg (in, size, shape, ndim))
    return FALSE;
  if ((*mean)->ndim != 1)
    return bs_raise (in, "ValueError", "mean must be 1 dimensional");
  if ((*cov)->ndim != 2 || (*cov)->shape[0] != (*cov)->shape[1])
    return bs_raise (in, "ValueError", "cov must be 2 dimensional and square");
  if ((*mean)->shape[0] != (*cov)->shape[0])
    return bs_raise (in, "ValueError", "mean and cov must have same length");
  if (*ndim >= BS_MAX_DIMS)
    return bs_raise (in, "NotImplementedError", "multivariate_normal() of more than %d "
                     "dimensions is not supported by Backstep's numpy", BS_MAX_DIMS);
  shape[(*ndim)++] = (*mean)->shape[0];
  return TRUE;
}

/* numpy's check_valid: 'warn' (a RuntimeWarning), 'raise' (ValueError) or 'ignore' */
static gboolean
mvn_check (BsCall        *call,
           BsNpMvnResult  result)
{
  BsInterp *in = call->in;
  const char *check = call->given[4] ? bs_value_str (bs_call_value (call, 4)) : "warn";
  static const char message[] = "covariance is not symmetric positive-semidefinite.";

  if (g_strcmp0 (check, "ignore") == 0)
    return TRUE;
  if (g_strcmp0 (check, "warn") != 0 && g_strcmp0 (check, "raise") != 0)
    return bs_raise (in, "ValueError", "check_valid must equal 'warn', 'raise', or 'ignore'");
  if (result != BS_NP_MVN_NOT_PSD)
    return TRUE;
  if (strcmp (check, "raise") == 0)
    return bs_raise (in, "ValueError", "%s", message);
  return bs_warn (in, "RuntimeWarning", message);
}

/* RandomState.multivariate_normal(mean, cov, size=None, check_valid='warn', tol=1e-8) and
 * Generator's, with method='svd', 'eigh' or 'cholesky' */
DECLARED (np_random_multivariate_normal)
{
  static const char *const methods[] = { "svd", "eigh", "cholesky", NULL };
  BsNpRandom *rs = bs_np_random_of (call->self);
  gboolean legacy = rs->kind == BS_NP_RANDOM_LEGACY;
  BsNpMvnMethod method = BS_NP_MVN_LEGACY;
  g_autoptr (BsTensor) mean = NULL, cov = NULL, x = NULL;
  g_autofree double *factor = NULL, *cov_values = NULL, *mean_values = NULL;
  gint64 shape[BS_MAX_DIMS], n;
  BsNpMvnResult result;
  BsTensor *out;
  GError *error = NULL;
  double tol;
  int ndim, d;

  if (!legacy)
    {
      const char *name = call->given[6] ? bs_value_str (bs_call_value (call, 6)) : "svd";
      guint k = 0;

      while (methods[k] != NULL && g_strcmp0 (name, methods[k]) != 0)
        k++;
      if (methods[k] == NULL)
        return bs_raise (in, "ValueError", "method must be one of {'eigh', 'svd', "
                         "'cholesky'}");
      method = k == 0 ? BS_NP_MVN_SVD : k == 1 ? BS_NP_MVN_EIGH : BS_NP_MVN_CHOLESKY;
    }
  if (!mvn_arguments (call, &mean, &cov, &ndim, shape)
      || !bs_to_double (in, bs_np_value (call, 5), &tol))
    return FALSE;
  d = (int) mean->shape[0];
  n = bs_np_shape_numel (ndim, shape) / MAX (d, 1);
  if (!bs_py_check_memory (in, 2 * bs_np_shape_numel (ndim, shape) * sizeof (double),
                           "an array"))
    return FALSE;
  x = bs_tensor_new_uninit (in->context, BS_DTYPE_FLOAT64, ndim, shape, &error);
  out = x != NULL ? bs_tensor_new_uninit (in->context, BS_DTYPE_FLOAT64, ndim, shape, &error)
                  : NULL;
  if (out == NULL)
    return bs_np_fail (in, error) != NULL;
  for (gint64 i = 0; i < n * d; i++)
    ((double *) bs_tensor_data (x))[i] =
      legacy ? bs_np_legacy_gauss (bs_np_random_bitgen (rs), &rs->gauss)
             : bs_np_standard_normal (bs_np_random_bitgen (rs));
  cov_values = bs_tensor_to_doubles (cov);
  mean_values = bs_tensor_to_doubles (mean);
  factor = g_new0 (double, MAX ((gsize) d * d, 1));
  result = bs_np_mvn_factor (method, cov_values, d, tol, factor);
  if (result == BS_NP_MVN_FAILED)
    {
      bs_tensor_unref (out);
      return bs_np_raise_class (in, "linalg.LinAlgError", "Exception",
                                method == BS_NP_MVN_CHOLESKY ? "Matrix is not positive definite"
                                : method == BS_NP_MVN_EIGH ? "Eigenvalues did not converge"
                                : "SVD did not converge");
    }
  if (method != BS_NP_MVN_CHOLESKY && !mvn_check (call, result))
    {
      bs_tensor_unref (out);
      return FALSE;
    }
  bs_np_mvn_transform (method, bs_tensor_data (x), n, d, factor, mean_values,
                       bs_tensor_data (out));
  *r = bs_np_array_new (in, out);
  return TRUE;
}

#define STATE(sig, func, data) \
  { "numpy.random.RandomState", BS_SIG_CYTHON, "RandomState." sig, func, data }
#define GEN(sig, func, data) \
  { "numpy.random.Generator", BS_SIG_CYTHON, "Generator." sig, func, data }

static const BsSignatureRow rows[] = {
  STATE ("exponential(self, scale=1.0, size=None)", np_random_dist, DIST_EXPONENTIAL),
  STATE ("standard_exponential(self, size=None)", np_random_dist, DIST_STANDARD_EXPONENTIAL),
  STATE ("standard_gamma(self, shape, size=None)", np_random_dist, DIST_STANDARD_GAMMA),
  STATE ("gamma(self, shape, scale=1.0, size=None)", np_random_dist, DIST_GAMMA),
  STATE ("beta(self, a, b, size=None)", np_random_dist, DIST_BETA),
  STATE ("poisson(self, lam=1.0, size=None)", np_random_dist, DIST_POISSON),
  STATE ("multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8)",
         np_random_multivariate_normal, 0),

  GEN ("exponential(self, scale=1.0, size=None)", np_random_dist, DIST_EXPONENTIAL),
  GEN ("standard_exponential(self, size=None, dtype=np.float64, method='zig', out=None)",
       np_random_standard_exponential, 0),
  GEN ("standard_gamma(self, shape, size=None, dtype=np.float64, out=None)",
       np_random_standard_gamma, 0),
  GEN ("gamma(self, shape, scale=1.0, size=None)", np_random_dist, DIST_GAMMA),
  GEN ("beta(self, a, b, size=None)", np_random_dist, DIST_BETA),
  GEN ("poisson(self, lam=1.0, size=None)", np_random_dist, DIST_POISSON),
  GEN ("multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8, *, "
       "method='svd')", np_random_multivariate_normal, 0),
};

const BsSignatureTable bs_np_random_dists_table = BS_SIGNATURE_TABLE (rows);
