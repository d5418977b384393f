# numpy's nan-functions: nanmin, nanmax, nanargmin, nanargmax, nansum, nanprod, nanmean,
# nanvar, nanstd over every axis with keepdims, for float64, float32, int and bool arrays
# and lists, their dtypes and reprs to the last bit, numpy's warnings (All-NaN slice
# encountered, Mean of empty slice, Degrees of freedom <= 0 for slice.) and errors
# compare: exact
# compare: stderr
# needs: numpy nan-functions, warnings
import numpy as np

rng = np.random.default_rng(7)
x = rng.normal(size=(4, 5))
x[0, 1] = np.nan
x[2, :] = np.nan
x[3, 4] = np.nan
inputs = [
    ("float64", x),
    ("float32", x.astype(np.float32)),
    ("int64", np.arange(20).reshape(4, 5) - 7),
    ("bool", np.arange(20).reshape(4, 5) % 3 == 0),
]
functions = [np.nanmin, np.nanmax, np.nansum, np.nanprod, np.nanmean, np.nanvar, np.nanstd]
for name, a in inputs:
    for f in functions:
        for axis in [None, 0, 1, -1, (0, 1)]:
            for keepdims in [False, True]:
                r = f(a, axis=axis, keepdims=keepdims)
                print(name, f.__name__, axis, keepdims, repr(r), np.asarray(r).dtype)
    for f in [np.nanargmin, np.nanargmax]:
        b = a[[0, 1, 3]]
        for axis in [None, 0, 1]:
            print(name, f.__name__, axis, repr(f(b, axis=axis)), repr(f(b, axis=axis, keepdims=True)))

v = [1.5, float("nan"), -2.0, 4.25]
print(repr(np.nanmean(v)), repr(np.nanmax(v)), repr(np.nanmin(v)), repr(np.nansum(v)))
print(repr(np.nanvar(v)), repr(np.nanstd(v, ddof=1)), repr(np.nanargmax(v)), repr(np.nanargmin(v)))
print(repr(np.nanmean(x, dtype=np.float32)), repr(np.nansum(x.astype(np.float32), dtype=np.float64)))
print(repr(np.nanvar(x, axis=1, ddof=2)), repr(np.nanstd(x, axis=0, ddof=3)))
print(repr(np.nanmean([[np.nan, np.nan], [1.0, 2.0]], axis=1)))
print(repr(np.nanmax([[np.nan, np.nan], [1.0, 2.0]], axis=1)))
print(repr(np.nanmin(np.array([[np.nan, np.nan], [1.0, 2.0]]), axis=1)))
print(repr(np.nanstd(np.array([[np.nan, np.nan], [1.0, 2.0]]), axis=1)))
print(repr(np.nansum(np.array([np.nan, np.nan]))), repr(np.nanprod(np.array([np.nan]))))
print(repr(np.nanmean(np.array([np.inf, 1.0, np.nan]))), repr(np.nanmax(np.array([-np.inf, np.nan]))))
print(repr(np.nanmean(np.array([3, 4]))), repr(np.nanvar(np.array([3, 4]))))

for attempt in [lambda: np.nanargmax(np.array([np.nan, np.nan])),
                lambda: np.nanargmin(np.array([[np.nan, 1.0], [np.nan, np.nan]]), axis=1),
                lambda: np.nanmax(np.array([])),
                lambda: np.nanmin(np.zeros((0, 3)), axis=0),
                lambda: np.nanmin([]),
                lambda: np.nanmean(x, dtype=np.int64),
                lambda: np.nanmax(x, axis=2),
                lambda: np.nanargmax(np.array([])),
                lambda: np.nanmean(x, axis=(0, 0))]:
    try:
        print(repr(attempt()))
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
