# np.histogram: equal bins (from the data or range=), given edges, density, weights,
# float32 data, integer data, and numpy's errors
# compare: exact
import numpy as np

rng = np.random.RandomState(3)
x = rng.randn(1000)
counts, edges = np.histogram(x)
print(counts, counts.dtype, edges, edges.dtype)
print(np.histogram(x, bins=7, range=(-2, 2)))
print(np.histogram(x, bins=[-3, -1, 0, 0.5, 3]))
print(np.histogram(x, bins=np.linspace(-1, 1, 6), density=True))
d, e = np.histogram(x, bins=20, density=True)
print(d, (d * np.diff(e)).sum())
w = rng.rand(1000)
print(np.histogram(x, bins=5, weights=w))
print(np.histogram(x, bins=[-2.0, 0.0, 2.0], weights=w))
print(np.histogram(x, bins=4, weights=w, density=True))

h = np.tanh(rng.randn(64, 30).astype(np.float32) * 2)
c, e = np.histogram(h, bins=50)
print(c, e.dtype, e[:5], e[-3:])
c, e = np.histogram(h.ravel(), bins=10, range=(-1, 1))
print(c, e.dtype, e)
c, e = np.histogram(h, bins=9, range=(-0.3, 0.3))
print(c, e)

i = np.arange(20) % 7
print(np.histogram(i, bins=7))
print(np.histogram(i, bins=3, range=(0, 6)))
print(np.histogram([1.0, 1.0, 1.0]))
print(np.histogram([], bins=3))
print(np.histogram(np.array([0.0, 0.25, 0.5, 0.75, 1.0]), bins=4))
print(np.histogram([1, 2, 2, 3, 3, 3], bins=[1, 2, 3]))
print(np.histogram([0.5, np.nan, 2.0], bins=2, range=(0, 2)))

for bad in [dict(bins=0), dict(bins=2.5), dict(bins=[3, 1, 2]), dict(bins=[[1, 2]]),
            dict(range=(2, 1)), dict(range=(0, np.inf)), dict(weights=[1.0, 2.0])]:
    try:
        np.histogram([1.0, 2.0, 3.0], **bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    np.histogram([1.0, np.nan])
except ValueError as e:
    print(e)
try:
    np.histogram(np.array([1.0, np.inf], dtype=np.float32))
except ValueError as e:
    print(e)

a = np.array([[1, 4, 9], [16, 25, 36]])
print(np.diff(a), np.diff(a, axis=0), np.diff(a, n=2), np.diff(np.array([True, False, False])))
print(np.diff(np.array([1.5, 2.0], dtype=np.float32)), np.diff([1, 3], n=0), np.diff([1.0], n=3))
try:
    np.diff(3)
except ValueError as e:
    print(e)

labels = np.array([0, 2, 2, 5, 1, 2], dtype=np.uint8)
print(np.bincount(labels), np.bincount(labels, minlength=8), np.bincount([], minlength=2))
print(np.bincount(labels, weights=np.linspace(0, 1, 6)), np.bincount([1, 1], weights=[2, 3]))
for bad in [lambda: np.bincount([-1, 2]), lambda: np.bincount([1.5]),
            lambda: np.bincount(np.array([1.5])), lambda: np.bincount([[1, 2]]),
            lambda: np.bincount([1], minlength=-1), lambda: print(np.bincount([2.7, 0.2])),
            lambda: np.bincount([1, 2], weights=[1.0])]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
