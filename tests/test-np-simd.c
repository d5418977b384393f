/* test-np-simd.c: numpy's vectorised loops against plain ones: exp and tanh against the C
 * library's long double ones (64 bits of mantissa: a reference 2^11 times finer than a
 * double's last place) over their whole ranges, with their special values exact;
 * max/min/argmax/argmin of pieces that hold NaN, ties, or an extreme in the last elements;
 * masks and sums over leading rows */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bs-np-simd.h"

static gint64
ulps_apart (double a,
            double b)
{
  gint64 ia, ib;

  memcpy (&ia, &a, sizeof ia);
  memcpy (&ib, &b, sizeof ib);
  return ia > ib ? ia - ib : ib - ia;
}

/* The error of got in units of the last place of a double near want */
static double
error_in_ulps (double      got,
               long double want)
{
  int e;

  if (want == 0)
    return got == 0 ? 0 : INFINITY;
  frexpl (want, &e);
  return (double) (fabsl ((long double) got - want) / ldexpl (1.0L, MAX (e, -1021) - 53));
}

/* Arguments over [lo, hi] evenly, then random ones of every magnitude from 1e-20 to 100 */
static double *
arguments (double lo,
           double hi,
           int    n)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  double *x = g_new (double, n);

  for (int i = 0; i < n; i++)
    x[i] = i < n / 2 ? lo + (hi - lo) * i / (n / 2)
                     : g_rand_double_range (rand, -5.0, 5.0)
                       * pow (10.0, g_rand_int_range (rand, -20, 2));
  return x;
}

static void
test_exp_range (void)
{
  enum { N = 400000 };
  g_autofree double *x = arguments (-745.0, 709.7, N), *out = g_new (double, N);
  double worst = 0, worst_subnormal = 0;
  gint64 differ = 0;

  bs_np_simd_exp_f64 (x, out, N);
  for (int i = 0; i < N; i++)
    {
      double e = error_in_ulps (out[i], expl (x[i]));
      double *w = out[i] < DBL_MIN ? &worst_subnormal : &worst;

      if (e > *w)
        g_test_message ("exp(%a): %a, %.3f units from the exact value", x[i], out[i], e);
      *w = MAX (*w, e);
      differ += ulps_apart (out[i], exp (x[i])) != 0;
    }
  g_assert_cmpfloat (worst, <, 0.52);
  /* a subnormal result is rounded twice: 2^m times the sum, rounded to 53 bits */
  g_assert_cmpfloat (worst_subnormal, <, 0.76);
  /* the same as the C library's in all but about 1 of 200 arguments */
  g_assert_cmpint (differ, <, N / 50);
}

static void
test_tanh_range (void)
{
  enum { N = 400000 };
  g_autofree double *x = arguments (-25.0, 25.0, N), *out = g_new (double, N);
  double worst = 0, libm_worst = 0;

  bs_np_simd_tanh_f64 (x, out, N);
  for (int i = 0; i < N; i++)
    {
      long double want = tanhl (x[i]);
      double e = error_in_ulps (out[i], want);

      if (e > worst)
        g_test_message ("tanh(%a): %a, %.3f units from the exact value", x[i], out[i], e);
      worst = MAX (worst, e);
      libm_worst = MAX (libm_worst, error_in_ulps (tanh (x[i]), want));
    }
  g_test_message ("the C library's tanh: %.3f units at worst", libm_worst);
  g_assert_cmpfloat (worst, <, 2.0);
}

static void
test_tanh_special (void)
{
  const double x[] = { 0.0, -0.0, 0x1p-60, -0x1p-60, 22.0, -22.0, 1e300, INFINITY,
                       -INFINITY, 1.0, -1.0 };
  const double want[] = { 0.0, -0.0, 0x1p-60, -0x1p-60, 1.0, -1.0, 1.0, 1.0, -1.0,
                          tanh (1.0), -tanh (1.0) };
  double out[G_N_ELEMENTS (x)], nan_in = NAN;

  bs_np_simd_tanh_f64 (x, out, G_N_ELEMENTS (x));
  for (guint i = 0; i < G_N_ELEMENTS (x); i++)
    {
      g_assert_cmpfloat (out[i], ==, want[i]);
      g_assert_cmpint (signbit (out[i]), ==, signbit (want[i]));
    }
  bs_np_simd_tanh_f64 (&nan_in, out, 1);
  g_assert_true (isnan (out[0]));
}

static void
test_exp_special (void)
{
  const double x[] = { 0.0, -0.0, 1.0, 0x1p-60, -0x1p-60, 709.78, 709.79, 710.0, 1e300,
                       INFINITY, -745.13, -745.14, -746.0, -1e300, -INFINITY, -740.0, -708.5 };
  const double want[] = { 1.0, 1.0, M_E, 1.0, 1.0, exp (709.78), INFINITY, INFINITY,
                          INFINITY, INFINITY, 0x1p-1074, 0.0, 0.0, 0.0, 0.0, exp (-740.0),
                          exp (-708.5) };
  double out[G_N_ELEMENTS (x) + 1], nan_in = NAN;

  bs_np_simd_exp_f64 (x, out, G_N_ELEMENTS (x));
  for (guint i = 0; i < G_N_ELEMENTS (x); i++)
    g_assert_cmpfloat (out[i], ==, want[i]);
  bs_np_simd_exp_f64 (&nan_in, out, 1);
  g_assert_true (isnan (out[0]));
}

static void
test_extremes (void)
{
  enum { N = 5000 };
  g_autofree double *x = g_new (double, N);
  g_autofree float *f = g_new (float, N);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (int round = 0; round < 300; round++)
    {
      gint64 n = g_rand_int_range (rand, 1, N), imax = 0, imin = 0, inan = -1;

      for (gint64 i = 0; i < n; i++)
        {
          x[i] = g_rand_int_range (rand, -50, 50) / 4.0;
          f[i] = (float) x[i];
        }
      if (round % 3 == 0)
        {
          gint64 at = g_rand_int_range (rand, 0, n);

          x[at] = f[at] = NAN;
        }
      if (round % 7 == 1)
        x[n - 1] = f[n - 1] = 100.0;
      for (gint64 i = 0; i < n; i++)
        {
          if (isnan (x[i]) && inan < 0)
            inan = i;
          imax = x[i] > x[imax] ? i : imax;
          imin = x[i] < x[imin] ? i : imin;
        }
      if (inan >= 0)
        {
          g_assert_true (isnan (bs_np_simd_max_f64 (x, n)) && isnan (bs_np_simd_min_f32 (f, n)));
          imax = imin = inan;
        }
      else
        {
          g_assert_cmpfloat (bs_np_simd_max_f64 (x, n), ==, x[imax]);
          g_assert_cmpfloat (bs_np_simd_min_f64 (x, n), ==, x[imin]);
          g_assert_cmpfloat (bs_np_simd_max_f32 (f, n), ==, f[imax]);
          g_assert_cmpfloat (bs_np_simd_min_f32 (f, n), ==, f[imin]);
        }
      g_assert_cmpint (bs_np_simd_argmax_f64 (x, n), ==, imax);
      g_assert_cmpint (bs_np_simd_argmin_f64 (x, n), ==, imin);
      g_assert_cmpint (bs_np_simd_argmax_f32 (f, n), ==, imax);
      g_assert_cmpint (bs_np_simd_argmin_f32 (f, n), ==, imin);
    }
}

static void
test_masks_and_rows (void)
{
  enum { N = 3000 };
  g_autofree double *x = g_new (double, N), *out = g_new (double, N), *sums = g_new0 (double, 7);
  g_autofree float *f = g_new (float, N), *fout = g_new (float, N), *fsums = g_new (float, 7);
  g_autofree guint8 *mask = g_new (guint8, N);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  gint64 count = 0;

  for (int i = 0; i < N; i++)
    {
      x[i] = g_rand_double (rand);
      f[i] = (float) x[i];
      mask[i] = g_rand_boolean (rand) ? (guint8) (1 + i % 3) : 0;
      count += mask[i] != 0;
    }
  g_assert_cmpint (bs_np_simd_count_true (mask, N), ==, count);
  bs_np_simd_compress (x, sizeof (double), mask, count, out);
  bs_np_simd_compress (f, sizeof (float), mask, count, fout);
  for (int i = 0, k = 0; i < N; i++)
    if (mask[i])
      {
        g_assert_cmpfloat (out[k], ==, x[i]);
        g_assert_cmpfloat (fout[k++], ==, f[i]);
      }
  /* 7 columns of 428 rows (3000 = 428 * 7 + 4), added in turn */
  for (int r = 0; r < 428; r++)
    for (int j = 0; j < 7; j++)
      sums[j] += x[r * 7 + j];
  bs_np_simd_add_rows_f64 (x, 428, 7, FALSE, out);
  for (int j = 0; j < 7; j++)
    g_assert_cmpfloat (out[j], ==, sums[j]);
  bs_np_simd_add_rows_f64 (x, 428, 7, TRUE, out);
  g_assert_cmpfloat (out[3], ==, sums[3] / 428);
  for (int rows = 1; rows < 7; rows++)
    {
      for (int j = 0; j < 7; j++)
        {
          fsums[j] = f[j];
          for (int r = 1; r < rows; r++)
            fsums[j] += f[r * 7 + j];
        }
      bs_np_simd_add_rows_f32 (f, rows, 7, FALSE, fout);
      for (int j = 0; j < 7; j++)
        g_assert_cmpfloat (fout[j], ==, fsums[j]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/np-simd/exp-range", test_exp_range);
  g_test_add_func ("/np-simd/exp-special", test_exp_special);
  g_test_add_func ("/np-simd/tanh-range", test_tanh_range);
  g_test_add_func ("/np-simd/tanh-special", test_tanh_special);
  g_test_add_func ("/np-simd/extremes", test_extremes);
  g_test_add_func ("/np-simd/masks-and-rows", test_masks_and_rows);
  return g_test_run ();
}
