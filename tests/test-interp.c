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
  g_test_add_func ("/interp/gaps", test_gaps);
  g_test_add_func ("/interp/sets", test_sets);
  g_test_add_func ("/interp/lazy-iterators", test_lazy_iterators);
  g_test_add_func ("/interp/builtin-gaps", test_builtin_gaps);
  g_test_add_func ("/interp/optimizer-repr", test_optimizer_repr);
  g_test_add_func ("/interp/limit-messages", test_limit_messages);
  return g_test_run ();
}
