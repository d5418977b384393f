# needs: numpy
# compare: exact
# The contiguous float64/float32 loops: pieces of 1024 elements, ties across pieces, NaN
# anywhere, float32 beside float64, and exp at the ends of its range
import numpy as np

for dtype in (np.float64, np.float32):
    a = (np.arange(5000) % 977).astype(dtype)
    print(a.max(), a.min(), a.argmax(), a.argmin(), np.argmax(a[1:]), np.argmin(a[5:]))
    print(a[:1030].max(), a[3:1027].argmax(), a[::-1].argmax(), (-a).argmax())
    b = a.copy()
    b[2500] = np.nan
    print(b.max(), b.min(), b.argmax(), b.argmin(), b[:2500].argmax())
    b[3] = np.nan
    print(b.argmax(), b.argmin(), np.max(b), np.min(b[4:2500]))
    r = np.arange(24, dtype=dtype).reshape(2, 3, 4) % 5
    print(r.max(axis=2), r.min(axis=-1), r.max(axis=(1, 2)))
    print(np.array([3.0, -1.0, 7.0], dtype=dtype).max(), np.array([2.0], dtype=dtype).argmax())
    print(np.array([1.0, np.nan, 3.0], dtype=dtype).max(), np.array([np.inf, -np.inf], dtype=dtype).min())

x = np.array([0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, -1e-300, 1e-17, 709.78, 709.79, 710.0,
              -700.0, -740.0, -745.13, -745.14, -746.0, 3.5, -20.25, np.inf, -np.inf, np.nan])
print(np.exp(x))
print(np.exp(np.linspace(-745.2, 709.8, 3001))[::300])
print(np.exp(-740.0), np.exp(-745.0), np.exp(709.0), np.exp(1.0), np.exp(2.0))
print(np.sqrt(np.array([0.0, -0.0, 2.0, 1e-310, np.inf, 16.0])), np.sqrt(np.float32(2.0)))

p = np.linspace(-2.0, 2.0, 2001)
q = p[::-1].copy()
q[7] = np.nan
for name, f in (("maximum", np.maximum), ("minimum", np.minimum)):
    print(name, f(p, q)[:10], f(p, 0.5)[995:1005], f(-0.25, p)[::400], f(q, p)[5:9])
for c in (p > 0.5, p >= q, q < p, q <= 0.0, 0.0 == p, p != q):
    print(c.sum(), np.nonzero(c)[0][:5])
print((p.astype(np.float32) > np.float32(0.25)).sum(), (p + q)[5:9], (p * 2.5)[:3], (p / q)[5:9])

# var and std as numpy's _var rounds them (printed to the last digit), over rows too
s = ((np.arange(20011) % 1013) * 0.37 - 50.0) * (np.arange(20011) % 7 + 0.1)
print(repr(s.std()), repr(s.var()), repr(s.std(ddof=1)), repr(np.std(s[:9000], ddof=2.5)))
t = s[:20000].reshape(40, 500)
print(repr(t.std(axis=1)[:3].tolist()), repr(t.var(axis=-1, keepdims=True)[-2:].tolist()))
print(repr(s[:24].reshape(2, 3, 4).var(axis=(1, 2)).tolist()), np.array([5.0]).std())
print(repr(np.arange(10.0).std()), repr(np.var(np.ones(17))), repr(s.astype(np.float32).std()))
# sums over the leading dims, added row after row
u = ((np.arange(3 * 7 * 5 * 4.0) * 0.731) % 1.3 - 0.6).reshape(3, 7, 5, 4)
print(repr(u.sum(axis=0)[1, 2].tolist()), repr(u.sum(axis=(0, 1))[4].tolist()))
print(repr(u.mean(axis=0)[0, 0].tolist()), repr(u.astype(np.float32).sum(axis=0)[2, 3].tolist()))
v = (np.arange(6003.0) * 0.731) % 1.3
print(repr(v.reshape(6003, 1).sum(axis=0).tolist()), repr(v.reshape(3, 2001, 1, 1).mean(axis=(0, 1), keepdims=True).tolist()))
print(repr(v.reshape(6003, 1).sum(axis=0)[0] + 1), v.reshape(3, 2001).sum(axis=0).shape, repr(v.reshape(3, 1, 2001).sum(axis=0)[0, 7]))
# masks and where
w = (np.arange(2050.0) * 0.618) % 2.0 - 1.0
print(w[w > 0.3][:4], w[w > 0.3].size, w[w < -2].size, w.astype(np.float32)[w > 0.9][-3:])
print(np.arange(2050)[w > 0.99][:6], (w > 0)[w < 0.5].sum(), np.arange(10)[np.arange(10) % 3 == 0])
print(np.where(w > 0.5, w, -w)[:5], np.where(w > 0.5, w, 0.0)[:5], np.where(w < 0, 1.0, w)[:5])
print(np.where(w > 0, np.arange(2050), -1)[:6], np.where(w > 0.5, 1, 0).sum(), np.where(w > 9, w, w)[7])
print(np.where(np.array([True, False]), np.array([1.5, 2.5]), np.array([[0.5], [3.5]])))
print(np.tanh(np.array([0.0, -0.0, 1e-20, 0.3, -0.7, 1.0, 2.5, 21.9, 22.0, -30.0, np.inf, np.nan])))
print(np.tanh(np.linspace(-8.0, 8.0, 1601))[::160], np.tanh(0.5), np.tanh(-2.0))
