# numpy.random's gamma family and counts, RandomState (the legacy draws: polar normals,
# -log(1 - u) exponentials) and default_rng's Generator (ziggurat normals and
# exponentials), numpy 1.24's exact numbers for many seeds: standard_gamma across shape < 1,
# shape 1 and Marsaglia-Tsang's shapes, Poisson below 10 (products of uniforms), at 10 and
# above (PTRS) up to 4e15, beta both by Johnk's algorithm and by two gammas, binomial by
# inversion and by BTPE, exponential
# compare: exact
import numpy as np

shapes = [0.0, 1e-3, 0.05, 0.3, 0.5, 0.999, 1.0, 1.0001, 1.5, 2.0, 3.7, 10.0, 100.0, 1e5]
lams = [0.0, 1e-6, 0.3, 1.0, 4.2, 9.99, 10.0, 10.5, 30.0, 150.7, 1e4, 1e9, 4e15]
betas = [(0.1, 0.1), (0.5, 0.9), (1.0, 1.0), (1e-3, 1e-3), (0.5, 2.0), (2.0, 0.3), (3.0, 7.0),
         (50.0, 50.0)]
binomials = [(40, 0.9), (100, 0.5), (1000, 0.31), (10**6, 0.5), (35, 0.99), (2**40, 1e-3),
             (500, 0.06), (0, 0.5), (10, 0.0)]

for seed in range(10):
    for gen in [np.random.RandomState(seed), np.random.default_rng(seed)]:
        for k in shapes:
            print(k, gen.standard_gamma(k, 40).tolist())
        for lam in lams:
            print(lam, gen.poisson(lam, 40).tolist())
        for a, b in betas:
            print(a, b, gen.beta(a, b, 25).tolist())
        for n, p in binomials:
            print(n, p, gen.binomial(n, p, 25).tolist())
        print(gen.exponential(3.0, 60).tolist(), gen.standard_exponential(4).tolist())
        print(gen.gamma(2.0, 0.5, 20).tolist(), gen.gamma(0.25, 4.0, 10).tolist())

# the module's functions share the global RandomState with rand/randn (and its cached normal)
np.random.seed(11)
print(np.random.randn(), np.random.gamma(3.0), np.random.randn(), np.random.poisson())
print(np.random.standard_gamma(2.0, size=(2, 3)).tolist(), np.random.beta(0.5, 0.5))
print(np.random.exponential(), np.random.standard_exponential(), np.random.binomial(5000, 0.5))

# scalars give Python numbers; parameters as arrays broadcast (with size= too)
rng = np.random.default_rng(5)
print(type(rng.poisson(2)).__name__, type(rng.gamma(2.0)).__name__, rng.poisson(size=3).dtype)
print(rng.poisson([1.0, 20.0, 0.0]).tolist(), rng.gamma([1.0, 2.0], [[1.0], [3.0]]).tolist())
print(rng.poisson([[1], [25]], size=(2, 3)).tolist(), rng.beta([0.5, 3.0], 2.0, size=(3, 2)).tolist())
print(rng.exponential([1.0, 10.0]).tolist(), rng.standard_gamma([0.5, 5.0]).tolist())
print(rng.poisson(np.array(3.0)), rng.gamma(np.float64(2.0), size=()).shape)
print(rng.standard_exponential(3, method='inv').tolist(), rng.standard_exponential(size=(2, 2)).tolist())
print(rng.standard_gamma(0.5, size=0).shape, np.random.poisson(lam=[2, 3], size=None).tolist())
