# `**` of numbers with a numpy scalar: numpy's scalar arithmetic ("scalar power") where it
# takes them, the power ufunc ("power") where it leaves them to it
import numpy as np

print(np.int64(-3) ** 2.5)
print(np.float32(-1.5) ** np.float64(0.5))
print(np.float64(-1.5) ** np.float32(0.5))
print(np.float32(-1.5) ** 0.5)
print(3 ** np.float32(1000.0))
print(np.int8(-3) ** np.float32(0.5))
print(np.float32(0.0) ** -1)
print(np.float64(0.0) ** -1)
print(np.int32(0) ** np.float64(-2.0))
print(np.int64(0) ** np.float32(-2.0))
print(np.power(-1.5, 0.5), np.power(np.float32(-1.5), np.float32(0.5)))
print(np.float64(-1.5) ** 0.5, (-1.5) ** np.float64(0.5))
