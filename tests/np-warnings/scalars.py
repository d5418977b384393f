# numpy's scalar math: "scalar divide", integer scalars that wrap around
import numpy as np

a = np.float64(1.0) / 0
b = np.float64(0.0) / 0
c = 1 / np.float64(0)
d = np.int64(2**62) * 4
e = np.int64(2**62) + np.int64(2**62)
f = np.int64(-2**62) * 2 - 1
g = np.int64(7) % 0
h = np.float64(7) % 0
i = np.float64(7) // 0
j = np.int64(1) // 0
k = np.float64(0) ** -1
m = np.float64(2) ** 2000
n = np.float32(1e38) * np.float32(10)
o = np.float32(1e38) + np.float32(3e38)
p = -(np.int64(-2**62) * 2)
q = abs(np.int64(-2**62) * 2)
r = np.int32(2**31 - 1) + np.int32(1)
s = np.exp(np.float64(1000))
t = np.log(0)
u = np.array(1.0) / 0
v = np.float64(1e308) * 10 - np.float64(1e308) * 10
print(a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v)
