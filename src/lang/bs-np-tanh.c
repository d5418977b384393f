/* bs-np-tanh.c: float64 and float32 tanh as numpy 1.24 computes them on processors with AVX2
 * and FMA3 or AVX-512 (loops_hyperbolic, after SVML's): |x| falls in one of 16 (32) intervals
 * by its exponent and first mantissa bits, and tanh |x| is that interval's polynomial in
 * |x| - b, evaluated with fused multiply-adds; 1 past the last interval, x's sign put back.
 * Written from that description, with numpy's coefficients, vectors of 4 or 8 doubles (8 or 16
 * floats) whose lanes are each computed alone, so that every width gives the same bits. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd-private.h"

#if BS_NP_X86

#include <immintrin.h>
#include <math.h>
#include <string.h>

#include "bs-np-tanh-tables.inc"

#define AVX2 __attribute__ ((target ("avx2,fma")))
#define SKX __attribute__ ((target ("avx512f,avx512cd,avx512bw,avx512dq,avx512vl,fma")))

/* The interval of |x|: from the exponent and first mantissa bit (the first 2 for float32),
 * 0 below 2^-3 (2^-5), the last from 2^4 * 1.25 (2^4 * 1.125) on; whether |x| is below the
 * huge threshold (1.5 * 2^1023, 2^127: tanh is 1 past it, and NaN for NaN) */
#define F64_TOP G_GUINT64_CONSTANT (0x7ff8000000000000)
#define F64_FIRST 0x3fc0000000000000LL
#define F64_HUGE 0x7fe0000000000000LL
#define F32_TOP 0x7fe00000
#define F32_FIRST 0x3d400000
#define F32_HUGE 0x7f000000

SKX static void
tanh_f64_avx512 (const double *x,
                 double       *out,
                 gint64        n)
{
  __m512d lo[18], hi[18];

  for (int k = 0; k < 18; k++)
    {
      lo[k] = _mm512_loadu_pd (tanh_f64_table[k]);
      hi[k] = _mm512_loadu_pd (tanh_f64_table[k] + 8);
    }
  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1);
      __m512d v = _mm512_maskz_loadu_pd (live, x + i), y, r;
      __m512i top = _mm512_and_si512 (_mm512_castpd_si512 (v), _mm512_set1_epi64 (F64_TOP));
      __m512i at = _mm512_sub_epi64 (top, _mm512_set1_epi64 (F64_FIRST));
      __mmask8 huge = _mm512_cmpgt_epi64_mask (top, _mm512_set1_epi64 (F64_HUGE));
      __mmask8 nan = _mm512_cmp_pd_mask (v, v, _CMP_UNORD_Q);

      at = _mm512_min_epi64 (_mm512_max_epi64 (at, _mm512_setzero_si512 ()),
                             _mm512_set1_epi64 (0x0078000000000000LL));
      at = _mm512_srli_epi64 (at, 51);
      y = _mm512_sub_pd (_mm512_abs_pd (v), _mm512_permutex2var_pd (lo[0], at, hi[0]));
      r = _mm512_fmadd_pd (_mm512_permutex2var_pd (lo[17], at, hi[17]), y,
                           _mm512_permutex2var_pd (lo[16], at, hi[16]));
      for (int k = 15; k >= 1; k--)
        r = _mm512_fmadd_pd (r, y, _mm512_permutex2var_pd (lo[k], at, hi[k]));
      r = _mm512_mask_mov_pd (r, huge, _mm512_set1_pd (1.0));
      r = _mm512_or_pd (r, _mm512_and_pd (v, _mm512_set1_pd (-0.0)));
      r = _mm512_mask_mov_pd (r, nan, _mm512_set1_pd (NAN));
      _mm512_mask_storeu_pd (out + i, live, r);
    }
}

AVX2 static __m256d
tanh_f64_avx2_lanes (__m256d v)
{
  __m256i top = _mm256_and_si256 (_mm256_castpd_si256 (v), _mm256_set1_epi64x (F64_TOP));
  __m256i at = _mm256_sub_epi64 (top, _mm256_set1_epi64x (F64_FIRST)), zero, last;
  __m256d huge, nan, y, r;

  zero = _mm256_setzero_si256 ();
  last = _mm256_set1_epi64x (0x0078000000000000LL);
  at = _mm256_blendv_epi8 (at, zero, _mm256_cmpgt_epi64 (zero, at));
  at = _mm256_blendv_epi8 (at, last, _mm256_cmpgt_epi64 (at, last));
  at = _mm256_srli_epi64 (at, 51);
  huge = _mm256_castsi256_pd (_mm256_cmpgt_epi64 (top, _mm256_set1_epi64x (F64_HUGE)));
  nan = _mm256_cmp_pd (v, v, _CMP_UNORD_Q);
  y = _mm256_sub_pd (_mm256_andnot_pd (_mm256_set1_pd (-0.0), v),
                     _mm256_i64gather_pd (tanh_f64_table[0], at, 8));
  r = _mm256_fmadd_pd (_mm256_i64gather_pd (tanh_f64_table[17], at, 8), y,
                       _mm256_i64gather_pd (tanh_f64_table[16], at, 8));
  for (int k = 15; k >= 1; k--)
    r = _mm256_fmadd_pd (r, y, _mm256_i64gather_pd (tanh_f64_table[k], at, 8));
  r = _mm256_blendv_pd (r, _mm256_set1_pd (1.0), huge);
  r = _mm256_or_pd (r, _mm256_and_pd (v, _mm256_set1_pd (-0.0)));
  return _mm256_blendv_pd (r, _mm256_set1_pd (NAN), nan);
}

AVX2 static void
tanh_f64_avx2 (const double *x,
               double       *out,
               gint64        n)
{
  gint64 i = 0;

  for (; i + 4 <= n; i += 4)
    _mm256_storeu_pd (out + i, tanh_f64_avx2_lanes (_mm256_loadu_pd (x + i)));
  if (i < n)
    {
      double in[4] = { 0 }, res[4];

      memcpy (in, x + i, (n - i) * sizeof (double));
      _mm256_storeu_pd (res, tanh_f64_avx2_lanes (_mm256_loadu_pd (in)));
      memcpy (out + i, res, (n - i) * sizeof (double));
    }
}

SKX static void
tanh_f32_avx512 (const float *x,
                 float       *out,
                 gint64       n)
{
  __m512 lo[8], hi[8];

  for (int k = 0; k < 8; k++)
    {
      lo[k] = _mm512_loadu_ps (tanh_f32_table[k]);
      hi[k] = _mm512_loadu_ps (tanh_f32_table[k] + 16);
    }
  for (gint64 i = 0; i < n; i += 16)
    {
      __mmask16 live = n - i >= 16 ? 0xffff : (__mmask16) ((1u << (n - i)) - 1);
      __m512 v = _mm512_maskz_loadu_ps (live, x + i), y, r;
      __m512i top = _mm512_and_si512 (_mm512_castps_si512 (v), _mm512_set1_epi32 (F32_TOP));
      __m512i at = _mm512_sub_epi32 (top, _mm512_set1_epi32 (F32_FIRST));
      __mmask16 huge = _mm512_cmpgt_epi32_mask (top, _mm512_set1_epi32 (F32_HUGE));
      __mmask16 nan = _mm512_cmp_ps_mask (v, v, _CMP_UNORD_Q);

      at = _mm512_min_epi32 (_mm512_max_epi32 (at, _mm512_setzero_si512 ()),
                             _mm512_set1_epi32 (0x3e00000));
      at = _mm512_srli_epi32 (at, 21);
      y = _mm512_sub_ps (_mm512_abs_ps (v), _mm512_permutex2var_ps (lo[0], at, hi[0]));
      r = _mm512_fmadd_ps (_mm512_permutex2var_ps (lo[7], at, hi[7]), y,
                           _mm512_permutex2var_ps (lo[6], at, hi[6]));
      for (int k = 5; k >= 1; k--)
        r = _mm512_fmadd_ps (r, y, _mm512_permutex2var_ps (lo[k], at, hi[k]));
      r = _mm512_mask_mov_ps (r, huge, _mm512_set1_ps (1.0f));
      r = _mm512_or_ps (r, _mm512_and_ps (v, _mm512_set1_ps (-0.0f)));
      r = _mm512_mask_mov_ps (r, nan, _mm512_set1_ps (NAN));
      _mm512_mask_storeu_ps (out + i, live, r);
    }
}

AVX2 static __m256
tanh_f32_avx2_lanes (__m256 v)
{
  __m256i top = _mm256_and_si256 (_mm256_castps_si256 (v), _mm256_set1_epi32 (F32_TOP));
  __m256i at = _mm256_sub_epi32 (top, _mm256_set1_epi32 (F32_FIRST));
  __m256 huge, nan, y, r;

  at = _mm256_min_epi32 (_mm256_max_epi32 (at, _mm256_setzero_si256 ()),
                         _mm256_set1_epi32 (0x3e00000));
  at = _mm256_srli_epi32 (at, 21);
  huge = _mm256_castsi256_ps (_mm256_cmpgt_epi32 (top, _mm256_set1_epi32 (F32_HUGE)));
  nan = _mm256_cmp_ps (v, v, _CMP_UNORD_Q);
  y = _mm256_sub_ps (_mm256_andnot_ps (_mm256_set1_ps (-0.0f), v),
                     _mm256_i32gather_ps (tanh_f32_table[0], at, 4));
  r = _mm256_fmadd_ps (_mm256_i32gather_ps (tanh_f32_table[7], at, 4), y,
                       _mm256_i32gather_ps (tanh_f32_table[6], at, 4));
  for (int k = 5; k >= 1; k--)
    r = _mm256_fmadd_ps (r, y, _mm256_i32gather_ps (tanh_f32_table[k], at, 4));
  r = _mm256_blendv_ps (r, _mm256_set1_ps (1.0f), huge);
  r = _mm256_or_ps (r, _mm256_and_ps (v, _mm256_set1_ps (-0.0f)));
  return _mm256_blendv_ps (r, _mm256_set1_ps (NAN), nan);
}

AVX2 static void
tanh_f32_avx2 (const float *x,
               float       *out,
               gint64       n)
{
  gint64 i = 0;

  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps (out + i, tanh_f32_avx2_lanes (_mm256_loadu_ps (x + i)));
  if (i < n)
    {
      float in[8] = { 0 }, res[8];

      memcpy (in, x + i, (n - i) * sizeof (float));
      _mm256_storeu_ps (res, tanh_f32_avx2_lanes (_mm256_loadu_ps (in)));
      memcpy (out + i, res, (n - i) * sizeof (float));
    }
}

void
bs_np_tanh_f64 (BsNpCpu       cpu,
                const double *x,
                double       *out,
                gint64        n)
{
  if (cpu & BS_NP_CPU_AVX512_SKX)
    tanh_f64_avx512 (x, out, n);
  else
    tanh_f64_avx2 (x, out, n);
}

void
bs_np_tanh_f32 (BsNpCpu      cpu,
                const float *x,
                float       *out,
                gint64       n)
{
  if (cpu & BS_NP_CPU_AVX512_SKX)
    tanh_f32_avx512 (x, out, n);
  else
    tanh_f32_avx2 (x, out, n);
}

#endif /* BS_NP_X86 */
