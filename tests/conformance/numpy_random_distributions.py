# numpy.random's lognormal, laplace and logistic: the legacy global state, RandomState and
# default_rng, each numpy 1.24's exact draws for a seed
import numpy as np

np.random.seed(7)
print(np.random.lognormal(), np.random.laplace(), np.random.logistic())
print(np.random.lognormal(1.0, 0.5, size=4))
print(np.random.laplace(2.0, 3.0, size=(2, 3)))
print(np.random.logistic(-1.0, 0.25, 5))
print(np.random.standard_normal(3), np.random.random_sample(2))

rs = np.random.RandomState(123)
print(rs.lognormal(0, 1, 3), rs.laplace(size=3), rs.logistic(size=3), rs.normal())

rng = np.random.default_rng(2024)
print(rng.lognormal(0.5, 0.2, size=4))
print(rng.laplace(0, 1, size=(2, 2)), rng.logistic(1, 2, size=3), rng.lognormal())
for bad in [lambda: np.random.lognormal(0, -1), lambda: np.random.laplace(0, -2.0),
            lambda: rng.logistic(0, -1, 2)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
