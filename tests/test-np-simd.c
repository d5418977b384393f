/* test-np-simd.c: numpy's vectorised loops against plain ones: exp within one unit in the
 * last place of the C library's (which is within about half a unit of the exact value) over
 * its whole range, with its special values exact; max/min/argmax/argmin of pieces that
 * hold NaN, ties, or an extreme in the last elements */
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

static void
test_exp_range (void)
{
  enum { N = 400000 };
  g_autofree double *x = g_new (double, N), *out = g_new (double, N);
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  gint64 worst = 0, differ = 0;

  for (int i = 0; i < N; i++)
    x[i] = i < N / 2 ? -746.0 + 1456.0 * i / (N / 2)
                     : g_rand_double_range (rand, -5.0, 5.0) * pow (10.0, g_rand_int_range (rand, -20, 3));
  bs_np_simd_exp_f64 (x, out, N);
  for (int i = 0; i < N; i++)
    {
      double want = exp (x[i]);
      gint64 d = ulps_apart (out[i], want);

      if (d > worst)
        g_test_message ("exp(%a): %a, libm %a", x[i], out[i], want);
      worst = MAX (worst, d);
      differ += d != 0;
    }
  g_assert_cmpint (worst, <=, 1);
  /* about 1 in 200 arguments */
  g_assert_cmpint (differ, <, N / 50);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/np-simd/exp-range", test_exp_range);
  g_test_add_func ("/np-simd/exp-special", test_exp_special);
  g_test_add_func ("/np-simd/extremes", test_extremes);
  return g_test_run ();
}
