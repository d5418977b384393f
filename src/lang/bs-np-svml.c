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

#include "bs-np-svml-tables.inc"


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
exp_lanes (__m512d        x,
           const __m512d *top,
           __mmask8      *apart)
{
  const __m512d shift = _mm512_set1_pd (EXP_SHIFT), top_lo = top[0], top_hi = top[1];
  __m512d t, n, th, r, r2, r3, p56, p34, p12, p;

  *apart = _mm512_cmp_pd_mask (_mm512_abs_pd (x), _mm512_set1_pd (EXP_VECTOR_LIMIT),
                               _CMP_GE_OQ);

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

/* The reduction log and pow share: x = 2^e m (m from getmant), c = 1/m as the processor
 * estimates it, rounded to 5 bits after the point, and r = c m - 1; e one more where c is
 * below limit (where the tables hold log c/2) */
SKX static inline __m512d
reciprocal_reduce (__m512d  x,
                   __m512d  m,
                   double   limit,
                   __m512d *c,
                   __m512d *e)
{
  const __m512d one = _mm512_set1_pd (1.0);
  __mmask8 small_c;

  *e = _mm512_getexp_pd (x);
  *c = _mm512_roundscale_pd (_mm512_rcp14_pd (m), (5 << 4) | _MM_FROUND_NO_EXC);
  small_c = _mm512_cmp_pd_mask (*c, _mm512_set1_pd (limit), _CMP_LT_OQ);
  *e = _mm512_mask_add_pd (*e, small_c, *e, one);
  return _mm512_fmsub_pd (*c, m, one);
}

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
log_lanes (__m512d        x,
           const __m512d *table,
           __mmask8      *apart)
{
  const __m512d table_lo = table[0], table_hi = table[1];
  __m512d m, e, c, r, r2, r4, p98, p76, p54, p32, t, res;
  __mmask8 special;

  m = _mm512_getmant_pd (x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_nan);
  r = reciprocal_reduce (x, m, 0.75, &c, &e);
  p76 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C7), r, _mm512_set1_pd (LOG_C6));
  p98 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C9), r, _mm512_set1_pd (LOG_C8));
  p32 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C3), r, _mm512_set1_pd (LOG_C2));
  r2 = _mm512_mul_pd (r, r);
  p54 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C5), r, _mm512_set1_pd (LOG_C4));
  r4 = _mm512_mul_pd (r2, r2);
  p98 = _mm512_fmadd_pd (r2, p98, p76);
  p54 = _mm512_fmadd_pd (r2, p54, p32);
  t = _mm512_permutex2var_pd (table_lo, _mm512_srli_epi64 (_mm512_castpd_si512 (c), 48),
                              table_hi);
  res = _mm512_fmadd_pd (r4, p98, p54);
  res = _mm512_fmadd_pd (r2, res, r);
  res = _mm512_fmadd_pd (_mm512_set1_pd (LOG_LN2), e, _mm512_add_pd (t, res));
  /* 0, infinities and negative numbers: log ±0 = -inf, log inf = inf, NaN below 0 */
  *apart = 0;
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

/* --- expm1 and log1p ---------------------------------------------------- */

/* e^x - 1 as e^x: N = rint (16 x log2 e)/16, x = N ln2 + r, 2^N = 2^floor(N) 2^(j/16) (its
 * floor no lower than -128), then (2^N - 1) + 2^N (tail + r + r^2 P(r)), x's sign put back;
 * lanes from 707.70 on (and NaN) by exp's scalar path */
SKX static __m512d
expm1_lanes (__m512d        x,
             const __m512d *lut,
             __mmask8      *apart)
{
  const __m512d shift = _mm512_set1_pd (EXP_SHIFT), top_lo = lut[0], top_hi = lut[1];
  const __m512d tail_lo = lut[2], tail_hi = lut[3];
  __m512d t, n, th, tl, r, r2, p, q;

  *apart = _mm512_cmp_pd_mask (x, _mm512_set1_pd (EXP_VECTOR_LIMIT), _CMP_NLT_UQ);

  t = _mm512_fmadd_pd (x, _mm512_set1_pd (EXP_LOG2E), shift);
  n = _mm512_sub_pd (t, shift);
  th = _mm512_permutex2var_pd (top_lo, _mm512_castpd_si512 (t), top_hi);
  tl = _mm512_permutex2var_pd (tail_lo, _mm512_castpd_si512 (t), tail_hi);
  r = _mm512_fnmadd_pd (n, _mm512_set1_pd (EXP_LN2_HI), x);
  r = _mm512_fnmadd_pd (_mm512_set1_pd (EXP_LN2_LO), n, r);
  r = _mm512_castsi512_pd (_mm512_and_si512 (_mm512_castpd_si512 (r),
                                             _mm512_set1_epi64 ((gint64) 0xbfffffffffffffffULL)));
  th = _mm512_scalef_pd (th, _mm512_max_pd (n, _mm512_set1_pd (-128.0)));
  r2 = _mm512_mul_pd (r, r);
  p = _mm512_fmadd_pd (_mm512_set1_pd (0x1.a020410303d8ap-13), r,
                       _mm512_set1_pd (0x1.6c1c38e164a2fp-10));
  q = _mm512_fmadd_pd (_mm512_set1_pd (0x1.1111110865214p-7), r,
                       _mm512_set1_pd (0x1.5555554ad3d06p-5));
  p = _mm512_fmadd_pd (r2, p, q);
  p = _mm512_fmadd_pd (r2, p, _mm512_fmadd_pd (_mm512_set1_pd (0x1.5555555555656p-3), r,
                                               _mm512_set1_pd (0x1.00000000000a2p-1)));
  p = _mm512_add_pd (_mm512_fmadd_pd (r2, p, tl), r);
  p = _mm512_fmadd_pd (p, th, _mm512_sub_pd (th, _mm512_set1_pd (1.0)));
  return _mm512_or_pd (p, _mm512_and_pd (x, _mm512_set1_pd (-0.0)));
}

/* log (1 + x) as log's: 1 + x = s + xl exactly (s rounded), s = 2^e m, then r = c m - 1 + c xl
 * 2^-e and the same table and polynomial; x's sign put back; x <= -1, infinities and NaN
 * apart */
SKX static __m512d
log1p_lanes (__m512d        x,
             const __m512d *table,
             __mmask8      *apart)
{
  const __m512d one = _mm512_set1_pd (1.0), table_lo = table[0], table_hi = table[1];
  __m512d s, hi, lo, m, e, c, r, xl, r2, r4, p98, p76, p54, p32, t, res;

  s = _mm512_add_pd (one, x);
  hi = _mm512_max_pd (one, x);
  lo = _mm512_min_pd (one, x);
  m = _mm512_getmant_pd (s, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_nan);
  xl = _mm512_sub_pd (lo, _mm512_sub_pd (s, hi));
  r = reciprocal_reduce (s, m, 0.75, &c, &e);
  xl = _mm512_scalef_pd (xl, _mm512_xor_pd (_mm512_getexp_pd (s), _mm512_set1_pd (-0.0)));
  r = _mm512_fmadd_pd (xl, c, r);
  *apart = _mm512_cmp_pd_mask (r, r, _CMP_NEQ_UQ);
  p98 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C9), r, _mm512_set1_pd (LOG_C8));
  p76 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C7), r, _mm512_set1_pd (LOG_C6));
  t = _mm512_permutex2var_pd (table_lo, _mm512_srli_epi64 (_mm512_castpd_si512 (c), 48),
                              table_hi);
  r2 = _mm512_mul_pd (r, r);
  p54 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C5), r, _mm512_set1_pd (LOG_C4));
  r4 = _mm512_mul_pd (r2, r2);
  p32 = _mm512_fmadd_pd (_mm512_set1_pd (LOG_C3), r, _mm512_set1_pd (LOG_C2));
  p98 = _mm512_fmadd_pd (r2, p98, p76);
  p54 = _mm512_fmadd_pd (r2, p54, p32);
  res = _mm512_fmadd_pd (r4, p98, p54);
  res = _mm512_fmadd_pd (r2, res, r);
  res = _mm512_fmadd_pd (_mm512_set1_pd (LOG_LN2), e, _mm512_add_pd (t, res));
  return _mm512_or_pd (res, _mm512_and_pd (x, _mm512_set1_pd (-0.0)));
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

/* --- sin and cos of large arguments ------------------------------------- */

/* 64 bits of 1/(2 pi)'s fraction from bit p on (0 the first after the point) */
static guint64
inv_two_pi_bits (int p)
{
  guint64 hi, lo;

  if (p <= -64)
    return 0;
  if (p < 0)
    return inv_two_pi[0] >> -p;
  hi = inv_two_pi[p / 64];
  lo = p / 64 + 1 < (int) G_N_ELEMENTS (inv_two_pi) ? inv_two_pi[p / 64 + 1] : 0;
  return p % 64 == 0 ? hi : hi << (p % 64) | lo >> (64 - p % 64);
}

/* The entry for j of sin (j pi/256): entries past a quarter turn by symmetry */
static void
sin_entry (int     j,
           double *t)
{
  if (j <= 128)
    memcpy (t, sin_table[j], 4 * sizeof (double));
  else if (j < 256)
    {
      sin_entry (256 - j, t);
      t[0] = -t[0];
      t[1] = -t[1];
    }
  else
    {
      sin_entry (j - 256, t);
      for (int k = 0; k < 4; k++)
        t[k] = t[k] == 0 ? 0.0 : -t[k];
    }
}

#define LO32 G_GUINT64_CONSTANT (0xffffffff)

/* sin x, or cos x, for a finite |x| beyond the vector path's reach. x/(2 pi) mod 1 from the
 * 53-bit significand times 192 bits of 1/(2 pi) (32-bit pieces, the last product left out),
 * rounded to j/512 plus a rest r, in three doubles; then sin (j pi/256 + 2 pi r) by the table
 * and short polynomials. cos reduces x itself, sin |x| (and puts the sign back). */
static double
sincos_far (double   x,
            gboolean cos_of)
{
  static const double two_pi = 0x1.921fb54442d18p+2, two_pi_lo = 0x1.1a62633145c07p-52;
  const guint64 sign_bit = G_GUINT64_CONSTANT (0x8000000000000000);
  guint64 bits = bs_np_bits_of_double (x), sign = cos_of ? bits & sign_bit : 0;
  int e = (int) ((bits >> 52) & 0x7ff);
  guint64 t0, t1, t2, m, mh, ml, p_a, p_b, p_c, p_d, p_e, p_f, p_g, p_h, p_i, p_j;
  guint64 s2, s3, s4, s5, low_word, high_word;
  double f, shifted, rhi, rmid, rlo, sum, hi, err, low, lo, tab[4], r2, a, res_hi, e1, e2;
  double sp, c01, ct, q, cp;
  int j;

  if (e == 0x7ff)
    return NAN;
  t0 = inv_two_pi_bits (e - 1075);
  t1 = inv_two_pi_bits (e - 1075 + 64);
  t2 = inv_two_pi_bits (e - 1075 + 128);
  m = (bits & G_GUINT64_CONSTANT (0xfffffffffffff)) | G_GUINT64_CONSTANT (0x10000000000000);
  mh = m >> 32;
  ml = m & LO32;
  p_a = mh * (t1 >> 32);
  p_b = mh * (t0 & LO32);
  p_c = mh * (t1 & LO32);
  p_d = mh * (t2 >> 32);
  p_e = mh * (t2 & LO32);
  p_f = ml * (t0 & LO32);
  p_g = ml * (t1 & LO32);
  p_h = ml * (t2 >> 32);
  p_i = ml * (t0 >> 32);
  p_j = ml * (t1 >> 32);
  s2 = p_d + (p_h >> 32) + (p_g & LO32) + (p_e >> 32);
  s3 = p_c + (p_g >> 32) + (p_j & LO32) + (s2 >> 32);
  s4 = p_a + (p_j >> 32) + (p_f & LO32) + (s3 >> 32);
  s5 = p_b + (p_f >> 32) + (p_i & LO32) + (s4 >> 32);
  low_word = (s2 & LO32) + (s3 << 32);
  high_word = (s4 & LO32) + (s5 << 32);

  /* the fraction's first 52 bits as 1.f, rounded at 2^-9: j, and the rest */
  f = bs_np_double_of (sign | G_GUINT64_CONSTANT (0x3ff0000000000000) | high_word >> 12);
  shifted = 0x1.8p43 + f;
  rhi = f - (shifted - 0x1.8p43);
  j = (int) (bs_np_bits_of_double (shifted) & 0x1ff);
  rlo = bs_np_double_of (sign | G_GUINT64_CONSTANT (0x3970000000000000)
                         | (low_word & 0xffffff) << 28)
        - bs_np_double_of (sign | G_GUINT64_CONSTANT (0x3970000000000000));
  rmid = bs_np_double_of (sign | G_GUINT64_CONSTANT (0x3cb0000000000000)
                          | (high_word & 0xfff) << 40 | low_word >> 24)
         - bs_np_double_of (sign | G_GUINT64_CONSTANT (0x3cb0000000000000));

  /* times 2 pi: hi + lo */
  sum = rhi + rmid;
  hi = two_pi * sum;
  err = fma (sum, two_pi, -hi);
  low = (rmid + (rhi - sum)) + rlo;
  lo = fma (two_pi, low, fma (two_pi_lo, sum, err));

  /* sin (a + h) = sin a + (cos a) h + ..., with a = j pi/256 (a quarter turn more for cos) */
  sin_entry (cos_of ? (j + 128) & 511 : j, tab);
  r2 = hi * hi;
  a = fma (tab[1], hi, tab[2]);
  res_hi = fma (hi, tab[0], a);
  e1 = fma (tab[1], hi, tab[2] - a);
  e2 = fma (tab[0], hi, a - res_hi);
  sp = fma (0x1.1110fabb3551cp-7, r2, -0x1.5555555554448p-3) * r2 * hi;
  c01 = tab[0] + tab[1];
  ct = fma (-tab[2], hi, c01);
  q = fma (c01, sp, e1 + e2);
  cp = fma (r2, fma (-0x1.6c16ab163b2d7p-10, r2, 0x1.5555555554ccfp-5), -0.5) * r2;
  q = fma (tab[2], cp, q);
  res_hi += q + fma (ct, lo, tab[3]);
  return cos_of ? res_hi
                : bs_np_double_of (bs_np_bits_of_double (res_hi) ^ (bits & sign_bit));
}

SKX static __m512d
sin_lanes (__m512d        x,
           const __m512d *unused,
           __mmask8      *far)
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
cos_lanes (__m512d        x,
           const __m512d *unused,
           __mmask8      *far)
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

/* --- pow ----------------------------------------------------------------- */

/* x^y = 2^(y log2 x). log2 x = e + log2 (1/c) + log2 (1 + r), with c = 1/m estimated and
 * rounded to 5 bits after the point (m in [1/2, 1)) and r = c m - 1, in two doubles; then y
 * times it (rounded towards zero, with its rest), 2^that by a table of 2^(j/16) and a
 * polynomial. Lanes with x <= 0, x or y infinite or NaN, or |y log2 x| > 1021.5 take SVML's
 * scalar path (bs-np-svml-pow.c). */
#define POW_P9 0x1.48799f5374b96p-3
#define POW_P8 -0x1.717e59a559f5dp-3
#define POW_P7 0x1.a6175fca19d03p-3
#define POW_P6 -0x1.ec709bc8fb8dfp-3
#define POW_P5 0x1.2776c50f03272p-2
#define POW_P4 -0x1.71547652bc9eap-2
#define POW_P3 0x1.ec709dc3a03fcp-2
#define POW_P2 0x1.36b5ddffe5b67p-57
#define POW_C1_HI 0x1.71547652b82fep+0
#define POW_C1_LO 0x1.777f3ee5e912fp-56
#define POW_C2_HI -0x1.71547652b82fep-1
#define POW_E6 0x1.4a1d7f58c2d59p-13
#define POW_E5 0x1.5d7472783d279p-10
#define POW_E4 0x1.3b2ad1b14ebaap-7
#define POW_E3 0x1.c6b08d4ad8eb9p-5
#define POW_E2 0x1.ebfbdff84554dp-3
#define POW_E1 0x1.62e42fefa398bp-1

SKX static __m512d
pow_lanes (__m512d   x,
           __m512d   y,
           __mmask8 *apart)
{
  __m512d m, e, c, r, r2, r2l, th, tl, p, hi, rc1h, rc1l, high2, r2c2h, r2c2l, high, low, yh, yl;
  __m512d sum, t, frac, re, re2, the, q56, q34, q12, scale;
  __m512i at;
  __mmask8 second;

  m = _mm512_getmant_pd (x, _MM_MANT_NORM_p5_1, _MM_MANT_SIGN_nan);
  r = reciprocal_reduce (x, m, 1.5, &c, &e);
  at = _mm512_srli_epi64 (_mm512_castpd_si512 (c), 47);
  second = _mm512_movepi64_mask (_mm512_slli_epi64 (at, 59));
  th = _mm512_mask_blend_pd (second,
                             _mm512_permutex2var_pd (_mm512_loadu_pd (pow_log_hi), at,
                                                     _mm512_loadu_pd (pow_log_hi + 8)),
                             _mm512_permutex2var_pd (_mm512_loadu_pd (pow_log_hi + 16), at,
                                                     _mm512_loadu_pd (pow_log_hi + 24)));
  tl = _mm512_mask_blend_pd (second,
                             _mm512_permutex2var_pd (_mm512_loadu_pd (pow_log_lo), at,
                                                     _mm512_loadu_pd (pow_log_lo + 8)),
                             _mm512_permutex2var_pd (_mm512_loadu_pd (pow_log_lo + 16), at,
                                                     _mm512_loadu_pd (pow_log_lo + 24)));
  r2 = _mm512_mul_pd (r, r);

  /* the polynomial's tail, P2 + P3 r + ... + P9 r^7 */
  p = _mm512_fmadd_pd (r2, _mm512_fmadd_pd (_mm512_set1_pd (POW_P9), r, _mm512_set1_pd (POW_P8)),
                       _mm512_fmadd_pd (_mm512_set1_pd (POW_P7), r, _mm512_set1_pd (POW_P6)));
  p = _mm512_fmadd_pd (r2, p, _mm512_fmadd_pd (_mm512_set1_pd (POW_P5), r,
                                               _mm512_set1_pd (POW_P4)));
  p = _mm512_fmadd_pd (r2, p, _mm512_fmadd_pd (_mm512_set1_pd (POW_P3), r,
                                               _mm512_set1_pd (POW_P2)));

  /* log2 x = high + low: e + T + c1 r + c2 r^2 and the rests */
  hi = _mm512_add_pd (th, e);
  r2l = _mm512_fmsub_pd (r, r, r2);
  low = _mm512_fmadd_pd (_mm512_set1_pd (POW_C2_HI), r2l, tl);
  rc1h = _mm512_fmadd_pd (_mm512_set1_pd (POW_C1_HI), r, hi);
  low = _mm512_fmadd_pd (p, r2, low);
  rc1l = _mm512_fmsub_pd (_mm512_set1_pd (POW_C1_HI), r, _mm512_sub_pd (rc1h, hi));
  high2 = _mm512_fmadd_pd (_mm512_set1_pd (POW_C2_HI), r2, rc1h);
  rc1l = _mm512_fmadd_pd (_mm512_set1_pd (POW_C1_LO), r, rc1l);
  high = _mm512_add_pd (high2, low);
  r2c2h = _mm512_sub_pd (high2, rc1h);
  yh = _mm512_mul_round_pd (high, y, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  r2c2l = _mm512_fmsub_pd (_mm512_set1_pd (POW_C2_HI), r2, r2c2h);
  yl = _mm512_fmsub_round_pd (y, high, yh, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  low = _mm512_sub_pd (low, _mm512_sub_pd (high, high2));
  sum = _mm512_add_pd (low, _mm512_add_pd (rc1l, r2c2l));

  /* 2^(yh + yl) = 2^floor (16 yh)/16 2^(rest) */
  t = _mm512_add_round_pd (yh, _mm512_set1_pd (0x1.8000000003ff0p+48),
                           _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  frac = _mm512_reduce_pd (yh, (4 << 4) | _MM_FROUND_TO_NEG_INF);
  yl = _mm512_fmadd_round_pd (y, sum, yl, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  re = _mm512_add_pd (frac, yl);
  *apart = _mm512_cmp_pd_mask (_mm512_abs_pd (yh), _mm512_set1_pd (0x1.fecp+9), _CMP_NLE_UQ);
  re = _mm512_castsi512_pd (_mm512_and_si512 (_mm512_castpd_si512 (re),
                                              _mm512_set1_epi64 ((gint64) 0xbfffffffffffffffULL)));
  the = _mm512_permutex2var_pd (_mm512_loadu_pd (pow_exp2), _mm512_castpd_si512 (t),
                                _mm512_loadu_pd (pow_exp2 + 8));
  re2 = _mm512_mul_pd (re, re);
  q56 = _mm512_fmadd_pd (_mm512_set1_pd (POW_E6), re, _mm512_set1_pd (POW_E5));
  q34 = _mm512_fmadd_pd (_mm512_set1_pd (POW_E4), re, _mm512_set1_pd (POW_E3));
  q12 = _mm512_fmadd_pd (_mm512_set1_pd (POW_E2), re, _mm512_set1_pd (POW_E1));
  scale = _mm512_castsi512_pd (_mm512_and_si512 (_mm512_slli_epi64 (_mm512_castpd_si512 (t), 48),
                                                 _mm512_set1_epi64 (0x7ff0000000000000LL)));
  p = _mm512_fmadd_pd (re2, q56, q34);
  p = _mm512_fmadd_pd (re2, p, q12);
  p = _mm512_fmadd_pd (_mm512_mul_pd (re, the), p, the);
  *apart |= _mm512_fpclass_pd_mask (x, 0xdf) | _mm512_fpclass_pd_mask (y, 0x99);
  return _mm512_mul_pd (p, scale);
}

/* --- the loops ----------------------------------------------------------- */

/* The lanes that take a scalar path: log1p -1 = -inf, of +inf inf, NaN below -1 and of NaN */
static double
log1p_apart (double x)
{
  return x == -1.0 ? -INFINITY : x == INFINITY ? INFINITY : NAN;
}

static double
sin_apart (double x)
{
  return sincos_far (x, FALSE);
}

static double
cos_apart (double x)
{
  return sincos_far (x, TRUE);
}

SKX void
bs_np_svml_f64 (BsNpMath      func,
                const double *x,
                double       *out,
                gint64        n)
{
  __m512d (*lanes) (__m512d, const __m512d *, __mmask8 *);
  double (*apart_of) (double) = exp_scalar;
  double top[16], tail[16];
  __m512d lut[4];

  for (int j = 0; j < 16; j++)
    {
      top[j] = two_to_j_64[4 * j][0];
      tail[j] = two_to_j_64[4 * j][1];
    }
  lut[0] = _mm512_loadu_pd (top);
  lut[1] = _mm512_loadu_pd (top + 8);
  lut[2] = _mm512_loadu_pd (tail);
  lut[3] = _mm512_loadu_pd (tail + 8);
  switch (func)
    {
    case BS_NP_MATH_EXP: lanes = exp_lanes; break;
    case BS_NP_MATH_EXPM1: lanes = expm1_lanes; break;
    case BS_NP_MATH_SIN: lanes = sin_lanes; apart_of = sin_apart; break;
    case BS_NP_MATH_COS: lanes = cos_lanes; apart_of = cos_apart; break;
    case BS_NP_MATH_LOG:
    case BS_NP_MATH_LOG1P:
      lanes = func == BS_NP_MATH_LOG ? log_lanes : log1p_lanes;
      apart_of = log1p_apart;
      lut[0] = _mm512_loadu_pd (minus_log_c);
      lut[1] = _mm512_loadu_pd (minus_log_c + 8);
      break;
    default:
      g_return_if_reached ();
    }
  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1), apart;

      _mm512_mask_storeu_pd (out + i, live, lanes (_mm512_maskz_loadu_pd (live, x + i), lut,
                                                   &apart));
      apart &= live;
      for (int k = 0; apart != 0; k++, apart >>= 1)
        if (apart & 1)
          out[i + k] = apart_of (x[i + k]);
    }
}

SKX guint
bs_np_svml_pow_f64 (const double *x,
                    gboolean      x_one,
                    const double *y,
                    gboolean      y_one,
                    double       *out,
                    gint64        n)
{
  guint raised = 0;

  for (gint64 i = 0; i < n; i += 8)
    {
      __mmask8 live = n - i >= 8 ? 0xff : (__mmask8) ((1u << (n - i)) - 1), apart;
      __m512d a = x_one ? _mm512_set1_pd (x[0]) : _mm512_mask_loadu_pd (_mm512_set1_pd (1.0),
                                                                      live, x + i);
      __m512d b = y_one ? _mm512_set1_pd (y[0]) : _mm512_mask_loadu_pd (_mm512_set1_pd (1.0),
                                                                      live, y + i);

      _mm512_mask_storeu_pd (out + i, live, pow_lanes (a, b, &apart));
      apart &= live;
      for (int k = 0; apart != 0; k++, apart >>= 1)
        if (apart & 1)
          out[i + k] = bs_np_svml_pow_rare_f64 (x[x_one ? 0 : i + k], y[y_one ? 0 : i + k],
                                                &raised);
    }
  return raised;
}

#endif /* BS_NP_X86 */
