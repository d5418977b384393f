#!/usr/bin/python3
"""Golden strings for tests/test-np-format.c, printed by numpy 1.24.

Each array case lists its dtype, shape and elements (exact: hex floats, ints), the print
options set around it, and records repr(a) and str(a); each scalar case records
repr(np.float32(x)) etc. Regenerate with

    /usr/bin/python3 tests/golden/np_format.py > tests/golden/np-format.inc
"""

import math
import random

import numpy as np

nan = float("nan")
inf = float("inf")
DTYPES = {"float64": np.float64, "float32": np.float32, "int64": np.int64, "bool": np.bool_}
C_DTYPES = {"float64": "BS_DTYPE_FLOAT64", "float32": "BS_DTYPE_FLOAT32",
            "int64": "BS_DTYPE_INT64", "bool": "BS_DTYPE_BOOL"}
FLOATMODES = {"fixed": "BS_NP_FLOATMODE_FIXED", "unique": "BS_NP_FLOATMODE_UNIQUE",
              "maxprec": "BS_NP_FLOATMODE_MAXPREC",
              "maxprec_equal": "BS_NP_FLOATMODE_MAXPREC_EQUAL"}

CASES = []
SCALARS = []


def case(values, dtype="float64", shape=None, transpose=False, **opts):
    pattern = None
    if isinstance(values, tuple):
        # a long array as its pattern: element i is ((i % mod) * mul) / div + add
        pattern, n = values[:4], values[4]
        mod, mul, div, add = pattern
        values = [((i % mod) * mul) / div + add for i in range(n)]
    a = np.array(values, dtype=DTYPES[dtype])
    if shape is not None:
        a = a.reshape(shape)
    CASES.append((a, pattern, transpose, opts))


def pattern(n, mul=1, div=1, add=0, mod=2 ** 62):
    return (mod, mul, div, add, n)


def c_string(s):
    out = []
    for ch in s:
        if ch == "\\" or ch == '"':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or ord(ch) > 0x7e:
            out.extend("\\%03o" % b for b in ch.encode("utf-8"))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def c_double(x):
    x = float(x)
    if math.isnan(x):
        return "NAN"
    if math.isinf(x):
        return "INFINITY" if x > 0 else "-INFINITY"
    return x.hex()


def c_threshold(t):
    if isinstance(t, float):
        return "-1, %s, TRUE" % c_double(t)
    return "%d, 0, FALSE" % t


def emit_case(i, a, pattern, transpose, opts):
    lines = []
    flat = a.reshape(-1)
    if pattern is not None:
        lines.append("static const double np_pattern_%d[] = { %s };"
                     % (i, ", ".join(c_double(v) for v in pattern)))
        values = "np_pattern_%d, NULL" % i
    elif a.dtype == np.int64:
        body = ", ".join("G_GINT64_CONSTANT (%d)" % int(v) for v in flat) or "0"
        lines.append("static const gint64 np_ints_%d[] = { %s };" % (i, body))
        values = "NULL, np_ints_%d" % i
    else:
        body = ", ".join(c_double(v) for v in flat) or "0"
        lines.append("static const double np_values_%d[] = { %s };" % (i, body))
        values = "np_values_%d, NULL" % i
    shown = a.T if transpose else a
    with np.printoptions(**opts):
        expected_repr = repr(shown)
        expected_str = str(shown)
    full = dict(np.get_printoptions())
    full.update(opts)
    shape = ", ".join(str(s) for s in a.shape) or "0"
    lines.append(
        "  { %s, %d, { %s }, %s, %s, %s,\n"
        "    { %d, %s, %d, %d, %s, '%s', %s, %s, %s },\n"
        "    %s,\n    %s },"
        % (C_DTYPES[str(a.dtype)], a.ndim, shape, values, "TRUE" if pattern else "FALSE",
           "TRUE" if transpose else "FALSE",
           full["precision"], c_threshold(full["threshold"]), full["edgeitems"],
           full["linewidth"], "TRUE" if full["suppress"] else "FALSE", full["sign"],
           FLOATMODES[full["floatmode"]], c_string(full["nanstr"]), c_string(full["infstr"]),
           c_string(expected_repr), c_string(expected_str)))
    return lines


def add_cases():
    # the dtypes, 0-d to 3-d, empty
    case([1.0, 2.0, 3.0, 4.0], shape=(2, 2))
    case([1, 2, 3], "int64")
    case([], "float64")
    case([], "int64")
    case([], "bool")
    case([], "float32")
    case(np.zeros(0), shape=(2, 0))
    case(np.zeros(0), "float32", shape=(0, 3))
    case([1.0, 2.0], "float32")
    case([True, False])
    case([True, False, True, True], "bool", shape=(2, 2))
    case(True, "bool")
    case(False, "bool")
    case(3.5)
    case(1.0)
    case(1e-5)
    case(0.1, "float32")
    case(-0.0)
    case(7, "int64")
    case(-123456789012, "int64")
    case(list(range(24)), "float64", shape=(2, 3, 4))
    case(list(range(24)), "int64", shape=(2, 3, 4))
    case([x / 7 for x in range(24)], "float32", shape=(2, 3, 4))
    case([x * 1.5 for x in range(16)], "float64", shape=(2, 2, 2, 2))
    case(list(range(6)), "float64", shape=(2, 3), transpose=True)
    case(list(range(24)), "int64", shape=(2, 3, 4), transpose=True)
    # float layouts
    case([1 / 3, 2 / 3, 1.0])
    case([1 / 3, 2 / 3, 1.0], "float32")
    case([0.5, 1.25, 100.0])
    case([0.1, 0.2, 0.3])
    case([0.1 + 0.2, 1.0])
    case([1e16, 1.0])
    case([1e8, 1.0])
    case([99999999.0, 1.0])
    case([1e-4, 1.0])
    case([1e-5, 1.0])
    case([0.001, 1.0])
    case([0.001, 1.5])
    case([0.001, 1.0001])
    case([1e-4, 1.0], "float32")
    case([1.0, 1000.0001], "float32")
    case([0.001, 1.0000001], "float32")
    case([1e-300, 1e300])
    case([5e-324, 1.0])
    case([1.7976931348623157e308, -1.0])
    case([-1.5, 2.25, -3.125])
    case([-0.0, 1.5])
    case([-0.0, 0.0])
    case([0.0, 0.0, 0.0])
    case([123456789.0, 0.5])
    case([1e-10, 1e-12, -3e-11])
    case([12345.678, 0.001])
    case([1.5e-5, 2.5e-5], "float32")
    case([3.4028234663852886e38, 1.0], "float32")
    case([1.401298464324817e-45, 1.0], "float32")
    case([92836128.0, 75418896.0], "float32")
    case([2.0 ** 60, 3.0 * 2 ** 55], suppress=True)
    case([0.125, 0.375], precision=2)
    case([0.125, 0.375, 2.5, 3.5], precision=0)
    case([0.0004, 0.0006, 1.0], precision=3, suppress=True)
    case([-0.0004, 1.0], precision=3, suppress=True)
    # nan and inf
    case([nan, 1.0, -inf])
    case([nan, inf])
    case([nan])
    case([inf, -inf])
    case(nan)
    case(-inf)
    case([nan, 1.5], nanstr="NotANumberXYZ")
    case([nan, 1e-10, 1.0], nanstr="NotANumberXYZ")
    case([inf, 2.0], infstr="Infinity")
    case([inf, -2.0, nan], sign="+")
    case([nan, 1.0, 2.0], sign=" ")
    case([nan, 1e20], "float32")
    case([nan, -inf, 1.5], floatmode="fixed", precision=3)
    # print options
    case([1.123456789, 2.0], precision=4)
    case([1 / 3, 1e-6], precision=3)
    case([1 / 3, 1e-6], precision=3, suppress=True)
    case([1e-6, 4e-7, 2.0, 3.0], precision=6, suppress=True)
    case([1e-16, 1.0, 2.0, 3.0], precision=2, suppress=True)
    case([1e16, 1.0], suppress=True)
    case([1e20, 3.0], suppress=True)
    case([1.5, -2.0], sign="+")
    case([1.5, 2.0], sign=" ")
    case([1.5, -2.0], sign=" ")
    case(1.5, sign=" ")
    case(1.5, sign="+")
    case([1e-9, 1.0], sign="+")
    for mode in ("fixed", "unique", "maxprec", "maxprec_equal"):
        case([0.1, 0.25, 1 / 3], floatmode=mode)
        case([0.1, 0.25, 1 / 3], floatmode=mode, precision=3)
        case([0.1, 0.25, 1.0], floatmode=mode, precision=4)
        case([0.1, 0.12345678], "float32", floatmode=mode, precision=10)
        case([1e-5, 0.25, 1 / 3], floatmode=mode, precision=3)
        case([1e10, 2.5], floatmode=mode)
        case([1.0, 2.0], floatmode=mode)
    case([0.1, 0.2], floatmode="fixed", precision=25)
    case([0.1], "float32", floatmode="fixed", precision=20)
    # summarisation and line wrapping
    case(pattern(2000), "float64")
    case(pattern(2000), "int64")
    case(pattern(1001), "int64")
    case(pattern(1000), "int64")
    case(pattern(1500, mod=2, mul=-1, add=1), "bool")
    case(pattern(3000, mul=0.001), shape=(30, 100))
    case(pattern(3000), "int64", shape=(10, 10, 30))
    case(list(range(10)), "int64", threshold=5)
    case(list(range(10)), "int64", threshold=3, edgeitems=0)
    case(list(range(10)), "int64", threshold=3, edgeitems=1)
    case(list(range(10)), "int64", threshold=3, edgeitems=5)
    case(pattern(2000), "int64", threshold=inf)
    case(list(range(40)), "int64", shape=(8, 5), threshold=10, edgeitems=2)
    case([i / 29 for i in range(30)])
    case([i / 29 for i in range(30)], "float32")
    case([i / 29 for i in range(30)], "float32", linewidth=40)
    case(pattern(100), "int64")
    case(pattern(100), "int64", linewidth=20)
    case(pattern(100), "int64", linewidth=1)
    case([True] * 40, "bool")
    case(pattern(60, mul=1e-3), shape=(3, 20))
    case([1.5] * 24, "float32", shape=(2, 12))
    case([1.5] * 20, "float32")
    case([1.5] * 21, "float32")
    case(list(range(16)), "float32", linewidth=30)
    case(list(range(16)), "float32", linewidth=43)
    case([nan] * 30, nanstr="\u00e9\u00e9")
    # random values: the digits themselves
    rng = random.Random(1234)
    for k in range(120):
        n = rng.randint(1, 7)
        dtype = rng.choice(["float64", "float32"])
        lo, hi = sorted(rng.uniform(-12, 12) for _ in range(2))
        values = [rng.choice([-1, 1]) * 10 ** rng.uniform(lo, hi) for _ in range(n)]
        if rng.random() < 0.2:
            values = [round(v, rng.randint(0, 4)) for v in values]
        opts = {}
        if rng.random() < 0.5:
            opts["precision"] = rng.randint(0, 10)
        if rng.random() < 0.3:
            opts["suppress"] = True
        if rng.random() < 0.4:
            opts["floatmode"] = rng.choice(list(FLOATMODES))
        case(values, dtype, **opts)
    for k in range(60):
        dims = [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]
        n = math.prod(dims)
        dtype = rng.choice(["float64", "float32", "int64", "bool"])
        scale = 10 ** rng.uniform(-6, 9)
        values = [rng.gauss(0, 1) * scale for _ in range(n)]
        if dtype == "int64":
            values = [int(v) for v in values]
        elif dtype == "bool":
            values = [v > 0 for v in values]
        elif rng.random() < 0.2:
            values[rng.randrange(n)] = rng.choice([nan, inf, -inf])
        opts = {}
        if rng.random() < 0.5:
            opts["linewidth"] = rng.randint(5, 90)
        if rng.random() < 0.3:
            opts["threshold"] = rng.randint(0, 20)
            opts["edgeitems"] = rng.randint(0, 3)
        if rng.random() < 0.2:
            opts["sign"] = rng.choice(["+", " "])
        if rng.random() < 0.2:
            opts["precision"] = rng.randint(0, 6)
        case(values, dtype, shape=dims, transpose=rng.random() < 0.2, **opts)


def add_scalars():
    SCALARS.extend([
        ("float64", 1.5), ("float64", 0.1), ("float64", 1e16), ("float64", 1e-5),
        ("float64", 1e-4), ("float64", 9.999e-5), ("float64", -0.0), ("float64", 0.0),
        ("float64", nan), ("float64", inf), ("float64", -inf), ("float64", 1 / 3),
        ("float64", 123456789012345678.0), ("float64", 5e-324), ("float64", 1.0),
        ("float32", 0.1), ("float32", 1e16), ("float32", 1e-4), ("float32", 9.9e-5),
        ("float32", 9.999999e15), ("float32", 3.4028234663852886e38), ("float32", 1 / 3),
        ("float32", -0.0), ("float32", nan), ("float32", 16777217.0), ("float32", 1.0),
        ("int64", 3), ("int64", -9223372036854775808), ("int64", 9223372036854775807),
        ("bool", True), ("bool", False),
    ])
    rng = random.Random(99)
    for k in range(1500):
        dtype = "float32" if k % 2 else "float64"
        x = rng.choice([-1, 1]) * 10 ** rng.uniform(-40 if k % 2 else -300, 38 if k % 2 else 300)
        if k % 7 == 0:
            x = rng.randint(-10 ** 6, 10 ** 6) / 2 ** rng.randint(0, 20)
        SCALARS.append((dtype, float(DTYPES[dtype](x))))


def main():
    add_cases()
    add_scalars()
    print("/* Generated by tests/golden/np_format.py with numpy %s; do not edit. */"
          % np.__version__)
    print()
    rows = []
    for i, (a, pattern, transpose, opts) in enumerate(CASES):
        lines = emit_case(i, a, pattern, transpose, opts)
        print(lines[0])
        rows.append(lines[1])
    print()
    print("static const ArrayCase array_cases[] = {")
    for row in rows:
        print(row)
    print("};")
    print()
    print("static const ScalarCase scalar_cases[] = {")
    for dtype, x in SCALARS:
        s = DTYPES[dtype](x)
        if dtype == "int64":
            value = "0, G_GINT64_CONSTANT (%d)" % int(x) if x > -2 ** 63 else \
                "0, G_MININT64"
        else:
            value = "%s, 0" % c_double(x)
        print("  { %s, %s, %s }," % (C_DTYPES[dtype], value, c_string(repr(s))))
    print("};")


if __name__ == "__main__":
    main()
