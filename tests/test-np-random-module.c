/* test-np-random-module.c: numpy.random's module as scripts see it: its state per
 * interpreter, and what it refuses or lacks, by name (the numbers themselves are checked
 * against numpy by tests/conformance/numpy_random*.py and test-np-random.c) */
#include <string.h>

#include "bs-interp.h"

static void
append (const char *text,
        gpointer    user_data)
{
  g_string_append (user_data, text);
}

typedef struct {
  GString  *out;
  BsInterp *in;
} Session;

static void
session_init (Session *s)
{
  BsInterpOptions options = { .write_stdout = append, .write_stderr = append };

  s->out = g_string_new (NULL);
  options.output_data = s->out;
  s->in = bs_interp_new (&options);
}

static void
session_clear (Session *s)
{
  bs_interp_free (s->in);
  g_string_free (s->out, TRUE);
}

/* Runs source in the session; returns what it printed, or the end of its error */
static char *
session_run (Session    *s,
             const char *source)
{
  g_autoptr (GError) error = NULL;

  g_string_truncate (s->out, 0);
  if (!bs_interp_run (s->in, source, -1, "t.py", &error))
    {
      g_autofree char *text = bs_interp_format_error (s->in, error);
      g_auto (GStrv) lines = g_strsplit (g_strchomp (text), "\n", -1);

      return g_strconcat (lines[g_strv_length (lines) - 1], "\n", NULL);
    }
  return g_strdup (s->out->str);
}

static void
check_error (const char *source,
             const char *expected)
{
  Session s;
  g_autofree char *got = NULL;
  g_autofree char *script = g_strconcat ("import numpy as np\n", source, "\n", NULL);

  session_init (&s);
  got = session_run (&s, script);
  session_clear (&s);
  g_assert_cmpstr (got, ==, expected);
}

/* Each interpreter has its own global generator: seeding one leaves another's draws */
static void
test_state_per_interpreter (void)
{
  Session a, b;
  g_autofree char *first = NULL, *second = NULL, *other = NULL;

  session_init (&a);
  session_init (&b);
  first = session_run (&a, "import numpy as np\nnp.random.seed(0)\nprint(np.random.rand())\n");
  other = session_run (&b, "import numpy as np\nnp.random.seed(1)\nprint(np.random.rand())\n");
  second = session_run (&a, "print(np.random.rand())\n");
  /* numpy: np.random.seed(0); rand(), rand(); and seed(1); rand() */
  g_assert_cmpstr (first, ==, "0.5488135039273248\n");
  g_assert_cmpstr (second, ==, "0.7151893663724195\n");
  g_assert_cmpstr (other, ==, "0.417022004702574\n");
  session_clear (&a);
  session_clear (&b);
}

static void
test_missing (void)
{
  check_error ("np.random.dirichlet([1, 2])",
               "AttributeError: Backstep's numpy has no 'random.dirichlet'\n");
  check_error ("np.random.PCG64(0)",
               "AttributeError: Backstep's numpy has no 'random.PCG64'\n");
  check_error ("np.random.nothing",
               "AttributeError: module 'numpy.random' has no attribute 'nothing'\n");
  check_error ("np.random.RandomState(0).zipf(3)",
               "AttributeError: Backstep's numpy has no 'random.RandomState.zipf'\n");
  check_error ("np.random.default_rng(0).wald(1, 1)",
               "AttributeError: Backstep's numpy has no 'random.Generator.wald'\n");
  check_error ("np.random.default_rng(0).nothing",
               "AttributeError: 'numpy.random._generator.Generator' object has no attribute "
               "'nothing'\n");
}

static void
test_refused (void)
{
  check_error ("np.random.binomial([1, 2], 0.5)",
               "NotImplementedError: binomial() with arrays of n or p is not supported by "
               "Backstep's numpy\n");
  check_error ("np.random.default_rng(0).standard_exponential(2, out=np.zeros(2))",
               "NotImplementedError: standard_exponential(out=...) is not supported by "
               "Backstep's numpy\n");
  check_error ("np.random.randint([0, 1], 5)",
               "NotImplementedError: randint() with an array of bounds is not supported by "
               "Backstep's numpy\n");
  check_error ("np.random.default_rng(0).integers(5, dtype=bool)",
               "NotImplementedError: integers(dtype=bool) is not supported by Backstep's "
               "numpy (int64 only)\n");
  check_error ("np.random.default_rng(0).standard_normal(3, out=np.zeros(3))",
               "NotImplementedError: standard_normal(out=...) is not supported by Backstep's "
               "numpy\n");
  check_error ("np.random.default_rng(0).shuffle(np.zeros((2, 2)), axis=1)",
               "NotImplementedError: shuffle(axis=1) is not supported by Backstep's numpy "
               "(axis=0 only)\n");
  check_error ("np.random.choice(['a', 'b'], 3)",
               "NotImplementedError: choice() of str with size= is not supported by "
               "Backstep's numpy (it has no arrays of str)\n");
  check_error ("np.random.shuffle((1, 2))",
               "NotImplementedError: shuffle() of a tuple is not supported by Backstep's "
               "numpy (an ndarray or a list)\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lang/np-random/state-per-interpreter", test_state_per_interpreter);
  g_test_add_func ("/lang/np-random/missing", test_missing);
  g_test_add_func ("/lang/np-random/refused", test_refused);
  return g_test_run ();
}
