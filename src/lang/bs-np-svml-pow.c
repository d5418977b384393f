/* bs-np-svml-pow.c: the scalar path of SVML's pow (__svml_powf16, __svml_pow8), which numpy 1.24
 * takes on AVX-512 (Skylake-X) processors for the lanes its vector path leaves: x <= 0,
 * subnormal, infinite or NaN, y infinite or NaN, and |y log2 x| beyond 125.5 (float32) or 1021.5
 * (float64). Every step is a separately rounded operation of the argument's type, as SVML's
 * code has them, so the last bits agree. Written from the algorithm's description; the tables
 * are SVML's. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-simd-private.h"

#include <math.h>

#include "bs-np-svml-pow-tables.inc"

/* --- float32 ------------------------------------------------------------- */

/* 0 when y is no integer (or |y| < 1, or y is not finite), 1 when it is odd, 2 when even */
static int
pow_parity_f32 (float y)
{
  guint32 a = bs_np_bits_of_float (y) & 0x7fffffff;

  if (a - 0x3f800000u >= 0x40000000u)
    return 0;
  if (a >= 0x4b800000u)
    return 2;
  a <<= (a >> 23) - 127;
  if ((a & 0x7fffff) != 0)
    return 0;
  return (a & 0xffffff) == 0x800000 ? 1 : 2;
}

/* x + y for a NaN x or y, as the processor adds them: the first NaN, made quiet */
static float
pow_nan_f32 (float x,
             float y)
{
  return bs_np_float_of (bs_np_bits_of_float (isnan (x) ? x : y) | 0x400000);
}

/* a - (a 4097 - a): a's top 12 bits */
static inline float
pow_split_f32 (float a)
{
  float big = a * 0x1.001p+12f;

  return big - (big - a);
}

/* The special values first; then log2 |x| =
 * E + log2 (1/(r1 r2 r3)) + log2 (m r1 r2 r3) with three table reciprocals, in float parts
 * summed separately, y times it in parts by Veltkamp splits, 2^that by a table of 2^(j/128)
 * and a polynomial, the exponent put in by bits (and in two steps below 2^-126). Every step
 * a separately rounded float operation, as SVML's code has them. */
float
bs_np_svml_pow_rare_f32 (float  x,
                         float  y,
                         guint *raised)
{
  guint32 ux = bs_np_bits_of_float (x), uy = bs_np_bits_of_float (y), ua, ub;
  int ex = (ux >> 23) & 0xff, ey = (uy >> 23) & 0xff, parity = pow_parity_f32 (y);
  gboolean x_neg = ux >> 31, y_neg = uy >> 31;
  gboolean x_nan = ex == 255 && (ux & 0x7fffff) != 0, y_nan = ey == 255 && (uy & 0x7fffff) != 0;
  float sign = (parity & x_neg) != 0 ? -1.0f : 1.0f, a, m, fe, r1, r2, r3, t1, t2, t3, l1, l2, l3;
  float mr, rr, v, mh, ml, rh, rl, d, s, sl, w, p, h, hl, h2, low, hh, hlo, ll, yh, yl, z, zl;
  float zb, zr, t, hi, f, flo, fh, scale;
  int shift = 0, e, i1, i2, i3, j, n, k;

  if (ux == 0x3f800000 || (ey == 0 && (uy & 0x7fffff) == 0))
    return 1.0f;
  if (x_nan || y_nan)
    return pow_nan_f32 (x, y);
  if (x == 0.0f)
    {
      *raised |= y_neg ? BS_NP_SIMD_RAISED_DIVIDE : 0;
      return y_neg ? sign / (x * x) : sign * (x * x);
    }
  if (x == -1.0f && (parity != 0 || ey == 255))
    return (parity & 1) != 0 ? -1.0f : 1.0f;
  if (ex == 255 || ey == 255)
    {
      if (ex < 127)
        return y_neg ? y * y : 0.0f;
      if (y_neg)
        return sign < 0.0f ? -0.0f : 0.0f;
      *raised |= ex != 255 && isinf (x * x) ? BS_NP_SIMD_RAISED_OVERFLOW : 0;
      return x * x * y * sign;
    }
  if (!(x > 0.0f) && parity == 0)
    return bs_np_float_of (0xffc00000);

  /* log2 |x| = S + SL + low */
  a = fabsf (x);
  if (ex == 0)
    {
      a *= 0x1p+64f;
      shift = -64;
    }
  ua = bs_np_bits_of_float (a);
  m = bs_np_float_of ((ua & 0x7fffff) | 0x3f800000);
  e = ((gint32) (ua - 0x3f380000u) >> 23) + shift;
  fe = (float) e;
  i1 = (int) (((bs_np_bits_of_float (m) & 0x780000) + 0x80000) >> 20);
  r1 = pow_rare_rcp1[i1];
  t1 = pow_rare_log1[i1][0] + fe;
  l1 = pow_rare_log1[i1][0] + (fe - t1);
  mr = m * r1;
  i2 = (int) (((bs_np_bits_of_float (mr) & 0x1e0000) + 0x20000) >> 18);
  r2 = pow_rare_rcp2[i2];
  t2 = pow_rare_log2[i2][0] + t1;
  mr = mr * r2;
  rr = r1 * r2;
  i3 = (int) (((bs_np_bits_of_float (mr) & 0x7c000) + 0x4000) >> 15);
  l2 = pow_rare_log2[i2][0] + (t1 - t2);
  r3 = pow_rare_rcp3[i3];
  t3 = pow_rare_log3[i3][0] + t2;
  rr = rr * r3;
  l3 = pow_rare_log3[i3][0] + (t2 - t3);
  mr = mr * r3;
  v = mr - 0x1.71p+0f;
  mh = pow_split_f32 (m);
  ml = m - mh;
  rh = pow_split_f32 (rr);
  rl = rr - rh;
  /* what m rr lost in its rounding */
  d = (((mh * rh - mr) + rh * ml) + mh * rl) + ml * rl;
  s = v + t3;
  sl = (t3 - s) + v;
  k = (int) ((bs_np_bits_of_float (s) >> 23) & 0xff) + ey;
  if (k >= 265)
    {
      float big = (bs_np_bits_of_float (s) >> 31) != (guint32) y_neg ? 0x1p-126f : 0x1p+127f;

      return big * big * sign;
    }
  if (k <= 192)
    return sign;
  w = v + d;
  p = (((-0x1.563d42p-4f * w + 0x1.48ded2p-3f) * w - 0x1.6386bap-2f) * w + 0x1.d4c6d2p-11f) * w;
  low = pow_rare_log3[i3][1] + (pow_rare_log2[i2][1] + (pow_rare_log1[i1][1] + (l3 + (l1 + l2))));
  low = low + (d + sl);
  h = s + p;
  hl = (s - h) + p;
  h2 = low + h;
  low = (h - h2) + low;
  hh = pow_split_f32 (h2);
  hlo = h2 - hh;
  ll = low + hl;

  /* y log2 |x| = z + zl */
  yh = pow_split_f32 (y);
  yl = y - yh;
  z = yh * hh + (yh * hlo + hh * yl);
  zl = (yh * hh - z) + (yh * hlo + hh * yl);
  zl = (hlo * yl + zl) + ll * y;

  /* 2^z = 2^n 2^(j/128) 2^t */
  zb = z + 0x1.8p+16f;
  zr = zb - 0x1.8p+16f;
  t = (z - zr) + zl;
  ub = bs_np_bits_of_float (zb);
  j = (int) (ub & 127);
  n = (gint32) (ub << 10) >> 17;
  hi = pow_rare_exp2[j][0];
  p = ((0x1.c6b08ep-5f * t + 0x1.ebfbep-3f) * t + 0x1.62e43p-1f) * t;
  p = p * hi + pow_rare_exp2[j][1];
  f = p + hi;
  k = n + (int) ((bs_np_bits_of_float (f) >> 23) & 0xff) - 127;
  if (k >= 128)
    return 0x1p+127f * 0x1p+127f * sign;
  if (k >= -126)
    return bs_np_float_of ((bs_np_bits_of_float (f) & 0x807fffff)
                           | ((guint32) ((k + 127) & 0xff) << 23)) * sign;
  if (k < -159)
    return 0.0f * sign;
  scale = bs_np_float_of ((guint32) ((n + 191) & 0xff) << 23);
  if (k < -136)
    return (f * scale) * (sign * 0x1p-64f);
  flo = (hi - f) + p;
  fh = pow_split_f32 (f);
  return ((fh * scale + ((f - fh) + flo) * scale) * 0x1p-64f) * sign;
}

/* --- float64 ------------------------------------------------------------- */

/* as pow_parity_f32, but 2 for y = 0 */
static int
pow_parity_f64 (double y)
{
  guint64 a = bs_np_bits_of_double (y) & G_GUINT64_CONSTANT (0x7fffffffffffffff);
  int e = (int) (a >> 52) - 1023, fraction;

  if (a == 0)
    return 2;
  if (e < 0 || e == 1024)
    return 0;
  if (e >= 53)
    return 2;
  fraction = 52 - e;
  if (fraction > 0 && (a & ((G_GUINT64_CONSTANT (1) << fraction) - 1)) != 0)
    return 0;
  return ((a >> fraction) & 1) != 0 ? 1 : 2;
}

static double
pow_nan_f64 (double x,
             double y)
{
  return bs_np_double_of (bs_np_bits_of_double (isnan (x) ? x : y)
                          | G_GUINT64_CONSTANT (0x8000000000000));
}

/* a - (a (2^27 + 1) - a): a's top 26 bits */
static inline double
pow_split_f64 (double a)
{
  double big = a * 0x1.0000002p+27;

  return big - (big - a);
}

/* As bs_np_svml_pow_rare_f32 in doubles, but for the sums: log2 |x|'s table parts are added
 * up plainly, y log2 |x|'s high part goes straight into the rounding to 1/128, and below
 * 2^-1022 the scale is 2^-200 */
double
bs_np_svml_pow_rare_f64 (double  x,
                         double  y,
                         guint  *raised)
{
  guint64 ux = bs_np_bits_of_double (x), uy = bs_np_bits_of_double (y), ua, ub;
  guint64 mantissa = G_GUINT64_CONSTANT (0xfffffffffffff);
  int ex = (int) ((ux >> 52) & 0x7ff), ey = (int) ((uy >> 52) & 0x7ff);
  int parity = pow_parity_f64 (y), shift = 0, e, i1, i2, i3, j, n, k;
  gboolean x_neg = (ux >> 63) != 0, y_neg = (uy >> 63) != 0;
  double sign = (parity & x_neg) != 0 ? -1.0 : 1.0, a, m, t, mr, rr, r1, r2, r3, v, mh, ml, rh;
  double rl, d, s, sl, w, p, low, h, hl, h2, hh, hlo, ll, yh, yl, zb, zr, zl, hi, f, flo, fh;
  double scale;

  if (ux == G_GUINT64_CONSTANT (0x3ff0000000000000) || (uy << 1) == 0)
    return 1.0;
  if ((ex == 2047 && (ux & mantissa) != 0) || (ey == 2047 && (uy & mantissa) != 0))
    return pow_nan_f64 (x, y);
  if (x == 0.0)
    {
      *raised |= y_neg ? BS_NP_SIMD_RAISED_DIVIDE : 0;
      return y_neg ? sign / (x * x) : sign * (x * x);
    }
  if (x == -1.0 && (parity != 0 || ey == 2047))
    return (parity & 1) != 0 ? -1.0 : 1.0;
  if (ex == 2047 || ey == 2047)
    {
      if (ex < 1023)
        return y_neg ? y * y : 0.0;
      if (y_neg)
        return 0.0 * sign;
      *raised |= ex != 2047 && isinf (x * x) ? BS_NP_SIMD_RAISED_OVERFLOW : 0;
      return x * x * y * sign;
    }
  if (!(x > 0.0) && parity == 0)
    return bs_np_double_of (G_GUINT64_CONSTANT (0xfff8000000000000));

  /* log2 |x| = S + SL + low */
  a = fabs (x);
  if (ex == 0)
    {
      a *= 0x1p+200;
      shift = -200;
    }
  ua = bs_np_bits_of_double (a);
  m = bs_np_double_of ((ua & mantissa) | G_GUINT64_CONSTANT (0x3ff0000000000000));
  e = ((gint32) ((guint32) (ua >> 32) - 0x3fe7c000u) >> 20) + shift;
  i1 = (int) ((((bs_np_bits_of_double (m) >> 32) & 0xfc000) + 0x4000) >> 15);
  r1 = pow_rare_rcp1_f64[i1];
  mr = r1 * m;
  t = (double) e + pow_rare_log1_f64[i1][0];
  i2 = (int) ((((bs_np_bits_of_double (mr) >> 32) & 0xfc00) + 0x400) >> 11);
  r2 = pow_rare_rcp2_f64[i2];
  mr = mr * r2;
  t = t + pow_rare_log2_f64[i2][0];
  rr = r1 * r2;
  mh = pow_split_f64 (m);
  ml = m - mh;
  i3 = (int) ((((bs_np_bits_of_double (mr) >> 32) & 0xff0) + 0x10) >> 5);
  r3 = pow_rare_rcp3_f64[i3];
  rr = rr * r3;
  t = t + pow_rare_log3_f64[i3][0];
  mr = mr * r3;
  v = mr - 0x1.715474p+0;
  rh = pow_split_f64 (rr);
  rl = rr - rh;
  d = (((mh * rh - mr) + rh * ml) + mh * rl) + ml * rl;
  s = t + v;
  sl = (t - s) + v;
  k = (int) ((bs_np_bits_of_double (s) >> 52) & 0x7ff) + ey;
  if (k >= 2057)
    {
      double big = (bs_np_bits_of_double (s) >> 63) != (guint64) y_neg ? 0x1p-1022 : 0x1p+1023;

      return big * big * sign;
    }
  if (k <= 1984)
    return sign;
  w = v + d;
  low = pow_rare_log1_f64[i1][1] + (pow_rare_log2_f64[i2][1] + pow_rare_log3_f64[i3][1]);
  low = low + (d + sl);
  p = (((-0x1.550472a9012d8p-4 * w + 0x1.47fd462b6dee1p-3) * w - 0x1.62e4346694107p-2) * w
       + 0x1.9c3a6966457e8p-24) * w;
  h = s + p;
  hl = (s - h) + p;
  h2 = low + h;
  low = (h - h2) + low;
  hh = pow_split_f64 (h2);
  hlo = h2 - hh;
  ll = (low + hl) * y;

  /* y log2 |x| = yh hh + zl, 2^that = 2^n 2^(j/128) 2^t */
  yh = pow_split_f64 (y);
  yl = y - yh;
  zb = yh * hh + 0x1.8p+45;
  zl = ((yh * hlo + hlo * yl) + hh * yl) + ll;
  zr = zb - 0x1.8p+45;
  t = (yh * hh - zr) + zl;
  ub = bs_np_bits_of_double (zb);
  j = (int) (ub & 127);
  n = (gint32) (guint32) ub >> 7;
  hi = pow_rare_exp2_f64[j][0];
  p = ((((0x1.5d87fe78a6731p-10 * t + 0x1.3b2ab6fba4e77p-7) * t + 0x1.c6b08d704a0c0p-5) * t
        + 0x1.ebfbdff82c58fp-3) * t + 0x1.62e42fefa39efp-1) * t;
  p = p * hi + pow_rare_exp2_f64[j][1];
  f = p + hi;
  k = n + (int) ((bs_np_bits_of_double (f) >> 52) & 0x7ff) - 1023;
  if (k >= 1024)
    return 0x1p+1023 * 0x1p+1023 * sign;
  if (k >= -1022)
    return bs_np_double_of ((bs_np_bits_of_double (f) & G_GUINT64_CONSTANT (0x800fffffffffffff))
                            | ((guint64) ((k + 1023) & 2047) << 52)) * sign;
  if (k < -1084)
    return sign * 0.0;
  scale = bs_np_double_of ((guint64) ((n + 1223) & 2047) << 52);
  if (k < -1032)
    return (sign * 0x1p-200) * (f * scale);
  flo = p + (hi - f);
  fh = pow_split_f64 (f);
  return (sign * 0x1p-200) * (((f - fh) + flo) * scale + fh * scale);
}
