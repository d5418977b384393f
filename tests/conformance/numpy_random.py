# numpy.random gives numpy 1.24's numbers: the legacy global generator (np.random.seed),
# RandomState and default_rng, printed as Python's floats and ints.
# compare: exact
# needs: import numpy, np.random.seed/rand/randn/randint/random/random_sample/uniform/normal/
#   standard_normal/choice/shuffle/permutation, RandomState, default_rng and the Generator's
#   random/standard_normal/normal/uniform/integers/choice/shuffle/permutation, tolist()
import numpy as np

np.random.seed(0)
print(np.random.rand(5).tolist())
print(np.random.randn(3, 2).tolist())
print(np.random.rand(), np.random.randn(), np.random.random(), np.random.random_sample())
print(np.random.randint(0, 10, size=8).tolist(), np.random.randint(5), np.random.randint(-3, 3))
print(np.random.randint(0, 2**40, size=3).tolist(), np.random.randint(10, size=(2, 2)).tolist())
print(np.random.uniform(-1.0, 1.0, size=4).tolist(), np.random.uniform())
print(np.random.normal(5.0, 2.0, size=3).tolist(), np.random.normal(), np.random.normal(1, 0.5))
print(np.random.standard_normal(3).tolist(), np.random.random((2,)).tolist())

# randn caches the second of each pair of normals, across calls and other draws
np.random.seed(7)
print(np.random.randn(), np.random.rand(), np.random.randn(), np.random.randn())
# seed() drops the cached value
np.random.seed(7)
print(np.random.randn())

# choice: with and without replacement, with p, from a list
np.random.seed(1)
print(np.random.choice(10, 6).tolist(), np.random.choice(10), np.random.choice([1.5, 2.5, 3.5]))
print(np.random.choice(10, 4, replace=False).tolist(), np.random.choice(["H", "T"]))
print(np.random.choice(5, 8, p=[0.1, 0.2, 0.3, 0.2, 0.2]).tolist())
print(np.random.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2]).tolist())
print(np.random.choice(np.arange(100, 110), (2, 3)).tolist())

# shuffle in place (an array, a 2-d array by rows, a list) and permutation
np.random.seed(2)
x = np.arange(10)
np.random.shuffle(x)
print(x.tolist())
m = np.arange(12).reshape(4, 3)
np.random.shuffle(m)
print(m.tolist())
items = ["a", "b", "c", "d", "e"]
np.random.shuffle(items)
print(items)
print(np.random.permutation(8).tolist(), np.random.permutation([0.5, 1.5, 2.5]).tolist())
print(np.random.permutation(np.arange(6).reshape(3, 2)).tolist())

# seeds: 0, the largest, a list (init_by_array)
for seed in (0, 2**32 - 1, [1, 2, 3], [5]):
    np.random.seed(seed)
    print(seed, np.random.rand(), np.random.randint(1000))

# RandomState objects are independent of the global generator and of each other
rs = np.random.RandomState(42)
other = np.random.RandomState(42)
np.random.seed(42)
print(rs.rand(3).tolist(), rs.randint(0, 100, 4).tolist(), rs.randn(), rs.choice(7, 3).tolist())
print(other.rand(), np.random.rand())
rs.seed(42)
print(rs.rand(), rs.normal(3, 1, 2).tolist(), rs.uniform(0, 10))

# default_rng: SeedSequence, PCG64, the ziggurat and Lemire's integers
rng = np.random.default_rng(42)
print(rng.random(3).tolist(), rng.random())
print(rng.standard_normal((2, 2)).tolist(), rng.standard_normal())
print(rng.integers(0, 10, size=6).tolist(), rng.integers(5), rng.integers(1, 7, endpoint=True))
print(rng.integers(-2**40, 2**40, size=3).tolist(), rng.integers(1, 7, size=4, endpoint=True).tolist())
print(rng.normal(1.0, 2.0, 3).tolist(), rng.normal(), rng.uniform(0, 5, 2).tolist(), rng.uniform())
print(rng.choice(10, 3).tolist(), rng.choice(10, 3, replace=False).tolist(), rng.choice(4))
print(rng.choice([10, 20, 30], p=[0.5, 0.25, 0.25]), rng.choice(5, 4, p=[0.1, 0.2, 0.3, 0.2, 0.2]).tolist())
print(rng.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2]).tolist())
print(rng.choice(20, 5, replace=False, shuffle=False).tolist(), rng.choice(["x", "y", "z"]))
print(rng.choice(np.arange(12).reshape(4, 3), 2).tolist())
y = np.arange(8)
rng.shuffle(y)
print(y.tolist(), rng.permutation(6).tolist(), rng.permutation([1, 2, 3]).tolist())
print(rng.choice(30000, 5, replace=False).tolist(), rng.choice(30000, 1000, replace=False)[:5].tolist())
for seed in (0, 1, 2**32, 2**40 + 5, [1, 2, 3]):
    g = np.random.default_rng(seed)
    print(seed, g.random(), g.integers(100), g.standard_normal())
print(np.random.default_rng(rng) is rng)

# 32-bit draws (small integer ranges) are halves of a 64-bit one; the other half waits
g = np.random.default_rng(6)
print(g.integers(0, 10, size=3).tolist(), g.random(), g.integers(0, 10), g.integers(0, 10))

# binomial (numpy's inversion: n * min(p, 1 - p) up to 30) and the legacy exponentials
np.random.seed(3)
print(np.random.binomial(1, 0.5, size=10).tolist(), np.random.binomial(10, 0.3), np.random.binomial(1.5, 0.5))
print(np.random.binomial(20, 0.9, size=(2, 3)).tolist(), np.random.binomial(0, 0.5), np.random.binomial(4, 0.0))
print(np.random.exponential(2.0, size=3).tolist(), np.random.exponential(), np.random.standard_exponential(2).tolist())
g = np.random.default_rng(3)
print(g.binomial(1, 0.5, size=10).tolist(), g.binomial(10, 0.3), g.binomial(0, 0.5), g.binomial(4, 0.0, size=2).tolist())
