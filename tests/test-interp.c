/* test-interp.c: the interpreter's language semantics, limits and sandbox */
#include <string.h>

#include "bs-interp.h"

static void
append (const char *text,
        gpointer    user_data)
{
  g_string_append (user_data, text);
}

/* Runs source; returns stdout, and the formatted error (if any) in *err. */
static char *
run (const char  *source,
     guint64      max_steps,
     char       **err)
{
  GString *out = g_string_new (NULL);
  GString *errout = g_string_new (NULL);
  BsInterpOptions options = { 0 };
  g_autoptr (BsInterp) in = NULL;
  g_autoptr (GError) error = NULL;

  options.write_stdout = append;
  options.write_stderr = append;
  options.output_data = out;
  options.max_steps = max_steps;
  in = bs_interp_new (&options);
  if (!bs_interp_run (in, source, -1, "t.py", &error))
    {
      g_autofree char *text = bs_interp_format_error (in, error);

      g_string_append (errout, text);
    }
  if (err != NULL)
    *err = g_string_free (errout, FALSE);
  else
    g_string_free (errout, TRUE);
  return g_string_free (out, FALSE);
}

static void
check (const char *source,
       const char *expected)
{
  g_autofree char *err = NULL;
  g_autofree char *out = run (source, 0, &err);

  g_assert_cmpstr (err, ==, "");
  g_assert_cmpstr (out, ==, expected);
}

static void
check_error (const char *source,
             const char *expected_tail)
{
  g_autofree char *err = NULL;
  g_autofree char *out = run (source, 100000, &err);

  if (!g_str_has_suffix (err, expected_tail))
    g_error ("expected an error ending in %s, got %s", expected_tail, err);
}

static void
test_arithmetic (void)
{
  check ("print(7 // 2, -7 // 2, -7 % 3, 7 % -3, 2 ** 3 ** 2, 1 / 4, 0.1 + 0.2)\n",
         "3 -4 2 -2 512 0.25 0.30000000000000004\n");
  check ("print(1e-8, 1e16, 2.5e-5, -0.0, 3.0, 10 ** 18)\n",
         "1e-08 1e+16 2.5e-05 -0.0 3.0 1000000000000000000\n");
  check ("print(1 < 2 < 3, 1 < 3 < 2, not 0, 1 and 2, 0 or 'x')\n", "True False True 2 x\n");
  check_error ("x = 2 ** 70\n", "OverflowError: integer overflow: Backstep's ints are 64-bit "
               "(Python's are unbounded)\n");
  check_error ("print(1 / 0)\n", "ZeroDivisionError: division by zero\n");
}

static void
test_statements (void)
{
  check ("a, (b, *c) = 1, (2, 3, 4)\nprint(a, b, c)\n", "1 2 [3, 4]\n");
  check ("s = 0\nfor i in range(10):\n    if i == 7:\n        break\n    if i % 2:\n"
         "        continue\n    s += i\nelse:\n    s = -1\nprint(s)\n", "12\n");
  check ("i = 0\nwhile i < 3:\n    i += 1\nprint(i)\n", "3\n");
  check ("d = {'a': 1}\nd['b'] = 2\ndel d['a']\nprint(d, len(d), 'b' in d)\n",
         "{'b': 2} 1 True\n");
  check ("def f():\n    try:\n        return 1\n    finally:\n        print('f')\nprint(f())\n",
         "f\n1\n");
}

static void
test_functions (void)
{
  check ("def make(n):\n    def add(x):\n        return x + n\n    return add\n"
         "print(make(3)(4), (lambda x, y=2: x * y)(5))\n", "7 10\n");
  check ("def f(*args, **kw):\n    return args, kw\nprint(f(1, 2, a=3))\n",
         "((1, 2), {'a': 3})\n");
  check ("def c():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n"
         "        return n\n    return inc\ni = c()\ni()\nprint(i())\n", "2\n");
  check_error ("def f(x):\n    return f(x + 1)\nf(0)\n",
               "RecursionError: maximum recursion depth exceeded\n");
}

static void
test_classes (void)
{
  check ("class A:\n    def __init__(self, v):\n        self.v = v\n    def get(self):\n"
         "        return self.v\nclass B(A):\n    def __init__(self):\n"
         "        super().__init__(4)\n    def get(self):\n        return super().get() * 2\n"
         "print(B().get(), isinstance(B(), A))\n", "8 True\n");
  check ("class E(Exception):\n    pass\ntry:\n    raise E('boom')\nexcept Exception as e:\n"
         "    print(type(e).__name__, e)\n", "E boom\n");
}

static void
test_strings (void)
{
  check ("x = 3.14159\nprint(f'{x:.2f} {x!r} {10:5d}|{\"ab\":>4}|')\n",
         "3.14 3.14159    10|  ab|\n");
  check ("print('%d-%s-%.1f' % (3, 'a', 2.25), ','.join(['a', 'b']))\n", "3-a-2.2 a,b\n");
  check ("print([x * x for x in range(4) if x], {k: v for k, v in zip('ab', [1, 2])})\n",
         "[1, 4, 9] {'a': 1, 'b': 2}\n");
}

static void
test_traceback (void)
{
  g_autofree char *err = NULL;
  g_autofree char *out = run ("def f():\n    raise ValueError('no')\nf()\n", 0, &err);

  g_assert_cmpstr (err, ==, "Traceback (most recent call last):\n"
                   "  File \"t.py\", line 3, in <module>\n    f()\n"
                   "  File \"t.py\", line 2, in f\n    raise ValueError('no')\n"
                   "ValueError: no\n");
}

static void
test_limits (void)
{
  g_autofree char *err = NULL;
  g_autofree char *out = run ("while True:\n    pass\n", 1000, &err);

  g_assert_nonnull (strstr (err, "step budget"));
}

static void
test_sandbox (void)
{
  check_error ("import os\n", "ImportError: import of 'os' is refused by Backstep: scripts "
               "cannot access files, the network, processes or the environment\n");
  check_error ("open('x')\n", "PermissionError: open() is not available in Backstep: scripts "
               "cannot read or write files\n");
  check_error ("eval('1')\n", "PermissionError: eval() is not available in Backstep: scripts "
               "cannot run code they build at run time or reach the interpreter's internals\n");
  check_error ("__import__('os')\n", "reach the interpreter's internals\n");
}

static void
test_torch (void)
{
  check ("import torch\nw = torch.tensor(2.0, requires_grad=True)\nL = 1 - w * 3\n"
         "L.backward()\nprint(L, w.grad)\n",
         "tensor(-5., grad_fn=<RsubBackward1>) tensor(-3.)\n");
  check ("import torch\nx = torch.tensor([1., 2.], requires_grad=True)\ny = 2 ** x\n"
         "print(y.grad_fn.name(), (2 / x).grad_fn.name())\n", "PowBackward1 MulBackward0\n");
  check ("import torch.nn as nn\nprint(nn.Sequential(nn.Linear(2, 3), nn.ReLU()))\n",
         "Sequential(\n  (0): Linear(in_features=2, out_features=3, bias=True)\n"
         "  (1): ReLU()\n)\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/interp/arithmetic", test_arithmetic);
  g_test_add_func ("/interp/statements", test_statements);
  g_test_add_func ("/interp/functions", test_functions);
  g_test_add_func ("/interp/classes", test_classes);
  g_test_add_func ("/interp/strings", test_strings);
  g_test_add_func ("/interp/traceback", test_traceback);
  g_test_add_func ("/interp/limits", test_limits);
  g_test_add_func ("/interp/sandbox", test_sandbox);
  g_test_add_func ("/interp/torch", test_torch);
  return g_test_run ();
}
