/* bs-np-simd.c: numpy's element-wise work on plain contiguous buffers, in loops that vectorise.
 * Each loop computes every lane the same way and selects the special cases afterwards, so
 * that the compiler needs no branch; see bs-np-simd.h. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd.h"

#include <math.h>
#include <string.h>

/* clang before 16 names a clone's dispatcher "f.ifunc", which callers in other files do
 * not find (the fuzz build, -Dfuzz=true, is clang's): one baseline version there */
#if defined(__clang__) && __clang_major__ < 16
#define CLONES
#else
#define CLONES __attribute__ ((target_clones ("avx512f", "avx2", "default")))
#endif

/* Pieces short enough that a second pass over a piece finds it in the cache */
#define PIECE 1024

static inline guint64
bits_of (double d)
{
  guint64 u;

  memcpy (&u, &d, sizeof u);
  return u;
}

static inline double
double_of (guint64 u)
{
  double d;

  memcpy (&d, &u, sizeof d);
  return d;
}

/* --- arithmetic and comparisons ----------------------------------------- */

/* One loop per operand form (array-array, array-scalar, scalar-array), so that each is
 * a plain loop the compiler vectorises */
#define LOOP_OF(type, out_type, expr) \
  G_STMT_START { \
    out_type *o = out; \
    if (y_one) \
      { \
        const type q = y[0]; \
        for (gint64 i = 0; i < n; i++) \
          { \
            type p = x[i]; \
            o[i] = (expr); \
          } \
      } \
    else if (x_one) \
      { \
        const type p = x[0]; \
        for (gint64 i = 0; i < n; i++) \
          { \
            type q = y[i]; \
            o[i] = (expr); \
          } \
      } \
    else \
      for (gint64 i = 0; i < n; i++) \
        { \
          type p = x[i], q = y[i]; \
          o[i] = (expr); \
        } \
  } G_STMT_END

#define LOOP(type, expr) LOOP_OF (type, type, expr)
#define CMP_LOOP(type, expr) LOOP_OF (type, guint8, expr)

#define ARITH(type) \
  G_STMT_START { \
    switch (op) \
      { \
      case BS_NP_FAST_ADD: LOOP (type, p + q); break; \
      case BS_NP_FAST_SUB: LOOP (type, p - q); break; \
      case BS_NP_FAST_MUL: LOOP (type, p * q); break; \
      case BS_NP_FAST_DIV: LOOP (type, p / q); break; \
      case BS_NP_FAST_MAXIMUM: LOOP (type, p != p || p >= q ? p : q); break; \
      case BS_NP_FAST_MINIMUM: LOOP (type, p != p || p <= q ? p : q); break; \
      case BS_NP_FAST_EQ: CMP_LOOP (type, p == q); break; \
      case BS_NP_FAST_NE: CMP_LOOP (type, p != q); break; \
      case BS_NP_FAST_LT: CMP_LOOP (type, p < q); break; \
      case BS_NP_FAST_LE: CMP_LOOP (type, p <= q); break; \
      case BS_NP_FAST_GT: CMP_LOOP (type, p > q); break; \
      case BS_NP_FAST_GE: CMP_LOOP (type, p >= q); break; \
      } \
  } G_STMT_END

#define DEFINE_BINARY(name, type) \
  CLONES void \
  name (BsNpFastOp    op, \
        const type   *x, \
        gboolean      x_one, \
        const type   *y, \
        gboolean      y_one, \
        void         *out, \
        gint64        n) \
  { \
    ARITH (type); \
  }

DEFINE_BINARY (bs_np_simd_binary_f64, double)
DEFINE_BINARY (bs_np_simd_binary_f32, float)

CLONES void
bs_np_simd_sqrt_f64 (const double *x,
                     double       *out,
                     gint64        n)
{
  for (gint64 i = 0; i < n; i++)
    out[i] = sqrt (x[i]);
}

CLONES void
bs_np_simd_sqrt_f32 (const float *x,
                     float       *out,
                     gint64       n)
{
  for (gint64 i = 0; i < n; i++)
    out[i] = sqrtf (x[i]);
}

/* --- exp ----------------------------------------------------------------- */

/* The table method for exp (P. T. P. Tang, "Table-driven implementation of the exponential
 * function in IEEE floating-point arithmetic", ACM TOMS 15, 1989): x = (32m + j) ln2/32 + r
 * with |r| <= ln2/64, and e^x = 2^m 2^(j/32) e^r. 2^(j/32) is kept in two parts: its first
 * 46 bits after the point, and the rest rounded to a double (both computed with 80 decimal
 * digits), so that the sum below loses nothing. */
static const double two_to_j_32[32][2] = {
  { 0x1.0000000000000p+0, 0x0.0p+0 },
  { 0x1.059b0d3158540p+0, 0x1.a1d73e2a475b4p-47 },
  { 0x1.0b5586cf98900p+0, 0x1.ec5317256e308p-49 },
  { 0x1.11301d0125b40p+0, 0x1.0a4ebbf1aed93p-48 },
  { 0x1.172b83c7d5140p+0, 0x1.d6e6fbe462876p-47 },
  { 0x1.1d4873168b980p+0, 0x1.53c02dc0144c8p-47 },
  { 0x1.2387a6e756200p+0, 0x1.c3360fd6d8e0bp-47 },
  { 0x1.29e9df51fdec0p+0, 0x1.09612e8afad12p-47 },
  { 0x1.306fe0a31b700p+0, 0x1.52de8d5a46306p-48 },
  { 0x1.371a7373aa9c0p+0, 0x1.54e28aa05e8a9p-49 },
  { 0x1.3dea64c123400p+0, 0x1.11ada0911f09fp-47 },
  { 0x1.44e0860618900p+0, 0x1.68189b7a04ef8p-47 },
  { 0x1.4bfdad5362a00p+0, 0x1.38ea1cbd7f621p-47 },
  { 0x1.5342b569d4f80p+0, 0x1.df0a83c49d86ap-52 },
  { 0x1.5ab07dd485400p+0, 0x1.4ac64980a8c8fp-47 },
  { 0x1.6247eb03a5580p+0, 0x1.2c7c3e81bf4b7p-50 },
  { 0x1.6a09e667f3bc0p+0, 0x1.921165f626cddp-49 },
  { 0x1.71f75e8ec5f40p+0, 0x1.9ee91b8797785p-47 },
  { 0x1.7a11473eb0180p+0, 0x1.b5f54408fdb37p-50 },
  { 0x1.82589994cce00p+0, 0x1.28acf88afab35p-48 },
  { 0x1.8ace5422aa0c0p+0, 0x1.b5ba7c55a192dp-48 },
  { 0x1.93737b0cdc5c0p+0, 0x1.27a280e1f92a0p-47 },
  { 0x1.9c49182a3f080p+0, 0x1.01c7c46b071f3p-48 },
  { 0x1.a5503b23e2540p+0, 0x1.c8b424491caf8p-48 },
  { 0x1.ae89f995ad380p+0, 0x1.6af439a68bb99p-47 },
  { 0x1.b7f76f2fb5e40p+0, 0x1.baa9ec206ad4fp-50 },
  { 0x1.c199bdd855280p+0, 0x1.c2220cb12a092p-48 },
  { 0x1.cb720dcef9040p+0, 0x1.48a81e5e8f4a5p-47 },
  { 0x1.d5818dcfba480p+0, 0x1.c976816bad9b8p-50 },
  { 0x1.dfc97337b9b40p+0, 0x1.eb968cac39ed3p-48 },
  { 0x1.ea4afa2a490c0p+0, 0x1.9858f73a18f5ep-48 },
  { 0x1.f50765b6e4540p+0, 0x1.9d3e12dd8a18bp-54 },
};

/* Adding then subtracting 1.5 * 2^52 rounds to an integer, which the low bits then hold */
#define ROUND_SHIFT 0x1.8p52
/* 32/ln2, and ln2/32 as its first 33 bits (so that k * it is exact for |k| < 2^20) and
 * the rest */
#define INV_LN2_32 0x1.71547652b82fep+5
#define LN2_32_HI 0x1.62e42fefp-6
#define LN2_32_LO 0x1.473de6af278edp-39
/* Past these e^x is inf, below them it rounds to 0 */
#define EXP_OVERFLOW 0x1.62e42fefa39efp+9
#define EXP_UNDERFLOW -0x1.74910d52d3053p+9

/* v = (32m + j) ln2/32 + r: k = 32m + j, and e^r - 1 (computed as r1 + r2 + ..., where
 * r1 + r2 = r with r1 exact), by its Taylor series to r^7 (the rest is below 2^-60 of r for
 * |r| <= ln2/64) */
static inline double
exp_reduce (double  v,
            gint64 *k)
{
  double kd = v * INV_LN2_32 + ROUND_SHIFT, r1, r2, r;

  *k = (gint64) (bits_of (kd) - bits_of (ROUND_SHIFT));
  kd -= ROUND_SHIFT;
  r1 = v - kd * LN2_32_HI;
  r2 = kd * -LN2_32_LO;
  r = r1 + r2;
  return r1 + (r2 + r * r * (1.0 / 2 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120
                                                  + r * (1.0 / 720 + r * (1.0 / 5040)))))));
}

/* 2^k as a double, for -1022 <= k <= 1023 */
static inline double
two_to (gint64 k)
{
  return double_of ((guint64) (k + 1023) << 52);
}

CLONES static void
exp_piece (const double *restrict x,
           double       *restrict out,
           gint64                 n)
{
  for (gint64 i = 0; i < n; i++)
    {
      gint64 k, m, m1;
      double p = exp_reduce (x[i], &k), top = two_to_j_32[k & 31][0];
      double tail = two_to_j_32[k & 31][1], res = top + (tail + (top + tail) * p);

      /* times 2^m in two exact steps, so that a subnormal result is rounded once */
      m = k >> 5;
      m1 = m >> 1;
      out[i] = res * two_to (m1) * two_to (m - m1);
    }
  for (gint64 i = 0; i < n; i++)
    {
      double v = x[i], res = out[i];

      res = v > EXP_OVERFLOW ? INFINITY : res;
      res = v < EXP_UNDERFLOW ? 0.0 : res;
      out[i] = v != v ? v : res;
    }
}

/* f over x[0..n) in pieces */
static void
in_pieces (void        (*f) (const double *restrict, double *restrict, gint64),
           const double *x,
           double       *out,
           gint64        n)
{
  for (gint64 at = 0; at < n; at += PIECE)
    f (x + at, out + at, MIN (PIECE, n - at));
}

void
bs_np_simd_exp_f64 (const double *x,
                    double       *out,
                    gint64        n)
{
  in_pieces (exp_piece, x, out, n);
}

/* --- tanh ---------------------------------------------------------------- */

/* As the C library's (fdlibm's): with t = e^(2|x|) - 1, tanh |x| = 1 - 2/(t + 2) from 1 on,
 * and with t = e^(-2|x|) - 1, -t/(t + 2) below 1; 1 from 22 on, x itself below 2^-55. In
 * three passes over a piece, so that each vectorises: the argument of e, then e^y - 1 (as
 * (2^m top - 1) + 2^m (tail + ...), the first part exact), then the quotient, corrected for
 * the rounding of t + 2. */
CLONES static void
tanh_piece (const double *restrict x,
            double       *restrict out,
            gint64                 n)
{
  for (gint64 i = 0; i < n; i++)
    {
      double a = fabs (x[i]);

      a = a > 22.0 ? 22.0 : a;
      out[i] = a >= 1.0 ? 2.0 * a : -2.0 * a;
    }
  for (gint64 i = 0; i < n; i++)
    {
      gint64 k;
      double p = exp_reduce (out[i], &k), top = two_to_j_32[k & 31][0];
      double tail = two_to_j_32[k & 31][1], scale = two_to (k >> 5);

      out[i] = (scale * top - 1.0) + scale * (tail + (top + tail) * p);
    }
  for (gint64 i = 0; i < n; i++)
    {
      double v = x[i], a = fabs (v), t = out[i], d = t + 2.0, e = (2.0 - d) + t;
      double small = -t / d, large = 2.0 / d, res;

      small -= small * (e / d);
      large = 1.0 - (large - large * (e / d));
      res = a >= 1.0 ? large : small;
      res = a >= 22.0 ? 1.0 : res;
      res = double_of (bits_of (res) | (bits_of (v) & G_GUINT64_CONSTANT (0x8000000000000000)));
      res = a < 0x1p-55 ? v : res;
      out[i] = v != v ? v : res;
    }
}

void
bs_np_simd_tanh_f64 (const double *x,
                     double       *out,
                     gint64        n)
{
  in_pieces (tanh_piece, x, out, n);
}

/* --- max, min, argmax, argmin -------------------------------------------- */

/* GCC's vector types, 32 bytes (one AVX2 register, or two SSE2 ones), and integer vectors of
 * lanes as wide, which comparisons give (all ones where true) */
typedef double V4DF __attribute__ ((vector_size (32)));
typedef gint64 V4DI __attribute__ ((vector_size (32)));
typedef float V8SF __attribute__ ((vector_size (32)));
typedef gint32 V8SI __attribute__ ((vector_size (32)));

/* The extreme of a piece (n >= 1) in two vectors of running extremes, or NaN when the piece
 * holds one (numpy's max and min propagate NaN) */
#define DEFINE_EXTREME_PIECE(name, type, vtype, itype, better) \
  CLONES static type \
  name (const type *x, \
        gint64      n) \
  { \
    enum { W = sizeof (vtype) / sizeof (type) }; \
    vtype m0, m1; \
    itype nan = { 0 }; \
    gint64 i = 0; \
    type res = x[0]; \
    gboolean any_nan = FALSE; \
    for (int k = 0; k < W; k++) \
      m0[k] = m1[k] = x[0]; \
    for (; i + 2 * W <= n; i += 2 * W) \
      { \
        vtype a, b; \
        itype ta, tb; \
        memcpy (&a, x + i, sizeof a); \
        memcpy (&b, x + i + W, sizeof b); \
        ta = a better m0; \
        tb = b better m1; \
        m0 = (vtype) (((itype) a & ta) | ((itype) m0 & ~ta)); \
        m1 = (vtype) (((itype) b & tb) | ((itype) m1 & ~tb)); \
        nan |= (a != a) | (b != b); \
      } \
    for (int k = 0; k < W; k++) \
      { \
        res = m0[k] better res ? m0[k] : res; \
        res = m1[k] better res ? m1[k] : res; \
        any_nan |= nan[k] != 0; \
      } \
    for (; i < n; i++) \
      { \
        res = x[i] better res ? x[i] : res; \
        any_nan |= x[i] != x[i]; \
      } \
    return any_nan ? (type) NAN : res; \
  }

DEFINE_EXTREME_PIECE (max_piece_f64, double, V4DF, V4DI, >)
DEFINE_EXTREME_PIECE (min_piece_f64, double, V4DF, V4DI, <)
DEFINE_EXTREME_PIECE (max_piece_f32, float, V8SF, V8SI, >)
DEFINE_EXTREME_PIECE (min_piece_f32, float, V8SF, V8SI, <)
#define DEFINE_EXTREME(name, type, piece, better) \
  type \
  name (const type *x, \
        gint64      n) \
  { \
    type res = x[0]; \
    for (gint64 at = 0; at < n && res == res; at += PIECE) \
      { \
        type m = piece (x + at, MIN (PIECE, n - at)); \
        res = at == 0 || m != m || m better res ? m : res; \
      } \
    return res; \
  }

/* The first index of the extreme, or of the first NaN (which numpy's argmax takes as the
 * extreme): the extremes of the pieces, then a look for it in the piece that has it */
#define DEFINE_ARG_EXTREME(name, type, piece, better) \
  gint64 \
  name (const type *x, \
        gint64      n) \
  { \
    type best = x[0]; \
    gint64 best_at = 0, end; \
    for (gint64 at = 0; at < n; at += PIECE) \
      { \
        type m = piece (x + at, MIN (PIECE, n - at)); \
        if (m != m) \
          { \
            for (gint64 i = at;; i++) \
              if (x[i] != x[i]) \
                return i; \
          } \
        if (m better best) \
          { \
            best = m; \
            best_at = at; \
          } \
      } \
    end = MIN (best_at + PIECE, n); \
    for (gint64 i = best_at; i < end; i++) \
      if (x[i] == best) \
        return i; \
    return best_at; \
  }

DEFINE_EXTREME (bs_np_simd_max_f64, double, max_piece_f64, >)
DEFINE_EXTREME (bs_np_simd_min_f64, double, min_piece_f64, <)
DEFINE_EXTREME (bs_np_simd_max_f32, float, max_piece_f32, >)
DEFINE_EXTREME (bs_np_simd_min_f32, float, min_piece_f32, <)
DEFINE_ARG_EXTREME (bs_np_simd_argmax_f64, double, max_piece_f64, >)
DEFINE_ARG_EXTREME (bs_np_simd_argmin_f64, double, min_piece_f64, <)
DEFINE_ARG_EXTREME (bs_np_simd_argmax_f32, float, max_piece_f32, >)
DEFINE_ARG_EXTREME (bs_np_simd_argmin_f32, float, min_piece_f32, <)

/* --- sums over the leading dims ------------------------------------------ */

/* Four rows at a time into the sums, each still added in turn */
#define DEFINE_ADD_ROWS(name, type) \
  CLONES void \
  name (const type *x, \
        gint64      rows, \
        gint64      n, \
        gboolean    mean, \
        type       *out) \
  { \
    gint64 r = 1; \
    memcpy (out, x, n * sizeof (type)); \
    for (; r + 4 <= rows; r += 4) \
      { \
        const type *restrict a = x + r * n, *restrict b = a + n, *restrict c = b + n; \
        const type *restrict d = c + n; \
        type *restrict o = out; \
        for (gint64 j = 0; j < n; j++) \
          o[j] = (((o[j] + a[j]) + b[j]) + c[j]) + d[j]; \
      } \
    for (; r < rows; r++) \
      { \
        const type *restrict a = x + r * n; \
        type *restrict o = out; \
        for (gint64 j = 0; j < n; j++) \
          o[j] += a[j]; \
      } \
    if (mean) \
      for (gint64 j = 0; j < n; j++) \
        out[j] /= (type) rows; \
  }

DEFINE_ADD_ROWS (bs_np_simd_add_rows_f64, double)
DEFINE_ADD_ROWS (bs_np_simd_add_rows_f32, float)

/* --- boolean masks ------------------------------------------------------- */

CLONES gint64
bs_np_simd_count_true (const guint8 *mask,
                       gint64        n)
{
  gint64 count = 0;

  for (gint64 i = 0; i < n; i++)
    count += mask[i] != 0;
  return count;
}

/* Both sides are read and the condition made a mask of all ones or zeros, so that the loop
 * has no conditional load */
#define DEFINE_SELECT(name, type) \
  CLONES static void \
  name (const guint8 *restrict cond, \
        const type   *restrict x, \
        gboolean               x_one, \
        const type   *restrict y, \
        gboolean               y_one, \
        gint64                 n, \
        type         *restrict out) \
  { \
    if (!x_one && !y_one) \
      for (gint64 i = 0; i < n; i++) \
        { \
          type m = (type) 0 - (type) (cond[i] != 0); \
          out[i] = (x[i] & m) | (y[i] & ~m); \
        } \
    else \
      for (gint64 i = 0; i < n; i++) \
        { \
          type m = (type) 0 - (type) (cond[i] != 0); \
          out[i] = (x[x_one ? 0 : i] & m) | (y[y_one ? 0 : i] & ~m); \
        } \
  }

DEFINE_SELECT (select_8, guint64)
DEFINE_SELECT (select_4, guint32)
DEFINE_SELECT (select_2, guint16)
DEFINE_SELECT (select_1, guint8)

void
bs_np_simd_select (const guint8 *cond,
                   const void   *x,
                   gboolean      x_one,
                   const void   *y,
                   gboolean      y_one,
                   gsize         size,
                   gint64        n,
                   void         *out)
{
  switch (size)
    {
    case 8: select_8 (cond, x, x_one, y, y_one, n, out); break;
    case 4: select_4 (cond, x, x_one, y, y_one, n, out); break;
    case 2: select_2 (cond, x, x_one, y, y_one, n, out); break;
    case 1: select_1 (cond, x, x_one, y, y_one, n, out); break;
    default:
      for (gint64 i = 0; i < n; i++)
        memcpy ((guint8 *) out + i * size,
                (const guint8 *) (cond[i] ? x : y) + ((cond[i] ? x_one : y_one) ? 0 : i * size),
                size);
      break;
    }
}

/* Every element is written at the next free place, which moves on only where the mask is
 * true: no branch to mispredict on a mask without pattern */
#define COMPRESS(type) \
  G_STMT_START { \
    const type *from = x; \
    type *to = out; \
    for (gint64 i = 0, k = 0; k < count; i++) \
      { \
        to[k] = from[i]; \
        k += mask[i] != 0; \
      } \
  } G_STMT_END

void
bs_np_simd_compress (const void   *x,
                     gsize         size,
                     const guint8 *mask,
                     gint64        count,
                     void         *out)
{
  switch (size)
    {
    case 8: COMPRESS (guint64); break;
    case 4: COMPRESS (guint32); break;
    case 2: COMPRESS (guint16); break;
    case 1: COMPRESS (guint8); break;
    default:
      for (gint64 i = 0, k = 0; k < count; i++)
        if (mask[i] != 0)
          memcpy ((guint8 *) out + size * k++, (const guint8 *) x + size * i, size);
      break;
    }
}
