#!/usr/bin/python3
"""numpy's exp, log, tanh, sin, cos, expm1, log1p and power bit for bit: the same script under
/usr/bin/python3 (numpy 1.24, whose loops depend on the processor: SVML on AVX-512, numpy's
own code on AVX512F and on AVX2, the C library elsewhere) and under Backstep ($BACKSTEP), each
printing every result with repr (a double's shortest repr names its bits; float32 results are
printed as the doubles they equal), once for each set of loops numpy has on x86, chosen for
both by NPY_DISABLE_CPU_FEATURES. Arguments: random ones of every range the algorithms split
on, subnormals, infinities, NaN, huge ones and random bit patterns, in contiguous arrays,
strided views, transposed matrices and numpy scalars. Then numpy's error and warnings for
names NPY_DISABLE_CPU_FEATURES cannot take. Output is TAP.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

BACKSTEP = os.environ.get("BACKSTEP")
FUNCS = ["exp", "log", "tanh", "sin", "cos", "expm1", "log1p"]


def literal(v):
    if np.isnan(v):
        return "np.nan"
    if np.isinf(v):
        return "np.inf" if v > 0 else "-np.inf"
    return repr(float(v))


def arguments(dtype, rng):
    """The arguments of one dtype, as values of that dtype"""
    bits = np.uint64 if dtype == np.float64 else np.uint32
    width = 64 if dtype == np.float64 else 32
    exp_limit = 750.0 if dtype == np.float64 else 110.0
    with np.errstate(all="ignore"):
        return np.concatenate(parts(dtype, width, bits, exp_limit, rng)).astype(dtype)


def parts(dtype, width, bits, exp_limit, rng):
    """Arguments of every kind, as float64 values"""
    return [
        rng.uniform(-exp_limit, exp_limit, 3000),
        rng.uniform(-5, 5, 3000),
        rng.uniform(-30, 30, 2000),
        rng.standard_normal(1000) * 1e-3,
        np.exp(rng.uniform(-740 if dtype == np.float64 else -100, 700 if dtype == np.float64
                           else 85, 3000)),
        -np.exp(rng.uniform(-30, 30, 300)),
        rng.uniform(exp_limit - 50, exp_limit, 1000),
        rng.uniform(-exp_limit, 50 - exp_limit, 1000),
        np.power(10.0, rng.uniform(4, 300 if dtype == np.float64 else 38, 1000))
        * rng.choice([-1.0, 1.0], 1000),
        # near multiples of pi/2, and where float32 sin and cos leave numpy's reduction
        np.round(rng.uniform(-200, 200, 500)) * (np.pi / 2) + rng.uniform(-1e-6, 1e-6, 500),
        rng.uniform(71000, 72000, 300), rng.uniform(117000, 118000, 300),
        # every bit pattern: subnormals, infinities and NaNs among them
        rng.integers(0, 2 ** width - 1, 4000, dtype=bits, endpoint=True).view(dtype)
        .astype(np.float64),
        (rng.integers(1, 2 ** (23 if width == 32 else 52), 500, dtype=bits)).view(dtype)
        .astype(np.float64),
        np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0, 1e-300, 5e-324,
                  2.2250738585072014e-308, 1.7976931348623157e308, 709.78, 709.79, 707.7,
                  707.71, -707.7, -707.71, -708.39, -708.4, -745.13, -745.14, -740.0,
                  88.72283935546875, 88.7228, -103.97208404541015625, -103.972, 22.0, 19.0,
                  0.75, 1.0 - 2 ** -30, 1.0 + 2 ** -30, 71476.0625, 117435.992, 1e-45,
                  1.17549435e-38, 3.4028235e38]),
        # x times 2/pi, log2 e or 32/ln2 a hair from an odd multiple of 1/2, where numpy's
        # rounding of it, a multiply-add, differs from a product rounded then added
        np.array([39295.828125, -107136.953125, -58189.3671875, -80.75164794921875,
                  -99.46662139892578, 65.50241088867188, -77.2859115600586, 69.66129302978516,
                  63.42296600341797, 85.60367584228516, -649.8146513502525, -649.35977351301,
                  -648.9048956757675, -648.4500178385251]),
    ]


def script(rng):
    """A script computing every function on every argument in every layout"""
    lines = ["import numpy as np"]
    for name, dtype in (("f64", np.float64), ("f32", np.float32)):
        a = arguments(dtype, rng)
        if len(a) % 2:
            a = a[:-1]
        lines.append(f"{name} = np.array([{', '.join(literal(v) for v in a)}], "
                     f"dtype=np.{dtype.__name__})")
        scalars = rng.choice(a, 300)
        lines.append(f"{name}_scalars = [{', '.join(literal(v) for v in scalars)}]")
        for f in FUNCS:
            lines += [
                f"print('{name} {f} array |', np.{f}({name}).tolist())",
                f"print('{name} {f} strided |', np.{f}({name}[1::2]).tolist())",
                f"print('{name} {f} reversed |', np.{f}({name}[::-3]).tolist())",
                f"print('{name} {f} transposed |', np.{f}({name}.reshape(2, -1).T).tolist())",
                f"print('{name} {f} scalars |', [float(np.{f}(np.{dtype.__name__}(v))) "
                f"for v in {name}_scalars])",
                f"print('{name} {f} printed |', np.{f}(np.{dtype.__name__}(0.75)), "
                f"np.{f}(np.{dtype.__name__}(-1.0)), np.{f}({name}[:7]))",
            ]
    lines += power_lines(rng)
    return "\n".join(lines) + "\n"


def power_lines(rng):
    """np.power and `**` in the forms numpy computes differently: the ufunc (on AVX-512 SVML's
    vector path, and its scalar path for x <= 0, subnormal x, infinities, NaN and results far
    beyond the float range), an array to the powers numpy replaces by unary ufuncs, numpy's
    scalar arithmetic (the C library's pow) and the mixed numbers it leaves to the ufunc."""
    lines = []
    for name, dtype, big, tiny in (("p", np.float64, 2000.0, 2.0 ** -1074),
                                   ("q", np.float32, 260.0, 2.0 ** -149)):
        width = 64 if dtype == np.float64 else 32
        bits = np.uint64 if width == 64 else np.uint32
        top = 300 if width == 64 else 40
        special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0,
                            3.0, -3.0, tiny, -tiny, 1e-30, 1e30, -1e30, 2.0 ** 53, 2.0 ** 24 + 2,
                            2.0 ** 24 + 1, -(2.0 ** 23) - 1, 1.0 + 2 ** -20, 1.0 - 2 ** -20,
                            float(np.finfo(dtype).max), -float(np.finfo(dtype).max),
                            float(np.finfo(dtype).tiny), 125.5, -126.0, 1021.5, -1074.0])
        with np.errstate(all="ignore"):
            x = np.concatenate([
                rng.uniform(0, 10, 3000), np.exp(rng.uniform(-top, top, 2000)),
                rng.uniform(0.5, 2, 1500), -rng.uniform(0, 10, 1500),
                -np.exp(rng.uniform(-top, top, 1000)),
                rng.integers(1, 2 ** (52 if width == 64 else 23), 300, dtype=bits).view(dtype)
                .astype(np.float64) * rng.choice([-1.0, 1.0], 300),
                rng.integers(0, 2 ** width - 1, 1000, dtype=bits, endpoint=True).view(dtype)
                .astype(np.float64),
                rng.choice(special, 1200), rng.uniform(0.9, 1.1, 1000)]).astype(dtype)
            y = np.concatenate([
                rng.uniform(-5, 5, 3000), rng.uniform(-2, 2, 2000),
                rng.uniform(-big, big, 1500), np.round(rng.uniform(-60, 60, 1500)),
                np.round(rng.uniform(-9, 9, 1000)),
                rng.uniform(-big / 2, big / 2, 300),
                rng.integers(0, 2 ** width - 1, 1000, dtype=bits, endpoint=True).view(dtype)
                .astype(np.float64),
                rng.choice(special, 1200), rng.uniform(-big * 8, big * 8, 1000)]).astype(dtype)
        kind = dtype.__name__
        lines += [f"{name}x = np.array([{', '.join(literal(v) for v in x)}], dtype=np.{kind})",
                  f"{name}y = np.array([{', '.join(literal(v) for v in y)}], dtype=np.{kind})",
                  f"{name}s = np.array([{', '.join(literal(v) for v in special)}], "
                  f"dtype=np.{kind})"]
    for label, expression in [
            ("ufunc", "np.power(px, py)"), ("operator", "px ** py"),
            ("strided", "np.power(px[::3], py[1::3])"), ("reversed", "px[::-1] ** py"),
            ("special pairs", "np.power(ps[:, None], ps[None, :])"),
            ("specials to powers", "np.power(ps[:, None], py[None, :300])"),
            ("cube", "px ** 3.0"), ("int power", "px ** 3"), ("reflected", "2.0 ** py"),
            ("negative base", "(-2.5) ** py"), ("1.5", "np.power(px, 1.5)"),
            ("square", "px ** 2"), ("sqrt", "px ** 0.5"), ("reciprocal", "px ** -1"),
            ("one", "px ** 1"), ("zero", "px ** 0"),
            ("float32 ufunc", "np.power(qx, qy)"), ("float32 operator", "qx ** qy"),
            ("float32 strided", "np.power(qx[::2], qy[1::2])"),
            ("float32 special pairs", "np.power(qs[:, None], qs[None, :])"),
            ("float32 specials to powers", "np.power(qs[:, None], qy[None, :300])"),
            ("float32 square", "qx ** 2"), ("float32 half", "qx ** 0.5"),
            ("float32 to a float", "qx ** 2.5"), ("float32 to an int", "qx ** 3"),
            ("float32 negative base", "np.float32(-1.5) ** qy"),
            ("scalars", "[float(np.float64(a) ** b) for a, b in zip(px[::5], py[::5])]"),
            ("float32 scalars", "[float(a ** b) for a, b in zip(qx[::5], qy[::5])]"),
            ("float32 ** float64",
             "[float(a ** np.float64(b)) for a, b in zip(qx[::7], py[::7])]"),
            ("float64 ** float32",
             "[float(np.float64(a) ** b) for a, b in zip(px[::7], qy[::7])]"),
            ("float32 ** Python float", "[float(a ** float(b)) for a, b in zip(qx[::9], py[::9])]"),
            ("Python float ** float32", "[float(float(a) ** b) for a, b in zip(px[::9], qy[::9])]"),
            ("float32 ** Python int", "[float(a ** 3) for a in qx[::9]]"),
            ("Python int ** float32", "[float(3 ** b) for b in qy[::9]]"),
            ("int32 ** float64",
             "[float(np.int32(k) ** np.float64(b)) for k, b in zip(range(-40, 40), py)]"),
            ("int64 ** Python float",
             "[float(np.int64(k) ** float(b)) for k, b in zip(range(-40, 40), py)]"),
            ("int8 ** float32",
             "[float(np.int8(k) ** b) for k, b in zip(range(-40, 40), qy)]"),
            ("int64 ** float32",
             "[float(np.int64(k) ** b) for k, b in zip(range(-40, 40), qy)]"),
            ("bool ** float32", "[float(np.bool_(k % 2) ** b) for k, b in zip(range(80), qy)]"),
            ("numpy scalar to an array", "np.float64(1.5) ** py[:1000]")]:
        result = expression if expression.startswith("[") else f"({expression}).tolist()"
        lines.append(f"print('power {label} |', {result})")
    return lines


def run(command, path, env):
    r = subprocess.run(command + [path], capture_output=True, text=True, timeout=600, env=env)
    return r.stdout.splitlines(), r.stderr


def first_difference(want, got):
    """The first element where two printed lists differ, named"""
    w = want.split(" | ", 1)[-1].strip("[]").split(", ")
    g = got.split(" | ", 1)[-1].strip("[]").split(", ")
    for i, (a, b) in enumerate(zip(w, g)):
        if a != b:
            return f"element {i}: numpy {a}, Backstep {b}"
    return f"{len(w)} elements in numpy's, {len(g)} in Backstep's"


# NPY_DISABLE_CPU_FEATURES for each set of loops numpy 1.24 has on x86: all this processor
# has (AVX-512 Skylake-X's SVML on one), AVX512F without Skylake-X's features, AVX2 with FMA3,
# and the baseline (SSE3: the C library's functions)
SETTINGS = [
    ("native", ""),
    ("AVX512F", "AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"),
    ("AVX2", "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"),
    ("baseline", "SSSE3 SSE41 POPCNT SSE42 AVX F16C FMA3 AVX2 AVX512F AVX512CD AVX512_SKX "
     "AVX512_CLX AVX512_CNL AVX512_ICL"),
]


def features(disable):
    """The features numpy's loops are chosen by, under NPY_DISABLE_CPU_FEATURES=disable"""
    code = ("import numpy as np; f = np.core._multiarray_umath.__cpu_features__; "
            "print(f['AVX2'] and f['FMA3'], f['AVX512F'], f['AVX512_SKX'])")
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=disable)
    return subprocess.run(["/usr/bin/python3", "-W", "ignore", "-c", code], env=env,
                          capture_output=True, text=True, check=True).stdout.strip()


# Names numpy refuses: a baseline feature (a RuntimeError at import), names of no dispatched
# feature (a RuntimeWarning), and AVX512_ICL, which processors before Ice Lake lack (a warning
# there), beside a name it takes
REFUSED = ["SSE2", "AVX2 FOO,bar", "AVX512_ICL AVX", "x" * 1030]


def refused(disable):
    """What `import numpy` prints under NPY_DISABLE_CPU_FEATURES=disable, from numpy and from
    Backstep: stdout, and stderr from its last line that is not a traceback's"""
    code = "import numpy as np\nprint(np.exp(np.float32(1.0)))\n"
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=disable)
    printed = []
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
        path = f.name
    try:
        for command in (["/usr/bin/python3"], [BACKSTEP, "run"]):
            r = subprocess.run(command + [path], capture_output=True, text=True, env=env,
                               timeout=60)
            err = r.stderr.splitlines()
            at = max([i + 1 for i, line in enumerate(err) if line.startswith("  ")] + [0])
            printed.append((r.stdout, err[at:]))
    finally:
        os.unlink(path)
    return printed


def main():
    results = []
    seen = set()
    for name, disable in SETTINGS:
        have = features(disable)
        if have in seen:
            # this processor lacks the features that setting would turn off
            continue
        seen.add(have)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(script(np.random.default_rng(16)))
            path = f.name
        try:
            env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=disable)
            want, _ = run(["/usr/bin/python3", "-W", "ignore"], path, env)
            got, err = run([BACKSTEP, "run"], path, env)
        finally:
            os.unlink(path)
        results.append((f"{name} ({have})", want, got, err))
    print(f"1..{sum(len(want) for _, want, _, _ in results) + len(REFUSED)}")
    failed = 0
    number = 0
    for disable in REFUSED:
        number += 1
        want, got = refused(disable)
        if want == got:
            print(f"ok {number} NPY_DISABLE_CPU_FEATURES={disable!r}")
        else:
            failed += 1
            print(f"not ok {number} NPY_DISABLE_CPU_FEATURES={disable!r}\n# numpy: {want!r}\n"
                  f"# Backstep: {got!r}")
    for setting, want, got, err in results:
        for i, w in enumerate(want):
            g = got[i] if i < len(got) else ""
            label = w.split(" | ", 1)[0]
            number += 1
            if w == g:
                print(f"ok {number} {setting}: {label}")
            else:
                failed += 1
                print(f"not ok {number} {setting}: {label}\n"
                      f"# {first_difference(w, g) if g else err[-500:]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
