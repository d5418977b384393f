/* bs-np-simd-math.c: numpy 1.24's exp, log, tanh, sin and cos of float64 and float32 arrays,
 * by the algorithm numpy takes on the processor it runs on (see bs-np-simd.h): SVML's on
 * AVX-512 (bs-np-svml.c), numpy's own on AVX2 with FMA3 (and AVX-512), the C library's
 * elsewhere. numpy's own are written here from their description: the same steps and
 * constants, the same fused multiply-adds, one element at a time (each lane of numpy's vectors
 * is computed alone, so that the results are the same). */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if BS_NP_X86
/* numpy's own kernels need fused multiply-adds, which these processors have */
#define FMA_KERNEL __attribute__ ((target ("avx2,fma")))
#else
#define FMA_KERNEL
#endif

/* --- float32 exp and log (numpy's loops_exponent_log) -------------------- */

/* p * 2^q for an integer q in [-151, 128], rounded once (as the AVX-512 scalef) */
static inline float
scale_float (float p,
             int   q)
{
  int q1 = q >> 1;

  return p * bs_np_float_of ((guint32) (q1 + 127) << 23)
           * bs_np_float_of ((guint32) (q - q1 + 127) << 23);
}

/* x = q ln2 + r with q = rint (x log2 e) (the product and the rounding's addition fused, as
 * numpy's build contracts them; ln2 in two parts, the products fused), e^r = P(r) /
 * Q(r) of degrees 5 and 2; inf from 88.72283935546875 on, 0 from -103.97208404541015625 down */
static inline float
exp_f32 (float v)
{
  gboolean nan = v != v, big = v >= 88.72283935546875f, tiny = v <= -103.97208404541015625f;
  float x = nan || big || tiny ? 0.0f : v, q, num, den;

  q = fmaf (x, 1.442695040888963407359924681001892137f, 0x1.8p23f) - 0x1.8p23f;
  x = fmaf (q, -6.93145752e-1f, x);
  x = fmaf (q, -1.42860677e-6f, x);
  x = fmaf (q, 0.0f, x);
  num = fmaf (5.082762527590693718096e-04f, x, 6.757896990527504603057e-03f);
  num = fmaf (num, x, 5.114512081637298353406e-02f);
  num = fmaf (num, x, 2.473615434895520810817e-01f);
  num = fmaf (num, x, 7.257664613233124478488e-01f);
  num = fmaf (num, x, 9.999999999980870924916e-01f);
  den = fmaf (2.159509375685829852307e-02f, x, -2.742335390411667452936e-01f);
  den = fmaf (den, x, 1.0f);
  num = scale_float (num / den, (int) q);
  num = nan ? NAN : num;
  num = big ? INFINITY : num;
  return tiny ? 0.0f : num;
}

/* x = 2^e m with 1/sqrt2 < m <= sqrt2 (subnormals scaled by 2^100 first), log (1 + (m - 1))
 * = P/Q of degree 5 each, plus e ln2 */
static inline float
log_f32 (float v)
{
  gboolean negative = v < 0.0f, zero = v == 0.0f, inf = v == INFINITY, nan = v != v;
  float x = negative ? 0.0f : v, e, m, num, den, res;
  gboolean subnormal = x < FLT_MIN;
  guint32 u;

  x = subnormal ? x * 0x1p100f : x;
  u = bs_np_bits_of_float (x);
  e = (float) ((int) (u >> 23) - 126) - (subnormal ? 100.0f : 0.0f);
  m = bs_np_float_of ((u & 0x7fffff) | (126u << 23));
  e = m <= 0.707106781186547524400844362104849039f ? e - 1.0f : e;
  m = m <= 0.707106781186547524400844362104849039f ? m + m : m;
  m = m - 1.0f;
  num = fmaf (2.589979117907922693523e-02f, m, 3.808837741388407920751e-01f);
  num = fmaf (num, m, 1.480000633576506585156e+00f);
  num = fmaf (num, m, 2.112677543073053063722e+00f);
  num = fmaf (num, m, 9.999999999999998702752e-01f);
  num = fmaf (num, m, 0.0f);
  den = fmaf (5.875095403124574342950e-03f, m, 1.546476374983906719538e-01f);
  den = fmaf (den, m, 9.864942958519418960339e-01f);
  den = fmaf (den, m, 2.453006071784736363091e+00f);
  den = fmaf (den, m, 2.612677543073109236779e+00f);
  den = fmaf (den, m, 1.0f);
  res = fmaf (e, 0.693147180559945309417232121458176568f, num / den);
  res = nan ? NAN : res;
  res = negative ? -NAN : res;
  res = zero ? -INFINITY : res;
  return inf ? INFINITY : res;
}

/* --- float32 sin and cos (numpy's loops_trigonometric) ------------------- */

/* x = q pi/2 + r with q = rint (x 2/pi) (fused as in exp_f32; pi/2 in three parts, the
 * products fused), |r| <= pi/4, then +-sin r or +-cos r by q; the C library's beyond |x| =
 * 117435.992 (sin) or 71476.0625 (cos), where this reduction loses too much */
static inline float
sincos_f32 (float    v,
            gboolean cos_of)
{
  gboolean nan = v != v;
  float x = nan ? 0.0f : v, q, r, r2, s, c, res;
  int k;

  q = fmaf (x, 0x1.45f306p-1f, 0x1.8p23f) - 0x1.8p23f;
  r = fmaf (q, -0x1.921fb0p+00f, x);
  r = fmaf (q, -0x1.5110b4p-22f, r);
  r = fmaf (q, -0x1.846988p-48f, r);
  r2 = r * r;
  c = fmaf (0x1.98e616p-16f, r2, -0x1.6c06dcp-10f);
  c = fmaf (c, r2, 0x1.55553cp-05f);
  c = fmaf (c, r2, -0x1.000000p-01f);
  c = fmaf (c, r2, 0x1.000000p+00f);
  s = fmaf (0x1.7d3bbcp-19f, r2, -0x1.a06bbap-13f);
  s = fmaf (s, r2, 0x1.11119ap-07f);
  s = fmaf (s, r2, -0x1.555556p-03f);
  s = fmaf (s, r2, 0.0f);
  s = fmaf (s, r, r);
  k = (int) q + (cos_of ? 1 : 0);
  res = (k & 1) == 0 ? s : c;
  res = (k & 2) != 0 ? 0.0f - res : res;
  return nan ? NAN : res;
}

static inline gboolean
sincos_f32_in_range (float    v,
                     gboolean cos_of)
{
  return fabsf (v) <= (cos_of ? 71476.0625f : 117435.992f);
}

/* --- the loops ----------------------------------------------------------- */

FMA_KERNEL static void
numpy_f32 (BsNpMath     func,
           const float *x,
           float       *out,
           gint64       n)
{
  switch (func)
    {
    case BS_NP_MATH_EXP:
      for (gint64 i = 0; i < n; i++)
        out[i] = exp_f32 (x[i]);
      break;
    case BS_NP_MATH_LOG:
      for (gint64 i = 0; i < n; i++)
        out[i] = log_f32 (x[i]);
      break;
    case BS_NP_MATH_TANH:
    case BS_NP_MATH_EXPM1:
    case BS_NP_MATH_LOG1P:
      g_assert_not_reached ();
    case BS_NP_MATH_SIN:
    case BS_NP_MATH_COS:
      {
        gboolean cos_of = func == BS_NP_MATH_COS;

        for (gint64 i = 0; i < n; i++)
          out[i] = sincos_f32 (x[i], cos_of);
        for (gint64 i = 0; i < n; i++)
          if (!sincos_f32_in_range (x[i], cos_of) && x[i] == x[i])
            out[i] = cos_of ? cosf (x[i]) : sinf (x[i]);
      }
      break;
    }
}

static void
libm_f64 (BsNpMath      func,
          const double *x,
          double       *out,
          gint64        n)
{
  static double (*const f_of[]) (double) = {
    [BS_NP_MATH_EXP] = exp, [BS_NP_MATH_LOG] = log, [BS_NP_MATH_TANH] = tanh,
    [BS_NP_MATH_SIN] = sin, [BS_NP_MATH_COS] = cos, [BS_NP_MATH_EXPM1] = expm1,
    [BS_NP_MATH_LOG1P] = log1p,
  };
  double (*f) (double) = f_of[func];

  for (gint64 i = 0; i < n; i++)
    out[i] = f (x[i]);
}

static void
libm_f32 (BsNpMath     func,
          const float *x,
          float       *out,
          gint64       n)
{
  static float (*const f_of[]) (float) = {
    [BS_NP_MATH_EXP] = expf, [BS_NP_MATH_LOG] = logf, [BS_NP_MATH_TANH] = tanhf,
    [BS_NP_MATH_SIN] = sinf, [BS_NP_MATH_COS] = cosf, [BS_NP_MATH_EXPM1] = expm1f,
    [BS_NP_MATH_LOG1P] = log1pf,
  };
  float (*f) (float) = f_of[func];

  for (gint64 i = 0; i < n; i++)
    out[i] = f (x[i]);
}

void
bs_np_simd_math_f64 (BsNpCpu       cpu,
                     BsNpMath      func,
                     const double *x,
                     double       *out,
                     gint64        n)
{
#if BS_NP_X86
  /* numpy's dispatch: the first of a loop's targets whose features are all on */
  if (func == BS_NP_MATH_TANH && (cpu & (BS_NP_CPU_AVX512_SKX | BS_NP_CPU_AVX2)))
    return bs_np_tanh_f64 (cpu, x, out, n);
  if (func != BS_NP_MATH_TANH && (cpu & BS_NP_CPU_AVX512_SKX))
    return bs_np_svml_f64 (func, x, out, n);
  if ((func == BS_NP_MATH_EXP || func == BS_NP_MATH_LOG) && (cpu & BS_NP_CPU_AVX512F))
    return bs_np_avx512f_f64 (func, x, out, n);
#endif
  libm_f64 (func, x, out, n);
}

void
bs_np_simd_math_f32 (BsNpCpu      cpu,
                     BsNpMath     func,
                     const float *x,
                     float       *out,
                     gint64       n)
{
#if BS_NP_X86
  if (func == BS_NP_MATH_TANH && (cpu & (BS_NP_CPU_AVX512_SKX | BS_NP_CPU_AVX2)))
    return bs_np_tanh_f32 (cpu, x, out, n);
  if (func <= BS_NP_MATH_COS && (cpu & (BS_NP_CPU_AVX512F | BS_NP_CPU_AVX2)))
    return numpy_f32 (func, x, out, n);
  if ((func == BS_NP_MATH_EXPM1 || func == BS_NP_MATH_LOG1P) && (cpu & BS_NP_CPU_AVX512_SKX))
    return bs_np_svml_f32 (func, x, out, n);
#endif
  libm_f32 (func, x, out, n);
}

guint
bs_np_simd_pow_f64 (BsNpCpu       cpu,
                    const double *x,
                    gboolean      x_one,
                    const double *y,
                    gboolean      y_one,
                    double       *out,
                    gint64        n)
{
#if BS_NP_X86
  if (cpu & BS_NP_CPU_AVX512_SKX)
    return bs_np_svml_pow_f64 (x, x_one, y, y_one, out, n);
#endif
  for (gint64 i = 0; i < n; i++)
    out[i] = pow (x[x_one ? 0 : i], y[y_one ? 0 : i]);
  return 0;
}

guint
bs_np_simd_pow_f32 (BsNpCpu      cpu,
                    const float *x,
                    gboolean     x_one,
                    const float *y,
                    gboolean     y_one,
                    float       *out,
                    gint64       n)
{
#if BS_NP_X86
  if (cpu & BS_NP_CPU_AVX512_SKX)
    return bs_np_svml_pow_f32 (x, x_one, y, y_one, out, n);
#endif
  for (gint64 i = 0; i < n; i++)
    out[i] = powf (x[x_one ? 0 : i], y[y_one ? 0 : i]);
  return 0;
}
