# Array ufuncs: each kind of floating-point error, several in one statement, one line in
# a loop (shown once), the same message on two lines (shown twice)
import numpy as np

a = np.array([1.0, 0.0, -1.0])
b = a / 0
for i in range(3):
    c = a / 0
d = np.log(a)
e = np.sqrt(a)
f = np.exp(np.array([1000.0, 1.0]))
g = np.array([1, 2]) // 0
h = np.array([1, 2]) % 0
k = np.arccos(np.array([2.0]))
m = a ** -1
n = a ** 0.5
o = np.array([1e200]) ** 2
p = np.log10(0.0)
q = np.divide(1.0, a)
r = np.power(0.0, -1.0)
s = np.array([np.inf]) - np.inf
t = np.array([1e38], dtype=np.float32) * 10
u = np.array([1.0]) % 0
v = np.array([1.0]) // 0
w = np.log(np.array([0.0]))
x = np.log(np.array([0.0]))
y = np.array([np.nan]) * 2 + np.inf
z = np.tanh(np.array([1000.0])) + np.maximum(np.array([np.nan]), 0)
print(b, d, e, f, g, h, m, n, o, p, r, t, u, v, sep="\n")
