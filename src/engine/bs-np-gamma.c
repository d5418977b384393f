/* bs-np-gamma.c: numpy 1.24's exponential, gamma, beta, Poisson and large binomial draws
 *
 * RandomState and Generator share these algorithms but not their primitives: the legacy
 * ones take normals from the polar method (with its cache) and exponentials as
 * -log(1 - u), Generator's from the ziggurats. A NULL cache selects Generator's. Every
 * expression keeps numpy's order of operations and types (an int64 product stays an
 * integer product), as a different rounding would change which draws are accepted.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-distributions.h"

#include <math.h>
#include <stdlib.h>

#include "bs-np-ziggurat.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize ("fp-contract=off")
#endif

/* (gint64) x as x86-64 converts it: INT64_MIN when out of range or NaN (numpy's casts of
 * floor() meet such values after a draw of exactly 0, and then reject them) */
static gint64
to_int64 (double x)
{
  return x >= -9223372036854775808.0 && x < 9223372036854775808.0 ? (gint64) x : G_MININT64;
}

double
bs_np_standard_exponential (BsNpBitGen *bitgen)
{
  for (;;)
    {
      guint64 r = bs_np_bitgen_uint64 (bitgen) >> 3;
      guint layer = r & 0xff;
      double x;

      r >>= 8;
      x = r * bs_np_ziggurat_exp_width[layer];
      if (r < bs_np_ziggurat_exp_accept[layer])
        return x;
      if (layer == 0)
        return BS_NP_ZIGGURAT_EXP_R - log1p (-bs_np_bitgen_double (bitgen));
      {
        const double *height = bs_np_ziggurat_exp_height;

        if ((height[layer - 1] - height[layer]) * bs_np_bitgen_double (bitgen) + height[layer]
            < exp (-x))
          return x;
      }
      /* numpy draws a whole new exponential: the same as starting over */
    }
}

static double
any_normal (BsNpBitGen     *bitgen,
            BsNpGaussCache *cache)
{
  return cache != NULL ? bs_np_legacy_gauss (bitgen, cache) : bs_np_standard_normal (bitgen);
}

static double
any_exponential (BsNpBitGen     *bitgen,
                 BsNpGaussCache *cache)
{
  return cache != NULL ? bs_np_legacy_standard_exponential (bitgen)
                       : bs_np_standard_exponential (bitgen);
}

double
bs_np_standard_gamma (BsNpBitGen     *bitgen,
                      BsNpGaussCache *cache,
                      double          shape)
{
  if (shape == 1.0)
    return any_exponential (bitgen, cache);
  if (shape == 0.0)
    return 0.0;
  if (shape < 1.0)
    {
      /* Johnk's rejection between a power of u and an exponential */
      for (;;)
        {
          double u = bs_np_bitgen_double (bitgen);
          double v = any_exponential (bitgen, cache);
          double x, y;

          if (u <= 1.0 - shape)
            {
              x = pow (u, 1. / shape);
              if (x <= v)
                return x;
            }
          else
            {
              y = -log ((1 - u) / shape);
              x = pow (1.0 - shape + shape * y, 1. / shape);
              if (x <= v + y)
                return x;
            }
        }
    }
  /* Marsaglia and Tsang */
  {
    double b = shape - 1. / 3., c = 1. / sqrt (9 * b);

    for (;;)
      {
        double x, v, u;

        do
          {
            x = any_normal (bitgen, cache);
            v = 1.0 + c * x;
          }
        while (v <= 0.0);
        v = v * v * v;
        u = bs_np_bitgen_double (bitgen);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x))
          return b * v;
        if (log (u) < 0.5 * x * x + b * (1. - v + log (v)))
          return b * v;
      }
  }
}

double
bs_np_beta (BsNpBitGen     *bitgen,
            BsNpGaussCache *cache,
            double          a,
            double          b)
{
  double ga, gb;

  if (a <= 1.0 && b <= 1.0)
    {
      /* Johnk's algorithm */
      for (;;)
        {
          double u = bs_np_bitgen_double (bitgen);
          double v = bs_np_bitgen_double (bitgen);
          double x = pow (u, 1.0 / a), y = pow (v, 1.0 / b), sum = x + y;

          if (sum > 1.0)
            continue;
          if (sum > 0.0)
            return x / sum;
          if (cache == NULL)
            continue;   /* Generator draws again; RandomState works in logarithms */
          {
            double log_x = log (u) / a, log_y = log (v) / b;
            double log_m = log_x > log_y ? log_x : log_y;

            log_x -= log_m;
            log_y -= log_m;
            return exp (log_x - log (exp (log_x) + exp (log_y)));
          }
        }
    }
  ga = bs_np_standard_gamma (bitgen, cache, a);
  gb = bs_np_standard_gamma (bitgen, cache, b);
  return ga / (ga + gb);
}

/* log(Gamma(x)) by the series of Zhang and Jin's "Computation of Special Functions",
 * shifted up to x >= 7, in numpy's order of operations */
static double
log_gamma (double x)
{
  static const double coef[10] = {
    8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
    -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
    6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
    -1.39243221690590e+00,
  };
  gint64 shift = 0;
  double x0, x2, series, result;

  if (x == 1.0 || x == 2.0)
    return 0.0;
  if (x < 7.0)
    shift = (gint64) (7 - x);
  x0 = x + shift;
  x2 = (1.0 / x0) * (1.0 / x0);
  series = coef[9];
  for (int k = 8; k >= 0; k--)
    {
      series *= x2;
      series += coef[k];
    }
  /* 0.5 * log(2 pi) */
  result = series / x0 + 0.5 * 1.8378770664093453e+00 + (x0 - 0.5) * log (x0) - x0;
  for (gint64 k = 1; k <= shift; k++)
    {
      result -= log (x0 - 1.0);
      x0 -= 1.0;
    }
  return result;
}

/* Hoermann's transformed rejection (PTRS), lam >= 10 */
static gint64
poisson_ptrs (BsNpBitGen *bitgen,
              double      lam)
{
  double slam = sqrt (lam), log_lam = log (lam);
  double b = 0.931 + 2.53 * slam;
  double a = -0.059 + 0.02483 * b;
  double inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
  double vr = 0.9277 - 3.6224 / (b - 2);

  for (;;)
    {
      double u = bs_np_bitgen_double (bitgen) - 0.5;
      double v = bs_np_bitgen_double (bitgen);
      double us = 0.5 - fabs (u);
      gint64 k = to_int64 (floor ((2 * a / us + b) * u + lam + 0.43));

      if (us >= 0.07 && v <= vr)
        return k;
      if (k < 0 || (us < 0.013 && v > us))
        continue;
      if (log (v) + log (inv_alpha) - log (a / (us * us) + b)
          <= -lam + k * log_lam - log_gamma (k + 1))
        return k;
    }
}

gint64
bs_np_poisson (BsNpBitGen *bitgen,
               double      lam)
{
  double limit, product = 1.0;
  gint64 k = 0;

  if (lam >= 10)
    return poisson_ptrs (bitgen, lam);
  if (lam == 0)
    return 0;
  /* multiply uniforms until the product falls to exp(-lam) */
  limit = exp (-lam);
  for (;;)
    {
      product *= bs_np_bitgen_double (bitgen);
      if (!(product > limit))
        return k;
      k++;
    }
}

/* The constants BTPE derives from (n, p), p <= 0.5 */
typedef struct {
  double r, q, fm, p1, xm, xl, xr, c, lam_l, lam_r, p2, p3, p4;
  gint64 m;
} Btpe;

static void
btpe_setup (Btpe   *s,
            gint64  n,
            double  p)
{
  double a;

  s->r = MIN (p, 1.0 - p);
  s->q = 1.0 - s->r;
  s->fm = n * s->r + s->r;
  s->m = to_int64 (floor (s->fm));
  s->p1 = floor (2.195 * sqrt (n * s->r * s->q) - 4.6 * s->q) + 0.5;
  s->xm = s->m + 0.5;
  s->xl = s->xm - s->p1;
  s->xr = s->xm + s->p1;
  s->c = 0.134 + 20.5 / (15.3 + s->m);
  a = (s->fm - s->xl) / (s->fm - s->xl * s->r);
  s->lam_l = a * (1.0 + a / 2.0);
  a = (s->xr - s->fm) / (s->xr * s->q);
  s->lam_r = a * (1.0 + a / 2.0);
  s->p2 = s->p1 * (1.0 + 2.0 * s->c);
  s->p3 = s->p2 + s->c / s->lam_l;
  s->p4 = s->p3 + s->c / s->lam_r;
}

/* Stirling's correction of one factorial term, as BTPE's final test writes it */
static double
stirling (double x,
          double x2)
{
  return (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x / 166320.;
}

/* Whether y (drawn with v) passes BTPE's acceptance test (its steps 5.0 to 5.3) */
static gboolean
btpe_accept (const Btpe *s,
             gint64      n,
             gint64      y,
             double      v)
{
  double nrq = n * s->r * s->q;
  gint64 k = llabs (y - s->m);

  if (!(k > 20 && k < nrq / 2.0 - 1))
    {
      /* the ratio of probabilities, by recursion from the mode */
      double ratio = s->r / s->q, a = ratio * (n + 1), f = 1.0;

      if (s->m < y)
        for (gint64 i = s->m + 1; i <= y; i++)
          f *= a / i - ratio;
      else if (s->m > y)
        for (gint64 i = y + 1; i <= s->m; i++)
          f /= a / i - ratio;
      return !(v > f);
    }
  {
    double rho = (k / nrq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    double t = (double) (-k * k) / (2 * nrq);
    double log_v = log (v);
    double x1, f1, z, w;

    if (log_v < t - rho)
      return TRUE;
    if (log_v > t + rho)
      return FALSE;
    x1 = y + 1;
    f1 = s->m + 1;
    z = n + 1 - s->m;
    w = n - y + 1;
    return !(log_v > (s->xm * log (f1 / x1) + (n - s->m + 0.5) * log (z / w)
                      + (y - s->m) * log (w * s->r / (x1 * s->q))
                      + stirling (f1, f1 * f1) + stirling (z, z * z)
                      + stirling (x1, x1 * x1) + stirling (w, w * w)));
  }
}

gint64
bs_np_binomial_btpe (BsNpBitGen *bitgen,
                     gint64      n,
                     double      p)
{
  Btpe s;
  gint64 y;

  btpe_setup (&s, n, p);
  for (;;)
    {
      double u = bs_np_bitgen_double (bitgen) * s.p4;
      double v = bs_np_bitgen_double (bitgen);

      if (u <= s.p1)
        {
          /* the triangle: accepted at once */
          y = to_int64 (floor (s.xm - s.p1 * v + u));
          break;
        }
      if (u <= s.p2)
        {
          /* the parallelograms */
          double x = s.xl + (u - s.p1) / s.c;

          v = v * s.c + 1.0 - fabs (s.m - x + 0.5) / s.p1;
          if (v > 1.0)
            continue;
          y = to_int64 (floor (x));
        }
      else if (u <= s.p3)
        {
          /* the left exponential tail; v = 0 would make y undefined */
          y = to_int64 (floor (s.xl + log (v) / s.lam_l));
          if (y < 0 || v == 0.0)
            continue;
          v = v * (u - s.p2) * s.lam_l;
        }
      else
        {
          y = to_int64 (floor (s.xr - log (v) / s.lam_r));
          if (y > n || v == 0.0)
            continue;
          v = v * (u - s.p3) * s.lam_r;
        }
      if (btpe_accept (&s, n, y, v))
        break;
    }
  return p > 0.5 ? n - y : y;
}
