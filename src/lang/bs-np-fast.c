/* bs-np-fast.c: numpy's common work on contiguous float arrays in plain loops: element-wise
 * arithmetic and comparisons, reductions with numpy's own pairwise summation (so that sums
 * round as numpy's do), boolean masks. Anything else goes through the engine's kernels. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-private.h"

#include <math.h>
#include <string.h>

/* numpy's pairwise summation: 8 accumulators over blocks of at most 128 elements, halves
 * above that (numpy/core/src/umath/loops_utils.h's algorithm) */
#define PAIRWISE_BLOCK 128

#define DEFINE_PAIRWISE(name, type) \
  static type \
  name (const type *a, gint64 n, gint64 stride) \
  { \
    if (n < 8) \
      { \
        type res = 0; \
        for (gint64 i = 0; i < n; i++) \
          res += a[i * stride]; \
        return res; \
      } \
    if (n <= PAIRWISE_BLOCK) \
      { \
        type r[8], res; \
        gint64 i; \
        for (int k = 0; k < 8; k++) \
          r[k] = a[k * stride]; \
        for (i = 8; i < n - (n % 8); i += 8) \
          for (int k = 0; k < 8; k++) \
            r[k] += a[(i + k) * stride]; \
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
        for (; i < n; i++) \
          res += a[i * stride]; \
        return res; \
      } \
    { \
      gint64 n2 = n / 2; \
      n2 -= n2 % 8; \
      return name (a, n2, stride) + name (a + n2 * stride, n - n2, stride); \
    } \
  }

DEFINE_PAIRWISE (pairwise_f64, double)
DEFINE_PAIRWISE (pairwise_f32, float)

static gboolean
is_fast_float (BsTensor *t)
{
  return (t->dtype == BS_DTYPE_FLOAT64 || t->dtype == BS_DTYPE_FLOAT32)
         && bs_tensor_is_contiguous (t);
}

static BsTensor *
new_like (BsInterp     *in,
          BsDType       dtype,
          int           ndim,
          const gint64 *shape)
{
  GError *error = NULL;
  BsTensor *t = bs_tensor_new_uninit (in->context, dtype, ndim, shape, &error);

  return t != NULL ? t : bs_np_fail (in, error);
}

BsTensor *
bs_np_fast_binary (BsInterp    *in,
                   BsNpFastOp   op,
                   BsTensor    *a,
                   BsTensor    *b)
{
  BsTensor *res, *big;
  gint64 n;

  if (a->dtype != b->dtype || !is_fast_float (a) || !is_fast_float (b))
    return NULL;
  if (bs_tensor_same_shape (a, b))
    big = a;
  else if (bs_tensor_numel (b) == 1 && b->ndim <= a->ndim)
    big = a;
  else if (bs_tensor_numel (a) == 1 && a->ndim <= b->ndim)
    big = b;
  else
    return NULL;
  n = bs_tensor_numel (big);
  res = new_like (in, op >= BS_NP_FAST_EQ ? BS_DTYPE_BOOL : a->dtype, big->ndim, big->shape);
  if (res == NULL)
    return NULL;
  if (a->dtype == BS_DTYPE_FLOAT64)
    bs_np_simd_binary_f64 (op, bs_tensor_data (a), bs_tensor_numel (a) == 1 && n > 1,
                           bs_tensor_data (b), bs_tensor_numel (b) == 1 && n > 1,
                           bs_tensor_data (res), n);
  else
    bs_np_simd_binary_f32 (op, bs_tensor_data (a), bs_tensor_numel (a) == 1 && n > 1,
                           bs_tensor_data (b), bs_tensor_numel (b) == 1 && n > 1,
                           bs_tensor_data (res), n);
  return res;
}

gboolean
bs_np_fast_unary (BsInterp    *in,
                  int          func,
                  BsTensor    *a,
                  BsTensor   **out)
{
  double (*f) (double) = NULL;
  float (*ff) (float) = NULL;
  gint64 n;
  BsTensor *res;

  *out = NULL;
  if (!is_fast_float (a))
    return TRUE;
  switch (func)
    {
    case BS_NP_FAST_EXP: f = exp; ff = expf; break;
    case BS_NP_FAST_LOG: f = log; ff = logf; break;
    case BS_NP_FAST_SQRT: f = sqrt; ff = sqrtf; break;
    case BS_NP_FAST_TANH: f = tanh; ff = tanhf; break;
    case BS_NP_FAST_SIN: f = sin; ff = sinf; break;
    case BS_NP_FAST_COS: f = cos; ff = cosf; break;
    case BS_NP_FAST_ABS: f = fabs; ff = fabsf; break;
    default: return TRUE;
    }
  n = bs_tensor_numel (a);
  res = new_like (in, a->dtype, a->ndim, a->shape);
  if (res == NULL)
    return FALSE;
  if (a->dtype == BS_DTYPE_FLOAT64 && func == BS_NP_FAST_EXP)
    bs_np_simd_exp_f64 (bs_tensor_data (a), bs_tensor_data (res), n);
  else if (a->dtype == BS_DTYPE_FLOAT64 && func == BS_NP_FAST_SQRT)
    bs_np_simd_sqrt_f64 (bs_tensor_data (a), bs_tensor_data (res), n);
  else if (func == BS_NP_FAST_SQRT)
    bs_np_simd_sqrt_f32 (bs_tensor_data (a), bs_tensor_data (res), n);
  else if (a->dtype == BS_DTYPE_FLOAT64)
    {
      const double *x = bs_tensor_data (a);
      double *o = bs_tensor_data (res);

      for (gint64 i = 0; i < n; i++)
        o[i] = f (x[i]);
    }
  else
    {
      const float *x = bs_tensor_data (a);
      float *o = bs_tensor_data (res);

      for (gint64 i = 0; i < n; i++)
        o[i] = ff (x[i]);
    }
  *out = res;
  return TRUE;
}

/* numpy's reductions see a long row in pieces of its iterator's buffer size, each summed
 * pairwise, the pieces added in turn */
#define BUFFER_SIZE 8192

/* The reduction of rows of length n at stride 1, one per output element */
#define REDUCE_ROWS(type, pairwise, max_of, min_of) \
  G_STMT_START { \
    const type *x = bs_tensor_data (a); \
    type *o = bs_tensor_data (res); \
    for (gint64 r = 0; r < rows; r++) \
      { \
        const type *p = x + r * n; \
        type acc; \
        switch (kind) \
          { \
          case BS_NP_FAST_SUM: \
          case BS_NP_FAST_MEAN: \
            acc = 0; \
            for (gint64 at = 0; at < n; at += BUFFER_SIZE) \
              acc += pairwise (p + at, MIN (BUFFER_SIZE, n - at), 1); \
            if (kind == BS_NP_FAST_MEAN) \
              acc /= (type) n; \
            break; \
          case BS_NP_FAST_MAX: \
            acc = max_of (p, n); \
            break; \
          default: \
            acc = min_of (p, n); \
            break; \
          } \
        o[r] = acc; \
      } \
  } G_STMT_END

/* Sums over leading dims (a row-major prefix) as numpy makes them: the rows added in turn */
static gboolean
leading_sum (BsInterp         *in,
             BsNpFastReduce    kind,
             BsTensor         *a,
             const gboolean   *reduced,
             gboolean          keepdims,
             BsTensor        **out)
{
  gint64 shape[BS_MAX_DIMS], rows = 1, n = 1;
  int ndim = 0, last = -1;
  BsTensor *res;

  for (int i = 0; i < a->ndim; i++)
    if (reduced[i])
      {
        if (i != last + 1)
          return TRUE;
        last = i;
      }
  if (last < 0)
    return TRUE;
  for (int i = 0; i < a->ndim; i++)
    {
      if (i <= last)
        rows *= a->shape[i];
      else
        n *= a->shape[i];
      if (i > last || keepdims)
        shape[ndim++] = i > last ? a->shape[i] : 1;
    }
  if (rows == 0)
    return TRUE;
  res = new_like (in, a->dtype, ndim, shape);
  if (res == NULL)
    return FALSE;
#define ROWS_LOOP(type) \
  G_STMT_START { \
    const type *x = bs_tensor_data (a); \
    type *o = bs_tensor_data (res); \
    memcpy (o, x, n * sizeof (type)); \
    for (gint64 r = 1; r < rows; r++) \
      for (gint64 j = 0; j < n; j++) \
        o[j] += x[r * n + j]; \
    if (kind == BS_NP_FAST_MEAN) \
      for (gint64 j = 0; j < n; j++) \
        o[j] /= (type) rows; \
  } G_STMT_END
  if (a->dtype == BS_DTYPE_FLOAT64)
    ROWS_LOOP (double);
  else
    ROWS_LOOP (float);
#undef ROWS_LOOP
  *out = res;
  return TRUE;
}

gboolean
bs_np_fast_reduce (BsInterp         *in,
                   BsNpFastReduce    kind,
                   BsTensor         *a,
                   const gboolean   *reduced,
                   gboolean          keepdims,
                   BsTensor        **out)
{
  gint64 shape[BS_MAX_DIMS], n = 1, rows = 1;
  int ndim = 0, first = a->ndim;
  BsTensor *res;

  *out = NULL;
  if (!is_fast_float (a) || a->ndim == 0)
    return TRUE;
  if ((kind == BS_NP_FAST_SUM || kind == BS_NP_FAST_MEAN) && !reduced[a->ndim - 1])
    return leading_sum (in, kind, a, reduced, keepdims, out);
  /* the reduced dims must be the last ones (a row-major suffix) */
  for (int i = 0; i < a->ndim; i++)
    if (reduced[i] && first == a->ndim)
      first = i;
    else if (!reduced[i] && first < a->ndim)
      return TRUE;
  if (first == a->ndim)
    return TRUE;
  for (int i = 0; i < a->ndim; i++)
    {
      if (i < first)
        rows *= a->shape[i];
      else
        n *= a->shape[i];
      if (i < first || keepdims)
        shape[ndim++] = i < first ? a->shape[i] : 1;
    }
  if (n == 0)
    return TRUE;
  res = new_like (in, a->dtype, ndim, shape);
  if (res == NULL)
    return FALSE;
  if (a->dtype == BS_DTYPE_FLOAT64)
    REDUCE_ROWS (double, pairwise_f64, bs_np_simd_max_f64, bs_np_simd_min_f64);
  else
    REDUCE_ROWS (float, pairwise_f32, bs_np_simd_max_f32, bs_np_simd_min_f32);
  *out = res;
  return TRUE;
}

/* The first index of the maximum (or minimum); a NaN is the extreme, as numpy */
gboolean
bs_np_fast_arg_extreme (BsInterp   *in,
                        gboolean    max,
                        BsTensor   *a,
                        BsTensor  **out)
{
  gint64 n = bs_tensor_numel (a), best = 0;

  *out = NULL;
  if (!is_fast_float (a) || n == 0)
    return TRUE;
  if (a->dtype == BS_DTYPE_FLOAT64)
    best = max ? bs_np_simd_argmax_f64 (bs_tensor_data (a), n)
               : bs_np_simd_argmin_f64 (bs_tensor_data (a), n);
  else
    best = max ? bs_np_simd_argmax_f32 (bs_tensor_data (a), n)
               : bs_np_simd_argmin_f32 (bs_tensor_data (a), n);
  *out = bs_tensor_new_scalar (in->context, BS_DTYPE_INT64, 0.0);
  *(gint64 *) bs_tensor_data (*out) = best;
  return TRUE;
}

gboolean
bs_np_fast_mask (BsInterp   *in,
                 BsTensor   *a,
                 BsTensor   *mask,
                 BsTensor  **out)
{
  gint64 n = bs_tensor_numel (a), count = 0;
  const guint8 *m;
  gsize size;
  guint8 *o;
  const guint8 *x;
  BsTensor *res;

  *out = NULL;
  if (mask->dtype != BS_DTYPE_BOOL || !bs_tensor_is_contiguous (a)
      || !bs_tensor_is_contiguous (mask) || !bs_tensor_same_shape (a, mask))
    return TRUE;
  m = bs_tensor_data (mask);
  for (gint64 i = 0; i < n; i++)
    count += m[i] != 0;
  res = new_like (in, a->dtype, 1, &count);
  if (res == NULL)
    return FALSE;
  size = bs_dtype_size (a->dtype);
  x = bs_tensor_data (a);
  o = bs_tensor_data (res);
  for (gint64 i = 0; i < n; i++)
    if (m[i])
      {
        memcpy (o, x + i * size, size);
        o += size;
      }
  *out = res;
  return TRUE;
}
