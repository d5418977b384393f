/* bs-np-avx512f.c: float64 exp and log as numpy 1.24 computes them on processors with AVX512F
 * but not the Skylake-X features its SVML loops need (loops_exponent_log), by Tang's
 * table-driven methods. Written from that description with numpy's constants, eight lanes at
 * a time with the same instructions (fused multiply-adds, scalef), so that the results are
 * numpy's bits. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd-private.h"

#if BS_NP_X86

#include <immintrin.h>
#include <math.h>

#include "bs-np-avx512f-tables.inc"

#define AVX512F __attribute__ ((target ("avx512f,fma")))

/* x = (32 m + j) ln2/32 + r, |r| <= ln2/64 (32 m + j = rint (x 32/ln2) with the product and
 * the rounding's addition fused, as numpy's build contracts them; ln2/32 in two parts, the
 * first product fused);
 * e^x = 2^m (2^(j/32) + 2^(j/32) p(r)) with p(r) ~ e^r - 1 of degree 6 (in two parts).
 * inf past 0x1.62e42fefa39efp+9, 0 below -0x1.74910d52d3053p+9, 1 + x below 2^-54 */
AVX512F static __m512d
exp_lanes (__m512d x,
           const __m512d top[4],
           const __m512d tail[4])
{
  __mmask8 nan = _mm512_cmp_pd_mask (x, x, _CMP_NEQ_UQ), big, tiny, near_zero;
  __m512d kd, r1, r2, r, q, p, hi, lo, s, res;
  __m512i ki, j;
  __mmask8 upper;

  x = _mm512_mask_blend_pd (nan, x, _mm512_setzero_pd ());
  big = _mm512_cmp_pd_mask (x, _mm512_set1_pd (0x1.62e42fefa39efp+9), _CMP_GT_OQ);
  tiny = _mm512_cmp_pd_mask (x, _mm512_set1_pd (-0x1.74910d52d3053p+9), _CMP_LT_OQ);
  near_zero = _mm512_cmp_pd_mask (_mm512_abs_pd (x), _mm512_set1_pd (0x1p-54), _CMP_LT_OQ);
  near_zero &= ~nan;
  x = _mm512_mask_blend_pd (nan | tiny | big | near_zero, x, _mm512_setzero_pd ());
  kd = _mm512_fmadd_pd (x, _mm512_set1_pd (0x1.71547652b82fep+5), _mm512_set1_pd (0x1.8p52));
  ki = _mm512_castpd_si512 (kd);
  kd = _mm512_sub_pd (kd, _mm512_set1_pd (0x1.8p52));
  r1 = _mm512_fmadd_pd (kd, _mm512_set1_pd (-0x1.62e42fefp-6), x);
  r2 = _mm512_mul_pd (kd, _mm512_set1_pd (-0x1.473de6af278edp-39));
  r = _mm512_add_pd (r1, r2);
  q = _mm512_fmadd_pd (_mm512_set1_pd (0x1.6c1728d739765p-10), r,
                       _mm512_set1_pd (0x1.11115b7aa905ep-7));
  q = _mm512_fmadd_pd (q, r, _mm512_set1_pd (0x1.5555555545d4ep-5));
  q = _mm512_fmadd_pd (q, r, _mm512_set1_pd (0x1.5555555548f7cp-3));
  q = _mm512_fmadd_pd (q, r, _mm512_set1_pd (0x1p-1));
  q = _mm512_mul_pd (q, r);
  p = _mm512_add_pd (r1, _mm512_fmadd_pd (r, q, r2));
  j = _mm512_and_epi64 (ki, _mm512_set1_epi64 (0x1f));
  upper = _mm512_test_epi64_mask (j, _mm512_set1_epi64 (0x10));
  hi = _mm512_mask_blend_pd (upper, _mm512_permutex2var_pd (top[0], j, top[1]),
                             _mm512_permutex2var_pd (top[2], j, top[3]));
  lo = _mm512_mask_blend_pd (upper, _mm512_permutex2var_pd (tail[0], j, tail[1]),
                             _mm512_permutex2var_pd (tail[2], j, tail[3]));
  s = _mm512_add_pd (hi, lo);
  res = _mm512_add_pd (_mm512_fmadd_pd (s, p, lo), hi);
  res = _mm512_scalef_pd (res, _mm512_div_pd (kd, _mm512_set1_pd (32.0)));
  res = _mm512_mask_blend_pd (near_zero, res, _mm512_add_pd (x, _mm512_set1_pd (1.0)));
  res = _mm512_mask_blend_pd (nan, res, _mm512_set1_pd (NAN));
  res = _mm512_mask_blend_pd (big, res, _mm512_set1_pd (INFINITY));
  return _mm512_mask_blend_pd (tiny, res, _mm512_setzero_pd ());
}

/* One of 64 entries of a table held in 16 vectors (its leading parts, then the rest) */
AVX512F static __m512d
table_64 (const __m512d t[8],
          __m512i       i)
{
  __mmask8 upper = _mm512_test_epi64_mask (i, _mm512_set1_epi64 (0x10));
  __mmask8 half = _mm512_test_epi64_mask (i, _mm512_set1_epi64 (0x20));
  __m512d a = _mm512_mask_blend_pd (upper, _mm512_permutex2var_pd (t[0], i, t[1]),
                                    _mm512_permutex2var_pd (t[2], i, t[3]));
  __m512d b = _mm512_mask_blend_pd (upper, _mm512_permutex2var_pd (t[4], i, t[5]),
                                    _mm512_permutex2var_pd (t[6], i, t[7]));

  return _mm512_mask_blend_pd (half, a, b);
}

/* x = 2^k z, 1 <= z < 2 (subnormals scaled by 2^52 first); c = 1 + i/64 from z's first 6
 * mantissa bits; log z/c = u + u v P(v) with u = 2 (z - c)/(z + c), v = u^2; plus k ln2 and
 * log c, each in two parts. The C library's log within (1 - 2^-4, 1 + 0x1.09p-4). */
AVX512F static __m512d
log_lanes (__m512d       v,
           const __m512d top[8],
           const __m512d tail[8])
{
  __mmask8 zero = _mm512_cmp_pd_mask (v, _mm512_setzero_pd (), _CMP_EQ_OQ);
  __mmask8 inf = _mm512_cmp_pd_mask (v, _mm512_set1_pd (INFINITY), _CMP_EQ_OQ);
  __mmask8 negative = _mm512_cmp_pd_mask (v, _mm512_setzero_pd (), _CMP_LT_OQ);
  __mmask8 nan = _mm512_cmp_pd_mask (v, v, _CMP_NEQ_UQ), subnormal;
  __m512d x = _mm512_mask_blend_pd (negative, v, _mm512_setzero_pd ()), z, c, u, w, res, k;
  __m512i ix = _mm512_castpd_si512 (x), t, i, ik;

  subnormal = _mm512_cmp_epi64_mask (_mm512_and_epi64 (ix, _mm512_set1_epi64 (
                                                         (gint64) 0xfff0000000000000ULL)),
                                     _mm512_setzero_si512 (), _MM_CMPINT_EQ) & ~zero;
  ix = _mm512_castpd_si512 (_mm512_mask_mul_pd (x, subnormal, x, _mm512_set1_pd (0x1p52)));
  ix = _mm512_mask_sub_epi64 (ix, subnormal, ix, _mm512_set1_epi64 (52LL << 52));
  t = _mm512_sub_epi64 (ix, _mm512_set1_epi64 (0x3ff0000000000000LL));
  i = _mm512_and_epi64 (_mm512_srai_epi64 (t, 52 - 6), _mm512_set1_epi64 (0x3f));
  ik = _mm512_srai_epi64 (t, 52);
  z = _mm512_castsi512_pd (_mm512_sub_epi64 (ix, _mm512_and_epi64 (t, _mm512_set1_epi64 (
                                                   (gint64) 0xfff0000000000000ULL))));
  c = _mm512_fmadd_pd (_mm512_cvtepi32_pd (_mm512_cvtepi64_epi32 (i)),
                       _mm512_set1_pd (0x1p-6), _mm512_set1_pd (1.0));
  u = _mm512_div_pd (_mm512_sub_pd (z, c), _mm512_add_pd (z, c));
  u = _mm512_mul_pd (_mm512_set1_pd (2.0), u);
  w = _mm512_mul_pd (u, u);
  res = _mm512_fmadd_pd (w, _mm512_set1_pd (0x1.c8034c85dfffp-12),
                         _mm512_set1_pd (0x1.2492307f1519fp-9));
  res = _mm512_fmadd_pd (w, res, _mm512_set1_pd (0x1.9999999bac6d4p-7));
  res = _mm512_fmadd_pd (w, res, _mm512_set1_pd (0x1.55555555554e6p-4));
  res = _mm512_mul_pd (w, res);
  res = _mm512_fmadd_pd (u, res, u);
  k = _mm512_cvtepi32_pd (_mm512_cvtepi64_epi32 (ik));
  res = _mm512_add_pd (_mm512_add_pd (_mm512_fmadd_pd (k, _mm512_set1_pd (0x1.62e42fefa4p-1),
                                                       table_64 (top, i)),
                                      _mm512_fmadd_pd (k,
                                                       _mm512_set1_pd (-0x1.8432a1b0e2634p-43),
                                                       table_64 (tail, i))),
                       res);
  res = _mm512_mask_blend_pd (nan, res, _mm512_set1_pd (NAN));
  res = _mm512_mask_blend_pd (negative, res, _mm512_set1_pd (-NAN));
  res = _mm512_mask_blend_pd (zero, res, _mm512_set1_pd (-INFINITY));
  return _mm512_mask_blend_pd (inf, res, _mm512_set1_pd (INFINITY));
}

AVX512F void
bs_np_avx512f_f64 (BsNpMath      func,
                   const double *x,
                   double       *out,
                   gint64        n)
{
  __m512d top[8], tail[8];
  gboolean exp_of = func == BS_NP_MATH_EXP;

  g_return_if_fail (func == BS_NP_MATH_EXP || func == BS_NP_MATH_LOG);
  for (int k = 0; k < (exp_of ? 4 : 8); k++)
    {
      double t[8], r[8];

      for (int l = 0; l < 8; l++)
        {
          t[l] = exp_of ? exp_2_j_32[8 * k + l][0] : log_c_k[8 * k + l][0];
          r[l] = exp_of ? exp_2_j_32[8 * k + l][1] : log_c_k[8 * k + l][1];
        }
      top[k] = _mm512_loadu_pd (t);
      tail[k] = _mm512_loadu_pd (r);
    }
  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1);
      __m512d v = _mm512_maskz_loadu_pd (live, x + i);

      _mm512_mask_storeu_pd (out + i, live, exp_of ? exp_lanes (v, top, tail)
                                                   : log_lanes (v, top, tail));
      if (!exp_of)
        for (gint64 l = i; l < MIN (i + 8, n); l++)
          if (x[l] > 1.0 - 0x1p-4 && x[l] < 1.0 + 0x1.09p-4)
            out[l] = log (x[l]);
    }
}

#endif /* BS_NP_X86 */
