/* bs-np-svml-f32.c: float32 expm1, log1p and power as numpy 1.24 computes them on processors with
 * AVX-512 (Skylake-X's set): by Intel's SVML (__svml_expm1f16, __svml_log1pf16, __svml_powf16),
 * whose steps are followed here with the same instructions where the result depends on them
 * (fused multiply-adds, scalef, table lookups by bits), sixteen lanes at a time, and their
 * scalar paths for special arguments written as plain float arithmetic, as SVML has them.
 * Written from the algorithms' description; the constants and tables are SVML's. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd-private.h"

#if BS_NP_X86

#include <immintrin.h>
#include <math.h>

#include "bs-np-svml-f32-tables.inc"

#define SKX __attribute__ ((target ("avx512f,avx512cd,avx512bw,avx512dq,avx512vl,fma")))

#define F(bits) _mm512_castsi512_ps (_mm512_set1_epi32 ((int) (bits)))

static inline float
float_of_bits (guint32 u)
{
  return bs_np_float_of (u);
}

/* --- expm1 --------------------------------------------------------------- */

/* e^x - 1 for x >= 0x1.5a92d6p+6 (and inf, NaN): 2^n P(r) with n = rint (x log2 e), P of
 * degree 5 in separately rounded steps, n put into the exponent by an integer addition */
static float
expm1_scalar (float x)
{
  guint32 u = bs_np_bits_of_float (x);
  float s, n, r, p;

  if (x < 0.0f)
    return -1.0f;
  if ((u & 0x7f800000) == 0x7f800000)
    return (u & 0x80000000) != 0 && (u & 0x7fffff) == 0 ? 0.0f : x * x;
  if (x > float_of_bits (0x42b17217))
    return float_of_bits (0x7f7fffff) * float_of_bits (0x7f7fffff);
  s = x * float_of_bits (0x3fb8aa3b);
  s = s + float_of_bits (0x4b400000);
  n = s - float_of_bits (0x4b400000);
  r = x - n * float_of_bits (0x3f317200);
  r = r - n * float_of_bits (0x35bfbe8e);
  p = r * float_of_bits (0x3c0950ef) + float_of_bits (0x3d2bb1b6);
  p = p * r + float_of_bits (0x3e2aa9c6);
  p = p * r + float_of_bits (0x3efffe85);
  p = p * r + float_of_bits (0x3f800001);
  p = p * r + float_of_bits (0x3f800001);
  return bs_np_float_of (bs_np_bits_of_float (p) + (bs_np_bits_of_float (s) << 23));
}

/* x = (Z0 + r) ln2 with Z0 = x log2 e rounded to 5 fraction bits (ln2 in two parts);
 * e^x - 1 = (T - 1) + T (Tl + r + r^2 P(r)) with T = 2^Z0 (2^(j/32) scaled), |r| forced below 2 */
SKX static __m512
expm1_lanes (__m512        x,
             const __m512  t[2],
             const __m512  tl[2])
{
  __m512 s = _mm512_fmadd_ps (x, F (0x3fb8aa3b), F (0x48c00000));
  __m512 z = _mm512_sub_ps (s, F (0x48c00000)), th, tlr, r, r2, p, res;
  __mmask16 rare = _mm512_cmp_ps_mask (x, F (0x42ad496b), _CMP_GE_OQ);

  th = _mm512_permutex2var_ps (t[0], _mm512_castps_si512 (s), t[1]);
  tlr = _mm512_permutex2var_ps (tl[0], _mm512_castps_si512 (s), tl[1]);
  r = _mm512_fnmadd_ps (z, F (0x3f317218), x);
  th = _mm512_scalef_ps (th, z);
  r = _mm512_fnmadd_ps (F (0xb102e308), z, r);
  r = _mm512_and_ps (r, F (0xbfffffff));
  r2 = _mm512_mul_ps (r, r);
  p = _mm512_fmadd_ps (F (0x3e2aabf3), r, F (0x3f0000f6));
  p = _mm512_fmadd_ps (r2, p, tlr);
  p = _mm512_add_ps (p, r);
  res = _mm512_fmadd_ps (p, th, _mm512_sub_ps (th, F (0x3f800000)));
  res = _mm512_or_ps (res, _mm512_and_ps (x, F (0x80000000)));
  if (rare != 0)
    {
      float in[16], got[16];

      _mm512_storeu_ps (in, x);
      _mm512_storeu_ps (got, res);
      for (int l = 0; l < 16; l++)
        if (rare & (1u << l))
          got[l] = expm1_scalar (in[l]);
      res = _mm512_loadu_ps (got);
    }
  return res;
}

/* --- log1p --------------------------------------------------------------- */

/* log (1 + x) where 1 + x is not a normal float below 2^127: -inf, NaN, or by a table of
 * 1/c and log c (c = 1 + j/64) and a polynomial of degree 8, in separately rounded steps */
static float
log1p_scalar (float x)
{
  float a = x + 1.0f, m, e, ehi, elo, hi, lo, t, u, mhi, mlo, r, rhi, rlo, sum, sum_hi, p;
  guint32 u_a = bs_np_bits_of_float (a);
  int shift = 0, j;
  gboolean scaled = FALSE;

  if ((u_a & 0x7f800000) == 0x7f800000)
    return (u_a & 0x80000000) != 0 && (u_a & 0x7fffff) == 0 ? -NAN : a * a;
  if ((u_a & 0x7f800000) == 0)
    {
      a *= 0x1p40f;
      scaled = TRUE;
      shift = -40;
    }
  if (!(a > 0.0f))
    return a == 0.0f ? -1.0f / 0.0f : -NAN;
  r = a - 1.0f;
  if (!(fabsf (r) > 0x1.4p-7f))
    {
      p = r * float_of_bits (0xbe0005a0) + float_of_bits (0x3e124e01);
      p = p * r + float_of_bits (0xbe2aaaab);
      p = p * r + float_of_bits (0x3e4ccccd);
      p = p * r + float_of_bits (0xbe800000);
      p = p * r + float_of_bits (0x3eaaaaab);
      p = p * r + float_of_bits (0xbf000000);
      p = p * r;
      p = p * r;
      return p + r;
    }
  e = (float) (shift + (int) ((bs_np_bits_of_float (a) >> 23) & 0xff) - 127);
  if (scaled)
    {
      ehi = e * float_of_bits (0x3f317218);
      elo = 0.0f;
    }
  else
    {
      ehi = float_of_bits (0x3f317200) * e;
      elo = e * float_of_bits (0x35bfbe8e);
    }
  m = bs_np_float_of ((bs_np_bits_of_float (a) & 0x807fffff) | 0x3f800000);
  j = (int) (bs_np_bits_of_float (m + float_of_bits (0x48000040)) & 127);
  hi = ehi + log1p_c_j_64[j][1];
  elo = elo + log1p_c_j_64[j][2];
  t = hi - ehi;
  lo = (log1p_c_j_64[j][1] - t) + elo;
  mhi = (float_of_bits (0x46000000) + m) - float_of_bits (0x46000000);
  mlo = m - mhi;
  rhi = mhi * log1p_c_j_64[j][0] - 1.0f;
  rlo = log1p_c_j_64[j][0] * mlo;
  r = rhi + rlo;
  u = rlo + lo;
  sum_hi = rhi + hi;
  sum = sum_hi + u;
  t = sum - sum_hi;
  lo = rlo - (u - lo);
  u = u - t;
  p = float_of_bits (0xbe0005a0) * r + float_of_bits (0x3e124e01);
  p = p * r + float_of_bits (0xbe2aaaab);
  p = p * r + float_of_bits (0x3e4ccccd);
  p = p * r + float_of_bits (0xbe800000);
  p = p * r + float_of_bits (0x3eaaaaab);
  p = p * r + float_of_bits (0xbf000000);
  p = p * r;
  p = p * r;
  lo = lo + p;
  return (u + lo) + sum;
}

/* 1 + x = A + a (max + min, and what the sum lost) = 2^k m with 2/3 <= m < 4/3;
 * log (1 + x) = k ln2 + log (1 + R), R = (m - 1) + a 2^-k, by a polynomial of degree 9 */
SKX static __m512
log1p_lanes (__m512 x)
{
  __m512 one = F (0x3f800000), big = _mm512_max_ps (one, x), small = _mm512_min_ps (one, x);
  __m512 a = _mm512_add_ps (big, small), lost, k, r, p, res;
  __m512i ia = _mm512_castps_si512 (a), d = _mm512_sub_epi32 (ia, _mm512_set1_epi32 (0x3f2aaaab));
  __m512i ik = _mm512_srai_epi32 (d, 23), m;
  __mmask16 normal = _mm512_cmp_epi32_mask (_mm512_add_epi32 (ia, _mm512_set1_epi32 (0x1000000)),
                                            _mm512_set1_epi32 (0x1800000), _MM_CMPINT_NLT);

  lost = _mm512_add_ps (_mm512_sub_ps (big, a), small);
  k = _mm512_cvtepi32_ps (ik);
  lost = _mm512_mul_ps (lost, _mm512_castsi512_ps (_mm512_sub_epi32 (
                                _mm512_castps_si512 (one), _mm512_slli_epi32 (ik, 23))));
  m = _mm512_add_epi32 (_mm512_and_si512 (d, _mm512_set1_epi32 (0x7fffff)),
                        _mm512_set1_epi32 (0x3f2aaaab));
  r = _mm512_add_ps (_mm512_sub_ps (_mm512_castsi512_ps (m), one), lost);
  p = _mm512_fmadd_ps (F (0x3e0d84ed), r, F (0xbe1ad9e3));
  p = _mm512_fmadd_ps (p, r, F (0x3e0fcb12));
  p = _mm512_fmadd_ps (p, r, F (0xbe28ad37));
  p = _mm512_fmadd_ps (p, r, F (0x3e4ce190));
  p = _mm512_fmadd_ps (p, r, F (0xbe80058e));
  p = _mm512_fmadd_ps (p, r, F (0x3eaaaa94));
  p = _mm512_fmadd_ps (p, r, F (0xbf000000));
  p = _mm512_mul_ps (p, r);
  p = _mm512_fmadd_ps (p, r, r);
  res = _mm512_fmadd_ps (k, F (0x3f317218), p);
  res = _mm512_or_ps (res, _mm512_and_ps (x, F (0x80000000)));
  if (normal != 0xffff)
    {
      float in[16], got[16];

      _mm512_storeu_ps (in, x);
      _mm512_storeu_ps (got, res);
      for (int l = 0; l < 16; l++)
        if (!(normal & (1u << l)))
          got[l] = log1p_scalar (in[l]);
      res = _mm512_loadu_ps (got);
    }
  return res;
}

/* --- pow ----------------------------------------------------------------- */

#define RN (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define RZ (_MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define RD (_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)

/* x^y = 2^(y log2 x): x = 2^e m (1/2 <= m < 1), r ~ 1/m rounded to 5 fraction bits from
 * rcp14, log2 x = e + T(r) + log2 (1 + R) with R = r m - 1 (a polynomial of degree 5, its
 * first term in two parts); y log2 x = Z in two parts (rounded toward zero), 2^Z = 2^N
 * 2^(j/16) 2^R' with R' a polynomial of degree 3. Lanes with x <= 0, inf or NaN, y inf or NaN,
 * or |Z| > 125.5 take SVML's scalar path (bs-np-svml-pow.c). */
SKX static __m512
pow_lanes (__m512        x,
           __m512        y,
           const __m512  th[2],
           const __m512  tl[2],
           __m512        two_j,
           guint        *raised)
{
  __m512 m = _mm512_getmant_round_ps (x, _MM_MANT_NORM_p5_1, _MM_MANT_SIGN_nan, _MM_FROUND_NO_EXC);
  __m512 e = _mm512_getexp_round_ps (x, _MM_FROUND_NO_EXC), rcp, r, p, t_hi, t_lo, hi1, hi, rh;
  __m512 rl, yh, yl, tll, zl, z, zd, shifted, red, low, the, scale, res;
  __mmask16 special = _mm512_fpclass_ps_mask (x, 0xdf) | _mm512_fpclass_ps_mask (y, 0x99);
  __m512i at;

  rcp = _mm512_roundscale_round_ps (_mm512_rcp14_ps (m), 0x58, _MM_FROUND_NO_EXC);
  r = _mm512_fmsub_ps (rcp, m, F (0x3f800000));
  e = _mm512_mask_add_ps (e, _mm512_cmp_ps_mask (rcp, F (0x3fc00000), _CMP_LT_OQ), e,
                          F (0x3f800000));
  p = _mm512_fmadd_ps (F (0x3e93c705), r, F (0xbeb8b3ed));
  p = _mm512_fmadd_ps (r, p, F (0x3ef6384f));
  at = _mm512_srli_epi32 (_mm512_castps_si512 (rcp), 18);
  t_hi = _mm512_add_ps (_mm512_permutex2var_ps (th[0], at, th[1]), e);
  t_lo = _mm512_permutex2var_ps (tl[0], at, tl[1]);
  p = _mm512_fmadd_ps (r, p, F (0xbf38aa3b));
  p = _mm512_fmadd_ps (r, p, F (0x32a570cc));
  hi1 = _mm512_fmadd_ps (r, F (0x3fb8aa3b), t_hi);
  t_lo = _mm512_fmadd_ps (r, p, t_lo);
  rh = _mm512_sub_ps (hi1, t_hi);
  hi = _mm512_add_ps (hi1, t_lo);
  rl = _mm512_fmsub_ps (F (0x3fb8aa3b), r, rh);
  yh = _mm512_mul_round_ps (hi, y, RZ);
  tll = _mm512_sub_ps (t_lo, _mm512_sub_ps (hi, hi1));
  yl = _mm512_fmsub_round_ps (y, hi, yh, RZ);
  zl = _mm512_fmadd_round_ps (y, _mm512_add_ps (tll, rl), yl, RZ);
  z = _mm512_add_round_ps (yh, zl, RZ);
  zd = _mm512_sub_ps (z, yh);
  shifted = _mm512_add_round_ps (z, F (0x494007f0), RD);
  red = _mm512_reduce_round_ps (z, 0x41, _MM_FROUND_NO_EXC);
  low = _mm512_sub_ps (zl, zd);
  the = _mm512_permutexvar_ps (_mm512_castps_si512 (shifted), two_j);
  special |= _mm512_cmp_ps_mask (_mm512_and_ps (z, F (0x7fffffff)), F (0x42fb0000), _CMP_NLE_UQ);
  r = _mm512_and_ps (_mm512_add_ps (red, low), F (0xbfffffff));
  scale = _mm512_and_ps (_mm512_castsi512_ps (_mm512_slli_epi32 (_mm512_castps_si512 (shifted),
                                                                 19)), F (0x7f800000));
  p = _mm512_fmadd_ps (r, F (0x3d6854cb), F (0x3e75f16c));
  p = _mm512_fmadd_ps (r, p, F (0x3f317222));
  res = _mm512_fmadd_ps (_mm512_mul_ps (r, the), p, the);
  res = _mm512_mul_ps (res, scale);
  if (special != 0)
    {
      float in_x[16], in_y[16], got[16];

      _mm512_storeu_ps (in_x, x);
      _mm512_storeu_ps (in_y, y);
      _mm512_storeu_ps (got, res);
      for (int l = 0; l < 16; l++)
        if (special & (1u << l))
          got[l] = bs_np_svml_pow_rare_f32 (in_x[l], in_y[l], raised);
      res = _mm512_loadu_ps (got);
    }
  return res;
}

SKX guint
bs_np_svml_pow_f32 (const float *x,
                    gboolean     x_one,
                    const float *y,
                    gboolean     y_one,
                    float       *out,
                    gint64       n)
{
  __m512 th[2], tl[2], two_j = _mm512_loadu_ps (pow_two_j_16);
  __m512 xv = _mm512_set1_ps (x[0]), yv = _mm512_set1_ps (y[0]);
  guint raised = 0;

  for (int k = 0; k < 2; k++)
    {
      th[k] = _mm512_loadu_ps (pow_log2_rcp[0] + 16 * k);
      tl[k] = _mm512_loadu_ps (pow_log2_rcp[1] + 16 * k);
    }
  for (gint64 i = 0; i < n; i += 16)
    {
      __mmask16 live = n - i >= 16 ? 0xffff : (__mmask16) ((1u << (n - i)) - 1);
      __m512 a = x_one ? xv : _mm512_mask_loadu_ps (_mm512_set1_ps (1.0f), live, x + i);
      __m512 b = y_one ? yv : _mm512_mask_loadu_ps (_mm512_set1_ps (1.0f), live, y + i);

      _mm512_mask_storeu_ps (out + i, live, pow_lanes (a, b, th, tl, two_j, &raised));
    }
  return raised;
}

SKX void
bs_np_svml_f32 (BsNpMath     func,
                const float *x,
                float       *out,
                gint64       n)
{
  __m512 t[2], tl[2];

  g_return_if_fail (func == BS_NP_MATH_EXPM1 || func == BS_NP_MATH_LOG1P);
  for (int k = 0; k < 2; k++)
    {
      t[k] = _mm512_loadu_ps (expm1_two_j_32[0] + 16 * k);
      tl[k] = _mm512_loadu_ps (expm1_two_j_32[1] + 16 * k);
    }
  for (gint64 i = 0; i < n; i += 16)
    {
      __mmask16 live = n - i >= 16 ? 0xffff : (__mmask16) ((1u << (n - i)) - 1);
      __m512 v = _mm512_maskz_loadu_ps (live, x + i);

      /* numpy fills the lanes past the end with 1 for expm1, 0 for log1p: no matter */
      _mm512_mask_storeu_ps (out + i, live, func == BS_NP_MATH_EXPM1 ? expm1_lanes (v, t, tl)
                                                                     : log1p_lanes (v));
    }
}

#endif /* BS_NP_X86 */
