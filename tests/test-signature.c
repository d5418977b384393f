/* test-signature.c: the signature table and the argument parser */
#include <string.h>

#include "bs-interp.h"
#include "bs-torch-private.h"

/* Every row of every table parses, as a function and as a method, and has a function. */
static void
test_table (void)
{
  g_autoptr(BsSignatureSet) set = bs_signature_set_new ();
  g_autoptr(GPtrArray) rows = NULL;

  bs_py_signatures_add (set);
  bs_torch_signatures_add (set);
  rows = bs_signature_set_rows (set);

  g_assert_cmpuint (rows->len, >, 150);
  for (guint i = 0; i < rows->len; i++)
    {
      const BsSignatureRow *row = rows->pdata[i];

      for (int as_method = 0; as_method < 2; as_method++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(BsSignature) sig = bs_signature_parse (row->kind, row->signature, as_method,
                                                           &error);

          if (sig == NULL)
            g_error ("%s: %s", row->signature, error->message);
          g_assert_nonnull (row->func);
          g_assert_cmpuint (sig->min_args, <=, sig->max_args);
          g_assert_cmpuint (sig->max_pos_args, <=, sig->max_args);
        }
    }
  g_assert_nonnull (bs_signature_set_find (set, "Tensor", "sum"));
  g_assert_nonnull (bs_signature_set_find (set, "torch", "sum"));
  g_assert_nonnull (bs_signature_set_find (set, "torch.nn.functional", "relu"));
  g_assert_null (bs_signature_set_find (set, "Tensor", "no_such_method"));
}

/* PyTorch's printed form of a signature, as its messages list it */
static void
test_printed (void)
{
  static const struct {
    const char *text;
    gboolean    as_method;
    const char *printed;
    guint       min, max, max_pos;
  } cases[] = {
    { "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
      "Tensor out=None)", TRUE, "(tuple of ints dim, bool keepdim, *, torch.dtype dtype)",
      1, 3, 2 },
    { "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
      "Tensor out=None)", FALSE, "(Tensor input, tuple of ints dim, bool keepdim, *, "
      "torch.dtype dtype, Tensor out)", 2, 5, 3 },
    { "zeros(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None)", FALSE,
      "(tuple of SymInts size, *, Tensor out, torch.dtype dtype)", 1, 3, 1 },
    { "round(Tensor input, *, int64_t decimals, Tensor out=None)", FALSE,
      "(Tensor input, *, int decimals, Tensor out)", 2, 3, 1 },
    { "clamp(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)", TRUE,
      "(Number min, Number max)", 0, 2, 2 },
    { "cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)", FALSE,
      "(tuple of Tensors tensors, int dim, *, Tensor out)", 1, 3, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsSignature) sig = bs_signature_parse (BS_SIG_TORCH, cases[i].text,
                                                       cases[i].as_method, &error);
      g_autofree char *printed = NULL;

      g_assert_no_error (error);
      printed = bs_signature_to_string (sig);
      g_assert_cmpstr (printed, ==, cases[i].printed);
      g_assert_cmpuint (sig->min_args, ==, cases[i].min);
      g_assert_cmpuint (sig->max_args, ==, cases[i].max);
      g_assert_cmpuint (sig->max_pos_args, ==, cases[i].max_pos);
    }
}

/* Malformed rows are refused with a reason (a defect of the table, found by the walk). */
static void
test_malformed (void)
{
  static const char *const bad[] = {
    "sum", "sum(Tensor input", "sum(Tensr input)", "sum(input)", "sum(Tensor input)junk",
    "f(int64_t x=abc)",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      BsSignature *sig = bs_signature_parse (BS_SIG_TORCH, bad[i], FALSE, &error);

      g_assert_null (sig);
      g_assert_nonnull (error);
    }
}

static void
append_text (const char *text,
             gpointer    user_data)
{
  g_string_append (user_data, text);
}

/* A script's output: stdout then, after a failure, "error: " and the exception. */
static char *
run (const char *source)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) err = g_string_new (NULL);
  BsInterpOptions options = { 0 };
  g_autoptr(BsInterp) in = NULL;
  g_autoptr(GError) error = NULL;

  options.write_stdout = append_text;
  options.write_stderr = append_text;
  options.output_data = out;
  options.max_steps = 10000000;
  in = bs_interp_new (&options);
  if (!bs_interp_run (in, source, -1, "t.py", &error))
    {
      g_autofree char *text = bs_interp_format_error (in, error);
      const char *last = text;

      /* the exception's first line: the last line that is not indented */
      for (const char *p = text; *p != '\0'; p++)
        if (*p == '\n' && p[1] != '\0' && p[1] != ' ' && p[1] != '\n')
          last = p + 1;
      g_string_append_printf (out, "error: %s", last);
    }
  (void) err;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The parser through the interpreter: binding, defaults, aliases, and each kind's messages
 * (the wording is PyTorch 1.13's and CPython 3.11's: tests/conformance/args_torch.py
 * compares them with the real thing) */
static void
test_binding (void)
{
  static const struct {
    const char *source;
    const char *expected;
  } cases[] = {
    { "import torch\nx = torch.ones(2, 3)\nprint(x.sum(1, keepdims=True).shape)\n",
      "torch.Size([2, 1])\n" },
    { "import torch\nx = torch.ones(2, 3)\nprint(torch.sum(a=x, axis=0).shape)\n",
      "torch.Size([3])\n" },
    { "import torch\nprint(torch.ones(2, 3).view(3, 2).shape, torch.ones(6).view((2, 3)).shape)\n",
      "torch.Size([3, 2]) torch.Size([2, 3])\n" },
    { "import torch\ntorch.ones(2).sum(0, foo=1)\n",
      "error: TypeError: sum() received an invalid combination of arguments - got (int, "
      "foo=int), but expected one of:" },
    { "import torch\ntorch.zeros(2, 3, requires_gard=True)\n",
      "error: TypeError: zeros() received an invalid combination of arguments - got (int, int, "
      "requires_gard=bool), but expected one of:" },
    { "import torch\ntorch.ones(2).mul('a')\n",
      "error: TypeError: mul(): argument 'other' (position 1) must be Tensor, not str\n" },
    { "import torch\ntorch.tensor([1.0], requires_grad=1)\n",
      "error: TypeError: tensor(): argument 'requires_grad' must be bool, not int\n" },
    { "import torch\ntorch.exp()\n",
      "error: TypeError: exp() missing 1 required positional arguments: \"input\"\n" },
    { "import torch\ntorch.ones(1).exp(1)\n",
      "error: TypeError: _TensorBase.exp() takes no arguments (1 given)\n" },
    { "import torch\nimport torch.nn.functional as F\nF.relu(torch.ones(1), foo=1)\n",
      "error: TypeError: relu() got an unexpected keyword argument 'foo'\n" },
    { "import torch\ntorch.ones(1).backward(1, 2, 3, 4, 5)\n",
      "error: TypeError: Tensor.backward() takes from 1 to 5 positional arguments but 6 were "
      "given\n" },
    { "import torch\ntorch.no_grad(1)\n",
      "error: TypeError: no_grad.__init__() takes 1 positional argument but 2 were given\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = run (cases[i].source);

      if (!g_str_has_prefix (got, cases[i].expected))
        g_error ("case %u:\n%s\ngot:\n%s\nexpected:\n%s", i, cases[i].source, got,
                 cases[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lang/signature/table", test_table);
  g_test_add_func ("/lang/signature/printed", test_printed);
  g_test_add_func ("/lang/signature/malformed", test_malformed);
  g_test_add_func ("/lang/signature/binding", test_binding);
  return g_test_run ();
}
