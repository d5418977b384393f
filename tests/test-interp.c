/* test-interp.c: the interpreter's language semantics, limits and sandbox */
#include <string.h>

#include "bs-interp.h"

static void
append (const char *text,
        gpointer    user_data)
{
  g_string_append (user_data, text);
}

/* Runs source with options (output ignored); returns stdout, and the formatted error (if
 * any) in *err. */
static char *
run_with (const char      *source,
          BsInterpOptions  options,
          char           **err)
{
  GString *out = g_string_new (NULL);
  GString *errout = g_string_new (NULL);
  g_autoptr (BsInterp) in = NULL;
  g_autoptr (GError) error = NULL;

  options.write_stdout = append;
  options.write_stderr = append;
  options.output_data = out;
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

static char *
run (const char  *source,
     guint64      max_steps,
     char       **err)
{
  return run_with (source, (BsInterpOptions) { .max_steps = max_steps }, err);
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

typedef struct {
  const char *source;
  const char *formatted;  /* what "python3 t.py" prints on stderr, PyTorch's frames left out */
} TracebackCase;

/* BEGIN GOLDEN (generated by tests/golden/tracebacks.py; do not edit) */
/* 3.11.2 */
static const TracebackCase traceback_cases[] = {
  /* what PyTorch has and Backstep lacks is refused by the library's name; a name PyTorch
   * lacks too keeps CPython's wording */
  { "import torch\nx = torch.ones(2)\ny = x.stft\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    y = x.stft\n        ^^^^^^\n"
    "AttributeError: Backstep's torch has no 'Tensor.stft'\n" },
  { "import torch\nx = torch.ones(2)\ny = x.stfft\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    y = x.stfft\n        ^^^^^^^\n"
    "AttributeError: 'Tensor' object has no attribute 'stfft'\n" },
  { "import torch.nn as nn\nm = nn.Transformer()\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    m = nn.Transformer()\n        ^^^^^^^^^^^^^^\n"
    "AttributeError: Backstep's torch has no 'nn.Transformer'\n" },
  { "import torch\ntorch.fftt\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    torch.fftt\n"
    "AttributeError: module 'torch' has no attribute 'fftt'\n" },
  { "from torch.nn import Transformer\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    from torch.nn import Transformer\n"
    "ImportError: cannot import name 'Transformer' from 'torch.nn' (Backstep's torch has no "
    "'nn.Transformer')\n" },
  { "import torch.distributions as D\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    import torch.distributions as D\n"
    "ModuleNotFoundError: No module named 'torch.distributions' (Backstep's torch has no "
    "'distributions')\n" },
  { "import seaborn as sns\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    import seaborn as sns\n"
    "ModuleNotFoundError: No module named 'seaborn' (Backstep provides torch, numpy, "
    "matplotlib.pyplot and Python's math, random, time, sys, collections, itertools, functools, "
    "copy, string, typing, dataclasses, warnings, re, abc, contextlib, inspect and types)\n" },
  { "import torch\ndef bad():\n"
    "    return 1 / 0\nx = torch.ones(2, requires_grad=True)\n"
    "y = x.sum() + bad()\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 5, in <module>\n"
    "    y = x.sum() + bad()\n"
    "                  ^^^^^\n"
    "  File \"t.py\", line 3, in bad\n"
    "    return 1 / 0\n           ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "import torch\na = torch.ones(3)\n"
    "b = torch.ones(4)\nc = a + b\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 4, in <module>\n"
    "    c = a + b\n        ~~^~~\n"
    "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
    "dimension 0\n" },
  { "import torch\nw = torch.ones(2, 3)\n"
    "v = torch.ones(4, 5)\n"
    "out = torch.relu(w @ v) + 1\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 4, in <module>\n"
    "    out = torch.relu(w @ v) + 1\n"
    "                     ~~^~~\n"
    "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)\n" },
  { "import torch\na = torch.ones(2)\n"
    "b = (a + a) * torch.ones(3)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    b = (a + a) * torch.ones(3)\n"
    "        ~~~~~~^~~~~~~~~~~~~~~~~\n"
    "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton "
    "dimension 0\n" },
  { "x = 5\nx = x  +  's'\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    x = x  +  's'\n        ~~~^~~~~~\n"
    "TypeError: unsupported operand type(s) for +: 'int' and 'str'\n" },
  { "x = 5\ny = x ** 'a'\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    y = x ** 'a'\n        ~~^^~~~~\n"
    "TypeError: unsupported operand type(s) for ** or pow(): 'int' and 'str'\n" },
  { "x = [[1]]\ny = x[0][3] // 2\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    y = x[0][3] // 2\n"
    "        ~~~~^^^\nIndexError: list index out of range\n" },
  { "d = {'a': 1}\nxs = [1, 2]\n"
    "def f(k):\n    return d[k] + xs[5]\n"
    "print(f('a'))\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 5, in <module>\n"
    "    print(f('a'))\n          ^^^^^^\n"
    "  File \"t.py\", line 4, in f\n"
    "    return d[k] + xs[5]\n"
    "                  ~~^^^\n"
    "IndexError: list index out of range\n" },
  { "x = {}\nv = x['k']['j']\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    v = x['k']['j']\n"
    "        ~^^^^^\nKeyError: 'k'\n" },
  { "import torch\nx = torch.ones(3)\n"
    "y = x[None, 5]\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    y = x[None, 5]\n        ~^^^^^^^^^\n"
    "IndexError: index 5 is out of bounds for dimension 1 with size 3\n" },
  { "ǽ = [1]\nǽǽ = ǽ[0] + ǽ[4]\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    ǽǽ = ǽ[0] + ǽ[4]\n"
    "                ~^^^\n"
    "IndexError: list index out of range\n" },
  { "class M:\n    def __add__(self, o):\n"
    "        return o.nope\n"
    "m = M()\nz = (m + 1)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 5, in <module>\n"
    "    z = (m + 1)\n         ~~^~~\n"
    "  File \"t.py\", line 3, in __add__\n"
    "    return o.nope\n           ^^^^^^\n"
    "AttributeError: 'int' object has no attribute 'nope'\n" },
  { "import torch\nx = torch.ones(2, requires_grad=True)\n"
    "L = (x * 2).sum()\nL.backward()\n"
    "L.backward()\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 5, in <module>\n"
    "    L.backward()\nRuntimeError: Trying to backward through the graph a second time (or direc"
    "tly access saved tensors after they have already been freed). Saved intermediate values of t"
    "he graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True i"
    "f you need to backward through the graph a second time or if you need to access saved tensor"
    "s after calling backward.\n" },
  { "import torch\nw = torch.ones(2, 3, requires_grad=True)\n"
    "loss = (w @ torch.ones(3)).sum()\n"
    "loss.backward(); loss.backward()\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 4, in <module>\n"
    "    loss.backward(); loss.backward()\n"
    "                     ^^^^^^^^^^^^^^^\n"
    "RuntimeError: Trying to backward through the graph a second time (or directly access saved t"
    "ensors after they have already been freed). Saved intermediate values of the graph are freed"
    " when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to back"
    "ward through the graph a second time or if you need to access saved tensors after calling ba"
    "ckward.\n" },
  { "import torch\nx = torch.ones(2)\n"
    "y = x.view(3)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    y = x.view(3)\n        ^^^^^^^^^\n"
    "RuntimeError: shape '[3]' is invalid for input of size 2\n" },
  { "import torch\nt = torch.ones(2, requires_grad=True)\n"
    "t.add_(1)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    t.add_(1)\nRuntimeError: a leaf Variable that requires grad is being used in an in-place"
    " operation.\n" },
  { "def g():\n    return undefined\n"
    "g()  # call g\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    g()  # call g\n    ^^^\n"
    "  File \"t.py\", line 2, in g\n"
    "    return undefined\n"
    "           ^^^^^^^^^\n"
    "NameError: name 'undefined' is not defined\n" },
  { "def f(a):\n    return a\n"
    "f(1, 2)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    f(1, 2)\nTypeError: f() takes 1 positional argument but 2 were given\n" },
  { "x = 1\ny = (x +\n     undefined_name)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    undefined_name)\n"
    "    ^^^^^^^^^^^^^^\nNameError: name 'undefined_name' is not defined\n" },
  { "def g(a,\n      b):\n"
    "    raise ValueError(a)\n"
    "z = g(1,\n      2) * 3\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 4, in <module>\n"
    "    z = g(1,\n        ^^^^\n"
    "  File \"t.py\", line 3, in g\n"
    "    raise ValueError(a)\n"
    "ValueError: 1\n" },
  { "x = 1\nx += 'a'\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    x += 'a'\nTypeError: unsupported operand type(s) for +=: 'int' and 'str'\n" },
  { "for i in 5:\n    pass\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    for i in 5:\nTypeError: 'int' object is not iterable\n" },
  { "a, b = 1\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    a, b = 1\n    ^^^^\n"
    "TypeError: cannot unpack non-iterable int object\n" },
  { "for a, b in [1]:\n    pass\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    for a, b in [1]:\n"
    "        ^^^^\nTypeError: cannot unpack non-iterable int object\n" },
  { "d = [1]\nd[5] = 3\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    d[5] = 3\n    ~^^^\n"
    "IndexError: list assignment index out of range\n" },
  { "import torch\nx = torch.ones(3)\n"
    "x[1:2] = torch.ones(5)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    x[1:2] = torch.ones(5)\n"
    "    ~^^^^^\nRuntimeError: The expanded size of the tensor (1) must match the existing size ("
    "5) at non-singleton dimension 0.  Target sizes: [1].  Tensor sizes: [5]\n" },
  { "x = 1\nx.y = 3\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    x.y = 3\n    ^^^\n"
    "AttributeError: 'int' object has no attribute 'y'\n" },
  { "del zz\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    del zz\n        ^^\n"
    "NameError: name 'zz' is not defined\n" },
  { "x = 1\nif x: raise ValueError('v')\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    if x: raise ValueError('v')\n"
    "          ^^^^^^^^^^^^^^^^^^^^^\n"
    "ValueError: v\n" },
  { "assert 1 == 2, 'no'\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    assert 1 == 2, 'no'\n"
    "           ^^^^^^\nAssertionError: no\n" },
  { "class A:\n    def __enter__(self):\n"
    "        raise ValueError('e')\n"
    "    def __exit__(self, *a):\n"
    "        pass\nwith A() as a:\n"
    "    pass\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 6, in <module>\n"
    "    with A() as a:\n  File \"t.py\", line 3, in __enter__\n"
    "    raise ValueError('e')\n"
    "ValueError: e\n" },
  { "print(f'{[1, 2]:d}')\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    print(f'{[1, 2]:d}')\n"
    "          ^^^^^^^^^^^^^\n"
    "TypeError: unsupported format string passed to list.__format__\n" },
  { "xs = [0]\ny = [1 / x for x in xs]\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    y = [1 / x for x in xs]\n"
    "        ^^^^^^^^^^^^^^^^^^^\n"
    "  File \"t.py\", line 2, in <listcomp>\n"
    "    y = [1 / x for x in xs]\n"
    "         ~~^~~\nZeroDivisionError: division by zero\n" },
  { "xs = [1, 2]\nys = {k: xs[k] for k in range(3)}\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    ys = {k: xs[k] for k in range(3)}\n"
    "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    "  File \"t.py\", line 2, in <dictcomp>\n"
    "    ys = {k: xs[k] for k in range(3)}\n"
    "             ~~^^^\nIndexError: list index out of range\n" },
  { "xs = [0]\ny = sum(1 / x for x in xs)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    y = sum(1 / x for x in xs)\n"
    "        ^^^^^^^^^^^^^^^^^^^^^^\n"
    "  File \"t.py\", line 2, in <genexpr>\n"
    "    y = sum(1 / x for x in xs)\n"
    "            ~~^~~\nZeroDivisionError: division by zero\n" },
  { "f = lambda x: x / 0\n"
    "y = f(1) + 2\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    y = f(1) + 2\n        ^^^^\n"
    "  File \"t.py\", line 1, in <lambda>\n"
    "    f = lambda x: x / 0\n"
    "                  ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "class B:\n    z = 1 / 0\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 1, in <module>\n"
    "    class B:\n  File \"t.py\", line 2, in B\n"
    "    z = 1 / 0\n        ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "try:\n    1 / 0\nexcept ZeroDivisionError:\n"
    "    raise\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 2, in <module>\n"
    "    1 / 0\n    ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "try:\n    x = 1 / 0\n"
    "except ZeroDivisionError as e:\n"
    "    raise e\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 4, in <module>\n"
    "    raise e\n  File \"t.py\", line 2, in <module>\n"
    "    x = 1 / 0\n        ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "def f():\n    return 1 / 0\n"
    "try:\n    f()\nexcept ZeroDivisionError as e:\n"
    "    y = 0\n    raise\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 4, in <module>\n"
    "    f()\n  File \"t.py\", line 2, in f\n"
    "    return 1 / 0\n           ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "def f():\n    try:\n        return 1 / 0\n"
    "    finally:\n        pass\n"
    "y = f() + 1\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 6, in <module>\n"
    "    y = f() + 1\n        ^^^\n"
    "  File \"t.py\", line 3, in f\n"
    "    return 1 / 0\n           ~~^~~\n"
    "ZeroDivisionError: division by zero\n" },
  { "def deep(n):\n    return deep(n + 1)\n"
    "deep(0)\n",
    "Traceback (most recent call last):\n"
    "  File \"t.py\", line 3, in <module>\n"
    "    deep(0)\n  File \"t.py\", line 2, in deep\n"
    "    return deep(n + 1)\n"
    "           ^^^^^^^^^^^\n"
    "  File \"t.py\", line 2, in deep\n"
    "    return deep(n + 1)\n"
    "           ^^^^^^^^^^^\n"
    "  File \"t.py\", line 2, in deep\n"
    "    return deep(n + 1)\n"
    "           ^^^^^^^^^^^\n"
    "  [Previous line repeated 996 more times]\n"
    "RecursionError: maximum recursion depth exceeded\n" },
};
/* END GOLDEN */

/* CPython 3.11's tracebacks: the frames, and the markers under the expression that raised */
static void
test_traceback_markers (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (traceback_cases); i++)
    {
      g_autofree char *err = NULL;
      g_autofree char *out = run (traceback_cases[i].source, 0, &err);

      if (g_strcmp0 (err, traceback_cases[i].formatted) != 0)
        g_error ("source:\n%s\nexpected:\n%s\ngot:\n%s", traceback_cases[i].source,
                 traceback_cases[i].formatted, err);
    }
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
  /* inspect has frames, not source files */
  check_error ("import inspect\ninspect.getsource(print)\n",
               "AttributeError: module 'inspect' has no attribute 'getsource' (not supported by "
               "Backstep, whose inspect has currentframe, getargvalues, ArgInfo, isclass, "
               "isfunction)\n");
  check_error ("from typing import NamedTuple\nclass P(NamedTuple):\n    x: int\n",
               "NotImplementedError: class P(typing.NamedTuple) is not supported by Backstep: "
               "use collections.namedtuple\n");
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

static void
test_gaps (void)
{
  /* bare raise: re-raises what the innermost handler handles, also in calls */
  check ("def f():\n    raise\ntry:\n    try:\n        1 / 0\n    except ZeroDivisionError:\n"
         "        try:\n            raise KeyError('x')\n        except KeyError:\n"
         "            pass\n        f()\nexcept ZeroDivisionError as e:\n    print(e)\n",
         "division by zero\n");
  check ("try:\n    raise\nexcept RuntimeError as e:\n    print(e)\n",
         "No active exception to reraise\n");
  check_error ("raise\n", "RuntimeError: No active exception to reraise\n");
  /* classmethod, Ellipsis and NotImplemented as objects */
  check ("class A:\n    @classmethod\n    def make(cls, v):\n        return cls.__name__, v\n"
         "class B(A):\n    pass\nprint(A.make(1), B().make(2))\n", "('A', 1) ('B', 2)\n");
  check ("print(..., Ellipsis is ..., NotImplemented, type(...).__name__)\n",
         "Ellipsis True NotImplemented ellipsis\n");
  /* self-containing containers compare without endless recursion */
  check ("a = []\na.append(a)\nb = []\nb.append(b)\nd = {'k': a}\ne = {'k': b}\n"
         "print(d == e, a == a)\n", "False True\n");
  check ("from collections import OrderedDict\nprint(OrderedDict([('a', 1)]), OrderedDict())\n",
         "OrderedDict([('a', 1)]) OrderedDict()\n");
}

static void
test_sets (void)
{
  check ("s = {3, 1, 2}\n"
         "print(s)\n"
         "print(set())\n"
         "t = set([1, 2, 2, 5])\n"
         "print(t, len(t))\n"
         "s.add(10); s.discard(99); s.remove(1)\n"
         "print(s)\n"
         "try:\n"
         "    s.remove(42)\n"
         "except KeyError as e:\n"
         "    print(\"KeyError\", e)\n"
         "print({x * x for x in range(5)})\n"
         "a = {1, 2, 3}; b = {2, 3, 4}\n"
         "print(a | b, a & b, a - b, a ^ b)\n"
         "print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))"
         "\n"
         "print({1, 2} <= a, a.issubset({1}), a.issuperset({1, 2}), 2 in a, 7 not in a)\n"
         "print(a == {3, 2, 1}, a != b)\n"
         "for x in a:\n"
         "    print(x)\n"
         "u = set(); u.update([5, 6], (7,)); print(u)\n"
         "print(u.pop(), u); u.clear(); print(u)\n"
         "f = frozenset([1, 2]); print(f, frozenset())\n"
         "print(sorted({\"b\", \"a\"}))\n"
         "print({100, 3, 64, 9, 1000})\n",
         "{1, 2, 3}\n"
         "set()\n"
         "{1, 2, 5} 3\n"
         "{10, 2, 3}\n"
         "KeyError 42\n"
         "{0, 1, 4, 9, 16}\n"
         "{1, 2, 3, 4} {2, 3} {1} {1, 4}\n"
         "{1, 2, 3, 4} {2, 3} {1} {1, 4}\n"
         "True False True True True\n"
         "True True\n"
         "1\n"
         "2\n"
         "3\n"
         "{5, 6, 7}\n"
         "5 {6, 7}\n"
         "set()\n"
         "frozenset({1, 2}) frozenset()\n"
         "['a', 'b']\n"
         "{64, 3, 100, 1000, 9}\n");
  check ("print({(1, 2), (3, 4), (0, 0)}, {1.5, 2.0, -3, 0.25})\n"
         "print(hash((1, 2)), hash(1.5), hash(-2.5), hash(0.1), hash(frozenset({1, 2})), h"
         "ash(10**18))\n"
         "s = set(range(20)); s -= {1, 3, 5, 7, 9, 11}; print(s)\n"
         "s.add(100); s.add(33); print(s, s.pop(), s.pop())\n"
         "t = {x % 7 for x in range(50, 0, -3)}; print(t)\n"
         "print(set(\"abcabc\") == {\"a\", \"b\", \"c\"}, {1, 2} < {1, 2, 3}, {1} > set(), {1, 2}."
         "isdisjoint([3]))\n"
         "a = {1, 2}; a |= {5}; a &= {1, 5, 9}; a ^= {7}; print(a)\n"
         "print(set({\"x\": 1, \"y\": 2}) == {\"x\", \"y\"}, len(set()), bool(set()), bool({0}))\n"
         "print({-1, -2, 7, 8, 15}, {True, 1, 1.0}, {2**40, 3})\n"
         "try:\n"
         "    {[1]}\n"
         "except TypeError as e:\n"
         "    print(e)\n"
         "try:\n"
         "    {1} | [2]\n"
         "except TypeError as e:\n"
         "    print(e)\n"
         "u = {5, 6, 7}; u.intersection_update([6, 7, 8]); u.difference_update({7}); print"
         "(u)\n"
         "print(sorted(set([3, 1, 2]), reverse=True), list({9, 8, 1}), max({4, 9, 2}), sum"
         "({1, 2, 3}))\n"
         "print(type({1}).__name__, isinstance({1}, set), type(set()) == set)\n",
         "{(1, 2), (3, 4), (0, 0)} {0.25, 1.5, 2.0, -3}\n"
         "-3550055125485641917 1152921504606846977 -1152921504606846978 230584300921369408"
         " -1826646154956904602 1000000000000000000\n"
         "{0, 2, 4, 6, 8, 10, 12, 13, 14, 15, 16, 17, 18, 19}\n"
         "{4, 6, 8, 10, 12, 13, 14, 15, 16, 17, 18, 19, 33, 100} 0 2\n"
         "{0, 1, 2, 3, 4, 5, 6}\n"
         "True True True True\n"
         "{1, 5, 7}\n"
         "True 0 False True\n"
         "{-1, 7, 8, -2, 15} {True} {1099511627776, 3}\n"
         "unhashable type: 'list'\n"
         "unsupported operand type(s) for |: 'set' and 'list'\n"
         "{6}\n"
         "[3, 2, 1] [8, 9, 1] 9 6\n"
         "set True True\n");
}

static void
test_lazy_iterators (void)
{
  check ("e = enumerate([1, 2])\n"
         "print(type(e).__name__)\n"
         "it = iter([1, 2, 3])\n"
         "print(next(it), next(it), next(it), next(it, \"done\"))\n"
         "try:\n"
         "    next(it)\n"
         "except StopIteration:\n"
         "    print(\"stop\")\n"
         "z = zip([1, 2], \"ab\")\n"
         "print(list(z), list(z))\n"
         "m = map(lambda x: x * 2, [1, 2, 3])\n"
         "print(next(m), list(m))\n"
         "print(list(filter(None, [0, 1, 2])), list(filter(lambda x: x > 1, [1, 2, 3])))\n"
         "print(list(reversed([1, 2, 3])), list(reversed(range(3))))\n"
         "r = iter(range(3)); print(next(r))\n"
         "g = (x * x for x in range(4))\n"
         "print(next(g), sum(g))\n"
         "print(sum(x for x in range(10)), any(x > 5 for x in range(10)), all(x < 5 for x "
         "in range(3)))\n"
         "print(tuple(x for x in \"ab\"), sorted(x for x in [3, 1]), min(x for x in [3, 1]),"
         " max(x for x in [3, 1]))\n"
         "print(\",\".join(str(x) for x in range(3)))\n"
         "d = {\"a\": 1, \"b\": 2}\n"
         "print(d.keys(), d.values(), d.items())\n"
         "print(len(d.keys()), \"a\" in d.keys(), 1 in d.values(), (\"a\", 1) in d.items(), li"
         "st(d.items()))\n"
         "for k, v in d.items():\n"
         "    print(k, v)\n"
         "print(list(map(lambda a, b: a + b, [1, 2], [3, 4])))\n"
         "print(list(enumerate(\"ab\", start=1)))\n"
         "ks = d.keys(); d[\"c\"] = 3; print(ks)\n"
         "print(str(enumerate([]))[:19])\n"
         "print(str(zip())[:13], str(map(abs, []))[:13], str(filter(None, []))[:16], str(r"
         "eversed([]))[:26])\n"
         "print(str(iter([]))[:22], str(iter(range(2)))[:23], str((x for x in []))[:27])\n",
         "enumerate\n"
         "1 2 3 done\n"
         "stop\n"
         "[(1, 'a'), (2, 'b')] []\n"
         "2 [4, 6]\n"
         "[1, 2] [2, 3]\n"
         "[3, 2, 1] [2, 1, 0]\n"
         "0\n"
         "0 14\n"
         "45 True True\n"
         "('a', 'b') [1, 3] 1 3\n"
         "0,1,2\n"
         "dict_keys(['a', 'b']) dict_values([1, 2]) dict_items([('a', 1), ('b', 2)])\n"
         "2 True True True [('a', 1), ('b', 2)]\n"
         "a 1\n"
         "b 2\n"
         "[4, 6]\n"
         "[(1, 'a'), (2, 'b')]\n"
         "dict_keys(['a', 'b', 'c'])\n"
         "<enumerate object a\n"
         "<zip object a <map object a <filter object a <list_reverseiterator obje\n"
         "<list_iterator object  <range_iterator object  <generator object <genexpr>\n");
}

static void
test_builtin_gaps (void)
{
  check ("class A:\n"
         "    x = 1\n"
         "    def f(self): return 2\n"
         "    y = 3\n"
         "class B(A):\n"
         "    pass\n"
         "print([k for k in vars(A) if not k.startswith(\"__\")])\n"
         "a = A(); a.q = 5; a.p = 6\n"
         "print(a.__dict__, vars(a))\n"
         "print(hasattr(a, \"q\"), hasattr(a, \"zz\"), getattr(a, \"zz\", 7), getattr(a, \"x\"))\n"
         "setattr(a, \"r\", 1); delattr(a, \"q\"); print(a.__dict__)\n"
         "print(isinstance(1, (str, int)), issubclass(B, A), issubclass(A, B), issubclass("
         "B, (int, A)))\n"
         "print(type(a).__name__, type(1).__name__, type(\"s\").__name__, type([]).__name__,"
         " B.__name__)\n"
         "print(callable(len), callable(A), callable(a), callable(a.f), callable(3))\n"
         "print(type(id(a)).__name__, hash(1), hash(True), hash(-1), hash(2**61), hash((1,"
         " 2)) == hash((1, 2)))\n"
         "print(divmod(7, 2), divmod(-7, 2), divmod(7.5, 2), pow(3, 4, 5), pow(2, -1, 7), "
         "pow(2, 10))\n"
         "print(round(2.5), round(3.5), round(0.125, 2), round(2.675, 2), round(1234, -2),"
         " round(1.5), round(-0.5), round(5.0, 1))\n"
         "print(sorted([3, 1, 2], reverse=True), sorted([\"bb\", \"a\", \"ccc\"], key=len), sort"
         "ed([(1, \"b\"), (1, \"a\")]))\n"
         "print(min([3, 1], key=lambda v: -v), max([], default=9), min(4, 2, 8), max(\"abc\""
         "), min([], default=None))\n"
         "print(any([]), all([]), chr(97), ord(\"a\"), chr(955))\n"
         "s = \"  Hello, World  \"\n"
         "print(s.strip(), s.lstrip(), s.rstrip(), \"a,b\".split(\",\"), \"a b  c\".split(), \"a-"
         "b-c\".split(\"-\", 1))\n"
         "print(\"ab\".replace(\"a\", \"x\"), \"abc\".startswith(\"ab\""
         "), \"abc\".endswith((\"c\", \"z\"))"
         ", \"{} {:.2f} {name}\".format(1, 2.0, name=\"n\"))\n"
         "print(\"Ab\".upper(), \"Ab\".lower(), repr(\"ab\".ljust(5)),"
         " repr(\"ab\".rjust(5, \"*\")),"
         " repr(\"ab\".center(6, \"-\")), \"42\".zfill(5), \"-42\".zfill(5))\n"
         "print(\"banana\".count(\"a\"), \"banana\".find(\"n\"), \"ban"
         "ana\".find(\"z\"), \"123\".isdigit"
         "(), \"12a\".isdigit(), \"a\".join([\"x\", \"y\"]))\n"
         "print(\"banana\".rfind(\"a\"), \"banana\".index(\"n\"), \"Hi"
         " There\".title(), \"hi\".capital"
         "ize(), \"abc\".isalpha())\n"
         "l = [3, 1, 2]\n"
         "l.sort(); print(l); l.sort(reverse=True); print(l); l.sort(key=lambda v: (v % 2,"
         " v)); print(l)\n"
         "l.insert(0, 9); l.insert(-1, 8); l.insert(100, 7); print(l, l.index(8), l.count("
         "9))\n"
         "l.extend((4, 5)); print(l.pop(), l.pop(0), l); l.remove(8); l.reverse(); print(l"
         ")\n"
         "c = l.copy(); l.clear(); print(c, l)\n"
         "try:\n"
         "    [1].remove(3)\n"
         "except ValueError as e:\n"
         "    print(e)\n"
         "try:\n"
         "    [1].index(3)\n"
         "except ValueError as e:\n"
         "    print(e)\n"
         "print(abs(-2), int(\"12\"), float(\"1.5\"), str(1.0), bool([]), list(\"ab\"), dict(a=1"
         "), dict([(\"b\", 2)]))\n"
         "print(sum([0.1] * 3), sum([[1], [2]], []), max(1, 2.5), min((1, 2)))\n"
         "print(isinstance(True, int), type(True).__name__, repr(None), type(None).__name_"
         "_)\n",
         "['x', 'f', 'y']\n"
         "{'q': 5, 'p': 6} {'q': 5, 'p': 6}\n"
         "True False 7 1\n"
         "{'p': 6, 'r': 1}\n"
         "True True False True\n"
         "A int str list B\n"
         "True True False True False\n"
         "int 1 1 -2 1 True\n"
         "(3, 1) (-4, 1) (3.0, 1.5) 1 4 1024\n"
         "2 4 0.12 2.67 1200 2 0 5.0\n"
         "[3, 2, 1] ['a', 'bb', 'ccc'] [(1, 'a'), (1, 'b')]\n"
         "3 9 2 c None\n"
         "False True a 97 λ\n"
         "Hello, World Hello, World     Hello, World ['a', 'b'] ['a', 'b', 'c'] ['a', 'b-c"
         "']\n"
         "xb True True 1 2.00 n\n"
         "AB ab 'ab   ' '***ab' '--ab--' 00042 -0042\n"
         "3 2 -1 True False xay\n"
         "5 2 Hi There Hi True\n"
         "[1, 2, 3]\n"
         "[3, 2, 1]\n"
         "[2, 1, 3]\n"
         "[9, 2, 1, 8, 3, 7] 3 1\n"
         "5 9 [2, 1, 8, 3, 7, 4]\n"
         "[4, 7, 3, 1, 2]\n"
         "[4, 7, 3, 1, 2] []\n"
         "list.remove(x): x not in list\n"
         "3 is not in list\n"
         "2 12 1.5 1.0 False ['a', 'b'] {'a': 1} {'b': 2}\n"
         "0.30000000000000004 [1, 2] 2.5 1\n"
         "True bool None NoneType\n");
}

static void
test_optimizer_repr (void)
{
  check ("import torch\n"
         "w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))\n"
         "o = torch.optim.SGD([w], lr=0.1)\n"
         "print(o)\n"
         "print(torch.optim.SGD([w], lr=0.01, momentum=0.9, nesterov=True, weight_decay=1e"
         "-4))\n"
         "a = torch.optim.Adam([w], lr=1e-3)\n"
         "print(a)\n"
         "print(o.param_groups[0])\n"
         "print(a.param_groups[0]['betas'], len(a.param_groups))\n",
         "SGD (\n"
         "Parameter Group 0\n"
         "    dampening: 0\n"
         "    differentiable: False\n"
         "    foreach: None\n"
         "    lr: 0.1\n"
         "    maximize: False\n"
         "    momentum: 0\n"
         "    nesterov: False\n"
         "    weight_decay: 0\n"
         ")\n"
         "SGD (\n"
         "Parameter Group 0\n"
         "    dampening: 0\n"
         "    differentiable: False\n"
         "    foreach: None\n"
         "    lr: 0.01\n"
         "    maximize: False\n"
         "    momentum: 0.9\n"
         "    nesterov: True\n"
         "    weight_decay: 0.0001\n"
         ")\n"
         "Adam (\n"
         "Parameter Group 0\n"
         "    amsgrad: False\n"
         "    betas: (0.9, 0.999)\n"
         "    capturable: False\n"
         "    differentiable: False\n"
         "    eps: 1e-08\n"
         "    foreach: None\n"
         "    fused: False\n"
         "    lr: 0.001\n"
         "    maximize: False\n"
         "    weight_decay: 0\n"
         ")\n"
         "{'params': [Parameter containing:\n"
         "tensor([1., 2.], requires_grad=True)], 'lr': 0.1, 'momentum': 0, 'dampening': 0,"
         " 'weight_decay': 0, 'nesterov': False, 'maximize': False, 'foreach': None, 'diff"
         "erentiable': False}\n"
         "(0.9, 0.999) 1\n");
}

static void
test_limit_messages (void)
{
  g_autofree char *err = NULL;
  g_autofree char *out = run ("x = 0\nwhile True:\n    x += 1\n", 1000, &err);

  g_assert_cmpstr (err, ==, "stopped at t.py:2 after 1,000 steps (the step budget)\n");
}

static void
test_memory_cap (void)
{
  BsInterpOptions options = { .max_tensor_bytes = 1 << 20,
                              .max_tensor_bytes_option = "--max-memory" };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;

  /* a catchable RuntimeError, as PyTorch raises when an allocation fails */
  out = run_with ("import torch\n"
                  "keep = torch.zeros(65536)\n"
                  "try:\n"
                  "    x = torch.zeros(1000, 1000)\n"
                  "except RuntimeError as e:\n"
                  "    print(e)\n"
                  "print(torch.ones(2).sum().item())\n", options, &err);
  g_assert_cmpstr (err, ==, "");
  g_assert_cmpstr (out, ==, "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: "
                   "can't allocate memory: you tried to allocate 3.8 MiB. (Backstep's "
                   "memory budget is 1.0 MiB, of which 257.1 KiB is in use; raise it with "
                   "--max-memory)\n2.0\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* uncaught: a traceback */
  out = run_with ("import torch\n"
                  "def grow():\n"
                  "    return torch.ones(1000, 1000)\n"
                  "x = grow()\n", options, &err);
  g_assert_true (g_str_has_prefix (err, "Traceback (most recent call last):\n"
                                   "  File \"t.py\", line 4, in <module>\n"
                                   "    x = grow()\n"));
  /* what is in use counts the script's objects too: a few KiB here */
  g_assert_nonnull (strstr (err, "RuntimeError: [enforce fail at alloc_cpu.cpp:75] err == "
                            "0. DefaultCPUAllocator: can't allocate memory: you tried to "
                            "allocate 3.8 MiB. (Backstep's memory budget is 1.0 MiB, of which "));
  g_assert_true (g_str_has_suffix (err, " KiB is in use; raise it with --max-memory)\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* one op's work is bounded by the cap too */
  out = run_with ("import torch\n"
                  "try:\n"
                  "    torch.ones(1).expand(2 ** 40).sum()\n"
                  "except RuntimeError as e:\n"
                  "    print('refused:', e)\n", options, &err);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_str_has_prefix (out, "refused: sum() would read 1099511627776 elements"));
  g_assert_true (g_str_has_suffix (out, "(Backstep's memory budget is 1.0 MiB; raise it "
                                   "with --max-memory)\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* where no option raises the cap (the window), the error names none */
  options.max_tensor_bytes_option = NULL;
  out = run_with ("import torch\n"
                  "try:\n"
                  "    x = torch.zeros(1000, 1000)\n"
                  "except RuntimeError as e:\n"
                  "    print(e)\n", options, &err);
  g_assert_cmpstr (err, ==, "");
  g_assert_nonnull (strstr (out, "you tried to allocate 3.8 MiB. (Backstep's "
                            "memory budget is 1.0 MiB, of which "));
  g_assert_true (g_str_has_suffix (out, " bytes is in use)\n"));
}

/* One budget for everything a script grows: lists, dicts, strings and the autograd graph
 * raise a catchable MemoryError at the statement that went over; a script that keeps
 * growing after catching it is stopped. */
static void
test_memory_budget (void)
{
  BsInterpOptions options = { .max_tensor_bytes = 4 << 20,
                              .max_tensor_bytes_option = "--max-memory" };
  static const char *const growers[] = {
    "xs = []\nwhile True:\n    xs.append([i for i in range(3)])\n",
    "d = {}\ni = 0\nwhile True:\n    d[i] = str(i)\n    i += 1\n",
    "xs = list(range(10 ** 9))\n",
    "import torch\nx = torch.ones(1, requires_grad=True)\ny = x\nwhile True:\n"
    "    y = y * 1.0\n",
  };
  static const int lines[] = { 3, 4, 1, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (growers); i++)
    {
      g_autofree char *err = NULL;
      g_autofree char *out = run_with (growers[i], options, &err);
      g_autofree char *where = g_strdup_printf ("File \"t.py\", line %d, in <module>",
                                                lines[i]);

      g_assert_cmpstr (out, ==, "");
      g_assert_nonnull (strstr (err, where));
      g_assert_true (g_str_has_suffix (err, "MemoryError: the script's objects, tensors, "
                                       "autograd graph and trace went over Backstep's memory "
                                       "budget of 4.0 MiB; raise it with --max-memory\n"));
    }

  /* caught, the memory let go, the script goes on */
  {
    g_autofree char *err = NULL;
    g_autofree char *out = run_with ("xs = []\n"
                                     "try:\n"
                                     "    while True:\n"
                                     "        xs.append('ab' * 20)\n"
                                     "except MemoryError as e:\n"
                                     "    xs = None\n"
                                     "    print(type(e).__name__)\n"
                                     "ys = [0] * 1000\n"
                                     "print(len(ys))\n", options, &err);

    g_assert_cmpstr (err, ==, "");
    g_assert_cmpstr (out, ==, "MemoryError\n1000\n");
  }

  /* caught and ignored while growing on: stopped */
  {
    g_autofree char *err = NULL;
    g_autofree char *out = run_with ("xs = []\n"
                                     "while True:\n"
                                     "    try:\n"
                                     "        xs.append([0])\n"
                                     "    except MemoryError:\n"
                                     "        pass\n", options, &err);

    g_assert_cmpstr (out, ==, "");
    g_assert_true (g_str_has_prefix (err, "stopped at t.py:"));
    g_assert_true (g_str_has_suffix (err, " (the memory budget of 4.0 MiB; raise it with "
                                     "--max-memory)\n"));
  }
}

/* Records the scope events as text, "+module fc1 (Linear) @9:13-9:34" ... "-", and prints
 * as "print x", checking that scopes nest. */
typedef struct {
  GString *log;
  int      depth;
  int      max_depth;
} ScopeLog;

static void
scope_log_begin (gpointer            user_data,
                 BsInterpScopeKind   kind,
                 const char         *label,
                 const BsSourceSpan *span)
{
  ScopeLog *log = user_data;

  g_string_append_printf (log->log, "%*s+%s %s @%d:%d-%d:%d\n", 2 * log->depth, "",
                          kind == BS_INTERP_SCOPE_MODULE_CALL ? "module" : "loop", label,
                          span->line, span->col, span->end_line, span->end_col);
  log->depth++;
  log->max_depth = MAX (log->max_depth, log->depth);
}

static void
scope_log_end (gpointer user_data)
{
  ScopeLog *log = user_data;

  g_assert_cmpint (log->depth, >, 0);
  log->depth--;
  g_string_append_printf (log->log, "%*s-\n", 2 * log->depth, "");
}

static void
scope_log_print (gpointer    user_data,
                 const char *text)
{
  ScopeLog *log = user_data;

  gsize len = strcspn (text, "\n");

  if (len > 0)
    g_string_append_printf (log->log, "%*sprint %.*s\n", 2 * log->depth, "", (int) len, text);
}

static const BsInterpSink scope_log_sink = {
  .print = scope_log_print,
  .scope_begin = scope_log_begin,
  .scope_end = scope_log_end,
};

/* The scope events of running source (which must run without error unless err is given),
 * after checking that every scope ended. */
static char *
run_scopes (const char  *source,
            guint64      max_steps,
            char       **err)
{
  GString *out = g_string_new (NULL);
  ScopeLog log = { g_string_new (NULL), 0, 0 };
  BsInterpOptions options = { 0 };
  g_autoptr (BsInterp) in = NULL;
  g_autoptr (GError) error = NULL;

  options.write_stdout = append;
  options.write_stderr = append;
  options.output_data = out;
  options.max_steps = max_steps;
  options.interp_sink = &scope_log_sink;
  options.sink_data = &log;
  in = bs_interp_new (&options);
  if (!bs_interp_run (in, source, -1, "t.py", &error))
    {
      g_autofree char *text = bs_interp_format_error (in, error);

      if (err == NULL)
        g_error ("%s", text);
      *err = g_steal_pointer (&text);
    }
  else if (err != NULL)
    *err = g_strdup ("");
  g_assert_cmpint (log.depth, ==, 0);
  g_string_free (out, TRUE);
  return g_string_free (log.log, FALSE);
}

static void
test_scopes_dynamic_net (void)
{
  /* seed 001: a loop in forward() reuses the middle layer */
  g_autofree char *log = run_scopes (
    "import torch\n"
    "class DynamicNet(torch.nn.Module):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.input_linear = torch.nn.Linear(2, 3)\n"
    "        self.middle_linear = torch.nn.Linear(3, 3)\n"
    "        self.output_linear = torch.nn.Linear(3, 1)\n"
    "    def forward(self, x):\n"
    "        h_relu = self.input_linear(x).clamp(min=0)\n"
    "        for _ in range(2):\n"
    "            h_relu = self.middle_linear(h_relu).clamp(min=0)\n"
    "        return self.output_linear(h_relu)\n"
    "model = DynamicNet()\n"
    "for t in range(1):\n"
    "    y = model(torch.ones(2))\n"
    "    print(t)\n"
    "params = list(model.parameters())\n",
    0, NULL);

  g_assert_cmpstr (log, ==,
    "+loop for t = 0 @14:1-16:13\n"
    "  +module model (DynamicNet) @15:9-15:29\n"
    "    +module input_linear (Linear) @9:18-9:38\n"
    "    -\n"
    "    +loop for _ in range(2) (iteration 1) @10:9-11:61\n"
    "      +module middle_linear (Linear) @11:22-11:48\n"
    "      -\n"
    "    -\n"
    "    +loop for _ in range(2) (iteration 2) @10:9-11:61\n"
    "      +module middle_linear (Linear) @11:22-11:48\n"
    "      -\n"
    "    -\n"
    "    +module output_linear (Linear) @12:16-12:42\n"
    "    -\n"
    "  -\n"
    "  print 0\n"
    "-\n");
}

static void
test_scopes_sequential (void)
{
  /* modules that the prelude calls are named by their class; the prelude's own loops are
   * not scopes */
  g_autofree char *log = run_scopes (
    "import torch.nn as nn\n"
    "import torch\n"
    "net = nn.Sequential(nn.Linear(2, 2), nn.ReLU())\n"
    "out = net(torch.ones(1, 2))\n"
    "layers = [nn.Tanh()]\n"
    "out = layers[0](out)\n",
    0, NULL);

  g_assert_cmpstr (log, ==,
    "+module net (Sequential) @4:7-4:28\n"
    "  +module Linear @4:7-4:28\n"
    "  -\n"
    "  +module ReLU @4:7-4:28\n"
    "  -\n"
    "-\n"
    "+module Tanh @6:7-6:21\n"
    "-\n");
}

static void
test_scopes_unwinding (void)
{
  g_autofree char *err = NULL;
  g_autofree char *log = NULL;

  /* break, continue and return leave their iteration */
  g_clear_pointer (&log, g_free);
  log = run_scopes ("def f():\n"
                    "    while True:\n"
                    "        for i in [10, 20]:\n"
                    "            if i == 20:\n"
                    "                return i\n"
                    "            continue\n"
                    "for x, y in zip('ab', 'cd'):\n"
                    "    if x == 'b':\n"
                    "        break\n"
                    "f()\n",
                    0, NULL);
  g_assert_cmpstr (log, ==,
    "+loop for x, y in zip('ab', 'cd') (iteration 1) @7:1-9:14\n"
    "-\n"
    "+loop for x, y in zip('ab', 'cd') (iteration 2) @7:1-9:14\n"
    "-\n"
    "+loop while True (iteration 1) @2:5-6:21\n"
    "  +loop for i = 10 @3:9-6:21\n"
    "  -\n"
    "  +loop for i = 20 @3:9-6:21\n"
    "  -\n"
    "-\n");

  /* an exception unwinds through a module call and two iterations, then is caught */
  g_clear_pointer (&log, g_free);
  log = run_scopes ("import torch\n"
                    "class Bad(torch.nn.Module):\n"
                    "    def forward(self, x):\n"
                    "        for k in range(3):\n"
                    "            if k == 1:\n"
                    "                raise ValueError('bad')\n"
                    "bad = Bad()\n"
                    "try:\n"
                    "    for i in range(2):\n"
                    "        bad(i)\n"
                    "except ValueError as e:\n"
                    "    print(e)\n",
                    0, NULL);
  g_assert_cmpstr (log, ==,
    "+loop for i = 0 @9:5-10:15\n"
    "  +module bad (Bad) @10:9-10:15\n"
    "    +loop for k = 0 @4:9-6:40\n"
    "    -\n"
    "    +loop for k = 1 @4:9-6:40\n"
    "    -\n"
    "  -\n"
    "-\n"
    "print bad\n");

  /* uncaught, and stopped by the step budget: every scope still ends */
  g_clear_pointer (&log, g_free);
  log = run_scopes ("import torch\n"
                    "m = torch.nn.Linear(1, 1)\n"
                    "for i in range(3):\n"
                    "    m(torch.ones(2))\n",
                    0, &err);
  g_assert_true (g_str_has_suffix (err, "(1x2 and 1x1)\n"));
  g_assert_cmpstr (log, ==,
    "+loop for i = 0 @3:1-4:21\n"
    "  +module m (Linear) @4:5-4:21\n"
    "  -\n"
    "-\n");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&log, g_free);
  log = run_scopes ("import torch\n"
                    "m = torch.nn.Linear(1, 1)\n"
                    "while True:\n"
                    "    for i in range(3):\n"
                    "        m(torch.ones(1))\n",
                    60, &err);
  g_assert_nonnull (strstr (err, "(the step budget)"));
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
  g_test_add_func ("/interp/traceback-markers", test_traceback_markers);
  g_test_add_func ("/interp/limits", test_limits);
  g_test_add_func ("/interp/sandbox", test_sandbox);
  g_test_add_func ("/interp/torch", test_torch);
  g_test_add_func ("/interp/gaps", test_gaps);
  g_test_add_func ("/interp/sets", test_sets);
  g_test_add_func ("/interp/lazy-iterators", test_lazy_iterators);
  g_test_add_func ("/interp/builtin-gaps", test_builtin_gaps);
  g_test_add_func ("/interp/optimizer-repr", test_optimizer_repr);
  g_test_add_func ("/interp/limit-messages", test_limit_messages);
  g_test_add_func ("/interp/memory-cap", test_memory_cap);
  g_test_add_func ("/interp/memory-budget", test_memory_budget);
  g_test_add_func ("/interp/scopes/dynamic-net", test_scopes_dynamic_net);
  g_test_add_func ("/interp/scopes/sequential", test_scopes_sequential);
  g_test_add_func ("/interp/scopes/unwinding", test_scopes_unwinding);
  return g_test_run ();
}
