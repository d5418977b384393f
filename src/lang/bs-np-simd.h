/* bs-np-simd.h: numpy's element-wise work on plain contiguous buffers, in loops the
 * compiler turns into vector instructions (compiled without floating-point trapping,
 * so that selects of values need no branches, and for AVX2 beside the baseline) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_NP_FAST_ADD, BS_NP_FAST_SUB, BS_NP_FAST_MUL, BS_NP_FAST_DIV, BS_NP_FAST_MAXIMUM,
  BS_NP_FAST_MINIMUM, BS_NP_FAST_EQ, BS_NP_FAST_NE, BS_NP_FAST_LT, BS_NP_FAST_LE,
  BS_NP_FAST_GT, BS_NP_FAST_GE,
} BsNpFastOp;

/* out[i] = x[i] op y[i] for i < n, where x (y) of one element stands for n of them;
 * out is of the operands' type, or bool (one byte) for the comparisons */
void         bs_np_simd_binary_f64   (BsNpFastOp op, const double *x, gboolean x_one,
                                      const double *y, gboolean y_one, void *out, gint64 n);
void         bs_np_simd_binary_f32   (BsNpFastOp op, const float *x, gboolean x_one,
                                      const float *y, gboolean y_one, void *out, gint64 n);
/* out[i] = sqrt (x[i]) */
void         bs_np_simd_sqrt_f64     (const double *x, double *out, gint64 n);
void         bs_np_simd_sqrt_f32     (const float *x, float *out, gint64 n);

/* The features of the processor that numpy 1.24's run-time dispatch looks at to choose its
 * loops, each a flag of its own as in numpy (none: the baseline, SSE3, where numpy takes the C
 * library's functions) */
typedef enum {
  BS_NP_CPU_BASELINE = 0,
  BS_NP_CPU_AVX2 = 1 << 0,        /* AVX2 and FMA3: numpy's own float32 exp, log, sin, cos and
                                   * its tanh */
  BS_NP_CPU_AVX512F = 1 << 1,     /* numpy's own float32 exp, log, sin, cos (the same results)
                                   * and float64 exp and log */
  BS_NP_CPU_AVX512_SKX = 1 << 2,  /* AVX-512 F, CD, BW, DQ, VL: SVML's float64 exp, log, sin,
                                   * cos, and expm1, log1p and power of both dtypes; numpy's
                                   * AVX-512 tanh */
} BsNpCpu;

/* This processor's features */
BsNpCpu      bs_np_simd_cpu          (void);
/* This processor's features less those that disable (NPY_DISABLE_CPU_FEATURES's value, or
 * NULL) names, as numpy 1.24 reads it at import: FALSE with numpy's RuntimeError message in
 * *error for a baseline feature or a value of 1024 bytes or more; numpy's RuntimeWarning
 * messages added to warnings (of char *) for names that are no dispatched feature or one this
 * processor lacks */
gboolean     bs_np_simd_cpu_disable  (const char *disable, BsNpCpu *cpu, GPtrArray *warnings,
                                      char **error);

typedef enum {
  BS_NP_MATH_EXP, BS_NP_MATH_LOG, BS_NP_MATH_TANH, BS_NP_MATH_SIN, BS_NP_MATH_COS,
  BS_NP_MATH_EXPM1, BS_NP_MATH_LOG1P,
} BsNpMath;

/* out[i] = func (x[i]) for i < n, bit for bit as numpy 1.24 computes it on a processor with
 * the features cpu (whatever the strides of numpy's arrays) */
void         bs_np_simd_math_f64     (BsNpCpu cpu, BsNpMath func, const double *x,
                                      double *out, gint64 n);
void         bs_np_simd_math_f32     (BsNpCpu cpu, BsNpMath func, const float *x,
                                      float *out, gint64 n);

/* Floating-point exceptions a kernel raised that its results do not show, which numpy reports:
 * SVML's pow divides by zero for 0^-inf and overflows squaring a huge base for x^inf */
typedef enum {
  BS_NP_SIMD_RAISED_DIVIDE = 1 << 0,
  BS_NP_SIMD_RAISED_OVERFLOW = 1 << 1,
} BsNpSimdRaised;

/* out[i] = x[i]^y[i] for i < n (x or y of one element standing for n of them), as numpy 1.24's
 * power ufunc with the features cpu: SVML's on AVX-512 (its vector path, and its scalar path
 * for the special cases), the C library's elsewhere; returns the BsNpSimdRaised flags */
guint        bs_np_simd_pow_f64      (BsNpCpu cpu, const double *x, gboolean x_one,
                                      const double *y, gboolean y_one, double *out, gint64 n);

guint        bs_np_simd_pow_f32      (BsNpCpu cpu, const float *x, gboolean x_one,
                                      const float *y, gboolean y_one, float *out, gint64 n);

/* The maximum (minimum) of x[0..n), n >= 1; NaN when one is NaN, as numpy's max */
double       bs_np_simd_max_f64      (const double *x, gint64 n);
double       bs_np_simd_min_f64      (const double *x, gint64 n);
float        bs_np_simd_max_f32      (const float *x, gint64 n);
float        bs_np_simd_min_f32      (const float *x, gint64 n);
/* The first index of the maximum (minimum), n >= 1; of the first NaN when there is one, as
 * numpy's argmax */
gint64       bs_np_simd_argmax_f64   (const double *x, gint64 n);
gint64       bs_np_simd_argmin_f64   (const double *x, gint64 n);
gint64       bs_np_simd_argmax_f32   (const float *x, gint64 n);
gint64       bs_np_simd_argmin_f32   (const float *x, gint64 n);

/* out[j] = x[0][j] + x[1][j] + ... (rows of n elements, added in turn as numpy adds them for
 * a sum over the leading dims), over rows when mean */
void         bs_np_simd_add_rows_f64 (const double *x, gint64 rows, gint64 n, gboolean mean,
                                      double *out);
void         bs_np_simd_add_rows_f32 (const float *x, gint64 rows, gint64 n, gboolean mean,
                                      float *out);

/* out[i] = cond[i] ? x[i] : y[i] for elements of size bytes, x (y) of one element standing
 * for n of them */
void         bs_np_simd_select       (const guint8 *cond, const void *x, gboolean x_one,
                                      const void *y, gboolean y_one, gsize size, gint64 n,
                                      void *out);

/* The number of nonzero bytes of mask[0..n) */
gint64       bs_np_simd_count_true   (const guint8 *mask, gint64 n);
/* The elements of x (of size bytes each) where mask is nonzero, in order, into out, which
 * has room for the count of them */
void         bs_np_simd_compress     (const void *x, gsize size, const guint8 *mask,
                                      gint64 count, void *out);

G_END_DECLS
