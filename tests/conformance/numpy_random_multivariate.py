# numpy.random's multivariate_normal, numpy 1.24's exact numbers: RandomState's (SVD, then
# np.dot) and Generator's with method 'svd', 'eigh' and 'cholesky' (then matmul), for one
# draw, a row of draws and a grid of them, of 1 to 5 dimensions, singular covariance too.
# numpy factors the covariance with LAPACK and multiplies with BLAS: Backstep makes the
# same calls to the same library (OpenBLAS), so the bits agree.
# compare: exact
import numpy as np

covs = [
    [[1.0, 0.5], [0.5, 2.0]],
    [[2.0, -0.3, 0.1], [-0.3, 1.0, 0.4], [0.1, 0.4, 1.5]],
    [[1.0]],
    [[1.0, 1.0], [1.0, 1.0]],
    [[4.0, 1.2, 0.3, 0.0, 0.1], [1.2, 3.0, 0.5, 0.2, 0.0], [0.3, 0.5, 2.0, 0.1, 0.3],
     [0.0, 0.2, 0.1, 1.0, 0.2], [0.1, 0.0, 0.3, 0.2, 0.8]],
]
for seed in range(5):
    for cov in covs:
        d = len(cov)
        mean = list(np.arange(d) * 1.5)
        np.random.seed(seed)
        print(np.random.multivariate_normal(mean, cov).tolist())
        print(np.random.multivariate_normal(mean, cov, size=4).tolist())
        rs = np.random.RandomState(seed + 10)
        print(rs.multivariate_normal(mean, cov, (2, 3)).tolist())
        for method in ['svd', 'eigh', 'cholesky']:
            rng = np.random.default_rng(seed)
            if method == 'cholesky' and cov == [[1.0, 1.0], [1.0, 1.0]]:
                continue
            print(method, rng.multivariate_normal(mean, cov, method=method).tolist())
            print(rng.multivariate_normal(mean, cov, size=5, method=method).tolist())
            print(rng.multivariate_normal(mean, cov, size=(2, 2), method=method).tolist())
        if d == 2:
            print(np.random.multivariate_normal(mean, cov, size=2000).mean(axis=0).shape)
# Cholesky of a covariance that is not positive definite: numpy.linalg's error
try:
    np.random.default_rng(1).multivariate_normal([0, 0], [[1.0, 1.0], [1.0, 1.0]],
                                                 method='cholesky')
except Exception as e:
    print(e)
