/* bs-np-simd-private.h: the kernels behind bs_np_simd_math_f64/_f32, one per algorithm numpy
 * 1.24 may take (see bs-np-simd.h) */
#pragma once

#include "bs-np-simd.h"

#include <string.h>

G_BEGIN_DECLS

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BS_NP_X86 1
#else
#define BS_NP_X86 0
#endif

/* The bits of a double or a float, and back */
static inline guint64
bs_np_bits_of_double (double d)
{
  guint64 u;

  memcpy (&u, &d, sizeof u);
  return u;
}

static inline double
bs_np_double_of (guint64 u)
{
  double d;

  memcpy (&d, &u, sizeof d);
  return d;
}

static inline guint32
bs_np_bits_of_float (float f)
{
  guint32 u;

  memcpy (&u, &f, sizeof u);
  return u;
}

static inline float
bs_np_float_of (guint32 u)
{
  float f;

  memcpy (&f, &u, sizeof f);
  return f;
}

#if BS_NP_X86
/* SVML's exp, log, sin, cos, expm1, log1p and pow, eight lanes at a time (AVX-512 Skylake-X
 * processors only) */
void         bs_np_svml_f64          (BsNpMath func, const double *x, double *out, gint64 n);
guint        bs_np_svml_pow_f64      (const double *x, gboolean x_one, const double *y,
                                      gboolean y_one, double *out, gint64 n);
/* SVML's float32 expm1 and log1p, sixteen lanes at a time (AVX-512 Skylake-X processors only) */
void         bs_np_svml_f32          (BsNpMath func, const float *x, float *out, gint64 n);
guint        bs_np_svml_pow_f32      (const float *x, gboolean x_one, const float *y,
                                      gboolean y_one, float *out, gint64 n);
/* SVML pow's scalar path, for the lanes its vector path leaves (bs-np-svml-pow.c); adds the
 * BsNpSimdRaised flags it raised to *raised */
float        bs_np_svml_pow_rare_f32 (float x, float y, guint *raised);
double       bs_np_svml_pow_rare_f64 (double x, double y, guint *raised);
/* numpy's own float64 exp and log of AVX512F processors without the Skylake-X features */
void         bs_np_avx512f_f64       (BsNpMath func, const double *x, double *out, gint64 n);
/* numpy's tanh with the features cpu (AVX2 and FMA3, or AVX512_SKX) */
void         bs_np_tanh_f64          (BsNpCpu cpu, const double *x, double *out, gint64 n);
void         bs_np_tanh_f32          (BsNpCpu cpu, const float *x, float *out, gint64 n);
#endif

G_END_DECLS
