/* test-np-format.c: repr() and str() of numpy arrays and scalars against numpy 1.24
 *
 * Every case comes from tests/golden/np_format.py: the array is rebuilt here from the
 * same elements (listed exactly, or a pattern over the flat index) under the same print
 * options, and must print exactly as numpy printed it.
 */
#include <math.h>
#include <string.h>

#include "bs-context.h"
#include "bs-interp.h"
#include "bs-np-format.h"

typedef struct {
  gint64         precision;
  gint64         threshold;
  double         threshold_float;
  gboolean       threshold_is_float;
  gint64         edgeitems;
  gint64         linewidth;
  gboolean       suppress;
  char           sign;
  BsNpFloatMode  floatmode;
  const char    *nanstr;
  const char    *infstr;
} CaseOptions;

typedef struct {
  BsDType        dtype;
  int            ndim;
  gint64         shape[4];
  const double  *values;      /* or, when pattern: mod, mul, div, add */
  const gint64  *ints;        /* int64 elements */
  gboolean       pattern;     /* element i is ((i % mod) * mul) / div + add */
  gboolean       transpose;   /* print a.T of the array stored with shape */
  CaseOptions    options;
  const char    *repr;
  const char    *str;
} ArrayCase;

typedef struct {
  BsDType       dtype;
  double        value;
  gint64        int_value;
  const char   *repr;
} ScalarCase;

#include "golden/np-format.inc"

static BsTensor *
build (BsContext       *context,
       const ArrayCase *c)
{
  g_autoptr (GError) error = NULL;
  BsTensor *t = bs_tensor_new (context, c->dtype, c->ndim, c->shape, &error);
  gint64 n;
  guint8 *data;

  g_assert_no_error (error);
  n = bs_tensor_numel (t);
  data = bs_tensor_data (t);
  for (gint64 i = 0; i < n; i++)
    {
      void *p = data + i * bs_dtype_size (c->dtype);

      if (c->pattern)
        {
          const double *q = c->values;
          double v = ((double) (i % (gint64) q[0]) * q[1]) / q[2] + q[3];

          if (c->dtype == BS_DTYPE_INT64)
            *(gint64 *) p = (gint64) v;
          else
            bs_dtype_store (p, c->dtype, v);
        }
      else if (c->dtype == BS_DTYPE_INT64)
        *(gint64 *) p = c->ints[i];
      else
        bs_dtype_store (p, c->dtype, c->values[i]);
    }
  if (c->transpose)
    {
      gint64 shape[4], strides[4];
      BsTensor *tt;

      for (int d = 0; d < c->ndim; d++)
        {
          shape[d] = t->shape[c->ndim - 1 - d];
          strides[d] = t->strides[c->ndim - 1 - d];
        }
      tt = bs_tensor_alias (t, c->ndim, shape, strides, t->offset);
      bs_tensor_unref (t);
      t = tt;
    }
  return t;
}

static void
options_from_case (BsNpPrintOptions  *o,
                   const CaseOptions *c)
{
  bs_np_print_options_init (o);
  o->precision = c->precision;
  o->threshold = c->threshold;
  o->threshold_float = c->threshold_float;
  o->threshold_is_float = c->threshold_is_float;
  o->edgeitems = c->edgeitems;
  o->linewidth = c->linewidth;
  o->suppress = c->suppress;
  o->sign = c->sign;
  o->floatmode = c->floatmode;
  g_free (o->nanstr);
  o->nanstr = g_strdup (c->nanstr);
  g_free (o->infstr);
  o->infstr = g_strdup (c->infstr);
}

static void
test_arrays (void)
{
  g_autoptr (BsContext) context = bs_context_new ();
  guint failures = 0;

  for (guint i = 0; i < G_N_ELEMENTS (array_cases); i++)
    {
      const ArrayCase *c = &array_cases[i];
      BsTensor *t = build (context, c);
      BsNpPrintOptions o;
      g_autofree char *repr = NULL;
      g_autofree char *str = NULL;

      options_from_case (&o, &c->options);
      repr = bs_np_format_array_repr (t, &o);
      str = bs_np_format_array_str (t, &o);
      if (g_strcmp0 (repr, c->repr) != 0 || g_strcmp0 (str, c->str) != 0)
        {
          g_test_message ("case %u:\nrepr expected\n%s\ngot\n%s\nstr expected\n%s\ngot\n%s",
                          i, c->repr, repr, c->str, str);
          failures++;
        }
      bs_np_print_options_clear (&o);
      bs_tensor_unref (t);
    }
  g_assert_cmpuint (failures, ==, 0);
}

static void
test_scalars (void)
{
  guint failures = 0;

  for (guint i = 0; i < G_N_ELEMENTS (scalar_cases); i++)
    {
      const ScalarCase *c = &scalar_cases[i];
      guint8 element[8];
      g_autofree char *repr = NULL;

      if (c->dtype == BS_DTYPE_INT64)
        memcpy (element, &c->int_value, sizeof c->int_value);
      else
        bs_dtype_store (element, c->dtype, c->value);
      repr = bs_np_format_scalar (c->dtype, element);
      if (g_strcmp0 (repr, c->repr) != 0)
        {
          g_test_message ("scalar %u (%.17g): expected %s, got %s", i, c->value, c->repr,
                          repr);
          failures++;
        }
    }
  g_assert_cmpuint (failures, ==, 0);
}

static void
test_options (void)
{
  BsNpPrintOptions o, copy;
  BsNpFloatMode mode;

  bs_np_print_options_init (&o);
  g_assert_cmpint (o.precision, ==, 8);
  g_assert_cmpint (o.threshold, ==, 1000);
  g_assert_cmpint (o.edgeitems, ==, 3);
  g_assert_cmpint (o.linewidth, ==, 75);
  g_assert_false (o.suppress);
  g_assert_cmpint (o.sign, ==, '-');
  g_assert_cmpstr (bs_np_floatmode_name (o.floatmode), ==, "maxprec");
  g_assert_cmpstr (o.nanstr, ==, "nan");
  g_assert_cmpstr (o.infstr, ==, "inf");

  bs_np_print_options_copy (&copy, &o);
  g_assert_true (copy.nanstr != o.nanstr);
  g_assert_cmpstr (copy.infstr, ==, "inf");
  bs_np_print_options_clear (&copy);
  bs_np_print_options_clear (&o);

  g_assert_true (bs_np_floatmode_from_name ("maxprec_equal", &mode));
  g_assert_cmpint (mode, ==, BS_NP_FLOATMODE_MAXPREC_EQUAL);
  g_assert_false (bs_np_floatmode_from_name ("exact", &mode));
}

static void
collect_output (const char *text,
                gpointer    user_data)
{
  g_string_append ((GString *) user_data, text);
}

/* What source prints, then the last line of the error it raises ("" when none). */
static char *
run (const char *source)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (BsInterp) in = NULL;
  g_autoptr (GError) error = NULL;

  in = bs_interp_new (&(BsInterpOptions) { .max_steps = 100000,
                                            .write_stdout = collect_output,
                                            .write_stderr = collect_output,
                                            .output_data = out });
  if (!bs_interp_run (in, source, -1, "t.py", &error))
    {
      g_autofree char *text = bs_interp_format_error (in, error);
      g_auto (GStrv) lines = NULL;

      g_strchomp (text);
      lines = g_strsplit (text, "\n", -1);
      g_string_append (out, lines[g_strv_length (lines) - 1]);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
check (const char *source,
       const char *expected)
{
  g_autofree char *got = run (source);

  g_assert_cmpstr (got, ==, expected);
}

/* What numpy has and Backstep's numpy does not: refused by name, the options unchanged. */
static void
test_refusals (void)
{
  check ("import numpy as np\nnp.set_printoptions(formatter={'float': str})\n",
         "NotImplementedError: set_printoptions(formatter=...) is not supported by "
         "Backstep's numpy");
  check ("import numpy as np\nnp.set_printoptions(legacy='1.13')\n",
         "NotImplementedError: set_printoptions(legacy=...) is not supported by "
         "Backstep's numpy");
  check ("import numpy as np\n"
         "try:\n    np.set_printoptions(precision=2, legacy='1.21')\n"
         "except NotImplementedError:\n    pass\n"
         "print(np.get_printoptions()['precision'])\n"
         "with np.printoptions(formatter={'int': str}):\n    pass\n",
         "8\nNotImplementedError: set_printoptions(formatter=...) is not supported by "
         "Backstep's numpy");
  check ("import numpy as np\nnp.array2string(np.arange(3), formatter={'int': str})\n",
         "NotImplementedError: array2string(formatter=...) is not supported by "
         "Backstep's numpy");
  check ("import numpy as np\nnp.array2string(np.arange(3), style=repr)\n",
         "NotImplementedError: array2string(style=...) is not supported by "
         "Backstep's numpy");
  check ("import numpy as np\nnp.set_printoptions(legacy=False, formatter=None)\n"
         "print(np.array([0.5]))\n", "[0.5]\n");
}

/* Each interpreter has its own options, and a with block puts them back even when its
 * body raises. */
static void
test_per_interpreter (void)
{
  check ("import numpy as np\nnp.set_printoptions(precision=2)\n"
         "try:\n    with np.printoptions(precision=4):\n"
         "        print(np.array([1 / 3]))\n        raise KeyError('k')\n"
         "except KeyError:\n    pass\nprint(np.array([1 / 3]))\n",
         "[0.3333]\n[0.33]\n");
  check ("import numpy as np\nprint(np.array([1 / 3]))\n", "[0.33333333]\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/np-format/options", test_options);
  g_test_add_func ("/np-format/arrays", test_arrays);
  g_test_add_func ("/np-format/scalars", test_scalars);
  g_test_add_func ("/np-format/refusals", test_refusals);
  g_test_add_func ("/np-format/per-interpreter", test_per_interpreter);
  return g_test_run ();
}
