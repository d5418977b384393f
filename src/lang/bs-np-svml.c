/* bs-np-svml.c: float64 exp and log as numpy 1.24 computes them on processors with AVX-512
 * (Skylake-X's set: F, CD, BW, DQ, VL), where it takes them from Intel's short vector math
 * library (SVML, its "la" variants), eight lanes at a time. Written from the algorithms'
 * description: the same steps, constants and tables, and the same instructions where the
 * result depends on them (a reciprocal estimate, rounding towards zero), so that every last
 * bit agrees. See bs-np-simd.h. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd-private.h"

#include <math.h>
#include <string.h>

#if BS_NP_X86

#include <immintrin.h>

#define SKX __attribute__ ((target ("avx512f,avx512cd,avx512bw,avx512dq,avx512vl,fma")))

/* --- exp ----------------------------------------------------------------- */

/* 2^(j/64) for j < 64 as a double and the rest (the scalar path's table); the vector path
 * uses every fourth, 2^(j/16) */
static const double two_to_j_64[64][2] = {
  { 0x1.0000000000000p+0, 0x0.0p+0 }, { 0x1.02c9a3e778061p+0, -0x1.160139cd8dc5dp-56 },
  { 0x1.059b0d3158574p+0, 0x1.cd2523567f613p-55 }, { 0x1.0874518759bc8p+0, 0x1.0f74e61e6c861p-57 },
  { 0x1.0b5586cf9890fp+0, 0x1.79aa65d837b6dp-54 }, { 0x1.0e3ec32d3d1a2p+0, 0x1.ebe3d702f9cd1p-60 },
  { 0x1.11301d0125b51p+0, -0x1.556522a2fbd0ep-54 }, { 0x1.1429aaea92de0p+0, -0x1.1c923b9d5f416p-54 },
  { 0x1.172b83c7d517bp+0, -0x1.01b15eaa59348p-55 }, { 0x1.1a35beb6fcb75p+0, 0x1.b898c3f1353bfp-55 },
  { 0x1.1d4873168b9aap+0, 0x1.aecf73e3a2f60p-54 }, { 0x1.2063b88628cd6p+0, 0x1.a6f4144a6c38dp-55 },
  { 0x1.2387a6e756238p+0, 0x1.68efde3a8a894p-54 }, { 0x1.26b4565e27cddp+0, 0x1.0472b981fe7f2p-55 },
  { 0x1.29e9df51fdee1p+0, 0x1.2f7e16d09ab31p-55 }, { 0x1.2d285a6e4030bp+0, 0x1.b3782720c0ab4p-55 },
  { 0x1.306fe0a31b715p+0, 0x1.34d754db0abb6p-55 }, { 0x1.33c08b26416ffp+0, 0x1.fdd395dd3f84ap-55 },
  { 0x1.371a7373aa9cbp+0, -0x1.24aedcc4b5068p-54 }, { 0x1.3a7db34e59ff7p+0, -0x1.1d1e83e9436d2p-56 },
  { 0x1.3dea64c123422p+0, 0x1.59f48a72a4c6dp-55 }, { 0x1.4160a21f72e2ap+0, -0x1.8a78f4817895bp-58 },
  { 0x1.44e086061892dp+0, 0x1.363ed60c2ac11p-59 }, { 0x1.486a2b5c13cd0p+0, 0x1.ecce1daa10379p-57 },
  { 0x1.4bfdad5362a27p+0, 0x1.690cebb7aafb0p-56 }, { 0x1.4f9b2769d2ca7p+0, -0x1.f94340071a38ep-55 },
  { 0x1.5342b569d4f82p+0, -0x1.8dec6bd0f385fp-56 }, { 0x1.56f4736b527dap+0, 0x1.3350518fdd78ep-54 },
  { 0x1.5ab07dd485429p+0, 0x1.063e1e21c5409p-54 }, { 0x1.5e76f15ad2148p+0, 0x1.432e62b64c035p-54 },
  { 0x1.6247eb03a5585p+0, -0x1.c33c53bef4da8p-55 }, { 0x1.6623882552225p+0, -0x1.3cedd78565858p-54 },
  { 0x1.6a09e667f3bcdp+0, -0x1.3b3efbf5e2228p-54 }, { 0x1.6dfb23c651a2fp+0, -0x1.367efb86da9eep-57 },
  { 0x1.71f75e8ec5f74p+0, -0x1.81f647e5a3ecfp-56 }, { 0x1.75feb564267c9p+0, -0x1.619321e55e68ap-55 },
  { 0x1.7a11473eb0187p+0, -0x1.b32dcb94da51dp-56 }, { 0x1.7e2f336cf4e62p+0, 0x1.5ebe1abd66c55p-57 },
  { 0x1.82589994cce13p+0, -0x1.369b6f13b3734p-54 }, { 0x1.868d99b4492edp+0, -0x1.4d450d872576ep-54 },
  { 0x1.8ace5422aa0dbp+0, 0x1.db72fc1f0eab4p-55 }, { 0x1.8f1ae99157736p+0, 0x1.bf68359f35f44p-56 },
  { 0x1.93737b0cdc5e5p+0, -0x1.da9b88b6c1e29p-58 }, { 0x1.97d829fde4e50p+0, -0x1.2434322f4f9aap-54 },
  { 0x1.9c49182a3f090p+0, 0x1.1affc2b91ce27p-56 }, { 0x1.a0c667b5de565p+0, -0x1.7c50422622263p-55 },
  { 0x1.a5503b23e255dp+0, -0x1.1bbd1d3bcbb15p-54 }, { 0x1.a9e6b5579fdbfp+0, 0x1.469846e735ab3p-55 },
  { 0x1.ae89f995ad3adp+0, 0x1.c1a7792cb3387p-55 }, { 0x1.b33a2b84f15fbp+0, -0x1.5c3d956dcaebap-58 },
  { 0x1.b7f76f2fb5e47p+0, -0x1.8d6f438ad9334p-57 }, { 0x1.bcc1e904bc1d2p+0, 0x1.4ffd70a5fddcdp-56 },
  { 0x1.c199bdd85529cp+0, 0x1.36eae30af0cb3p-56 }, { 0x1.c67f12e57d14bp+0, 0x1.4e08fd10959acp-55 },
  { 0x1.cb720dcef9069p+0, 0x1.76b2c6c921968p-57 }, { 0x1.d072d4a07897cp+0, -0x1.fad5d3ffffa6fp-55 },
  { 0x1.d5818dcfba487p+0, 0x1.4a385a63d07a7p-56 }, { 0x1.da9e603db3285p+0, 0x1.e5a50d5c192acp-55 },
  { 0x1.dfc97337b9b5fp+0, -0x1.2d52107b43e1fp-55 }, { 0x1.e502ee78b3ff6p+0, 0x1.4b604603a88d3p-56 },
  { 0x1.ea4afa2a490dap+0, -0x1.ff7128fd391f0p-55 }, { 0x1.efa1bee615a27p+0, 0x1.ec3bc41aa2008p-55 },
  { 0x1.f50765b6e4540p+0, 0x1.a64a931d185eep-55 }, { 0x1.fa7c1819e90d8p+0, 0x1.7893b4d91cd9dp-56 },
};

/* The vector path: N = x log2(e) rounded towards zero to 4 bits after the point (added to
 * 1.5 * 2^48 + 1023, whose last place is 2^-4), x = N ln2 + r with 0 <= r < ln2/16, and
 * e^x = 2^floor(N) 2^(j/16) e^r, e^r - 1 by a polynomial of degree 6 */
#define EXP_SHIFT 0x1.8000000003ffp+48
#define EXP_LOG2E 0x1.71547652b82fep+0
#define EXP_LN2_HI 0x1.62e42fefa39efp-1
#define EXP_LN2_LO 0x1.abc9e3b39803fp-56
#define EXP_C2 0x1.0000000002622p-1
#define EXP_C3 0x1.5555554b508a2p-3
#define EXP_C4 0x1.555564bb4f5f0p-5
#define EXP_C5 0x1.1106603d97c00p-7
#define EXP_C6 0x1.72eb5ef0d213dp-10
/* From this |x| on, each lane is computed by the scalar path below */
#define EXP_VECTOR_LIMIT 0x1.61da04cbafe44p+9

/* The scalar path: N = x 64/ln2 rounded to an integer, x = N ln2/64 + r, e^x = 2^(N/64) (1 +
 * r + r^2 (1/2 + ...)) without fused multiply-adds; results below 2^-1022 are scaled by 2^60
 * on the way, so that they are rounded as the library rounds them */
#define EXP_OVERFLOW 0x1.62e42fefa39efp+9
#define EXP_SUBNORMAL -0x1.6232bdd7abcd2p+9
#define EXP_UNDERFLOW -0x1.74910d52d3051p+9

static double
exp_scalar (double x)
{
  static const double c[] = { 0x1.55555555548f8p-3, 0x1.5555555558fccp-5, 0x1.111123aaf20d3p-7,
                              0x1.6c16a1c2a3ffdp-10 };
  double t, kd, r, p, top, res;
  gint64 n, m;
  guint64 bits;

  if (isnan (x) || isinf (x))
    return x == -INFINITY ? 0.0 : x * x;
  if (x > EXP_OVERFLOW)
    return INFINITY;
  if (x < EXP_UNDERFLOW)
    return 0.0;
  t = x * 0x1.71547652b82fep+6;
  kd = t + 0x1.8p52;
  memcpy (&bits, &kd, sizeof bits);
  n = (gint32) (guint32) bits;
  kd -= 0x1.8p52;
  r = (x - kd * 0x1.62e42fefa0000p-7) - kd * 0x1.cf79abc9e3b3ap-46;
  p = ((((c[3] * r + c[2]) * r + c[1]) * r + c[0]) * r + 0.5) * r * r + r;
  top = two_to_j_64[n & 63][0];
  p = (p + two_to_j_64[n & 63][1]) * top;
  m = n >> 6;
  if (x >= EXP_SUBNORMAL)
    {
      res = p + top;
      /* 2^m as a double, or 2^(m-1) times 2 for m = 1024 */
      if (m == 1024)
        return res * ldexp (1.0, 1023) * 2.0;
      return res * ldexp (1.0, (int) m);
    }
  {
    double scale = ldexp (1.0, (int) m + 60), hi, sum, lo, big, head;

    p *= scale;
    hi = scale * top;
    sum = hi + p;
    if (m + 1083 <= 50)
      return sum * 0x1p-60;
    /* the sum's first 21 bits and the rest, each scaled back (two roundings, as there) */
    lo = (hi - sum) + p;
    big = sum * 0x1.8p32;
    head = (sum + big) - big;
    lo = lo + (sum - head);
    return head * 0x1p-60 + lo * 0x1p-60;
  }
}

SKX static __m512d
exp_lanes (__m512d x,
           __m512d top_lo,
           __m512d top_hi)
{
  const __m512d shift = _mm512_set1_pd (EXP_SHIFT);
  __m512d t, n, th, r, r2, r3, p56, p34, p12, p;

  t = _mm512_fmadd_round_pd (x, _mm512_set1_pd (EXP_LOG2E), shift,
                             _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  n = _mm512_sub_pd (t, shift);
  th = _mm512_permutex2var_pd (top_lo, _mm512_castpd_si512 (t), top_hi);
  r = _mm512_fnmadd_pd (n, _mm512_set1_pd (EXP_LN2_HI), x);
  r = _mm512_fnmadd_pd (_mm512_set1_pd (EXP_LN2_LO), n, r);
  /* |r| < 2 even in the lanes the scalar path computes */
  r = _mm512_castsi512_pd (_mm512_and_si512 (_mm512_castpd_si512 (r),
                                             _mm512_set1_epi64 ((gint64) 0xbfffffffffffffffULL)));
  r2 = _mm512_mul_pd (r, r);
  p56 = _mm512_fmadd_pd (_mm512_set1_pd (EXP_C6), r, _mm512_set1_pd (EXP_C5));
  p34 = _mm512_fmadd_pd (_mm512_set1_pd (EXP_C4), r, _mm512_set1_pd (EXP_C3));
  r3 = _mm512_mul_pd (r2, r);
  p12 = _mm512_fmadd_pd (r2, _mm512_set1_pd (EXP_C2), r);
  p = _mm512_fmadd_pd (r2, p56, p34);
  p = _mm512_fmadd_pd (r3, p, p12);
  p = _mm512_fmadd_pd (th, p, th);
  return _mm512_scalef_pd (p, n);
}

/* --- log ----------------------------------------------------------------- */

/* x = 2^e m with 1 <= m < 2; c = 1/m estimated (the processor's 14-bit estimate) and rounded
 * to 5 bits after the point; log x = e ln2 - log c + log (1 + (c m - 1)). -log c for the 16
 * values of c's first 4 bits: c in [0.75, 1] as it is, c in [0.5, 0.75) as 2c (e one more) */
static const double minus_log_c[16] = {
  0x0.0p+0, -0x1.f0a30c01162a6p-5, -0x1.e27076e2af2e6p-4, -0x1.5ff3070a793d4p-3,
  -0x1.c8ff7c79a9a22p-3, -0x1.1675cababa60ep-2, -0x1.4618bc21c5ec2p-2, -0x1.739d7f6bbd007p-2,
  0x1.269621134db92p-2, 0x1.f991c6cb3b379p-3, 0x1.a93ed3c8ad9e3p-3, 0x1.5bf406b543db2p-3,
  0x1.1178e8227e47cp-3, 0x1.9335e5d594989p-4, 0x1.08598b59e3a07p-4, 0x1.0415d89e74444p-5,
};

/* log (1 + r) = r + r^2 (c2 + c3 r + ... + c9 r^7) */
#define LOG_C2 -0x1.fffffffffffc6p-2
#define LOG_C3 0x1.5555555555466p-2
#define LOG_C4 -0x1.00000000c05bdp-2
#define LOG_C5 0x1.9999999cc9f5cp-3
#define LOG_C6 -0x1.55553fb28db06p-3
#define LOG_C7 0x1.249229cee81efp-3
#define LOG_C8 -0x1.007357e93af62p-3
#define LOG_C9 0x1.c81cd309d7c70p-4
#define LOG_LN2 0x1.62e42fefa39efp-1

SKX static __m512d
log_lanes (__m512d x,
           __m512d table_lo,
           __m512d table_hi)
{
  const __m512d one = _mm512_set1_pd (1.0);
  __m512d m, e, c, r, r2, r4, p98, p76, p54, p32, t, res;
  __mmask8 small_c, special;

  m = _mm512_getmant_pd (x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
  e = _mm512_getexp_pd (x);
  c = _mm512_roundscale_pd (_mm512_rcp14_pd (m), (5 << 4) | _MM_FROUND_NO_EXC);
  r = _mm512_fmsub_pd (c, m, one);
  small_c = _mm512_cmp_pd_mask (c, _mm512_set1_pd (0.75), _CMP_LT_OQ);
  p76 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C7), r, _mm512_set1_pd (LOG_C6));
  p98 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C9), r, _mm512_set1_pd (LOG_C8));
  p32 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C3), r, _mm512_set1_pd (LOG_C2));
  r2 = _mm512_mul_pd (r, r);
  p54 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C5), r, _mm512_set1_pd (LOG_C4));
  e = _mm512_mask_add_pd (e, small_c, e, one);
  r4 = _mm512_mul_pd (r2, r2);
  p98 = _mm512_fmadd_pd (r2, p98, p76);
  p54 = _mm512_fmadd_pd (r2, p54, p32);
  t = _mm512_permutex2var_pd (table_lo, _mm512_srli_epi64 (_mm512_castpd_si512 (c), 48),
                              table_hi);
  res = _mm512_fmadd_pd (r4, p98, p54);
  res = _mm512_fmadd_pd (r2, res, r);
  res = _mm512_fmadd_pd (_mm512_set1_pd (LOG_LN2), e, _mm512_add_pd (t, res));
  /* 0, infinities and negative numbers: log ±0 = -inf, log inf = inf, NaN below 0 */
  special = _mm512_fpclass_pd_mask (x, 0x5e);
  if (special != 0)
    {
      __mmask8 zero = _mm512_fpclass_pd_mask (x, 0x06), inf = _mm512_fpclass_pd_mask (x, 0x08);

      res = _mm512_mask_mov_pd (res, special, _mm512_set1_pd (NAN));
      res = _mm512_mask_mov_pd (res, zero, _mm512_set1_pd (-INFINITY));
      res = _mm512_mask_mov_pd (res, inf, _mm512_set1_pd (INFINITY));
    }
  return res;
}

/* --- sin and cos --------------------------------------------------------- */

/* pi in three parts (the first two of 53 bits, so that N times them, fused, is exact enough) */
#define PI_HI 0x1.921fb54442d18p+1
#define PI_MID 0x1.1a62633145c06p-53
#define PI_LO 0x1.c1cd129024e09p-106
#define INV_PI 0x1.45f306dc9c883p-2

/* sin x = (-1)^N sin r with N = rint (x/pi) and x = N pi + r, sin r = r + r^3 (s1 + s2 r^2 + ... +
 * s7 r^12) (r^2 from r before its last correction); lanes with |x| > 2^24 are reduced apart */
static const double sin_poly[] = {
  -0x1.55555555554a8p-3, 0x1.111111110a573p-7, -0x1.a01a019a659ddp-13, 0x1.71de3806add1ap-19,
  -0x1.ae6355aaa4a53p-26, 0x1.60e6bee01d83ep-33, -0x1.9f1517e9f65f0p-41,
};

/* cos x = sin ((N + 1/2) pi - |x|) up to sign, with N = floor (|x|/pi); 1 below 2^-27; lanes
 * with |x|/pi beyond 2^23 are reduced apart */
static const double cos_poly[] = {
  -0x1.55555555554a7p-3, 0x1.111111110a4a8p-7, -0x1.a01a019a5b87bp-13, 0x1.71de38030fea0p-19,
  -0x1.ae63546002231p-26, 0x1.60e6857a2f220p-33, -0x1.9f0d60811aac8p-41,
};

SKX static __m512d
sin_lanes (__m512d   x,
           __mmask8 *far)
{
  const __m512d shift = _mm512_set1_pd (0x1.8p52);
  __m512d t = _mm512_fmadd_pd (x, _mm512_set1_pd (INV_PI), shift), n, sign, r, r2, p;
  __m512d abs = _mm512_abs_pd (x);

  sign = _mm512_castsi512_pd (_mm512_slli_epi64 (_mm512_castpd_si512 (t), 63));
  /* sin ±0 = ±0 */
  sign = _mm512_mask_xor_pd (sign, _mm512_cmp_pd_mask (x, _mm512_setzero_pd (), _CMP_EQ_OQ),
                             sign, x);
  n = _mm512_sub_pd (t, shift);
  r = _mm512_fnmadd_pd (n, _mm512_set1_pd (PI_HI), x);
  *far = _mm512_cmp_pd_mask (abs, _mm512_set1_pd (0x1p24), _CMP_NLE_UQ);
  r = _mm512_fnmadd_pd (_mm512_set1_pd (PI_MID), n, r);
  r2 = _mm512_mul_pd (r, r);
  r = _mm512_fnmadd_pd (_mm512_set1_pd (PI_LO), n, r);
  {
    __m512d q = _mm512_fmadd_pd (_mm512_set1_pd (sin_poly[6]), r2,
                                 _mm512_set1_pd (sin_poly[5]));

    for (int k = 4; k >= 0; k--)
      q = _mm512_fmadd_pd (r2, q, _mm512_set1_pd (sin_poly[k]));
    p = _mm512_fmadd_pd (_mm512_mul_pd (r2, r), q, r);
  }
  return _mm512_xor_pd (p, sign);
}

SKX static __m512d
cos_lanes (__m512d   x,
           __mmask8 *far)
{
  __m512d abs = _mm512_abs_pd (x), t, sign, n, r, r2, q;
  __mmask8 tiny;

  t = _mm512_fmadd_round_pd (abs, _mm512_set1_pd (INV_PI), _mm512_set1_pd (0x1p52),
                             _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  tiny = _mm512_cmp_pd_mask (abs, _mm512_set1_pd (0x1p-27), _CMP_LT_OQ);
  *far = _mm512_cmp_pd_mask (t, _mm512_set1_pd (0x1.00000007ffffep+52), _CMP_NLE_UQ);
  sign = _mm512_castsi512_pd (_mm512_slli_epi64 (_mm512_castpd_si512 (t), 63));
  n = _mm512_sub_pd (t, _mm512_set1_pd (0x1.fffffffffffffp+51));
  r = _mm512_fmsub_pd (n, _mm512_set1_pd (PI_HI), abs);
  r = _mm512_fmadd_pd (_mm512_set1_pd (PI_MID), n, r);
  r2 = _mm512_mul_pd (r, r);
  r = _mm512_fmadd_pd (_mm512_set1_pd (PI_LO), n, r);
  r = _mm512_xor_pd (r, sign);
  q = _mm512_fmadd_pd (_mm512_set1_pd (cos_poly[6]), r2, _mm512_set1_pd (cos_poly[5]));
  for (int k = 4; k >= 0; k--)
    q = _mm512_fmadd_pd (r2, q, _mm512_set1_pd (cos_poly[k]));
  q = _mm512_fmadd_pd (_mm512_mul_pd (r, r2), q, r);
  return _mm512_mask_mov_pd (q, tiny, _mm512_set1_pd (1.0));
}

/* --- the loops ----------------------------------------------------------- */

SKX void
bs_np_svml_exp_f64 (const double *x,
                    double       *out,
                    gint64        n)
{
  double top[16];
  __m512d top_lo, top_hi;

  for (int j = 0; j < 16; j++)
    top[j] = two_to_j_64[4 * j][0];
  top_lo = _mm512_loadu_pd (top);
  top_hi = _mm512_loadu_pd (top + 8);
  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1);
      __m512d v = _mm512_maskz_loadu_pd (live, x + i);
      __m512d abs = _mm512_castsi512_pd (_mm512_and_si512 (_mm512_castpd_si512 (v),
                                           _mm512_set1_epi64 (0x7fffffffffffffffLL)));
      __mmask8 rare = _mm512_cmp_pd_mask (abs, _mm512_set1_pd (EXP_VECTOR_LIMIT), _CMP_GE_OQ);

      _mm512_mask_storeu_pd (out + i, live, exp_lanes (v, top_lo, top_hi));
      rare &= live;
      for (int k = 0; rare != 0; k++, rare >>= 1)
        if (rare & 1)
          out[i + k] = exp_scalar (x[i + k]);
    }
}

SKX void
bs_np_svml_log_f64 (const double *x,
                    double       *out,
                    gint64        n)
{
  __m512d table_lo = _mm512_loadu_pd (minus_log_c), table_hi = _mm512_loadu_pd (minus_log_c + 8);

  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1);
      __m512d v = _mm512_mask_loadu_pd (_mm512_set1_pd (1.0), live, x + i);

      _mm512_mask_storeu_pd (out + i, live, log_lanes (v, table_lo, table_hi));
    }
}

SKX void
bs_np_svml_sincos_f64 (gboolean      cos_of,
                       const double *x,
                       double       *out,
                       gint64        n)
{
  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1), far;
      __m512d v = _mm512_maskz_loadu_pd (live, x + i);

      _mm512_mask_storeu_pd (out + i, live, cos_of ? cos_lanes (v, &far) : sin_lanes (v, &far));
      far &= live;
      for (int k = 0; far != 0; k++, far >>= 1)
        if (far & 1)
          out[i + k] = cos_of ? cos (x[i + k]) : sin (x[i + k]);
    }
}

#endif /* BS_NP_X86 */
