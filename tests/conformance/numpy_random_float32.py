# Generator's float32 draws (dtype=np.float32) as numpy 1.24 makes them: random,
# standard_normal and standard_exponential (both methods) by its float ziggurats and
# uniforms, standard_gamma by Marsaglia and Tsang in float; Python floats for size=None
# compare: exact
# needs: import numpy, default_rng, dtype=np.float32, tolist
import math

import numpy as np

rng = np.random.default_rng(2024)
print(rng.random(dtype=np.float32), rng.standard_normal(dtype=np.float32))
print(rng.standard_exponential(dtype=np.float32), rng.standard_gamma(2.0, dtype=np.float32))
print(rng.random(5, dtype=np.float32).tolist())
print(rng.standard_normal((2, 3), dtype=np.float32).tolist())
print(rng.standard_exponential(4, dtype=np.float32).tolist())
print(rng.standard_exponential(4, dtype=np.float32, method="inv").tolist())
print(rng.standard_gamma(0.5, size=4, dtype="float32").tolist())
print(rng.standard_gamma(np.array([0.0, 0.3, 1.0, 3.0, 40.0]), dtype=np.float32).tolist())
print(rng.standard_gamma(1.5, size=2, dtype=np.float32).dtype, rng.random(dtype=np.float64))
try:
    rng.standard_gamma(-1.0, dtype=np.float32)
except ValueError as e:
    print("ValueError:", e)
try:
    rng.random(dtype=np.int64)
except TypeError as e:
    print("TypeError:", e)
for seed in range(2):
    r = np.random.default_rng(seed)
    for name, x in [("normal", r.standard_normal(200000, dtype=np.float32)),
                    ("exponential", r.standard_exponential(200000, dtype=np.float32)),
                    ("inv", r.standard_exponential(20000, dtype=np.float32, method="inv")),
                    ("gamma 0.2", r.standard_gamma(0.2, size=20000, dtype=np.float32)),
                    ("gamma 7.5", r.standard_gamma(7.5, size=20000, dtype=np.float32)),
                    ("uniform", r.random(20000, dtype=np.float32))]:
        print(seed, name, math.fsum(x.tolist()), x[-1].item())
