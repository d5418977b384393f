# numpy.random's gamma family and counts: numpy's checks of scalar and array parameters,
# broadcast mismatches, dtype=
import numpy as np

rs = np.random.RandomState(3)
rng = np.random.default_rng(3)
nan = float('nan')
cases = [
    lambda g: g.poisson(-1), lambda g: g.poisson(nan), lambda g: g.poisson(1e19),
    lambda g: g.poisson([1.0, -1.0]), lambda g: g.poisson([1.0, 1e19]), lambda g: g.poisson([nan]),
    lambda g: g.poisson([-1.0, 1e19]),
    lambda g: g.gamma(-1.0), lambda g: g.gamma(1.0, -2.0), lambda g: g.gamma([1.0, -1.0]),
    lambda g: g.gamma(nan, -1.0), lambda g: g.standard_gamma(-0.0), lambda g: g.standard_gamma(nan),
    lambda g: g.beta(0, 1), lambda g: g.beta(1, -1), lambda g: g.beta([1, 0], 1),
    lambda g: g.beta(nan, 1), lambda g: g.exponential(-1), lambda g: g.exponential([1, -1]),
    lambda g: g.gamma([1.0, 2.0], 1.0, size=3), lambda g: g.gamma([1.0, 2.0], [1.0, 2.0, 3.0]),
    lambda g: g.gamma([1.0, 2.0], 1.0, size=(3, 2)).shape, lambda g: g.poisson([[1], [2]], size=3),
]
for g in [rs, rng]:
    for i, c in enumerate(cases):
        try:
            print(i, c(g))
        except ValueError as e:
            print(i, "ValueError", e)
for f in [lambda: rng.standard_exponential(2, dtype=np.int64),
          lambda: rng.standard_gamma(1.0, dtype=np.int32)]:
    try:
        f()
    except TypeError as e:
        print("TypeError", e)
