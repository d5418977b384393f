# compare: exact
# How numpy prints arrays and scalars: print() and repr() of float64/float32/int64/bool
# arrays from 0-d to 3-d, empty arrays, exponent notation, nan/inf, negative zero,
# summarisation, line wrapping, the dtype suffix, and the print options.
# needs: numpy arrays (array, arange, linspace, zeros, reshape, astype, .T, slicing),
#   np.float32/np.float64 scalars, np.set_printoptions/get_printoptions/printoptions
import numpy as np

print(np.array([[1.0, 2.0], [3.0, 4.0]]))
print(repr(np.array([[1.0, 2.0], [3.0, 4.0]])))
print(repr(np.array([1, 2, 3])), np.array([1, 2, 3]))
print(repr(np.array([True, False])), np.array([True, False]))
print(repr(np.array([1.0, 2.0], dtype=np.float32)))
print(repr(np.array([])), repr(np.zeros((2, 0))), repr(np.array([], dtype=np.int64)))
print(repr(np.array(3.5)), np.array(3.5), repr(np.array(1.0)), repr(np.array(True)))
print(repr(np.arange(24).reshape(2, 3, 4)))
print(np.arange(24.0).reshape(2, 3, 4))
print(repr(np.arange(6.0).reshape(2, 3).T))
print(repr(np.arange(10)[::3]))

# the float layouts
print(repr(np.array([1 / 3, 2 / 3, 1.0])))
print(repr(np.array([1 / 3, 2 / 3, 1.0], dtype=np.float32)))
print(repr(np.array([0.5, 1.25, 100.0])), repr(np.array([0.1, 0.2, 0.1 + 0.2])))
print(repr(np.array([1e16, 1.0])), repr(np.array([1e-5, 1.0])), repr(np.array([1e8, 1.0])))
print(repr(np.array([0.001, 1.5])), repr(np.array([1e-300, 1e300])))
print(repr(np.array([-0.0, 1.5])), repr(np.array([-1.5, 2.25, -3.125])))
print(repr(np.array([np.nan, 1.0, -np.inf])), repr(np.array([np.nan, np.inf])))
print(repr(np.array([123456789.0, 0.5])), repr(np.array([1e-10, 1e-12, -3e-11])))
print(np.linspace(0, 1, 30))
print(repr(np.linspace(0, 1, 30).astype(np.float32)))

# numpy scalars
print(np.float64(1.5), repr(np.float64(0.1)), np.float32(0.1), repr(np.float32(1 / 3)))
print(np.float32(1e16), np.float32(1e-4), np.float32(16777217.0), np.float64(-0.0))
print(np.array([1.5, 2.5])[0], np.array([1.5, 2.5], dtype=np.float32)[1])
print(np.array([1, 2])[1], np.array([True, False])[0], np.arange(5).sum())

# summarisation and wrapping
print(np.arange(2000))
print(repr(np.arange(2000.0)))
print(repr(np.arange(3000).reshape(10, 10, 30)))
print(repr(np.arange(100)))
print(np.arange(1500) % 2 == 0)

# print options
print(np.get_printoptions())
np.set_printoptions(precision=3)
print(np.array([1 / 3, 2 / 3]), repr(np.array([1 / 3, 1e-6])))
np.set_printoptions(suppress=True)
print(repr(np.array([1 / 3, 1e-6])), np.array([1e-16, 1.0, 2.0]))
np.set_printoptions(precision=8, suppress=False, threshold=5, edgeitems=2)
print(np.arange(10), np.arange(20).reshape(4, 5))
np.set_printoptions(threshold=np.inf)
print(np.get_printoptions()["threshold"], np.arange(1200)[-3:])
np.set_printoptions(threshold=1000, edgeitems=3, linewidth=40)
print(np.linspace(0, 1, 12))
np.set_printoptions(linewidth=75, sign="+", floatmode="fixed", precision=4)
print(np.array([1.5, -2.0, np.nan]))
np.set_printoptions(sign=" ", floatmode="unique", nanstr="NaN", infstr="Inf")
print(repr(np.array([0.1, 0.25, np.nan, np.inf])))
np.set_printoptions(sign="-", floatmode="maxprec", precision=8, nanstr="nan", infstr="inf")
with np.printoptions(precision=2, suppress=True) as opts:
    print(opts["precision"], opts["suppress"], np.array([3.14159, 1e-9]))
print(np.array([3.14159, 1e-9]))
print(np.get_printoptions() == {"edgeitems": 3, "threshold": 1000, "floatmode": "maxprec",
                                "precision": 8, "suppress": False, "linewidth": 75,
                                "nanstr": "nan", "infstr": "inf", "sign": "-",
                                "formatter": None, "legacy": False})
for bad in [dict(floatmode="exact"), dict(sign="x"), dict(threshold="5"),
            dict(threshold=float("nan")), dict(precision=1.5)]:
    try:
        np.set_printoptions(**bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(np.get_printoptions()["floatmode"], np.get_printoptions()["sign"])

# printing with options for one call
print(np.array2string(np.array([1.5, 2.0]), separator=","), repr(np.array2string(np.array(1.5))))
print(np.array2string(np.arange(30.0), prefix="hello(", suffix=")", max_line_width=30))
print(np.array2string(np.linspace(0, 1, 7), precision=3, separator=", ", floatmode="fixed",
                      sign="+"))
print(np.array2string(np.arange(100), threshold=10, edgeitems=2), np.array2string(np.array([])))
print(np.array_repr(np.array([1e-6, 4e-7, 2, 3]), precision=6, suppress_small=True))
print(np.array_repr(np.arange(30), max_line_width=20), np.array_str(np.arange(3.0) / 3, precision=2))
f = np.format_float_positional
g = np.format_float_scientific
print(f(np.float32(np.pi)), g(np.float32(np.pi)), f(0.1, unique=False, precision=20), f(3, precision=2))
print(g(np.float32(1.23e24), unique=False, precision=15), g(1.23e24, exp_digits=4), f(-0.0), g(0.0))
print([f(1.5, trim="-"), f(1.0, trim="-"), f(1.0, trim="0"), f(1.25, pad_left=4, pad_right=4),
       g(1.0, trim="0"), g(12345.678, precision=2), g(12345.678, min_digits=10)])
print([f(0.5, fractional=False, precision=3, unique=False), f(123.456, fractional=False, precision=2),
       f(0.001234, fractional=False, min_digits=6), f(np.float32(0.3), min_digits=12)])
print([f(np.nan, sign=True), g(np.inf, sign=True, pad_left=6), f(-np.inf)])
for kw in [dict(unique=False), dict(precision=-1), dict(min_digits=5, precision=2),
           dict(fractional=False, precision=0)]:
    try:
        f(1.5, **kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
