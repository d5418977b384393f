# numpy.random's argument errors: every function and method given too many positional
# arguments, an unknown keyword, nothing, only an unknown keyword, a value twice and a
# required argument by keyword, with numpy 1.24's messages (Cython's wording; CPython's for
# RandomState.shuffle and permutation, which take one argument)
# compare: exact
# needs: import numpy, np.random, RandomState and default_rng, try/except printing the exception
import numpy as np

rs = np.random.RandomState(0)
rng = np.random.default_rng(0)
legacy = ["random_sample", "random", "rand", "randn", "standard_normal", "randint", "uniform",
          "normal", "binomial", "lognormal", "laplace", "logistic", "choice", "shuffle",
          "permutation", "exponential", "standard_exponential", "standard_gamma", "gamma",
          "beta", "poisson", "multivariate_normal", "seed"]
generator = ["random", "standard_normal", "integers", "uniform", "normal", "binomial",
             "lognormal", "laplace", "logistic", "choice", "shuffle", "permutation",
             "exponential", "standard_exponential", "standard_gamma", "gamma", "beta",
             "poisson", "multivariate_normal"]


def attempt(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, e)


for owner, obj, names in [("np.random", np.random, legacy), ("rs", rs, legacy),
                          ("rng", rng, generator)]:
    for name in names:
        f = getattr(obj, name)
        if name not in ("rand", "randn"):
            attempt(f"{owner}.{name}(1, 1, 1, 1, 1, 1, 1)", lambda: f(1, 1, 1, 1, 1, 1, 1))
        attempt(f"{owner}.{name}(1, bogus=1)", lambda: f(1, bogus=1))
        if name not in ("rand", "randn", "seed", "permutation", "shuffle"):
            attempt(f"{owner}.{name}()", lambda: f())
        attempt(f"{owner}.{name}(bogus=1)", lambda: f(bogus=1))

attempt("poisson(1.0, lam=2.0)", lambda: np.random.poisson(1.0, lam=2.0))
attempt("rng.normal(0, 1, loc=2)", lambda: rng.normal(0, 1, loc=2))
attempt("beta(a=1)", lambda: np.random.beta(a=1))
attempt("beta(b=1)", lambda: np.random.beta(b=1))
attempt("rng.beta(a=1, size=2, bogus=1)", lambda: rng.beta(a=1, size=2, bogus=1))
attempt("multivariate_normal(cov=1)", lambda: rng.multivariate_normal(cov=[[1.0]]))
attempt("multivariate_normal method bogus", lambda: rng.multivariate_normal(
    [0.0], [[1.0]], 2, 'warn', 1e-8, 'svd'))
attempt("choice(3, bogus=1, size=2)", lambda: np.random.choice(3, bogus=1, size=2))
attempt("rng.integers(high=3)", lambda: rng.integers(high=3))
attempt("RandomState(1, 2)", lambda: np.random.RandomState(1, 2))
attempt("RandomState(bogus=2)", lambda: np.random.RandomState(bogus=2))
attempt("default_rng(1, 2)", lambda: np.random.default_rng(1, 2))
attempt("default_rng(bogus=2)", lambda: np.random.default_rng(bogus=2))
attempt("default_rng(seed=3)", lambda: np.random.default_rng(seed=3))
attempt("RandomState(seed=3)", lambda: np.random.RandomState(seed=3))
print(np.random.RandomState(seed=3).randint(10, size=3))
print(np.random.RandomState(3).rand(2))
