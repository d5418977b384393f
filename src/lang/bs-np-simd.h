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

/* out[i] = e^x[i] within one unit in the last place of the exact value (the same as the C
 * library's exp in all but about 1 of 200 arguments, which differ by that unit) */
void         bs_np_simd_exp_f64      (const double *x, double *out, gint64 n);

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

G_END_DECLS
