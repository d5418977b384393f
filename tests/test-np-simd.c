/* test-np-simd.c: numpy's vectorised loops against plain ones: exp, log, tanh, sin, cos, expm1
 * and log1p of every level numpy dispatches to (up to this processor's) against the C
 * library's long double ones (64 bits of mantissa: a reference 2^11 times finer than a
 * double's last place) over their ranges, with their special values exact;
 * max/min/argmax/argmin of pieces that hold NaN, ties, or an extreme in the last elements;
 * masks and sums over leading rows */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bs-np-simd.h"

/* The error of got in units of the last place of a double (or a float) near want */
static double
error_in_ulps (double      got,
               long double want,
               int         mantissa_bits,
               int         min_exponent)
{
  int e;

  if (want == 0)
    return got == 0 ? 0 : INFINITY;
  frexpl (want, &e);
  return (double) (fabsl ((long double) got - want)
                   / ldexpl (1.0L, MAX (e, min_exponent) - mantissa_bits));
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

/* The feature sets of x86 processors that numpy's loops are chosen by, each a step up */
static const BsNpCpu level_features[] = {
  BS_NP_CPU_BASELINE, BS_NP_CPU_AVX2, BS_NP_CPU_AVX2 | BS_NP_CPU_AVX512F,
  BS_NP_CPU_AVX2 | BS_NP_CPU_AVX512F | BS_NP_CPU_AVX512_SKX,
};

/* How many of them this processor can run: each of numpy's algorithms up to its own */
static int
levels (void)
{
  BsNpCpu cpu = bs_np_simd_cpu ();
  int n = 0;

  while (n < (int) G_N_ELEMENTS (level_features)
         && (level_features[n] & cpu) == level_features[n])
    n++;
  return n;
}

static BsNpCpu
cpu_of (int level)
{
  return level_features[level];
}

typedef struct {
  BsNpMath func;
  long double (*exact) (long double);
  double lo, hi;
  /* the worst error numpy's algorithms allow, in units in the last place */
  double f64_ulps, f32_ulps;
} Accuracy;

static const Accuracy accuracies[] = {
  { BS_NP_MATH_EXP, expl, -740.0, 709.0, 4.0, 3.0 },
  { BS_NP_MATH_LOG, logl, 1e-300, 1e300, 4.0, 4.0 },
  { BS_NP_MATH_TANH, tanhl, -25.0, 25.0, 4.0, 4.0 },
  { BS_NP_MATH_SIN, sinl, -1e5, 1e5, 4.0, 2.0 },
  { BS_NP_MATH_COS, cosl, -7e4, 7e4, 4.0, 2.0 },
  { BS_NP_MATH_EXPM1, expm1l, -740.0, 709.0, 4.0, 3.0 },
  { BS_NP_MATH_LOG1P, log1pl, -0.9, 1e3, 4.0, 3.0 },
};

/* Every level's algorithms within their error bounds over their ranges (numpy's own results
 * are compared bit for bit by test-np-math.py, on the processor it runs on) */
static void
test_math_accuracy (void)
{
  enum { N = 200000 };

  for (guint f = 0; f < G_N_ELEMENTS (accuracies); f++)
    {
      const Accuracy *acc = &accuracies[f];
      g_autofree double *x = arguments (acc->lo, acc->hi, N), *out = g_new (double, N);
      g_autofree float *fx = g_new (float, N), *fout = g_new (float, N);

      for (int i = 0; i < N; i++)
        {
          x[i] = acc->func == BS_NP_MATH_LOG || (acc->func == BS_NP_MATH_LOG1P && i >= N / 2)
                 ? fabs (x[i]) : x[i];
          fx[i] = (float) (acc->func == BS_NP_MATH_EXP || acc->func == BS_NP_MATH_EXPM1
                           ? CLAMP (x[i], -100.0, 88.0) : x[i]);
        }
      if (acc->func == BS_NP_MATH_LOG)
        for (int i = 0; i < N / 2; i++)
          {
            x[i] = pow (10.0, -300.0 + 600.0 * i / (N / 2));
            fx[i] = (float) pow (10.0, -44.0 + 82.0 * i / (N / 2));
          }
      for (int level = 0; level < levels (); level++)
        {
          double worst = 0, fworst = 0;

          bs_np_simd_math_f64 (cpu_of (level), acc->func, x, out, N);
          bs_np_simd_math_f32 (cpu_of (level), acc->func, fx, fout, N);
          for (int i = 0; i < N; i++)
            {
              worst = MAX (worst, error_in_ulps (out[i], acc->exact (x[i]), 53, -1021));
              fworst = MAX (fworst, error_in_ulps (fout[i], acc->exact (fx[i]), 24, -125));
            }
          g_test_message ("function %u, level %d: %.3f units (float64), %.3f (float32)",
                          f, level, worst, fworst);
          g_assert_cmpfloat (worst, <=, acc->f64_ulps);
          g_assert_cmpfloat (fworst, <=, acc->f32_ulps);
        }
    }
}

/* The special values, the same at every level */
static void
test_math_special (void)
{
  static const struct {
    BsNpMath func;
    double x, want;
  } cases[] = {
    { BS_NP_MATH_EXP, 0.0, 1.0 }, { BS_NP_MATH_EXP, -0.0, 1.0 },
    { BS_NP_MATH_EXP, INFINITY, INFINITY }, { BS_NP_MATH_EXP, -INFINITY, 0.0 },
    { BS_NP_MATH_EXP, 710.0, INFINITY }, { BS_NP_MATH_EXP, -746.0, 0.0 },
    { BS_NP_MATH_EXP, -745.13, 0x1p-1074 }, { BS_NP_MATH_EXP, 1e300, INFINITY },
    { BS_NP_MATH_LOG, 1.0, 0.0 }, { BS_NP_MATH_LOG, 0.0, -INFINITY },
    { BS_NP_MATH_LOG, -0.0, -INFINITY }, { BS_NP_MATH_LOG, INFINITY, INFINITY },
    { BS_NP_MATH_TANH, 0.0, 0.0 }, { BS_NP_MATH_TANH, -0.0, -0.0 },
    { BS_NP_MATH_TANH, 30.0, 1.0 }, { BS_NP_MATH_TANH, -INFINITY, -1.0 },
    { BS_NP_MATH_TANH, 1e300, 1.0 }, { BS_NP_MATH_SIN, 0.0, 0.0 },
    { BS_NP_MATH_SIN, -0.0, -0.0 }, { BS_NP_MATH_COS, 0.0, 1.0 },
  };
  static const BsNpMath all[] = { BS_NP_MATH_EXP, BS_NP_MATH_LOG, BS_NP_MATH_TANH,
                                  BS_NP_MATH_SIN, BS_NP_MATH_COS };

  for (int level = 0; level < levels (); level++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          double out;
          float fx = (float) cases[i].x, fout;

          bs_np_simd_math_f64 (cpu_of (level), cases[i].func, &cases[i].x, &out, 1);
          g_assert_cmpfloat (out, ==, cases[i].want);
          g_assert_cmpint (!!signbit (out), ==, !!signbit (cases[i].want));
          if (cases[i].func == BS_NP_MATH_EXP && fabs (cases[i].x) > 100 && !isinf (fx))
            continue;
          bs_np_simd_math_f32 (cpu_of (level), cases[i].func, &fx, &fout, 1);
          g_assert_cmpfloat (fout, ==, (float) cases[i].want);
          g_assert_cmpint (!!signbit (fout), ==, !!signbit (cases[i].want));
        }
      for (guint f = 0; f < G_N_ELEMENTS (all); f++)
        {
          const double x[] = { NAN, -NAN };
          const float fx[] = { NAN, -NAN };
          double out[2];
          float fout[2];

          bs_np_simd_math_f64 (cpu_of (level), all[f], x, out, 2);
          bs_np_simd_math_f32 (cpu_of (level), all[f], fx, fout, 2);
          g_assert_true (isnan (out[0]) && isnan (out[1]) && isnan (fout[0]) && isnan (fout[1]));
        }
      /* log of a number below 0 is NaN, and so are sin and cos of an infinity */
      {
        const double x[] = { -1.0, -INFINITY };
        double out[2];

        bs_np_simd_math_f64 (cpu_of (level), BS_NP_MATH_LOG, x, out, 2);
        g_assert_true (isnan (out[0]) && isnan (out[1]));
        bs_np_simd_math_f64 (cpu_of (level), BS_NP_MATH_SIN, x + 1, out, 1);
        g_assert_true (isnan (out[0]));
      }
    }
}

/* A piece of any length gives what each element alone gives (the vector loops' last, partial
 * vectors) */
static void
test_math_lengths (void)
{
  g_autofree double *x = arguments (-20.0, 20.0, 64), *out = g_new (double, 64);
  g_autofree float *fx = g_new (float, 64), *fout = g_new (float, 64);

  for (int i = 0; i < 64; i++)
    fx[i] = (float) x[i];
  for (int level = 0; level < levels (); level++)
    for (BsNpMath f = BS_NP_MATH_EXP; f <= BS_NP_MATH_LOG1P; f++)
      for (int n = 1; n < 20; n++)
        {
          bs_np_simd_math_f64 (cpu_of (level), f, x, out, n);
          bs_np_simd_math_f32 (cpu_of (level), f, fx, fout, n);
          for (int i = 0; i < n; i++)
            {
              double one;
              float fone;

              bs_np_simd_math_f64 (cpu_of (level), f, x + i, &one, 1);
              bs_np_simd_math_f32 (cpu_of (level), f, fx + i, &fone, 1);
              g_assert_cmpmem (&out[i], sizeof one, &one, sizeof one);
              g_assert_cmpmem (&fout[i], sizeof fone, &fone, sizeof fone);
            }
        }
}

/* numpy's own algorithms give the same bits at every level that has them (AVX2's vectors of
 * 4 doubles, AVX-512's of 8) */
static void
test_math_levels_agree (void)
{
  enum { N = 100003 };
  g_autofree double *x = arguments (-30.0, 30.0, N), *out = g_new (double, N);
  g_autofree double *want = g_new (double, N);
  g_autofree float *fx = g_new (float, N), *fout = g_new (float, N), *fwant = g_new (float, N);

  if (levels () < 2)
    {
      g_test_skip ("this processor has no AVX2");
      return;
    }
  for (int i = 0; i < N; i++)
    fx[i] = (float) x[i];
  for (BsNpMath f = BS_NP_MATH_EXP; f <= BS_NP_MATH_COS; f++)
    {
      bs_np_simd_math_f32 (BS_NP_CPU_AVX2, f, fx, fwant, N);
      if (f == BS_NP_MATH_TANH)
        bs_np_simd_math_f64 (BS_NP_CPU_AVX2, f, x, want, N);
      for (int level = 2; level < levels (); level++)
        {
          bs_np_simd_math_f32 (cpu_of (level), f, fx, fout, N);
          g_assert_cmpmem (fout, N * sizeof (float), fwant, N * sizeof (float));
          if (f != BS_NP_MATH_TANH)
            continue;
          bs_np_simd_math_f64 (cpu_of (level), f, x, out, N);
          g_assert_cmpmem (out, N * sizeof (double), want, N * sizeof (double));
        }
    }
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
  g_test_add_func ("/np-simd/math-accuracy", test_math_accuracy);
  g_test_add_func ("/np-simd/math-special", test_math_special);
  g_test_add_func ("/np-simd/math-lengths", test_math_lengths);
  g_test_add_func ("/np-simd/math-levels-agree", test_math_levels_agree);
  g_test_add_func ("/np-simd/extremes", test_extremes);
  g_test_add_func ("/np-simd/masks-and-rows", test_masks_and_rows);
  return g_test_run ();
}
