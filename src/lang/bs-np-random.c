/* bs-np-random.c: numpy.random's module, its RandomState and Generator objects, seeding
 *
 * np.random.seed(n) seeds MT19937 with n itself (n in [0, 2**32)), a sequence of such
 * ints through init_by_array; default_rng(seed) goes through SeedSequence to PCG64.
 * Without a seed both start from the system's entropy, as numpy's do.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-np-random.h"

#include <string.h>

#include "bs-np-seed-sequence.h"

/* numpy.random's public names, and those of its two generator classes: what
 * Backstep's lacks of them is named as missing */
static const char *const module_names[] = {
  "BitGenerator", "Generator", "MT19937", "PCG64", "PCG64DXSM", "Philox", "RandomState",
  "SFC64", "SeedSequence", "beta", "binomial", "bit_generator", "bytes", "chisquare", "choice",
  "default_rng", "dirichlet", "exponential", "f", "gamma", "geometric", "get_bit_generator",
  "get_state", "gumbel", "hypergeometric", "laplace", "logistic", "lognormal", "logseries",
  "mtrand", "multinomial", "multivariate_normal", "negative_binomial", "noncentral_chisquare",
  "noncentral_f", "normal", "pareto", "permutation", "poisson", "power", "rand", "randint",
  "randn", "random", "random_integers", "random_sample", "ranf", "rayleigh", "sample", "seed",
  "set_bit_generator", "set_state", "shuffle", "standard_cauchy", "standard_exponential",
  "standard_gamma", "standard_normal", "standard_t", "test", "triangular", "uniform",
  "vonmises", "wald", "weibull", "zipf", NULL,
};

static const char *const random_state_names[] = {
  "beta", "binomial", "bytes", "chisquare", "choice", "dirichlet", "exponential", "f", "gamma",
  "geometric", "get_state", "gumbel", "hypergeometric", "laplace", "logistic", "lognormal",
  "logseries", "multinomial", "multivariate_normal", "negative_binomial",
  "noncentral_chisquare", "noncentral_f", "normal", "pareto", "permutation", "poisson", "power",
  "rand", "randint", "randn", "random", "random_integers", "random_sample", "rayleigh", "seed",
  "set_state", "shuffle", "standard_cauchy", "standard_exponential", "standard_gamma",
  "standard_normal", "standard_t", "tomaxint", "triangular", "uniform", "vonmises", "wald",
  "weibull", "zipf", NULL,
};

static const char *const generator_names[] = {
  "beta", "binomial", "bit_generator", "bytes", "chisquare", "choice", "dirichlet",
  "exponential", "f", "gamma", "geometric", "gumbel", "hypergeometric", "integers", "laplace",
  "logistic", "lognormal", "logseries", "multinomial", "multivariate_hypergeometric",
  "multivariate_normal", "negative_binomial", "noncentral_chisquare", "noncentral_f", "normal",
  "pareto", "permutation", "permuted", "poisson", "power", "random", "rayleigh", "shuffle",
  "standard_cauchy", "standard_exponential", "standard_gamma", "standard_normal", "standard_t",
  "triangular", "uniform", "vonmises", "wald", "weibull", "zipf", NULL,
};

gboolean
bs_np_random_raise_missing (BsInterp   *in,
                            const char *name)
{
  if (g_strv_contains (module_names, name))
    return bs_raise (in, "AttributeError", "Backstep's numpy has no 'random.%s'", name);
  return bs_raise (in, "AttributeError", "module 'numpy.random' has no attribute '%s'", name);
}

/* --- the objects --------------------------------------------------------- */

static gboolean random_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                                gboolean *found);
static gboolean random_repr    (BsInterp *in, BsValue self, GString *out);

static const BsNativeType random_state_type = {
  { "numpy.random.mtrand.RandomState", g_free }, random_getattr, NULL, random_repr, NULL, NULL,
};

static const BsNativeType generator_type = {
  { "numpy.random._generator.Generator", g_free }, random_getattr, NULL, random_repr, NULL,
  NULL,
};

BsNpRandom *
bs_np_random_of (BsValue value)
{
  BsNpRandom *rs = bs_value_native (value, &random_state_type.base);

  return rs != NULL ? rs : bs_value_native (value, &generator_type.base);
}

BsNpBitGen *
bs_np_random_bitgen (BsNpRandom *rs)
{
  return rs->kind == BS_NP_RANDOM_LEGACY ? &rs->mt.base : &rs->pcg.base;
}

BsValue
bs_np_random_value_new (BsInterp   *in,
                        BsNpRandom *rs)
{
  return bs_native_new (in->heap, rs->kind == BS_NP_RANDOM_LEGACY ? &random_state_type.base
                        : &generator_type.base, rs);
}

static gboolean
random_getattr (BsInterp   *in,
                BsValue     self,
                const char *name,
                BsValue    *out,
                gboolean   *found)
{
  gboolean legacy = bs_np_random_of (self)->kind == BS_NP_RANDOM_LEGACY;
  const BsDecl *decl = bs_signature_set_find (in->signatures, legacy
                                              ? "numpy.random.RandomState"
                                              : "numpy.random.Generator", name);

  *found = decl != NULL;
  if (decl != NULL)
    {
      *out = bs_decl_builtin (in, decl, bs_value_ref (self));
      return TRUE;
    }
  if (g_strv_contains (legacy ? random_state_names : generator_names, name))
    {
      *found = TRUE;
      return bs_raise (in, "AttributeError", "Backstep's numpy has no 'random.%s.%s'",
                       legacy ? "RandomState" : "Generator", name);
    }
  return TRUE;
}

static gboolean
random_repr (BsInterp *in,
             BsValue   self,
             GString  *out)
{
  gboolean legacy = bs_np_random_of (self)->kind == BS_NP_RANDOM_LEGACY;

  g_string_append_printf (out, "%s at 0x%" G_GINT64_MODIFIER "X",
                          legacy ? "RandomState(MT19937)" : "Generator(PCG64)",
                          bs_value_address (self));
  return TRUE;
}

/* --- seeding ------------------------------------------------------------- */

static void
seed_legacy_entropy (BsNpRandom *rs)
{
  guint32 words[BS_NP_SEED_SEQUENCE_POOL];

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    words[i] = g_random_int ();
  bs_np_mt19937_seed_by_array (&rs->mt, words, G_N_ELEMENTS (words));
}

static gboolean
seed_word (BsInterp *in,
           BsValue   v,
           guint32  *word)
{
  gint64 i;

  if (v.type == BS_VALUE_FLOAT || (bs_np_scalar_tensor (v) != NULL
                                   && bs_dtype_is_floating (bs_np_scalar_tensor (v)->dtype)))
    return bs_raise (in, "TypeError", "Cannot cast scalar from dtype('float64') to "
                     "dtype('int64') according to the rule 'safe'");
  if (!bs_to_int (in, v, &i))
    return FALSE;
  if (i < 0 || i > G_MAXUINT32)
    return bs_raise (in, "ValueError", "Seed must be between 0 and 2**32 - 1");
  *word = (guint32) i;
  return TRUE;
}

/* RandomState's _legacy_seeding: None, an int, or a 1-d sequence of ints */
static gboolean
seed_legacy (BsInterp   *in,
             BsNpRandom *rs,
             BsValue     seed)
{
  BsTensor *t = bs_np_array_tensor (seed);
  g_autoptr (BsTensor) array = NULL;
  g_autofree guint32 *words = NULL;
  gint64 n;

  rs->gauss.has_value = FALSE;
  rs->gauss.value = 0.0;
  if (bs_value_is_none (seed))
    {
      seed_legacy_entropy (rs);
      return TRUE;
    }
  if ((t == NULL || t->ndim == 0) && !bs_value_is_object (seed, BS_OBJECT_LIST)
      && !bs_value_is_object (seed, BS_OBJECT_TUPLE))
    {
      guint32 word = 0;

      if (!seed_word (in, seed, &word))
        return FALSE;
      bs_np_mt19937_seed (&rs->mt, word);
      return TRUE;
    }
  array = bs_np_as_tensor (in, seed, FALSE, BS_DTYPE_INT64);
  if (array == NULL)
    return FALSE;
  n = bs_tensor_numel (array);
  if (n == 0)
    return bs_raise (in, "ValueError", "Seed must be non-empty");
  if (bs_dtype_is_floating (array->dtype))
    return bs_raise (in, "TypeError", "Cannot cast array data from dtype('%s') to "
                     "dtype('int64') according to the rule 'safe'",
                     bs_np_dtype_name (array->dtype));
  if (array->ndim != 1)
    return bs_raise (in, "ValueError", "Seed array must be 1-d");
  words = g_new (guint32, n);
  for (gint64 i = 0; i < n; i++)
    {
      gint64 v = bs_tensor_get_int (array, i);

      if (v < 0 || v > G_MAXUINT32)
        return bs_raise (in, "ValueError", "Seed must be between 0 and 2**32 - 1");
      words[i] = (guint32) v;
    }
  bs_np_mt19937_seed_by_array (&rs->mt, words, n);
  return TRUE;
}

/* SeedSequence's entropy: a non-negative int, or a sequence of them, as 32-bit words */
static gboolean
entropy_words (BsInterp *in,
               BsValue   seed,
               GArray   *words)
{
  BsTensor *t = bs_np_array_tensor (seed);
  gsize n;
  BsValue *items = bs_value_items (seed, &n);

  if (items != NULL || (t != NULL && t->ndim > 0))
    {
      g_autoptr (BsTensor) array = NULL;

      if (items != NULL)
        {
          for (gsize i = 0; i < n; i++)
            if (!entropy_words (in, items[i], words))
              return FALSE;
          return TRUE;
        }
      array = bs_np_as_tensor (in, seed, FALSE, BS_DTYPE_INT64);
      if (array == NULL)
        return FALSE;
      if (bs_dtype_is_floating (array->dtype))
        return bs_raise (in, "TypeError", "seed must be integer");
      for (gint64 i = 0; i < bs_tensor_numel (array); i++)
        if (!entropy_words (in, BS_INT (bs_tensor_get_int (array, i)), words))
          return FALSE;
      return TRUE;
    }
  if (bs_is_int (seed) || (bs_np_scalar_tensor (seed) != NULL
                           && !bs_dtype_is_floating (bs_np_scalar_tensor (seed)->dtype)))
    {
      gint64 v;
      guint32 w[2];
      guint count;

      if (!bs_to_int (in, seed, &v))
        return FALSE;
      if (v < 0)
        return bs_raise (in, "ValueError", "expected non-negative integer");
      count = bs_np_seed_sequence_words ((guint64) v, w);
      g_array_append_vals (words, w, count);
      return TRUE;
    }
  if (seed.type == BS_VALUE_FLOAT || bs_np_scalar_tensor (seed) != NULL)
    return bs_raise (in, "TypeError", "seed must be integer");
  return bs_raise (in, "TypeError", "SeedSequence expects int or sequence of ints for entropy "
                   "not %s", bs_type_name (seed));
}

static gboolean
seed_generator (BsInterp   *in,
                BsNpRandom *rs,
                BsValue     seed)
{
  g_autoptr (GArray) words = g_array_new (FALSE, FALSE, sizeof (guint32));
  BsNpSeedSequence ss;
  guint64 state[4];

  if (bs_value_is_none (seed))
    for (guint i = 0; i < BS_NP_SEED_SEQUENCE_POOL; i++)
      {
        guint32 w = g_random_int ();

        g_array_append_val (words, w);
      }
  else if (seed.type == BS_VALUE_FLOAT)
    {
      g_autoptr (GString) text = g_string_new (NULL);

      if (!bs_repr (in, seed, text))
        return FALSE;
      return bs_raise (in, "TypeError", "SeedSequence expects int or sequence of ints for "
                       "entropy not %s", text->str);
    }
  else if (!entropy_words (in, seed, words))
    return FALSE;
  bs_np_seed_sequence_init (&ss, (const guint32 *) words->data, words->len);
  bs_np_seed_sequence_generate_state64 (&ss, state, G_N_ELEMENTS (state));
  bs_np_pcg64_seed (&rs->pcg, state);
  return TRUE;
}

/* RandomState.seed(seed=None), and np.random.seed */
DECLARED (np_random_seed)
{
  *r = BS_NONE;
  return seed_legacy (in, bs_np_random_of (call->self), bs_call_value (call, 1));
}

/* RandomState(seed=None) */
DECLARED (np_random_state_new)
{
  BsNpRandom *rs = g_new0 (BsNpRandom, 1);

  rs->kind = BS_NP_RANDOM_LEGACY;
  if (!seed_legacy (in, rs, bs_call_value (call, 1)))
    {
      g_free (rs);
      return FALSE;
    }
  *r = bs_np_random_value_new (in, rs);
  return TRUE;
}

/* default_rng(seed=None): a Generator passed is returned as it is */
DECLARED (np_random_default_rng)
{
  BsValue seed = bs_call_value (call, 0);
  BsNpRandom *given = bs_np_random_of (seed), *rs;

  if (given != NULL && given->kind == BS_NP_RANDOM_GENERATOR)
    {
      *r = bs_value_ref (seed);
      return TRUE;
    }
  rs = g_new0 (BsNpRandom, 1);
  rs->kind = BS_NP_RANDOM_GENERATOR;
  if (!seed_generator (in, rs, seed))
    {
      g_free (rs);
      return FALSE;
    }
  *r = bs_np_random_value_new (in, rs);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "numpy.random.RandomState", BS_SIG_CYTHON, "RandomState.seed(self, seed=None)",
    np_random_seed, 0 },
  /* Cython's messages name the constructor __init__ */
  { "numpy.random", BS_SIG_CYTHON, "RandomState.__init__(self, seed=None)",
    np_random_state_new, 0, "RandomState" },
  { "numpy.random", BS_SIG_CYTHON, "default_rng(seed=None)", np_random_default_rng, 0 },
};

static const BsSignatureTable module_table = BS_SIGNATURE_TABLE (rows);

/* --- the module ---------------------------------------------------------- */

BsValue
bs_np_random_module_new (BsInterp *in)
{
  BsValue m = bs_module_new (in, "numpy.random");
  BsNpRandom *global = g_new0 (BsNpRandom, 1);
  BsValue instance;

  bs_signature_set_add (in->signatures, &module_table);
  bs_signature_set_add (in->signatures, &bs_np_random_methods_table);
  bs_signature_set_add (in->signatures, &bs_np_random_dists_table);
  global->kind = BS_NP_RANDOM_LEGACY;
  seed_legacy_entropy (global);
  instance = bs_np_random_value_new (in, global);
  /* the module's functions are the methods of its hidden RandomState, numpy's _rand */
  bs_module_add_declared (in, m, "numpy.random.RandomState", instance);
  bs_module_add_declared (in, m, "numpy.random", BS_NONE);
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "_rand", instance);
  return m;
}
