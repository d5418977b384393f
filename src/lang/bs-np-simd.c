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
