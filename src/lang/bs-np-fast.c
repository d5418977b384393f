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

#define DEFINE_PAIRWISE(name, type, ELEM) \
  static type \
  name (const type *a, gint64 n, gint64 stride, type c) \
  { \
    if (n < 8) \
      { \
        type res = 0; \
        for (gint64 i = 0; i < n; i++) \
          res += ELEM (i); \
        return res; \
      } \
    if (n <= PAIRWISE_BLOCK) \
      { \
        type r[8], res; \
        gint64 i; \
        for (int k = 0; k < 8; k++) \
          r[k] = ELEM (k); \
        for (i = 8; i < n - (n % 8); i += 8) \
          for (int k = 0; k < 8; k++) \
            r[k] += ELEM (i + k); \
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
        for (; i < n; i++) \
          res += ELEM (i); \
        return res; \
      } \
    { \
      gint64 n2 = n / 2; \
      n2 -= n2 % 8; \
      return name (a, n2, stride, c) + name (a + n2 * stride, n - n2, stride, c); \
    } \
  }

/* The elements, and (numpy's var) their squared deviations from c, each rounded as numpy's
 * a - c, then its square */
#define ELEMENT(i) (a[(i) * stride])
#define SQUARED_DEVIATION(i) ((a[(i) * stride] - c) * (a[(i) * stride] - c))

DEFINE_PAIRWISE (pairwise_f64, double, ELEMENT)
DEFINE_PAIRWISE (pairwise_f32, float, ELEMENT)
DEFINE_PAIRWISE (pairwise_squared_deviation_f64, double, SQUARED_DEVIATION)

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

/* x or y where it is the condition's shape, or of one element (broadcast) */
static gboolean
where_operand (BsTensor *t,
               BsTensor *cond,
               gboolean *one)
{
  *one = bs_tensor_numel (t) == 1 && t->ndim <= cond->ndim;
  return bs_tensor_is_contiguous (t) && (*one || bs_tensor_same_shape (t, cond));
}

BsTensor *
bs_np_fast_where (BsInterp *in,
                  BsTensor *cond,
                  BsTensor *x,
                  BsTensor *y)
{
  gboolean x_one, y_one;
  BsTensor *res;

  if (cond->dtype != BS_DTYPE_BOOL || !bs_tensor_is_contiguous (cond) || x->dtype != y->dtype
      || !where_operand (x, cond, &x_one) || !where_operand (y, cond, &y_one))
    return NULL;
  res = new_like (in, x->dtype, cond->ndim, cond->shape);
  if (res != NULL)
    bs_np_simd_select (bs_tensor_data (cond), bs_tensor_data (x), x_one, bs_tensor_data (y),
                       y_one, bs_dtype_size (x->dtype), bs_tensor_numel (cond),
                       bs_tensor_data (res));
  return res;
}

/* numpy's transcendental functions by the algorithm numpy takes on this processor, whatever
 * the array's strides (numpy's loops compute each element alone, so that a copy gives the same
 * bits); sqrt and abs are exact anywhere */
gboolean
bs_np_fast_unary (BsInterp    *in,
                  int          func,
                  BsTensor    *a,
                  BsTensor   **out)
{
  static const BsNpMath math[] = {
    [BS_NP_FAST_EXP] = BS_NP_MATH_EXP, [BS_NP_FAST_LOG] = BS_NP_MATH_LOG,
    [BS_NP_FAST_TANH] = BS_NP_MATH_TANH, [BS_NP_FAST_SIN] = BS_NP_MATH_SIN,
    [BS_NP_FAST_COS] = BS_NP_MATH_COS, [BS_NP_FAST_EXPM1] = BS_NP_MATH_EXPM1,
    [BS_NP_FAST_LOG1P] = BS_NP_MATH_LOG1P,
  };
  g_autoptr(BsTensor) dense = NULL;
  GError *error = NULL;
  gint64 n;
  BsTensor *res;

  *out = NULL;
  if (func == 0 || (a->dtype != BS_DTYPE_FLOAT64 && a->dtype != BS_DTYPE_FLOAT32))
    return TRUE;
  if (!bs_tensor_is_contiguous (a))
    {
      if (func == BS_NP_FAST_SQRT || func == BS_NP_FAST_ABS)
        return TRUE;
      dense = bs_tensor_contiguous_copy (a, a->dtype, &error);
      if (dense == NULL)
        {
          bs_np_fail (in, error);
          return FALSE;
        }
      a = dense;
    }
  n = bs_tensor_numel (a);
  res = new_like (in, a->dtype, a->ndim, a->shape);
  if (res == NULL)
    return FALSE;
  if (func == BS_NP_FAST_SQRT && a->dtype == BS_DTYPE_FLOAT64)
    bs_np_simd_sqrt_f64 (bs_tensor_data (a), bs_tensor_data (res), n);
  else if (func == BS_NP_FAST_SQRT)
    bs_np_simd_sqrt_f32 (bs_tensor_data (a), bs_tensor_data (res), n);
  else if (func == BS_NP_FAST_ABS && a->dtype == BS_DTYPE_FLOAT64)
    {
      const double *x = bs_tensor_data (a);
      double *o = bs_tensor_data (res);

      for (gint64 i = 0; i < n; i++)
        o[i] = fabs (x[i]);
    }
  else if (func == BS_NP_FAST_ABS)
    {
      const float *x = bs_tensor_data (a);
      float *o = bs_tensor_data (res);

      for (gint64 i = 0; i < n; i++)
        o[i] = fabsf (x[i]);
    }
  else if (a->dtype == BS_DTYPE_FLOAT64)
    bs_np_simd_math_f64 (in->np_cpu, math[func], bs_tensor_data (a),
                         bs_tensor_data (res), n);
  else
    bs_np_simd_math_f32 (in->np_cpu, math[func], bs_tensor_data (a),
                         bs_tensor_data (res), n);
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
              acc += pairwise (p + at, MIN (BUFFER_SIZE, n - at), 1, 0); \
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
  if (n == 1)
    {
      /* numpy drops the dims of one element: then one row, summed pairwise (the result's
       * dims all hold one element) */
      const gboolean all[1] = { TRUE };
      gint64 strides[BS_MAX_DIMS];
      g_autoptr(BsTensor) flat = bs_tensor_alias (a, 1, &rows, (const gint64[]) { 1 },
                                                  a->offset);
      g_autoptr(BsTensor) sum = NULL;

      for (int i = 0; i < ndim; i++)
        strides[i] = 1;
      if (!bs_np_fast_reduce (in, kind, flat, all, FALSE, &sum))
        return FALSE;
      *out = sum != NULL ? bs_tensor_alias (sum, ndim, shape, strides, sum->offset) : NULL;
      return TRUE;
    }
  res = new_like (in, a->dtype, ndim, shape);
  if (res == NULL)
    return FALSE;
  if (a->dtype == BS_DTYPE_FLOAT64)
    bs_np_simd_add_rows_f64 (bs_tensor_data (a), rows, n, kind == BS_NP_FAST_MEAN,
                             bs_tensor_data (res));
  else
    bs_np_simd_add_rows_f32 (bs_tensor_data (a), rows, n, kind == BS_NP_FAST_MEAN,
                             bs_tensor_data (res));
  *out = res;
  return TRUE;
}

/* Whether the reduced dims are the last ones (a row-major suffix, at least one): then the
 * rows of n elements, one per element of the result, and the result's shape */
static gboolean
suffix_rows (BsTensor       *a,
             const gboolean *reduced,
             gboolean        keepdims,
             gint64         *rows,
             gint64         *n,
             gint64         *shape,
             int            *ndim)
{
  int first = a->ndim;

  *rows = *n = 1;
  *ndim = 0;
  for (int i = 0; i < a->ndim; i++)
    if (reduced[i] && first == a->ndim)
      first = i;
    else if (!reduced[i] && first < a->ndim)
      return FALSE;
  if (first == a->ndim)
    return FALSE;
  for (int i = 0; i < a->ndim; i++)
    {
      if (i < first)
        *rows *= a->shape[i];
      else
        *n *= a->shape[i];
      if (i < first || keepdims)
        shape[(*ndim)++] = i < first ? a->shape[i] : 1;
    }
  return *n > 0;
}

gboolean
bs_np_fast_reduce (BsInterp         *in,
                   BsNpFastReduce    kind,
                   BsTensor         *a,
                   const gboolean   *reduced,
                   gboolean          keepdims,
                   BsTensor        **out)
{
  gint64 shape[BS_MAX_DIMS], n, rows;
  int ndim;
  BsTensor *res;

  *out = NULL;
  if (!is_fast_float (a) || a->ndim == 0)
    return TRUE;
  if ((kind == BS_NP_FAST_SUM || kind == BS_NP_FAST_MEAN) && !reduced[a->ndim - 1])
    return leading_sum (in, kind, a, reduced, keepdims, out);
  if (!suffix_rows (a, reduced, keepdims, &rows, &n, shape, &ndim))
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

/* numpy's var (and std, its square root) of float64 rows as numpy's _var computes it: the
 * mean (the pairwise sum over n), the pairwise sum of the squared deviations from it, over
 * n - ddof */
gboolean
bs_np_fast_var (BsInterp         *in,
                BsTensor         *a,
                const gboolean   *reduced,
                gboolean          keepdims,
                double            ddof,
                gboolean          std,
                BsTensor        **out)
{
  gint64 shape[BS_MAX_DIMS], n, rows;
  int ndim;
  const double *x;
  double *o;
  BsTensor *res;

  *out = NULL;
  if (a->dtype != BS_DTYPE_FLOAT64 || !bs_tensor_is_contiguous (a) || a->ndim == 0
      || !suffix_rows (a, reduced, keepdims, &rows, &n, shape, &ndim) || n - ddof <= 0)
    return TRUE;
  res = new_like (in, a->dtype, ndim, shape);
  if (res == NULL)
    return FALSE;
  x = bs_tensor_data (a);
  o = bs_tensor_data (res);
  for (gint64 r = 0; r < rows; r++)
    {
      const double *p = x + r * n;
      double mean = 0, squares = 0;

      for (gint64 at = 0; at < n; at += BUFFER_SIZE)
        mean += pairwise_f64 (p + at, MIN (BUFFER_SIZE, n - at), 1, 0);
      mean /= (double) n;
      for (gint64 at = 0; at < n; at += BUFFER_SIZE)
        squares += pairwise_squared_deviation_f64 (p + at, MIN (BUFFER_SIZE, n - at), 1, mean);
      squares /= n - ddof;
      o[r] = std ? sqrt (squares) : squares;
    }
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
  gint64 n = bs_tensor_numel (a), count;
  BsTensor *res;

  *out = NULL;
  if (mask->dtype != BS_DTYPE_BOOL || !bs_tensor_is_contiguous (a)
      || !bs_tensor_is_contiguous (mask) || !bs_tensor_same_shape (a, mask))
    return TRUE;
  count = bs_np_simd_count_true (bs_tensor_data (mask), n);
  res = new_like (in, a->dtype, 1, &count);
  if (res == NULL)
    return FALSE;
  bs_np_simd_compress (bs_tensor_data (a), bs_dtype_size (a->dtype), bs_tensor_data (mask),
                       count, bs_tensor_data (res));
  *out = res;
  return TRUE;
}
