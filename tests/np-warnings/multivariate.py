# multivariate_normal's check of the covariance: numpy's RuntimeWarning when it is not
# positive semi-definite (once per line), check_valid='raise' and 'ignore'
import numpy as np

bad = [[1.0, 2.0], [2.0, 1.0]]
np.random.seed(3)
print(np.random.multivariate_normal([0.0, 0.0], bad).tolist())
rng = np.random.default_rng(3)
for i in range(2):
    print(rng.multivariate_normal([0.0, 1.0], bad, size=2).tolist())
print(rng.multivariate_normal([0.0, 1.0], bad, method='eigh').tolist())
print(rng.multivariate_normal([0.0, 1.0], bad, check_valid='ignore').tolist())
for f in [lambda: np.random.multivariate_normal([0, 0], bad, check_valid='raise'),
          lambda: rng.multivariate_normal([0, 0], bad, check_valid='raise', method='eigh'),
          lambda: rng.multivariate_normal([0, 0], bad, check_valid='maybe'),
          lambda: rng.multivariate_normal([0, 0], bad, method='qr'),
          lambda: rng.multivariate_normal([[0, 0]], bad),
          lambda: rng.multivariate_normal([0, 0], [1.0, 2.0]),
          lambda: rng.multivariate_normal([0, 0, 0], bad)]:
    try:
        f()
    except ValueError as e:
        print("ValueError", e)
print(rng.multivariate_normal([0.0, 1.0], [[1.0, 1e-9], [0.0, 1.0]], size=1).tolist())
