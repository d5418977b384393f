/* test-np-random.c: numpy.random's algorithms against numbers numpy 1.24 drew
 *
 * Every case of tests/golden/np_random.py is drawn again here through the
 * engine's functions, in the order numpy's methods draw; the first values
 * must be equal bit for bit, and the digest of every bit pattern must match.
 */
#include <string.h>

#include "bs-np-distributions.h"
#include "bs-np-mt19937.h"
#include "bs-np-pcg64.h"
#include "bs-np-seed-sequence.h"

#include "golden/np-random.inc"

/* The draws of one case, as bit patterns */
typedef struct {
  GArray *bits;
} Draws;

static void
push_u64 (Draws   *d,
          guint64  v)
{
  g_array_append_val (d->bits, v);
}

static void
push_i64 (Draws  *d,
          gint64  v)
{
  push_u64 (d, (guint64) v);
}

static void
push_f64 (Draws  *d,
          double  v)
{
  guint64 u;

  memcpy (&u, &v, sizeof u);
  push_u64 (d, u);
}

static guint64
digest (const guint64 *words,
        gsize          n)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (gsize i = 0; i < n; i++)
    h = (h ^ words[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}

static void
check_bits (Draws         *d,
            const guint64 *first,
            gsize          n_first,
            gsize          count,
            guint64        expected_digest)
{
  const guint64 *got = (const guint64 *) d->bits->data;

  g_assert_cmpuint (d->bits->len, ==, count);
  for (gsize i = 0; i < n_first; i++)
    {
      if (got[i] != first[i])
        g_test_message ("draw %" G_GSIZE_FORMAT " differs", i);
      g_assert_cmphex (got[i], ==, first[i]);
    }
  g_assert_cmphex (digest (got, count), ==, expected_digest);
  g_array_free (d->bits, TRUE);
}

static void
check_f64 (Draws        *d,
           const double *first,
           gsize         n_first,
           gsize         count,
           guint64       expected_digest)
{
  g_autofree guint64 *words = g_new (guint64, n_first);

  for (gsize i = 0; i < n_first; i++)
    {
      double got = g_array_index (d->bits, double, i);

      if (i < d->bits->len)
        g_assert_cmpfloat (got, ==, first[i]);
      memcpy (&words[i], &first[i], sizeof words[i]);
    }
  check_bits (d, words, n_first, count, expected_digest);
}

#define DRAWS() { g_array_new (FALSE, FALSE, sizeof (guint64)) }
#define CHECK_INTS(d, ident) \
  check_bits (&d, (const guint64 *) ident##_first, G_N_ELEMENTS (ident##_first), \
              ident##_count, ident##_digest)
#define CHECK_F64(d, ident) \
  check_f64 (&d, ident##_first, G_N_ELEMENTS (ident##_first), ident##_count, ident##_digest)

/* ---- the legacy RandomState ---- */

typedef struct {
  BsNpMt19937    mt;
  BsNpGaussCache gauss;
} Legacy;

static void
legacy_seed (Legacy  *rs,
             guint32  seed)
{
  bs_np_mt19937_seed (&rs->mt, seed);
  rs->gauss.has_value = FALSE;
  rs->gauss.value = 0.0;
}

/* randint(low, high, size=n) */
static void
legacy_randint (Legacy *rs,
                Draws  *d,
                gint64  low,
                gint64  high,
                gsize   n)
{
  g_autofree guint64 *out = g_new (guint64, n);

  bs_np_bounded_fill (&rs->mt.base, BS_NP_BOUNDED_MASKED, (guint64) low,
                      (guint64) high - (guint64) low - 1, n, out);
  for (gsize i = 0; i < n; i++)
    push_u64 (d, out[i]);
}

static void
test_legacy_raw (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS (), d4 = DRAWS ();
  const guint32 words[] = { 1, 2, 3 };
  guint32 long_words[700];

  legacy_seed (&rs, 0);
  legacy_randint (&rs, &d1, 0, G_GINT64_CONSTANT (1) << 32, 3000);
  CHECK_INTS (d1, legacy_raw32_seed0);

  legacy_seed (&rs, G_MAXUINT32);
  legacy_randint (&rs, &d2, 0, G_GINT64_CONSTANT (1) << 32, 700);
  CHECK_INTS (d2, legacy_raw32_seed_max);

  bs_np_mt19937_seed_by_array (&rs.mt, words, G_N_ELEMENTS (words));
  legacy_randint (&rs, &d3, 0, G_GINT64_CONSTANT (1) << 32, 700);
  CHECK_INTS (d3, legacy_raw32_seed_array);

  for (guint i = 0; i < G_N_ELEMENTS (long_words); i++)
    long_words[i] = 1000 + i;
  bs_np_mt19937_seed_by_array (&rs.mt, long_words, G_N_ELEMENTS (long_words));
  legacy_randint (&rs, &d4, 0, G_GINT64_CONSTANT (1) << 32, 700);
  CHECK_INTS (d4, legacy_raw32_seed_long_array);
}

static void
test_legacy_uniform (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS ();

  legacy_seed (&rs, 12345);
  for (guint i = 0; i < 5000; i++)
    push_f64 (&d1, bs_np_standard_uniform (&rs.mt.base));
  CHECK_F64 (d1, legacy_random_sample);

  legacy_seed (&rs, 5);
  for (guint i = 0; i < 3000; i++)
    push_f64 (&d2, -2.0 + 5.0 * bs_np_standard_uniform (&rs.mt.base));
  CHECK_F64 (d2, legacy_uniform);
}

static void
test_legacy_gauss (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS ();
  double a;

  legacy_seed (&rs, 0);
  for (guint i = 0; i < 20001; i++)
    push_f64 (&d1, bs_np_legacy_gauss (&rs.mt.base, &rs.gauss));
  CHECK_F64 (d1, legacy_randn);

  legacy_seed (&rs, 7);
  for (guint i = 0; i < 3; i++)
    push_f64 (&d2, bs_np_legacy_gauss (&rs.mt.base, &rs.gauss));
  for (guint i = 0; i < 2; i++)
    push_f64 (&d2, bs_np_standard_uniform (&rs.mt.base));
  push_f64 (&d2, bs_np_legacy_gauss (&rs.mt.base, &rs.gauss));
  for (guint i = 0; i < 3; i++)
    push_f64 (&d2, 5.0 + 2.0 * bs_np_legacy_gauss (&rs.mt.base, &rs.gauss));
  for (guint i = 0; i < 2; i++)
    push_f64 (&d2, bs_np_legacy_gauss (&rs.mt.base, &rs.gauss));
  CHECK_F64 (d2, legacy_gauss_cache);

  legacy_seed (&rs, 3);
  a = bs_np_legacy_gauss (&rs.mt.base, &rs.gauss);
  legacy_seed (&rs, 3);
  push_f64 (&d3, a);
  for (guint i = 0; i < 2; i++)
    push_f64 (&d3, bs_np_legacy_gauss (&rs.mt.base, &rs.gauss));
  CHECK_F64 (d3, legacy_gauss_reseed);
}

static void
test_legacy_randint (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS (), d4 = DRAWS ();

  legacy_seed (&rs, 1);
  legacy_randint (&rs, &d1, 0, 10, 5000);
  CHECK_INTS (d1, legacy_randint_small);

  legacy_seed (&rs, 2);
  legacy_randint (&rs, &d2, -5, 1000003, 3000);
  CHECK_INTS (d2, legacy_randint_offset);

  legacy_seed (&rs, 3);
  legacy_randint (&rs, &d3, -(G_GINT64_CONSTANT (1) << 40), (G_GINT64_CONSTANT (1) << 40) + 7,
                  2000);
  CHECK_INTS (d3, legacy_randint_wide);

  legacy_seed (&rs, 4);
  legacy_randint (&rs, &d4, G_MININT64, G_MAXINT64, 500);
  CHECK_INTS (d4, legacy_randint_full);
}

static void
push_arange_shuffled (BsNpBitGen *bitgen,
                      Draws      *d,
                      gsize       n)
{
  g_autofree gint64 *x = g_new (gint64, n);

  for (gsize i = 0; i < n; i++)
    x[i] = (gint64) i;
  bs_np_shuffle (bitgen, (char *) x, n, sizeof *x, sizeof *x);
  for (gsize i = 0; i < n; i++)
    push_i64 (d, x[i]);
}

static void
test_legacy_shuffle (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS ();

  legacy_seed (&rs, 6);
  push_arange_shuffled (&rs.mt.base, &d1, 3000);
  CHECK_INTS (d1, legacy_shuffle);

  legacy_seed (&rs, 8);
  push_arange_shuffled (&rs.mt.base, &d2, 1000);
  push_arange_shuffled (&rs.mt.base, &d2, 7);
  CHECK_INTS (d2, legacy_permutation);
}

static void
push_choice_p (BsNpBitGen *bitgen,
               Draws      *d,
               gsize       n)
{
  const double p[] = { 0.1, 0.2, 0.3, 0.4 };
  double cdf[G_N_ELEMENTS (p)];

  g_assert_cmpfloat (bs_np_kahan_sum (p, G_N_ELEMENTS (p)), ==, 1.0);
  bs_np_cdf (p, G_N_ELEMENTS (p), cdf);
  for (gsize i = 0; i < n; i++)
    push_i64 (d, (gint64) bs_np_cdf_search (cdf, G_N_ELEMENTS (p),
                                            bs_np_standard_uniform (bitgen)));
}

static void
test_legacy_choice (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS ();
  gint64 perm[50];

  /* choice(10, 2000): randint(0, 10); choice(50, 20, replace=False): the
   * first 20 of permutation(50) */
  legacy_seed (&rs, 9);
  legacy_randint (&rs, &d1, 0, 10, 2000);
  for (guint i = 0; i < G_N_ELEMENTS (perm); i++)
    perm[i] = i;
  bs_np_shuffle (&rs.mt.base, (char *) perm, G_N_ELEMENTS (perm), sizeof *perm, sizeof *perm);
  for (guint i = 0; i < 20; i++)
    push_i64 (&d1, perm[i]);
  CHECK_INTS (d1, legacy_choice);

  legacy_seed (&rs, 10);
  push_choice_p (&rs.mt.base, &d2, 3000);
  CHECK_INTS (d2, legacy_choice_p);
}

static void
push_binomials (BsNpBitGen *bitgen,
                gboolean    legacy,
                Draws      *d,
                gint64      n,
                double      p,
                guint       count)
{
  g_assert_true (bs_np_binomial_is_small (n, p));
  for (guint i = 0; i < count; i++)
    push_i64 (d, bs_np_binomial (bitgen, legacy, n, p));
}

static void
test_legacy_binomial_exponential (void)
{
  Legacy rs;
  Draws d1 = DRAWS (), d2 = DRAWS ();

  legacy_seed (&rs, 11);
  push_binomials (&rs.mt.base, TRUE, &d1, 1, 0.3, 1000);
  push_binomials (&rs.mt.base, TRUE, &d1, 20, 0.7, 1000);
  push_binomials (&rs.mt.base, TRUE, &d1, 0, 0.5, 3);
  push_binomials (&rs.mt.base, TRUE, &d1, 55, 0.02, 500);
  CHECK_INTS (d1, legacy_binomial);
  g_assert_false (bs_np_binomial_is_small (61, 0.5));

  legacy_seed (&rs, 12);
  for (guint i = 0; i < 1000; i++)
    push_f64 (&d2, 2.0 * bs_np_legacy_standard_exponential (&rs.mt.base));
  for (guint i = 0; i < 1000; i++)
    push_f64 (&d2, bs_np_legacy_standard_exponential (&rs.mt.base));
  CHECK_F64 (d2, legacy_exponential);
}

/* ---- SeedSequence, PCG64 and Generator ---- */

static void
test_seed_sequence (void)
{
  BsNpSeedSequence ss;
  guint32 words[2], state[12];
  guint64 state64[4];
  const guint32 entropy[] = { 5, G_MAXUINT32, 7, 11, 13, 17 };
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS ();
  guint n;

  n = bs_np_seed_sequence_words (0, words);
  bs_np_seed_sequence_init (&ss, words, n);
  bs_np_seed_sequence_generate_state (&ss, state, 12);
  for (guint i = 0; i < 12; i++)
    push_u64 (&d1, state[i]);
  CHECK_INTS (d1, seed_sequence_0);

  n = bs_np_seed_sequence_words ((G_GUINT64_CONSTANT (1) << 40) + 12345, words);
  g_assert_cmpuint (n, ==, 2);
  bs_np_seed_sequence_init (&ss, words, n);
  bs_np_seed_sequence_generate_state (&ss, state, 9);
  for (guint i = 0; i < 9; i++)
    push_u64 (&d2, state[i]);
  CHECK_INTS (d2, seed_sequence_big);

  bs_np_seed_sequence_init (&ss, entropy, G_N_ELEMENTS (entropy));
  bs_np_seed_sequence_generate_state64 (&ss, state64, 4);
  for (guint i = 0; i < 4; i++)
    push_u64 (&d3, state64[i]);
  CHECK_INTS (d3, seed_sequence_words);
}

static void
pcg64_from_seed (BsNpPcg64 *pcg,
                 guint64    seed)
{
  BsNpSeedSequence ss;
  guint32 words[2];
  guint64 state[4];
  guint n = bs_np_seed_sequence_words (seed, words);

  bs_np_seed_sequence_init (&ss, words, n);
  bs_np_seed_sequence_generate_state64 (&ss, state, 4);
  bs_np_pcg64_seed (pcg, state);
}

/* Generator.integers(low, high, size=n) */
static void
gen_integers (BsNpPcg64 *pcg,
              Draws     *d,
              gint64     low,
              gint64     high,
              gsize      n,
              gboolean   as_double)
{
  g_autofree guint64 *out = g_new (guint64, n);

  bs_np_bounded_fill (&pcg->base, BS_NP_BOUNDED_LEMIRE, (guint64) low,
                      (guint64) high - (guint64) low - 1, n, out);
  for (gsize i = 0; i < n; i++)
    {
      if (as_double)
        push_f64 (d, (double) (gint64) out[i]);
      else
        push_u64 (d, out[i]);
    }
}

static void
test_pcg64 (void)
{
  BsNpPcg64 pcg;
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS (), d4 = DRAWS ();

  pcg64_from_seed (&pcg, 42);
  for (guint i = 0; i < 3000; i++)
    push_u64 (&d1, bs_np_pcg64_next (&pcg));
  CHECK_INTS (d1, pcg64_raw);

  pcg64_from_seed (&pcg, 0);
  for (guint i = 0; i < 5000; i++)
    push_f64 (&d2, bs_np_standard_uniform (&pcg.base));
  CHECK_F64 (d2, gen_random);

  pcg64_from_seed (&pcg, 1);
  for (guint i = 0; i < 200000; i++)
    push_f64 (&d3, bs_np_standard_normal (&pcg.base));
  CHECK_F64 (d3, gen_standard_normal);

  pcg64_from_seed (&pcg, 2);
  for (guint i = 0; i < 500; i++)
    push_f64 (&d4, 3.0 + 0.5 * bs_np_standard_normal (&pcg.base));
  for (guint i = 0; i < 500; i++)
    push_f64 (&d4, -1.0 + 5.0 * bs_np_standard_uniform (&pcg.base));
  CHECK_F64 (d4, gen_normal_uniform);
}

static void
test_gen_integers (void)
{
  BsNpPcg64 pcg;
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS (), d4 = DRAWS ();

  pcg64_from_seed (&pcg, 3);
  gen_integers (&pcg, &d1, 0, 10, 5001, FALSE);
  CHECK_INTS (d1, gen_integers_small);

  pcg64_from_seed (&pcg, 4);
  gen_integers (&pcg, &d2, -7, 1000003, 3000, FALSE);
  CHECK_INTS (d2, gen_integers_offset);

  pcg64_from_seed (&pcg, 5);
  gen_integers (&pcg, &d3, -(G_GINT64_CONSTANT (1) << 40), (G_GINT64_CONSTANT (1) << 40) + 7,
                2000, FALSE);
  CHECK_INTS (d3, gen_integers_wide);

  pcg64_from_seed (&pcg, 6);
  gen_integers (&pcg, &d4, 0, 10, 3, TRUE);
  for (guint i = 0; i < 2; i++)
    push_f64 (&d4, bs_np_standard_uniform (&pcg.base));
  gen_integers (&pcg, &d4, 0, 10, 1, TRUE);
  for (guint i = 0; i < 2; i++)
    push_f64 (&d4, bs_np_standard_normal (&pcg.base));
  gen_integers (&pcg, &d4, 0, 10, 2, TRUE);
  CHECK_F64 (d4, gen_integers_buffer);
}

static void
test_gen_binomial (void)
{
  BsNpPcg64 pcg;
  Draws d = DRAWS ();

  pcg64_from_seed (&pcg, 12);
  push_binomials (&pcg.base, FALSE, &d, 1, 0.3, 1000);
  push_binomials (&pcg.base, FALSE, &d, 20, 0.7, 1000);
  push_binomials (&pcg.base, FALSE, &d, 0, 0.5, 3);
  push_binomials (&pcg.base, FALSE, &d, 5, 0.0, 3);
  push_binomials (&pcg.base, FALSE, &d, 55, 0.02, 500);
  CHECK_INTS (d, gen_binomial);
}

static void
test_gen_shuffle_choice (void)
{
  BsNpPcg64 pcg;
  Draws d1 = DRAWS (), d2 = DRAWS (), d3 = DRAWS (), d4 = DRAWS (), d5 = DRAWS ();
  g_autofree gint64 *sample = g_new (gint64, 1500);

  pcg64_from_seed (&pcg, 7);
  push_arange_shuffled (&pcg.base, &d1, 3000);
  CHECK_INTS (d1, gen_shuffle);

  pcg64_from_seed (&pcg, 8);
  push_arange_shuffled (&pcg.base, &d2, 1000);
  push_arange_shuffled (&pcg.base, &d2, 7);
  CHECK_INTS (d2, gen_permutation);

  pcg64_from_seed (&pcg, 9);
  gen_integers (&pcg, &d3, 0, 10, 2000, FALSE);
  bs_np_choice_floyd (&pcg.base, 50, 20, TRUE, sample);
  for (guint i = 0; i < 20; i++)
    push_i64 (&d3, sample[i]);
  bs_np_choice_floyd (&pcg.base, 20000, 1000, TRUE, sample);
  for (guint i = 0; i < 1000; i++)
    push_i64 (&d3, sample[i]);
  CHECK_INTS (d3, gen_choice);

  pcg64_from_seed (&pcg, 11);
  bs_np_choice_floyd (&pcg.base, 50, 20, FALSE, sample);
  for (guint i = 0; i < 20; i++)
    push_i64 (&d5, sample[i]);
  bs_np_choice_floyd (&pcg.base, 20000, 1500, FALSE, sample);
  for (guint i = 0; i < 1500; i++)
    push_i64 (&d5, sample[i]);
  CHECK_INTS (d5, gen_choice_noshuffle);

  pcg64_from_seed (&pcg, 10);
  push_choice_p (&pcg.base, &d4, 3000);
  CHECK_INTS (d4, gen_choice_p);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/np-random/legacy/raw", test_legacy_raw);
  g_test_add_func ("/engine/np-random/legacy/uniform", test_legacy_uniform);
  g_test_add_func ("/engine/np-random/legacy/gauss", test_legacy_gauss);
  g_test_add_func ("/engine/np-random/legacy/randint", test_legacy_randint);
  g_test_add_func ("/engine/np-random/legacy/shuffle", test_legacy_shuffle);
  g_test_add_func ("/engine/np-random/legacy/choice", test_legacy_choice);
  g_test_add_func ("/engine/np-random/legacy/binomial-exponential",
                   test_legacy_binomial_exponential);
  g_test_add_func ("/engine/np-random/seed-sequence", test_seed_sequence);
  g_test_add_func ("/engine/np-random/pcg64", test_pcg64);
  g_test_add_func ("/engine/np-random/generator/integers", test_gen_integers);
  g_test_add_func ("/engine/np-random/generator/binomial", test_gen_binomial);
  g_test_add_func ("/engine/np-random/generator/shuffle-choice", test_gen_shuffle_choice);
  return g_test_run ();
}
