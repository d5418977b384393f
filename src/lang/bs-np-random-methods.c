/* bs-np-random-methods.c: the methods of RandomState and Generator
 *
 * Each method draws what numpy's does, in numpy's order: the values of a size= array are
 * drawn first to last in C order; choice(), shuffle() and permutation() make the same
 * index draws as numpy's. size=None gives a Python float or int (numpy's scalar).
 * Distribution parameters are scalars here: an array of them is refused by name.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-random.h"
#include "bs-np-float32.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define LEGACY(rs) ((rs)->kind == BS_NP_RANDOM_LEGACY)

static BsNpRandom *
self_of (BsCall *call)
{
  return bs_np_random_of (call->self);
}

/* A list or tuple (numpy would read it as an array) */
static gboolean
is_sequence (BsValue v)
{
  return bs_value_is_object (v, BS_OBJECT_LIST) || bs_value_is_object (v, BS_OBJECT_TUPLE);
}

/* --- sizes and results --------------------------------------------------- */

typedef struct {
  gboolean scalar;           /* size=None */
  int      ndim;
  gint64   shape[BS_MAX_DIMS];
  gint64   n;
} Size;

static gboolean
size_of (BsInterp *in,
         BsValue   v,
         Size     *s)
{
  s->scalar = bs_value_is_none (v);
  s->ndim = 0;
  s->n = 1;
  if (s->scalar)
    return TRUE;
  if (!bs_np_shape_arg (in, v, s->shape, &s->ndim))
    return FALSE;
  for (int i = 0; i < s->ndim; i++)
    s->n *= s->shape[i];
  return TRUE;
}

static BsTensor *
new_array (BsInterp   *in,
           BsDType     dtype,
           const Size *s)
{
  GError *error = NULL;
  BsTensor *t = bs_tensor_new_uninit (in->context, dtype, s->ndim, s->shape, &error);

  return t != NULL ? t : bs_np_fail (in, error);
}

/* The int64 array of size s holding values (or its one value, for size=None) */
static gboolean
int_result (BsInterp     *in,
            const Size   *s,
            const gint64 *values,
            BsValue      *r)
{
  BsTensor *t;

  if (s->scalar)
    {
      *r = BS_INT (values[0]);
      return TRUE;
    }
  t = new_array (in, BS_DTYPE_INT64, s);
  if (t == NULL)
    return FALSE;
  if (s->n > 0)
    memcpy (bs_tensor_data (t), values, s->n * sizeof *values);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* --- continuous distributions ------------------------------------------- */

typedef enum {
  SAMPLE_UNIFORM,          /* a + b * u */
  SAMPLE_STANDARD_NORMAL,
  SAMPLE_NORMAL,           /* a + b * z */
  SAMPLE_LOGNORMAL,        /* exp (a + b * z) */
  SAMPLE_LAPLACE,          /* a ± b * log (2u), numpy's random_laplace */
  SAMPLE_LOGISTIC,         /* a + b * log (u / (1 - u)) */
} Sample;

static double
sample_one (BsNpRandom *rs,
            Sample      what,
            double      a,
            double      b)
{
  BsNpBitGen *bitgen = bs_np_random_bitgen (rs);
  double z;

  if (what == SAMPLE_UNIFORM)
    return a + b * bs_np_standard_uniform (bitgen);
  if (what == SAMPLE_LAPLACE)
    {
      /* u = 0 is drawn again */
      do
        z = bs_np_standard_uniform (bitgen);
      while (z == 0.0);
      return z >= 0.5 ? a - b * log (2.0 - z - z) : a + b * log (z + z);
    }
  if (what == SAMPLE_LOGISTIC)
    {
      do
        z = bs_np_standard_uniform (bitgen);
      while (z <= 0.0);
      return a + b * log (z / (1.0 - z));
    }
  z = LEGACY (rs) ? bs_np_legacy_gauss (bitgen, &rs->gauss) : bs_np_standard_normal (bitgen);
  if (what == SAMPLE_LOGNORMAL)
    return exp (a + b * z);
  return what == SAMPLE_NORMAL ? a + b * z : z;
}

static gboolean
sample_doubles (BsInterp   *in,
                BsNpRandom *rs,
                BsValue     size,
                Sample      what,
                double      a,
                double      b,
                BsValue    *r)
{
  Size s;
  BsTensor *t;
  double *data;

  if (!size_of (in, size, &s))
    return FALSE;
  if (s.scalar)
    {
      *r = BS_FLOAT (sample_one (rs, what, a, b));
      return TRUE;
    }
  t = new_array (in, BS_DTYPE_FLOAT64, &s);
  if (t == NULL)
    return FALSE;
  data = bs_tensor_data (t);
  for (gint64 i = 0; i < s.n; i++)
    data[i] = sample_one (rs, what, a, b);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

gboolean
bs_np_random_float_options (BsCall  *call,
                            guint    i,
                            BsDType *dtype)
{
  gboolean has;

  *dtype = BS_DTYPE_FLOAT64;
  if (!bs_np_dtype_param (call, i, &has, dtype) || !bs_np_refuse_param (call, "out"))
    return FALSE;
  if (*dtype != BS_DTYPE_FLOAT64 && *dtype != BS_DTYPE_FLOAT32)
    return bs_raise (call->in, "TypeError", "Unsupported dtype dtype('%s') for %s",
                     bs_np_dtype_name (*dtype), call->sig->short_name);
  return TRUE;
}

/* Generator's random and standard_normal with dtype=np.float32: numpy's float draws (a
 * Python float for size=None) */
static gboolean
sample_floats (BsInterp   *in,
               BsNpRandom *rs,
               BsValue     size,
               Sample      what,
               BsValue    *r)
{
  BsNpBitGen *bitgen = bs_np_random_bitgen (rs);
  BsTensor *t;
  float *data;
  Size s;

  if (!size_of (in, size, &s))
    return FALSE;
  if (s.scalar)
    {
      *r = BS_FLOAT (what == SAMPLE_UNIFORM ? bs_np_standard_uniform_f (bitgen)
                                            : bs_np_standard_normal_f (bitgen));
      return TRUE;
    }
  t = new_array (in, BS_DTYPE_FLOAT32, &s);
  if (t == NULL)
    return FALSE;
  data = bs_tensor_data (t);
  for (gint64 i = 0; i < s.n; i++)
    data[i] = what == SAMPLE_UNIFORM ? bs_np_standard_uniform_f (bitgen)
                                     : bs_np_standard_normal_f (bitgen);
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* random_sample / random (data SAMPLE_UNIFORM) and standard_normal (SAMPLE_STANDARD_NORMAL) */
DECLARED (np_random_unit)
{
  BsDType dtype = BS_DTYPE_FLOAT64;

  /* Generator's rows have dtype= and out= */
  if (call->sig->n_params >= 4 && !bs_np_random_float_options (call, 2, &dtype))
    return FALSE;
  if (dtype == BS_DTYPE_FLOAT32)
    return sample_floats (in, self_of (call), bs_np_value (call, 1), bs_call_data (call), r);
  return sample_doubles (in, self_of (call), bs_np_value (call, 1), bs_call_data (call),
                         0.0, 1.0, r);
}

/* rand(*args) (data SAMPLE_UNIFORM) and randn(*args) (SAMPLE_STANDARD_NORMAL) */
DECLARED (np_random_rand)
{
  BsValue args = bs_call_value (call, 1);
  gsize n = 0;

  bs_value_items (args, &n);
  return sample_doubles (in, self_of (call), n == 0 ? BS_NONE : args, bs_call_data (call),
                         0.0, 1.0, r);
}

/* numpy's constraint "name < 0": a negative sign (-0.0 too); NaN passes */
static gboolean
check_non_negative (BsInterp         *in,
                    const BsNpParam  *p,
                    const char       *name)
{
  gint64 n = bs_np_shape_numel (p->ndim, p->shape);

  for (gint64 i = 0; i < n; i++)
    if (!isnan (p->values[i]) && signbit (p->values[i]))
      return bs_raise (in, "ValueError", "%s < 0", name);
  return TRUE;
}

/* cont()'s path for arrays of parameters: a draw at every position of size (or of the
 * parameters' broadcast shape), each with the parameters at that position */
static gboolean
sample_broadcast (BsCall    *call,
                  Sample     what,
                  BsNpParam *a,
                  BsNpParam *b,
                  BsValue   *r)
{
  BsInterp *in = call->in;
  BsNpRandom *rs = self_of (call);
  BsValue size = bs_np_value (call, 3);
  gint64 shape[BS_MAX_DIMS], index[BS_MAX_DIMS] = { 0 };
  int ndim;
  BsTensor *t;
  double *data;
  Size s;

  if (bs_value_is_none (size))
    {
      const int ndims[] = { a->ndim, b->ndim };
      const gint64 *shapes[] = { a->shape, b->shape };

      if (!bs_np_broadcast (in, 2, ndims, shapes, &s.ndim, s.shape))
        return FALSE;
    }
  else
    {
      if (!size_of (in, size, &s))
        return FALSE;
      {
        const int ndims[] = { s.ndim, a->ndim, b->ndim };
        const gint64 *shapes[] = { s.shape, a->shape, b->shape };

        if (!bs_np_broadcast (in, 3, ndims, shapes, &ndim, shape))
          return FALSE;
      }
      if (ndim != s.ndim || memcmp (shape, s.shape, ndim * sizeof *shape) != 0)
        {
          g_autoptr (GString) text = g_string_new ("Output size ");

          bs_np_shape_append (text, s.ndim, s.shape);
          g_string_append (text, " is not compatible with broadcast dimensions of inputs ");
          bs_np_shape_append (text, ndim, shape);
          g_string_append_c (text, '.');
          return bs_raise (in, "ValueError", "%s", text->str);
        }
    }
  s.scalar = FALSE;
  s.n = bs_np_shape_numel (s.ndim, s.shape);
  t = new_array (in, BS_DTYPE_FLOAT64, &s);
  if (t == NULL)
    return FALSE;
  data = bs_tensor_data (t);
  for (gint64 i = 0; i < s.n; i++)
    {
      data[i] = sample_one (rs, what, bs_np_param_at (a, s.ndim, index),
                            bs_np_param_at (b, s.ndim, index));
      bs_np_index_next (s.ndim, s.shape, index);
    }
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* uniform with arrays: numpy subtracts high - low first, then draws low + range * u */
static gboolean
uniform_arrays (BsCall  *call,
                BsValue *r)
{
  BsInterp *in = call->in;
  BsNpParam low = { NULL }, high = { NULL }, range = { NULL };
  gint64 index[BS_MAX_DIMS] = { 0 }, n;
  gboolean ok = bs_np_param_read (in, bs_np_value (call, 1), &low)
                && bs_np_param_read (in, bs_np_value (call, 2), &high);

  if (ok)
    {
      const int ndims[] = { high.ndim, low.ndim };
      const gint64 *shapes[] = { high.shape, low.shape };
      guint src, bad;

      if (!bs_np_broadcast_shapes (2, ndims, shapes, &range.ndim, range.shape, &src, &bad))
        {
          /* np.subtract's own message */
          g_autoptr (GString) text = g_string_new ("operands could not be broadcast together "
                                                   "with shapes ");

          bs_np_shape_append (text, high.ndim, high.shape);
          g_string_append_c (text, ' ');
          bs_np_shape_append (text, low.ndim, low.shape);
          g_string_append_c (text, ' ');
          ok = bs_raise (in, "ValueError", "%s", text->str);
        }
    }
  if (ok)
    {
      n = bs_np_shape_numel (range.ndim, range.shape);
      range.values = g_new (double, MAX (n, 1));
      for (gint64 i = 0; i < n; i++)
        {
          range.values[i] = bs_np_param_at (&high, range.ndim, index)
                            - bs_np_param_at (&low, range.ndim, index);
          bs_np_index_next (range.ndim, range.shape, index);
          if (ok && !isfinite (range.values[i]))
            ok = bs_raise (in, "OverflowError", "Range exceeds valid bounds");
        }
    }
  if (ok && !LEGACY (self_of (call)))
    ok = check_non_negative (in, &range, "high - low");
  if (ok)
    ok = sample_broadcast (call, SAMPLE_UNIFORM, &low, &range, r);
  bs_np_param_clear (&low);
  bs_np_param_clear (&high);
  bs_np_param_clear (&range);
  return ok;
}

static gboolean
normal_arrays (BsCall  *call,
               BsValue *r)
{
  BsNpParam loc = { NULL }, scale = { NULL };
  gboolean ok = bs_np_param_read (call->in, bs_np_value (call, 1), &loc)
                && bs_np_param_read (call->in, bs_np_value (call, 2), &scale)
                && check_non_negative (call->in, &scale, "scale")
                && sample_broadcast (call, SAMPLE_NORMAL, &loc, &scale, r);

  bs_np_param_clear (&loc);
  bs_np_param_clear (&scale);
  return ok;
}

DECLARED (np_random_uniform)
{
  BsNpRandom *rs = self_of (call);
  double low, high, range;

  if (bs_np_param_is_array (bs_np_value (call, 1)) || bs_np_param_is_array (bs_np_value (call, 2)))
    return uniform_arrays (call, r);
  if (!bs_to_double (in, bs_np_value (call, 1), &low)
      || !bs_to_double (in, bs_np_value (call, 2), &high))
    return FALSE;
  range = high - low;
  if (!isfinite (range))
    return bs_raise (in, "OverflowError", LEGACY (rs) ? "Range exceeds valid bounds"
                     : "high - low range exceeds valid bounds");
  if (!LEGACY (rs) && !isnan (range) && signbit (range))
    return bs_raise (in, "ValueError", "high - low < 0");
  return sample_doubles (in, rs, bs_np_value (call, 3), SAMPLE_UNIFORM, low, range, r);
}

DECLARED (np_random_normal)
{
  double loc, scale;

  if (bs_np_param_is_array (bs_np_value (call, 1)) || bs_np_param_is_array (bs_np_value (call, 2)))
    return normal_arrays (call, r);
  if (!bs_to_double (in, bs_np_value (call, 1), &loc)
      || !bs_to_double (in, bs_np_value (call, 2), &scale))
    return FALSE;
  if (!isnan (scale) && signbit (scale))
    return bs_raise (in, "ValueError", "scale < 0");
  return sample_doubles (in, self_of (call), bs_np_value (call, 3), SAMPLE_NORMAL, loc, scale,
                         r);
}

/* lognormal(mean=0.0, sigma=1.0, size=None) (data SAMPLE_LOGNORMAL), laplace and logistic
 * (loc=0.0, scale=1.0, size=None): scalar parameters */
DECLARED (np_random_two_params)
{
  Sample what = bs_call_data (call);
  double a, b;

  if (bs_np_param_is_array (bs_np_value (call, 1)) || bs_np_param_is_array (bs_np_value (call, 2)))
    return bs_raise (in, "NotImplementedError", "%s() with arrays of parameters is not "
                     "supported by Backstep's numpy", call->sig->short_name);
  if (!bs_to_double (in, bs_np_value (call, 1), &a)
      || !bs_to_double (in, bs_np_value (call, 2), &b))
    return FALSE;
  if (!isnan (b) && signbit (b))
    return bs_raise (in, "ValueError", what == SAMPLE_LOGNORMAL ? "sigma < 0" : "scale < 0");
  return sample_doubles (in, self_of (call), bs_np_value (call, 3), what, a, b, r);
}

/* --- integers ------------------------------------------------------------ */

/* An integer bound as numpy reads it (int(np.array(x))): floats truncated */
static gboolean
int_bound (BsCall *call,
           guint   i,
           gint64 *out)
{
  BsValue v = bs_np_value (call, i);
  BsTensor *t = bs_np_array_tensor (v);
  double d;

  if ((t != NULL && t->ndim > 0) || is_sequence (v))
    return bs_raise (call->in, "NotImplementedError", "%s() with an array of bounds is not "
                     "supported by Backstep's numpy", call->sig->short_name);
  if (v.type != BS_VALUE_FLOAT && (t == NULL || !bs_dtype_is_floating (t->dtype))
      && bs_np_scalar_tensor (v) == NULL)
    return bs_to_int (call->in, v, out);
  if (!bs_to_double (call->in, v, &d))
    return FALSE;
  if (!(d > -9223372036854775808.0 && d < 9223372036854775808.0))
    return bs_raise (call->in, isnan (d) ? "ValueError" : "OverflowError", isnan (d)
                     ? "cannot convert float NaN to integer"
                     : "cannot convert float infinity to integer");
  *out = (gint64) d;
  return TRUE;
}

/* randint(low, high=None, size=None, dtype=int) and
 * integers(low, high=None, size=None, dtype=np.int64, endpoint=False) */
DECLARED (np_random_integers)
{
  BsNpRandom *rs = self_of (call);
  gboolean closed = !LEGACY (rs) && bs_value_truthy (bs_np_value (call, 5));
  gboolean has_dtype;
  BsDType dtype = BS_DTYPE_INT64;
  gint64 low, high;
  g_autofree gint64 *values = NULL;
  Size s;

  if (!bs_np_dtype_param (call, 4, &has_dtype, &dtype))
    return FALSE;
  if (bs_dtype_is_floating (dtype))
    return bs_raise (in, "TypeError", "Unsupported dtype dtype('%s') for %s",
                     bs_np_dtype_name (dtype), call->sig->short_name);
  if (dtype != BS_DTYPE_INT64)
    return bs_raise (in, "NotImplementedError", "%s(dtype=%s) is not supported by Backstep's "
                     "numpy (int64 only)", call->sig->short_name, bs_np_dtype_name (dtype));
  if (!int_bound (call, 1, &low)
      || (bs_call_has (call, 2) && !int_bound (call, 2, &high))
      || !size_of (in, bs_np_value (call, 3), &s))
    return FALSE;
  if (!bs_call_has (call, 2))
    {
      high = low;
      low = 0;
    }
  if (!s.scalar && s.n == 0)
    return int_result (in, &s, NULL, r);
  /* the closed interval [low, high] */
  if (!closed && high == G_MININT64)
    low = G_MAXINT64;
  else if (!closed)
    high--;
  if (low > high)
    return bs_raise (in, "ValueError", "%s %s %s", low == 0 ? "high" : "low",
                     low == 0 ? (closed ? "<" : "<=") : (closed ? ">" : ">="),
                     low == 0 ? "0" : "high");
  if (!bs_py_check_memory (in, s.n * sizeof (gint64), "an array"))
    return FALSE;
  values = g_new (gint64, s.n);
  bs_np_bounded_fill (bs_np_random_bitgen (rs),
                      LEGACY (rs) ? BS_NP_BOUNDED_MASKED : BS_NP_BOUNDED_LEMIRE,
                      (guint64) low, (guint64) high - (guint64) low, s.n, (guint64 *) values);
  return int_result (in, &s, values, r);
}

/* binomial(n, p, size=None) */
DECLARED (np_random_binomial)
{
  BsNpRandom *rs = self_of (call);
  g_autofree gint64 *values = NULL;
  gint64 n;
  double p;
  Size s;

  if (bs_np_param_is_array (bs_np_value (call, 1)) || bs_np_param_is_array (bs_np_value (call, 2)))
    return bs_raise (in, "NotImplementedError", "binomial() with arrays of n or p is not "
                     "supported by Backstep's numpy");
  if (!int_bound (call, 1, &n) || !bs_to_double (in, bs_np_value (call, 2), &p)
      || !size_of (in, bs_np_value (call, 3), &s))
    return FALSE;
  if (!(p >= 0.0 && p <= 1.0))
    return bs_raise (in, "ValueError", "p < 0, p > 1 or p is NaN");
  if (n < 0)
    return bs_raise (in, "ValueError", "n < 0");
  if (!bs_py_check_memory (in, s.n * sizeof (gint64), "an array"))
    return FALSE;
  values = g_new (gint64, MAX (s.n, 1));
  for (gint64 i = 0; i < s.n; i++)
    values[i] = bs_np_binomial (bs_np_random_bitgen (rs), LEGACY (rs), n, p);
  return int_result (in, &s, values, r);
}

/* --- shuffle and permutation -------------------------------------------- */

/* Shuffles the rows of t (along its first dimension) in place, as numpy does */
static gboolean
shuffle_tensor (BsInterp   *in,
                BsNpRandom *rs,
                BsTensor   *t)
{
  gsize size = bs_dtype_size (t->dtype);
  g_autofree gint64 *perm = NULL;
  g_autoptr (BsTensor) copy = NULL;
  GError *error = NULL;
  gint64 n = t->shape[0];

  if (t->ndim == 1)
    {
      bs_np_shuffle (bs_np_random_bitgen (rs), bs_tensor_data (t), n, size,
                     t->strides[0] * (gssize) size);
      bs_tensor_bump_version (t);
      return TRUE;
    }
  if (bs_tensor_numel (t) == 0)
    return TRUE;
  /* the same swaps made on the row numbers, then the rows gathered */
  perm = g_new (gint64, n);
  for (gint64 i = 0; i < n; i++)
    perm[i] = i;
  bs_np_shuffle (bs_np_random_bitgen (rs), (char *) perm, n, sizeof *perm, sizeof *perm);
  copy = bs_tensor_contiguous_copy (t, t->dtype, &error);
  if (copy == NULL)
    return bs_np_fail (in, error) != NULL;
  for (gint64 i = 0; i < n; i++)
    {
      g_autoptr (BsTensor) dst = bs_tensor_alias (t, t->ndim - 1, t->shape + 1, t->strides + 1,
                                                  t->offset + i * t->strides[0]);
      g_autoptr (BsTensor) src = bs_tensor_alias (copy, copy->ndim - 1, copy->shape + 1,
                                                  copy->strides + 1,
                                                  copy->offset + perm[i] * copy->strides[0]);

      if (!bs_tensor_copy_from (dst, src, &error))
        return bs_np_fail (in, error) != NULL;
    }
  bs_tensor_bump_version (t);
  return TRUE;
}

/* A list is shuffled item by item: x[i], x[j] = x[j], x[i] */
static void
shuffle_list (BsNpRandom *rs,
              GArray     *items)
{
  for (guint i = items->len > 0 ? items->len - 1 : 0; i >= 1; i--)
    {
      guint j = (guint) bs_np_interval (bs_np_random_bitgen (rs), i);
      BsValue tmp = g_array_index (items, BsValue, i);

      g_array_index (items, BsValue, i) = g_array_index (items, BsValue, j);
      g_array_index (items, BsValue, j) = tmp;
    }
}

/* axis= of Generator's shuffle, permutation and choice: 0 only */
static gboolean
refuse_axis (BsCall *call)
{
  gint64 axis;
  guint i = 0;

  while (i < call->sig->n_params && strcmp (call->sig->params[i].name, "axis") != 0)
    i++;
  if (i == call->sig->n_params || !call->given[i])
    return TRUE;
  if (!bs_to_int (call->in, bs_np_value (call, i), &axis))
    return FALSE;
  if (axis != 0)
    return bs_raise (call->in, "NotImplementedError", "%s(axis=%" G_GINT64_FORMAT ") is not "
                     "supported by Backstep's numpy (axis=0 only)", call->sig->short_name, axis);
  return TRUE;
}

DECLARED (np_random_shuffle)
{
  BsValue x = bs_call_value (call, 1);
  BsTensor *t = bs_np_array_tensor (x);

  if (!refuse_axis (call))
    return FALSE;
  *r = BS_NONE;
  if (t != NULL && t->ndim == 0)
    return bs_raise (in, "TypeError", "len() of unsized object");
  if (t != NULL)
    return shuffle_tensor (in, self_of (call), t);
  if (bs_value_is_object (x, BS_OBJECT_LIST))
    {
      shuffle_list (self_of (call), ((BsList *) x.as.object)->items);
      return TRUE;
    }
  return bs_raise (in, "NotImplementedError", "%s() of a %s is not supported by Backstep's "
                   "numpy (an ndarray or a list)", call->sig->short_name, bs_type_name (x));
}

DECLARED (np_random_permutation)
{
  BsValue x = bs_call_value (call, 1);
  BsTensor *t;

  if (!refuse_axis (call))
    return FALSE;
  if (bs_is_int (x))
    {
      Size s = { .ndim = 1, .shape = { MAX (bs_int_of (x), 0) } };
      gint64 *data;

      t = new_array (in, BS_DTYPE_INT64, &s);
      if (t == NULL)
        return FALSE;
      data = bs_tensor_data (t);
      for (gint64 i = 0; i < s.shape[0]; i++)
        data[i] = i;
    }
  else
    {
      g_autoptr (BsTensor) a = bs_np_as_tensor (in, x, FALSE, BS_DTYPE_FLOAT64);
      GError *error = NULL;

      if (a == NULL)
        return FALSE;
      if (a->ndim < 1)
        return bs_raise (in, "IndexError", "x must be an integer or at least 1-dimensional");
      t = bs_tensor_contiguous_copy (a, a->dtype, &error);
      if (t == NULL)
        return bs_np_fail (in, error) != NULL;
    }
  if (!shuffle_tensor (in, self_of (call), t))
    {
      bs_tensor_unref (t);
      return FALSE;
    }
  *r = bs_np_array_new (in, t);
  return TRUE;
}

/* --- choice -------------------------------------------------------------- */

typedef struct {
  BsValue   array;       /* the population as an ndarray, or None for an int a */
  BsValue  *strings;     /* Borrowed: the items of a list or tuple of str, or NULL */
  gint64    pop;
  double   *p;           /* Owned, or NULL */
} Population;

/* The items of a non-empty list or tuple of str (numpy's array of str), or NULL */
static BsValue *
string_items (BsValue  a,
              gint64  *n)
{
  gsize len = 0;
  BsValue *items = is_sequence (a) ? bs_value_items (a, &len) : NULL;

  for (gsize i = 0; i < len; i++)
    if (bs_value_str (items[i]) == NULL)
      return NULL;
  *n = len;
  return len > 0 ? items : NULL;
}

static void
population_clear (Population *pop)
{
  bs_value_unref (pop->array);
  g_free (pop->p);
}

static gboolean
read_population (BsCall     *call,
                 Population *pop)
{
  BsInterp *in = call->in;
  gboolean legacy = LEGACY (self_of (call));
  BsValue a = bs_call_value (call, 1);
  BsTensor *t;

  if (bs_is_int (a))
    {
      pop->pop = bs_int_of (a);
      return TRUE;
    }
  pop->strings = string_items (a, &pop->pop);
  if (pop->strings != NULL)
    return TRUE;
  t = bs_np_as_tensor (in, a, FALSE, BS_DTYPE_FLOAT64);
  if (t == NULL)
    return FALSE;
  if (t->ndim == 0)
    {
      gboolean integral = !bs_dtype_is_floating (t->dtype);

      pop->pop = integral ? bs_tensor_get_int (t, 0) : 0;
      bs_tensor_unref (t);
      if (integral)
        return TRUE;
      return legacy ? bs_raise (in, "ValueError", "a must be 1-dimensional or an integer")
             : bs_raise (in, "ValueError", "a must be a sequence or an integer, not <class "
                         "'%s'>", bs_type_name (a));
    }
  if (legacy && t->ndim != 1)
    {
      bs_tensor_unref (t);
      return bs_raise (in, "ValueError", "a must be 1-dimensional");
    }
  pop->pop = t->shape[0];
  pop->array = bs_np_array_new (in, t);
  return TRUE;
}

/* p= checked as numpy checks it, as doubles */
static gboolean
read_p (BsCall     *call,
        guint       i,
        Population *pop)
{
  BsInterp *in = call->in;
  gboolean legacy = LEGACY (self_of (call));
  BsValue v = bs_call_value (call, i);
  BsTensor *given = bs_np_array_tensor (v);
  g_autoptr (BsTensor) t = NULL;
  double atol = sqrt (DBL_EPSILON), sum;
  gint64 n;

  if (given != NULL && given->dtype == BS_DTYPE_FLOAT32)
    atol = MAX (atol, sqrt (FLT_EPSILON));
  if (!bs_len (in, v, &n))
    return FALSE;
  t = bs_np_as_tensor (in, v, TRUE, BS_DTYPE_FLOAT64);
  if (t == NULL)
    return FALSE;
  if (t->ndim != 1)
    return bs_raise (in, "ValueError", legacy ? "'p' must be 1-dimensional"
                     : "p must be 1-dimensional");
  if (t->shape[0] != pop->pop)
    return bs_raise (in, "ValueError", legacy ? "'a' and 'p' must have same size"
                     : "a and p must have same size");
  pop->p = bs_tensor_to_doubles (t);
  sum = bs_np_kahan_sum (pop->p, n);
  if (isnan (sum))
    return bs_raise (in, "ValueError", "probabilities contain NaN");
  for (gint64 k = 0; k < n; k++)
    if (pop->p[k] < 0)
      return bs_raise (in, "ValueError", "probabilities are not non-negative");
  if (fabs (sum - 1.0) > atol)
    return bs_raise (in, "ValueError", "probabilities do not sum to 1");
  return TRUE;
}

/* replace=False with p: draws until size distinct indices, numpy's way: each round
 * zeroes the chosen ones' probabilities, draws what is missing and keeps the new
 * distinct ones in the order they came */
static void
choose_unique_p (BsNpRandom *rs,
                 double     *p,
                 gint64      pop,
                 gint64      size,
                 gint64     *out)
{
  g_autofree double *cdf = g_new (double, pop);
  g_autofree double *u = g_new (double, size);
  g_autofree gboolean *seen = g_new0 (gboolean, pop);
  gint64 found = 0;

  while (found < size)
    {
      gint64 want = size - found, kept = found;

      for (gint64 k = 0; k < found; k++)
        p[out[k]] = 0.0;
      for (gint64 k = 0; k < want; k++)
        u[k] = bs_np_standard_uniform (bs_np_random_bitgen (rs));
      bs_np_cdf (p, pop, cdf);
      memset (seen, 0, pop * sizeof *seen);
      for (gint64 k = 0; k < want; k++)
        {
          gint64 v = bs_np_cdf_search (cdf, pop, u[k]);

          if (!seen[v])
            out[kept++] = v;
          seen[v] = TRUE;
        }
      found = kept;
    }
}

static gboolean
choose (BsCall     *call,
        Population *pop,
        const Size *s,
        gboolean    replace,
        gint64     *idx)
{
  BsInterp *in = call->in;
  BsNpRandom *rs = self_of (call);
  BsNpBitGen *bitgen = bs_np_random_bitgen (rs);
  gboolean legacy = LEGACY (rs);

  if (replace && pop->p != NULL)
    {
      g_autofree double *cdf = g_new (double, pop->pop);

      bs_np_cdf (pop->p, pop->pop, cdf);
      for (gint64 k = 0; k < s->n; k++)
        idx[k] = bs_np_cdf_search (cdf, pop->pop, bs_np_standard_uniform (bitgen));
      return TRUE;
    }
  if (replace)
    {
      if (s->n > 0)
        bs_np_bounded_fill (bitgen, legacy ? BS_NP_BOUNDED_MASKED : BS_NP_BOUNDED_LEMIRE, 0,
                            pop->pop - 1, s->n, (guint64 *) idx);
      return TRUE;
    }
  if (s->n > pop->pop)
    return bs_raise (in, "ValueError", legacy ? "Cannot take a larger sample than population "
                     "when 'replace=False'" : "Cannot take a larger sample than population "
                     "when replace is False");
  if (pop->p != NULL)
    {
      gint64 nonzero = 0;

      for (gint64 k = 0; k < pop->pop; k++)
        nonzero += pop->p[k] > 0;
      if (nonzero < s->n)
        return bs_raise (in, "ValueError", "Fewer non-zero entries in p than size");
      choose_unique_p (rs, pop->p, pop->pop, s->n, idx);
      return TRUE;
    }
  if (!legacy)
    {
      bs_np_choice_floyd (bitgen, pop->pop, s->n, bs_value_truthy (bs_np_value (call, 6)), idx);
      return TRUE;
    }
  /* RandomState: the first size of permutation(pop) */
  {
    g_autofree gint64 *perm = NULL;

    if (!bs_py_check_memory (in, pop->pop * sizeof (gint64), "an array"))
      return FALSE;
    perm = g_new (gint64, pop->pop);
    for (gint64 k = 0; k < pop->pop; k++)
      perm[k] = k;
    bs_np_shuffle (bitgen, (char *) perm, pop->pop, sizeof *perm, sizeof *perm);
    memcpy (idx, perm, s->n * sizeof *idx);
  }
  return TRUE;
}

/* RandomState.choice(a, size=None, replace=True, p=None) and
 * Generator.choice(a, size=None, replace=True, p=None, axis=0, shuffle=True) */
DECLARED (np_random_choice)
{
  gboolean legacy = LEGACY (self_of (call));
  Population pop = { BS_NONE, NULL, 0, NULL };
  g_autofree gint64 *idx = NULL;
  BsValue index;
  gboolean ok;
  Size s;

  if (!refuse_axis (call) || !read_population (call, &pop))
    return FALSE;
  ok = size_of (in, bs_np_value (call, 2), &s);
  if (ok && pop.pop <= 0 && s.n != 0)
    ok = bs_value_is_none (pop.array)
         ? bs_raise (in, "ValueError", legacy ? "a must be greater than 0 unless no samples are "
                     "taken" : "a must be a positive integer unless no samples are taken")
         : bs_raise (in, "ValueError", legacy ? "'a' cannot be empty unless no samples are "
                     "taken" : "a cannot be empty unless no samples are taken");
  if (ok && bs_call_has (call, 4))
    ok = read_p (call, 4, &pop);
  if (ok)
    ok = bs_py_check_memory (in, s.n * sizeof (gint64), "an array");
  if (ok)
    {
      idx = g_new0 (gint64, MAX (s.n, 1));
      ok = choose (call, &pop, &s, bs_value_truthy (bs_np_value (call, 3)), idx);
    }
  if (ok && pop.strings != NULL)
    {
      /* one str is that item; an array of them is what Backstep's numpy lacks */
      if (s.scalar)
        *r = bs_value_ref (pop.strings[idx[0]]);
      else
        ok = bs_raise (in, "NotImplementedError", "%s() of str with size= is not supported "
                       "by Backstep's numpy (it has no arrays of str)", call->sig->short_name);
    }
  else if (ok && bs_value_is_none (pop.array))
    ok = int_result (in, &s, idx, r);
  else if (ok)
    {
      ok = int_result (in, &s, idx, &index);
      if (ok)
        ok = bs_np_getitem (in, pop.array, index, r);
      bs_value_unref (index);
    }
  population_clear (&pop);
  return ok;
}

/* --- the rows ------------------------------------------------------------ */

#define STATE(sig, func, data) \
  { "numpy.random.RandomState", BS_SIG_CYTHON, "RandomState." sig, func, data }
#define GEN(sig, func, data) \
  { "numpy.random.Generator", BS_SIG_CYTHON, "Generator." sig, func, data }

static const BsSignatureRow rows[] = {
  STATE ("random_sample(self, size=None)", np_random_unit, SAMPLE_UNIFORM),
  STATE ("random(self, size=None)", np_random_unit, SAMPLE_UNIFORM),
  STATE ("rand(self, *args)", np_random_rand, SAMPLE_UNIFORM),
  STATE ("randn(self, *args)", np_random_rand, SAMPLE_STANDARD_NORMAL),
  STATE ("standard_normal(self, size=None)", np_random_unit, SAMPLE_STANDARD_NORMAL),
  STATE ("randint(self, low, high=None, size=None, dtype=int)", np_random_integers, 0),
  STATE ("uniform(self, low=0.0, high=1.0, size=None)", np_random_uniform, 0),
  STATE ("normal(self, loc=0.0, scale=1.0, size=None)", np_random_normal, 0),
  STATE ("binomial(self, n, p, size=None)", np_random_binomial, 0),
  STATE ("lognormal(self, mean=0.0, sigma=1.0, size=None)", np_random_two_params,
         SAMPLE_LOGNORMAL),
  STATE ("laplace(self, loc=0.0, scale=1.0, size=None)", np_random_two_params, SAMPLE_LAPLACE),
  STATE ("logistic(self, loc=0.0, scale=1.0, size=None)", np_random_two_params,
         SAMPLE_LOGISTIC),
  STATE ("choice(self, a, size=None, replace=True, p=None)", np_random_choice, 0),
  /* numpy declares these two with a single argument, which CPython's messages then word */
  { "numpy.random.RandomState", BS_SIG_BUILTIN, "RandomState.shuffle(self, x, /)",
    np_random_shuffle, 0 },
  { "numpy.random.RandomState", BS_SIG_BUILTIN, "RandomState.permutation(self, x, /)",
    np_random_permutation, 0 },

  GEN ("random(self, size=None, dtype=np.float64, out=None)", np_random_unit, SAMPLE_UNIFORM),
  GEN ("standard_normal(self, size=None, dtype=np.float64, out=None)", np_random_unit,
       SAMPLE_STANDARD_NORMAL),
  GEN ("integers(self, low, high=None, size=None, dtype=np.int64, endpoint=False)",
       np_random_integers, 0),
  GEN ("uniform(self, low=0.0, high=1.0, size=None)", np_random_uniform, 0),
  GEN ("normal(self, loc=0.0, scale=1.0, size=None)", np_random_normal, 0),
  GEN ("binomial(self, n, p, size=None)", np_random_binomial, 0),
  GEN ("lognormal(self, mean=0.0, sigma=1.0, size=None)", np_random_two_params,
       SAMPLE_LOGNORMAL),
  GEN ("laplace(self, loc=0.0, scale=1.0, size=None)", np_random_two_params, SAMPLE_LAPLACE),
  GEN ("logistic(self, loc=0.0, scale=1.0, size=None)", np_random_two_params, SAMPLE_LOGISTIC),
  GEN ("choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True)",
       np_random_choice, 0),
  GEN ("shuffle(self, x, axis=0)", np_random_shuffle, 0),
  GEN ("permutation(self, x, axis=0)", np_random_permutation, 0),
};

const BsSignatureTable bs_np_random_methods_table = BS_SIGNATURE_TABLE (rows);
