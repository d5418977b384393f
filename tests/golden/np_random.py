#!/usr/bin/python3
"""Golden numbers for tests/test-np-random.c, produced by numpy 1.24.

Each case runs a numpy snippet that leaves a flat sequence of draws in `out`
(float64, int64 or uint64). The include file keeps its first values exactly
(repr of each double) and, for all of them, the count and a 64-bit digest of
their bit patterns, which the test recomputes from its own draws:

    /usr/bin/python3 tests/golden/np_random.py > tests/golden/np-random.inc
"""

import numpy as np

SHOWN = 40

CASES = [
    # --- the legacy RandomState (np.random.seed) ---
    ("legacy_raw32_seed0", "u64",
     "np.random.seed(0)\nout = np.random.randint(0, 2**32, size=3000)"),
    ("legacy_raw32_seed_max", "u64",
     "np.random.seed(2**32 - 1)\nout = np.random.randint(0, 2**32, size=700)"),
    ("legacy_raw32_seed_array", "u64",
     "np.random.seed([1, 2, 3])\nout = np.random.randint(0, 2**32, size=700)"),
    ("legacy_raw32_seed_long_array", "u64",
     "np.random.seed(list(range(1000, 1700)))\nout = np.random.randint(0, 2**32, size=700)"),
    ("legacy_random_sample", "f64",
     "np.random.seed(12345)\nout = np.random.random_sample(5000)"),
    ("legacy_randn", "f64",
     "np.random.seed(0)\nout = np.random.randn(20001)"),
    # the cached second normal survives between calls and other draws ...
    ("legacy_gauss_cache", "f64",
     "np.random.seed(7)\n"
     "out = np.concatenate([np.random.randn(3), np.random.random_sample(2),\n"
     "                      np.random.randn(1), np.random.normal(5.0, 2.0, size=3),\n"
     "                      np.random.standard_normal(2)])"),
    # ... and seed() drops it
    ("legacy_gauss_reseed", "f64",
     "np.random.seed(3)\na = np.random.randn(1)\nnp.random.seed(3)\n"
     "out = np.concatenate([a, np.random.randn(2)])"),
    ("legacy_randint_small", "i64",
     "np.random.seed(1)\nout = np.random.randint(0, 10, size=5000)"),
    ("legacy_randint_offset", "i64",
     "np.random.seed(2)\nout = np.random.randint(-5, 1000003, size=3000)"),
    ("legacy_randint_wide", "i64",
     "np.random.seed(3)\nout = np.random.randint(-2**40, 2**40 + 7, size=2000)"),
    ("legacy_randint_full", "i64",
     "np.random.seed(4)\nout = np.random.randint(-2**63, 2**63 - 1, size=500)"),
    ("legacy_uniform", "f64",
     "np.random.seed(5)\nout = np.random.uniform(-2.0, 3.0, size=3000)"),
    ("legacy_shuffle", "i64",
     "np.random.seed(6)\nx = np.arange(3000)\nnp.random.shuffle(x)\nout = x"),
    ("legacy_permutation", "i64",
     "np.random.seed(8)\nout = np.concatenate([np.random.permutation(1000),\n"
     "                      np.random.permutation(7)])"),
    ("legacy_choice", "i64",
     "np.random.seed(9)\nout = np.concatenate([np.random.choice(10, 2000),\n"
     "    np.random.choice(50, 20, replace=False)])"),
    ("legacy_choice_p", "i64",
     "np.random.seed(10)\nout = np.random.choice(4, 3000, p=[0.1, 0.2, 0.3, 0.4])"),

    ("legacy_binomial", "i64",
     "np.random.seed(11)\nout = np.concatenate([np.random.binomial(1, 0.3, size=1000),\n"
     "    np.random.binomial(20, 0.7, size=1000), np.random.binomial(0, 0.5, size=3),\n"
     "    np.random.binomial(60, 0.5, size=0), np.random.binomial(55, 0.02, size=500)])"),
    ("legacy_exponential", "f64",
     "np.random.seed(12)\nout = np.concatenate([np.random.exponential(2.0, size=1000),\n"
     "    np.random.standard_exponential(1000)])"),

    # --- SeedSequence and PCG64 (np.random.default_rng) ---
    ("seed_sequence_0", "u64",
     "out = np.random.SeedSequence(0).generate_state(12, np.uint32).astype(np.uint64)"),
    ("seed_sequence_big", "u64",
     "out = np.random.SeedSequence(2**40 + 12345).generate_state(9, np.uint32)"
     ".astype(np.uint64)"),
    ("seed_sequence_words", "u64",
     "out = np.random.SeedSequence([5, 2**32 - 1, 7, 11, 13, 17]).generate_state(4, np.uint64)"),
    ("pcg64_raw", "u64",
     "out = np.random.PCG64(42).random_raw(3000)"),
    ("gen_random", "f64",
     "out = np.random.default_rng(0).random(5000)"),
    ("gen_standard_normal", "f64",
     "out = np.random.default_rng(1).standard_normal(200000)"),
    ("gen_normal_uniform", "f64",
     "g = np.random.default_rng(2)\n"
     "out = np.concatenate([g.normal(3.0, 0.5, size=500), g.uniform(-1.0, 4.0, size=500)])"),
    ("gen_integers_small", "i64",
     "out = np.random.default_rng(3).integers(0, 10, size=5001)"),
    ("gen_integers_offset", "i64",
     "out = np.random.default_rng(4).integers(-7, 1000003, size=3000)"),
    ("gen_integers_wide", "i64",
     "out = np.random.default_rng(5).integers(-2**40, 2**40 + 7, size=2000)"),
    # 32-bit draws are halves of a 64-bit one; the other half waits across calls
    ("gen_integers_buffer", "f64",
     "g = np.random.default_rng(6)\n"
     "out = np.concatenate([g.integers(0, 10, size=3), g.random(2), g.integers(0, 10, size=1),\n"
     "                      g.standard_normal(2), g.integers(0, 10, size=2)])"),
    ("gen_binomial", "i64",
     "g = np.random.default_rng(12)\nout = np.concatenate([g.binomial(1, 0.3, size=1000),\n"
     "    g.binomial(20, 0.7, size=1000), g.binomial(0, 0.5, size=3), g.binomial(5, 0.0, size=3),\n"
     "    g.binomial(55, 0.02, size=500)])"),
    ("gen_shuffle", "i64",
     "g = np.random.default_rng(7)\nx = np.arange(3000)\ng.shuffle(x)\nout = x"),
    ("gen_permutation", "i64",
     "g = np.random.default_rng(8)\nout = np.concatenate([g.permutation(1000), g.permutation(7)])"),
    ("gen_choice", "i64",
     "g = np.random.default_rng(9)\nout = np.concatenate([g.choice(10, 2000),\n"
     "    g.choice(50, 20, replace=False), g.choice(20000, 1000, replace=False)])"),
    ("gen_choice_noshuffle", "i64",
     "g = np.random.default_rng(11)\nout = np.concatenate([g.choice(50, 20, replace=False, "
     "shuffle=False),\n    g.choice(20000, 1500, replace=False, shuffle=False)])"),
    ("gen_choice_p", "i64",
     "g = np.random.default_rng(10)\nout = g.choice(4, 3000, p=[0.1, 0.2, 0.3, 0.4])"),
]


def patterns(values, kind):
    if kind == "f64":
        return [int(b) for b in np.asarray(values, dtype=np.float64).view(np.uint64)]
    return [int(v) & (2**64 - 1) for v in np.asarray(values).astype(np.int64 if kind == "i64"
                                                                     else np.uint64)]


def digest(words):
    h = 0xcbf29ce484222325
    for w in words:
        h = ((h ^ w) * 0x100000001b3) & (2**64 - 1)
    return h


def shown(values, kind):
    if kind == "f64":
        return [repr(float(v)) for v in values[:SHOWN]]
    fmt = "G_GUINT64_CONSTANT (%d)" if kind == "u64" else "G_GINT64_CONSTANT (%d)"
    return [fmt % int(v) for v in values[:SHOWN]]


def main():
    print("/* generated by tests/golden/np_random.py (numpy %s); do not edit */" % np.__version__)
    ctype = {"f64": "double", "i64": "gint64", "u64": "guint64"}
    for ident, kind, snippet in CASES:
        scope = {"np": np}
        exec(snippet, scope)
        out = np.asarray(scope["out"]).ravel()
        if kind == "f64":
            out = out.astype(np.float64)
        print("/* %s */" % snippet.replace("\n", "\n * "))
        print("static const %s %s_first[] = {" % (ctype[kind], ident))
        items = shown(out, kind)
        for i in range(0, len(items), 3):
            print("  " + ", ".join(items[i:i + 3]) + ",")
        print("};")
        print("#define %s_count %d" % (ident, out.size))
        print("#define %s_digest G_GUINT64_CONSTANT (0x%016x)" % (ident, digest(patterns(out, kind))))
        print()


main()
