# np.power's floating-point errors for special bases and exponents: on AVX-512 SVML's scalar
# path raises its own (0 ** -inf divides by zero, a huge base ** inf overflows squaring it)
import numpy as np

special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 1e-310,
           -1e-310, 1e30, -1e30, 1e300, -1e300, 2.5, -2.5, 1000.0, -1000.0, 0.1]
for dtype in (np.float64, np.float32):
    for a in special:
        row = []
        for b in special:
            with np.errstate(all="ignore"):
                x = np.array([a] * 3, dtype=dtype)
                y = np.array([b] * 3, dtype=dtype)
            with np.errstate(all="raise"):
                try:
                    row.append(repr(np.power(x, y)[0]))
                except FloatingPointError as e:
                    row.append(str(e).split(" encountered")[0])
        print(dtype.__name__, a, row)
print(np.power(np.array([0.0, 1e300]), np.array([-np.inf, np.inf])))
print(np.power(np.array([-0.0, -1e30], dtype=np.float32),
               np.array([-np.inf, np.inf], dtype=np.float32)))
