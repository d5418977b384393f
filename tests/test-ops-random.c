/* test-ops-random.c: sampling ops against the numbers PyTorch 1.13 gives
 *
 * Each golden case (tests/golden/ops-random.py) seeds the generator as its
 * snippet does and must reproduce PyTorch's values exactly, float32 to the bit.
 */
#include <math.h>
#include <string.h>

#include "bs-autograd.h"
#include "bs-context.h"
#include "bs-error.h"
#include "bs-generator.h"
#include "bs-node.h"
#include "bs-ops.h"
#include "bs-tensor.h"

#define VALUES(...) ((const double[]) { __VA_ARGS__ })

typedef struct {
  const char   *name;
  gint64        n;
  const double *values;
} Golden;

#include "golden/ops-random.inc"

typedef BsTensor *(*CaseFunc) (BsContext *context, GError **error);

static BsTensor *
empty (BsContext *context, BsDType dtype, gint64 n)
{
  return bs_tensor_new (context, dtype, 1, &n, NULL);
}

static BsTensor *
filled (BsTensor *t, BsTensor *result)
{
  if (result == NULL)
    return NULL;
  bs_tensor_unref (result);
  return t;
}

static BsTensor *
case_uniform_f32 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT32, 6);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_uniform_ (t, -1, 2, NULL, error));
}

static BsTensor *
case_uniform_f64 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT64, 5);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_uniform_ (t, 0.5, 4, NULL, error));
}

static BsTensor *
case_normal_small_f32 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT32, 5);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_normal_ (t, 1, 3, NULL, error));
}

static BsTensor *
case_normal_large_f32 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT32, 37);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_normal_ (t, 1, 3, NULL, error));
}

static BsTensor *
case_normal_large_f64 (BsContext *context, GError **error)
{
  BsTensor *t = empty (context, BS_DTYPE_FLOAT64, 21);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, bs_normal_ (t, -2, 0.5, NULL, error));
}

static BsTensor *
concat (BsTensor *a, BsTensor *b, GError **error)
{
  BsTensor *both[2] = { a, b };
  BsTensor *out = a && b ? bs_cat (both, 2, 0, error) : NULL;

  g_clear_pointer (&a, bs_tensor_unref);
  g_clear_pointer (&b, bs_tensor_unref);
  return out;
}

static BsTensor *
case_normal_then_uniform (BsContext *context, GError **error)
{
  BsTensor *a = empty (context, BS_DTYPE_FLOAT32, 3);
  BsTensor *b = empty (context, BS_DTYPE_FLOAT32, 4);

  bs_generator_manual_seed (context->generator, 3);
  a = filled (a, bs_normal_ (a, 0, 1, NULL, error));
  b = filled (b, bs_uniform_ (b, 0, 1, NULL, error));
  return concat (a, b, error);
}

static BsTensor *
case_generator_uniform (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = bs_generator_new (5);
  BsTensor *a = empty (context, BS_DTYPE_FLOAT32, 4);
  BsTensor *b = empty (context, BS_DTYPE_FLOAT32, 2);

  bs_generator_manual_seed (context->generator, 1);
  a = filled (a, bs_uniform_ (a, 0, 1, g, error));
  b = filled (b, bs_uniform_ (b, 0, 1, NULL, error));
  return concat (a, b, error);
}

/* the in-place samplers on a fresh tensor after manual_seed(7) */
typedef BsTensor *(*InplaceFunc) (BsTensor *a, double param, BsGenerator *generator,
                                  GError **error);

static BsTensor *
seeded_inplace (BsContext *context, BsDType dtype, gint64 n, InplaceFunc f, double param,
                GError **error)
{
  BsTensor *t = empty (context, dtype, n);

  bs_generator_manual_seed (context->generator, 7);
  return filled (t, f (t, param, NULL, error));
}

static BsTensor *
case_exponential_f64 (BsContext *context, GError **error)
{
  return seeded_inplace (context, BS_DTYPE_FLOAT64, 6, bs_exponential_, 1.7, error);
}

static BsTensor *
case_exponential_f32 (BsContext *context, GError **error)
{
  return seeded_inplace (context, BS_DTYPE_FLOAT32, 5, bs_exponential_, 1.0, error);
}

static BsTensor *
case_geometric_f32 (BsContext *context, GError **error)
{
  return seeded_inplace (context, BS_DTYPE_FLOAT32, 6, bs_geometric_, 0.3, error);
}

static BsTensor *
case_geometric_long (BsContext *context, GError **error)
{
  return seeded_inplace (context, BS_DTYPE_INT64, 5, bs_geometric_, 0.6, error);
}

static BsTensor *
case_bernoulli_scalar (BsContext *context, GError **error)
{
  return seeded_inplace (context, BS_DTYPE_FLOAT32, 12, bs_bernoulli_, 0.4, error);
}

static BsTensor *
bernoulli_of (BsContext *context, BsDType dtype, GError **error)
{
  const double p[] = { 0.1, 0.5, 0.9, 0.3, 0.7, 0.2, 0.5, 0.5 };
  gint64 n = G_N_ELEMENTS (p);
  g_autoptr(BsTensor) probs = bs_tensor_new_from_doubles (context, dtype, 1, &n, p, NULL);

  bs_generator_manual_seed (context->generator, 7);
  return bs_bernoulli (probs, NULL, error);
}

static BsTensor *
case_bernoulli_f32 (BsContext *context, GError **error)
{
  return bernoulli_of (context, BS_DTYPE_FLOAT32, error);
}

static BsTensor *
case_bernoulli_f64 (BsContext *context, GError **error)
{
  return bernoulli_of (context, BS_DTYPE_FLOAT64, error);
}

static BsTensor *
case_randperm_10 (BsContext *context, GError **error)
{
  bs_generator_manual_seed (context->generator, 7);
  return bs_randperm (context, 10, BS_DTYPE_INT64, NULL, error);
}

/* makemore: g = torch.Generator().manual_seed(2147483647) */
static BsGenerator *
makemore_generator (void)
{
  return bs_generator_new (2147483647);
}

static BsTensor *
case_randperm_50_generator (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = makemore_generator ();

  return bs_randperm (context, 50, BS_DTYPE_INT64, g, error);
}

static BsTensor *
case_makemore_randn (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = makemore_generator ();
  const gint64 shape[] = { 27, 27 };

  return bs_randn (context, BS_DTYPE_FLOAT32, 2, shape, g, error);
}

/* p = torch.rand(27, generator=g), normalised when normalise */
static BsTensor *
makemore_probs (BsContext *context, BsGenerator *g, gboolean normalise, GError **error)
{
  gint64 n = 27;
  g_autoptr(BsTensor) p = bs_rand (context, BS_DTYPE_FLOAT32, 1, &n, g, error);
  g_autoptr(BsTensor) sum = p && normalise ? bs_sum (p, error) : NULL;

  if (p == NULL || !normalise)
    return g_steal_pointer (&p);
  return sum ? bs_div (p, sum, error) : NULL;
}

static BsTensor *
case_makemore_sampling (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = makemore_generator ();
  g_autoptr(BsTensor) p = makemore_probs (context, g, TRUE, error);
  gint64 n = 30;
  g_autoptr(BsTensor) out = bs_tensor_new (context, BS_DTYPE_INT64, 1, &n, NULL);

  for (gint64 i = 0; p != NULL && i < n; i++)
    {
      g_autoptr(BsTensor) ix = bs_multinomial (p, 1, TRUE, g, error);

      if (ix == NULL)
        return NULL;
      bs_tensor_set (out, i, bs_tensor_get (ix, 0));
    }
  return p ? g_steal_pointer (&out) : NULL;
}

static BsTensor *
case_multinomial_replacement (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = makemore_generator ();
  g_autoptr(BsTensor) p = makemore_probs (context, g, FALSE, error);

  return p ? bs_multinomial (p, 40, TRUE, g, error) : NULL;
}

static BsTensor *
case_multinomial_replacement_f64 (BsContext *context, GError **error)
{
  gint64 n = 7;
  g_autoptr(BsTensor) p = NULL;

  bs_generator_manual_seed (context->generator, 5);
  p = bs_rand (context, BS_DTYPE_FLOAT64, 1, &n, NULL, error);
  return p ? bs_multinomial (p, 20, TRUE, NULL, error) : NULL;
}

static BsTensor *
case_multinomial_no_replacement (BsContext *context, GError **error)
{
  gint64 n = 12;
  g_autoptr(BsTensor) p = NULL;

  bs_generator_manual_seed (context->generator, 5);
  p = bs_rand (context, BS_DTYPE_FLOAT32, 1, &n, NULL, error);
  return p ? bs_multinomial (p, 6, FALSE, NULL, error) : NULL;
}

static BsTensor *
flat (BsTensor *t, GError **error)
{
  g_autoptr(BsTensor) owned = t;
  gint64 n = t ? bs_tensor_numel (t) : 0;

  return t ? bs_reshape (t, &n, 1, error) : NULL;
}

static BsTensor *
case_multinomial_rows (BsContext *context, GError **error)
{
  const gint64 shape[] = { 3, 6 };
  g_autoptr(BsTensor) p = NULL;
  BsTensor *parts[3] = { NULL };
  BsTensor *out = NULL;

  bs_generator_manual_seed (context->generator, 5);
  p = bs_rand (context, BS_DTYPE_FLOAT32, 2, shape, NULL, error);
  if (p != NULL)
    {
      parts[0] = flat (bs_multinomial (p, 4, TRUE, NULL, error), error);
      parts[1] = parts[0] ? flat (bs_multinomial (p, 3, FALSE, NULL, error), error) : NULL;
      parts[2] = parts[1] ? flat (bs_multinomial (p, 1, FALSE, NULL, error), error) : NULL;
    }
  if (parts[2] != NULL)
    out = bs_cat (parts, 3, 0, error);
  for (int i = 0; i < 3; i++)
    g_clear_pointer (&parts[i], bs_tensor_unref);
  return out;
}

static BsTensor *
case_randint_generator (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = makemore_generator ();
  gint64 n = 32;

  return bs_randint (context, 0, 228146, BS_DTYPE_INT64, 1, &n, g, error);
}

static BsTensor *
case_rand_generator (BsContext *context, GError **error)
{
  g_autoptr(BsGenerator) g = makemore_generator ();
  const gint64 shape[] = { 3, 4 };

  return bs_rand (context, BS_DTYPE_FLOAT64, 2, shape, g, error);
}

static BsTensor *
case_normal_tensors (BsContext *context, GError **error)
{
  gint64 n = 3;
  g_autoptr(BsTensor) mean = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, &n,
                                                         VALUES (0, 1, 2), NULL);
  g_autoptr(BsTensor) std = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, &n,
                                                        VALUES (1, 0.5, 2), NULL);

  bs_generator_manual_seed (context->generator, 7);
  return bs_normal (mean, std, NULL, error);
}

static BsTensor *
case_normal_tensor_mean (BsContext *context, GError **error)
{
  gint64 n = 20;
  g_autoptr(BsTensor) mean = bs_tensor_new (context, BS_DTYPE_FLOAT32, 1, &n, NULL);
  g_autoptr(BsTensor) std = bs_tensor_new_wrapped_number (context, 2.0, FALSE);

  for (gint64 i = 0; i < n; i++)
    bs_tensor_set (mean, i, (double) i);
  bs_generator_manual_seed (context->generator, 7);
  return bs_normal (mean, std, NULL, error);
}

/* torch.get_rng_state() after manual_seed(3), randn(3) (which caches a normal), rand(5) */
static BsTensor *
case_state_bytes (BsContext *context, GError **error)
{
  gint64 n = BS_GENERATOR_STATE_SIZE;
  g_autoptr(BsTensor) a = NULL;
  g_autoptr(BsTensor) b = NULL;
  g_autofree guint8 *state = g_malloc (n);
  BsTensor *out;

  bs_generator_manual_seed (context->generator, 3);
  a = bs_randn (context, BS_DTYPE_FLOAT32, 1, (const gint64[]) { 3 }, NULL, error);
  b = bs_rand (context, BS_DTYPE_FLOAT32, 1, (const gint64[]) { 5 }, NULL, error);
  bs_generator_get_state (context->generator, state);
  out = bs_tensor_new (context, BS_DTYPE_FLOAT64, 1, &n, NULL);
  for (gint64 i = 0; i < n; i++)
    bs_tensor_set (out, i, state[i]);
  return out;
}

typedef struct {
  const char *name;
  CaseFunc    func;
} Case;

#define CASE(id) { #id, case_##id }

static const Case cases[] = {
  CASE (uniform_f32),
  CASE (uniform_f64),
  CASE (normal_small_f32),
  CASE (normal_large_f32),
  CASE (normal_large_f64),
  CASE (normal_then_uniform),
  CASE (generator_uniform),
  CASE (exponential_f64),
  CASE (exponential_f32),
  CASE (geometric_f32),
  CASE (geometric_long),
  CASE (bernoulli_scalar),
  CASE (bernoulli_f32),
  CASE (bernoulli_f64),
  CASE (randperm_10),
  CASE (randperm_50_generator),
  CASE (makemore_randn),
  CASE (makemore_sampling),
  CASE (multinomial_replacement),
  CASE (multinomial_replacement_f64),
  CASE (multinomial_no_replacement),
  CASE (multinomial_rows),
  CASE (randint_generator),
  CASE (rand_generator),
  CASE (normal_tensors),
  CASE (normal_tensor_mean),
  CASE (state_bytes),
};

static const Golden *
find_golden (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (goldens); i++)
    if (g_str_equal (goldens[i].name, name))
      return &goldens[i];
  g_error ("no golden values for %s", name);
  return NULL;
}

static void
test_golden (gconstpointer data)
{
  const Case *c = data;
  const Golden *g = find_golden (c->name);
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsTensor) out = c->func (context, &error);

  g_assert_no_error (error);
  g_assert_cmpint (bs_tensor_numel (out), ==, g->n);
  for (gint64 i = 0; i < g->n; i++)
    if (bs_tensor_get (out, i) != g->values[i])
      g_error ("element %" G_GINT64_FORMAT ": got %.17g, expected %.17g", i,
               bs_tensor_get (out, i), g->values[i]);
}

/* On a graph, sampling in place records a node whose gradient is zero. */
static void
test_inplace_autograd (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { 3 };
  g_autoptr(BsTensor) w = bs_tensor_new_full (context, BS_DTYPE_FLOAT32, 1, shape, 1.0, NULL);
  g_autoptr(BsTensor) y = NULL;
  g_autoptr(BsTensor) r = NULL;

  w->requires_grad = TRUE;
  r = bs_uniform_ (w, 0, 1, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_RUNTIME);
  g_assert_cmpstr (error->message, ==, BS_MSG_LEAF_INPLACE);
  g_clear_error (&error);

  y = bs_mul_scalar (w, 2.0, &error);
  r = bs_normal_ (y, 0, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "NormalBackward0");
  g_clear_pointer (&r, bs_tensor_unref);
  r = bs_uniform_ (y, 0, 1, NULL, &error);
  g_assert_cmpstr (bs_node_name (y->grad_fn), ==, "UniformBackward0");
}

static void
test_errors (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  const gint64 shape[] = { 2, 3 };
  g_autoptr(BsTensor) l = bs_tensor_new (context, BS_DTYPE_INT64, 1, shape, NULL);
  g_autoptr(BsTensor) f = bs_tensor_new (context, BS_DTYPE_FLOAT32, 2, shape, NULL);
  g_autoptr(BsTensor) t = bs_t (f, NULL);

  g_assert_null (bs_uniform_ (l, 0, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "\"check_uniform_bounds\" not implemented for 'Long'");
  g_clear_error (&error);
  g_assert_null (bs_normal_ (l, 0, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "\"normal_kernel_cpu\" not implemented for 'Long'");
  g_clear_error (&error);
  g_assert_null (bs_uniform_ (f, 2, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==,
                   "uniform_ expects to return a [from, to) range, but found from=2 > to=1");
  g_clear_error (&error);
  g_assert_null (bs_normal_ (f, 0, -1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "normal expects std >= 0.0, but found std -1");
  g_clear_error (&error);
  g_assert_null (bs_normal_ (t, 0, 1, NULL, &error));
  g_assert_error (error, BS_ENGINE_ERROR, BS_ENGINE_ERROR_UNSUPPORTED);
}

/* g.set_state(g.get_state()) replays the same draws, cached normal included */
static void
test_state_round_trip (void)
{
  g_autoptr(BsGenerator) g = bs_generator_new (11);
  g_autoptr(GError) error = NULL;
  guint8 state[BS_GENERATOR_STATE_SIZE];
  double first[4], again[4];

  bs_generator_normal_double (g, 0, 1);   /* leaves the pair's second value cached */
  bs_generator_get_state (g, state);
  for (int i = 0; i < 4; i++)
    first[i] = bs_generator_normal_double (g, 0, 1);
  g_assert_true (bs_generator_set_state (g, state, sizeof state, &error));
  for (int i = 0; i < 4; i++)
    again[i] = bs_generator_normal_double (g, 0, 1);
  g_assert_cmpmem (first, sizeof first, again, sizeof again);
  g_assert_cmpuint (bs_generator_initial_seed (g), ==, 11);

  /* g.set_state(torch.zeros(10, dtype=torch.uint8)) */
  g_assert_false (bs_generator_set_state (g, state, 10, &error));
  g_assert_cmpstr (error->message, ==, "Expected either a CPUGeneratorImplStateLegacy of size "
                   "5048 or a CPUGeneratorImplState of size 5056 but found the input RNG state "
                   "size to be 10");
  g_clear_error (&error);
  memset (state, 0, sizeof state);
  g_assert_false (bs_generator_set_state (g, state, sizeof state, &error));
  g_assert_cmpstr (error->message, ==, "Invalid mt19937 state");
}

static void
test_seed (void)
{
  g_autoptr(BsGenerator) g = bs_generator_new (1);
  guint64 seed = bs_generator_seed (g);

  g_assert_cmpuint (bs_generator_initial_seed (g), ==, seed);
}

/* the messages of torch.multinomial, torch.bernoulli and the in-place samplers */
static void
test_sampling_errors (void)
{
  g_autoptr(BsContext) context = bs_context_new ();
  g_autoptr(GError) error = NULL;
  gint64 two = 2;
  g_autoptr(BsTensor) longs = bs_tensor_new_from_doubles (context, BS_DTYPE_INT64, 1, &two,
                                                          VALUES (1, 2), NULL);
  g_autoptr(BsTensor) neg = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, &two,
                                                        VALUES (1, -2), NULL);
  g_autoptr(BsTensor) zeros = bs_tensor_new (context, BS_DTYPE_FLOAT32, 1, &two, NULL);
  g_autoptr(BsTensor) over = bs_tensor_new_from_doubles (context, BS_DTYPE_FLOAT32, 1, &two,
                                                         VALUES (0.5, 1.5), NULL);
  const struct {
    BsTensor   *probs;
    gint64      n;
    gboolean    replacement;
    const char *message;
  } multinomial[] = {
    { longs, 1, FALSE, "multinomial only supports floating-point dtypes for input, got: Long" },
    { neg, 0, FALSE, "cannot sample n_sample <= 0 samples" },
    { neg, 3, FALSE, "cannot sample n_sample > prob_dist.size(-1) samples without replacement" },
    { neg, 1, FALSE, "probability tensor contains either `inf`, `nan` or element < 0" },
    { neg, 2, TRUE, "invalid multinomial distribution (encountering probability entry < 0)" },
    { zeros, 1, FALSE, "invalid multinomial distribution (sum of probabilities <= 0)" },
    { zeros, 2, TRUE, "invalid multinomial distribution (sum of probabilities <= 0)" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (multinomial); i++)
    {
      g_assert_null (bs_multinomial (multinomial[i].probs, multinomial[i].n,
                                     multinomial[i].replacement, NULL, &error));
      g_assert_cmpstr (error->message, ==, multinomial[i].message);
      g_clear_error (&error);
    }
  g_assert_null (bs_bernoulli (over, NULL, &error));
  g_assert_true (g_str_has_prefix (error->message, "Expected p_in >= 0 && p_in <= 1 to be true"));
  g_clear_error (&error);
  g_assert_null (bs_bernoulli_ (zeros, 1.5, NULL, &error));
  g_assert_cmpstr (error->message, ==, "bernoulli_ expects p to be in [0, 1], but got p=1.5");
  g_clear_error (&error);
  g_assert_null (bs_exponential_ (zeros, -1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "exponential_ expects lambda >= 0.0, but found lambda=-1");
  g_clear_error (&error);
  g_assert_null (bs_geometric_ (zeros, 1.5, NULL, &error));
  g_assert_cmpstr (error->message, ==, "geometric_ expects p to be in (0, 1), but got p=1.5");
  g_clear_error (&error);
  g_assert_null (bs_randperm (context, -1, BS_DTYPE_INT64, NULL, &error));
  g_assert_cmpstr (error->message, ==, "Trying to create tensor with negative dimension -1: [-1]");
  g_clear_error (&error);
  g_assert_null (bs_rand (context, BS_DTYPE_INT64, 1, &two, NULL, &error));
  g_assert_cmpstr (error->message, ==, "\"check_uniform_bounds\" not implemented for 'Long'");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/ops-random/golden/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_golden);
    }
  g_test_add_func ("/engine/ops-random/inplace-autograd", test_inplace_autograd);
  g_test_add_func ("/engine/ops-random/errors", test_errors);
  g_test_add_func ("/engine/ops-random/state-round-trip", test_state_round_trip);
  g_test_add_func ("/engine/ops-random/seed", test_seed);
  g_test_add_func ("/engine/ops-random/sampling-errors", test_sampling_errors);
  return g_test_run ();
}
