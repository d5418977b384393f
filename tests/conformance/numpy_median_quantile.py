# numpy's median, average (weights=, returned=, keepdims=), percentile and quantile (the
# linear method) over every axis with keepdims, for float64, float32, int and bool arrays
# and lists, their dtypes and reprs to the last bit, NaNs, and numpy's warnings and errors
# compare: exact
# compare: stderr
# needs: numpy median, average, percentile, quantile, warnings
import numpy as np

rng = np.random.default_rng(3)
x = rng.normal(size=(4, 6))
inputs = [
    ("float64", x),
    ("float32", x.astype(np.float32)),
    ("int64", rng.integers(-20, 20, size=(4, 6))),
    ("bool", rng.integers(0, 2, size=(4, 6)) == 1),
    ("odd", rng.normal(size=(3, 5))),
]
for name, a in inputs:
    for axis in [None, 0, 1, -1, (0, 1)]:
        for keepdims in [False, True]:
            print(name, "median", axis, keepdims, repr(np.median(a, axis=axis, keepdims=keepdims)))
            if name != "bool":
                print(name, "percentile", axis, keepdims,
                      repr(np.percentile(a, [0, 12.5, 50, 90, 100], axis=axis, keepdims=keepdims)))
                print(name, "quantile", axis, keepdims,
                      repr(np.quantile(a, 0.37, axis=axis, keepdims=keepdims)))
        print(name, "average", axis, repr(np.average(a, axis=axis)))
    w = np.arange(1, a.shape[1] + 1)
    print(name, "weighted", repr(np.average(a, axis=1, weights=w)),
          repr(np.average(a, axis=1, weights=w, returned=True)))
    print(name, "weighted all", repr(np.average(a, weights=np.ones(a.shape))),
          repr(np.average(a, axis=0, returned=True)))
    print(name, "keepdims", repr(np.average(a, axis=1, weights=w, keepdims=True)),
          repr(np.average(a, axis=0, keepdims=True)))

print(repr(np.median([3, 1, 2])), repr(np.median([4.0, 1.0, 3.0, 2.0])), repr(np.median(7.5)))
print(repr(np.percentile([1, 2, 3, 4], 50)), repr(np.percentile(np.arange(10), 33.3)))
print(repr(np.quantile([10.0, 20.0, 40.0], [0.25, 0.5])), repr(np.quantile(np.float32(2.5), 0.5)))
print(repr(np.average([1, 2, 3, 4], weights=[0.1, 0.2, 0.3, 0.4])), repr(np.average([True, False])))
print(repr(np.average(np.arange(6.0).reshape(2, 3), axis=0, weights=[1, 3])))
y = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
print(repr(np.median(y)), repr(np.median(y, axis=1)), repr(np.median(y, axis=0)))
print(repr(np.percentile(y, 50, axis=1)), repr(np.quantile(y, [0.1, 0.9], axis=0)))
print(repr(np.quantile(y[1], 0.5)), repr(np.quantile(y[0], 0.5)))
print(repr(np.median(np.array([]))))
print(repr(np.average(np.zeros((0, 2)), axis=0)))
print(repr(np.median(np.zeros((0, 3)), axis=1)))

for attempt in [lambda: np.percentile([1, 2, 3], 101),
                lambda: np.percentile([1, 2, 3], [-1, 50]),
                lambda: np.quantile([1, 2, 3], 1.5),
                lambda: np.quantile([1, 2, 3], 0.5, method="nonsense"),
                lambda: np.median(x, axis=2),
                lambda: np.median(x, axis=(1, 1)),
                lambda: np.average([1, 2], weights=[1, -1]),
                lambda: np.average(x, weights=[1, 2]),
                lambda: np.average(x, axis=1, weights=[1, 2]),
                lambda: np.average(x, axis=1, weights=np.ones((2, 2))),
                lambda: np.quantile([1.0, 2.0], [[[0.5]]]),
                lambda: np.percentile(np.array([]), 50)]:
    try:
        print(repr(attempt()))
    except (ValueError, TypeError, IndexError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
