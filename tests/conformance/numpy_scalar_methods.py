# numpy scalars' methods as numpy 1.24 has them: numpy.generic's __int__, __float__, __bool__,
# __abs__, __neg__, conjugate, real and imag; __round__ of integers and floats (a Python int,
# or with ndigits the scalar's own type); __index__, is_integer and bit_count of integers;
# is_integer and as_integer_ratio of floats; float64's __floor__, __ceil__, __trunc__ and hex;
# the class of each dtype
# compare: exact
import numpy as np
import math
vals = [np.float64(2.5), np.float64(-3.5), np.float64(2), np.int64(7), np.int64(-3), np.bool_(True), np.float32(1.5), np.int32(5)]
names = ['__round__', '__floor__', '__ceil__', '__trunc__', '__int__', '__float__', '__bool__', 'is_integer', 'item', '__abs__', '__neg__', 'conjugate', 'as_integer_ratio', 'hex', 'bit_length', 'real', 'imag', 'tolist', '__complex__']
for v in vals:
    for n in names:
        try:
            a = getattr(v, n)
            r = a() if callable(a) else a
            print(type(v).__name__, n, repr(r), type(r).__name__)
        except Exception as e:
            print(type(v).__name__, n, type(e).__name__, e)
print(np.float64(2.567).__round__(2), type(np.float64(2.567).__round__(2)), np.float64(2.5).__round__(None))
print(round(np.float64(2.5)), round(np.float64(2.567), 1), type(round(np.float64(2.5))), type(round(np.float64(2.5), 1)))
print(round(np.int64(1234), -2), type(round(np.int64(1234), -2)), math.floor(np.float64(2.5)), math.ceil(np.float64(2.5)))
print(np.float32(2.567).__round__(2))
for v in [np.int64(7), np.int32(-5), np.uint8(200)]:
    print(v.__index__(), type(v.__index__()), v.bit_count())
for x in [0.1, -2.5, 5e-324, 1e300, -0.0, 0.0, float('inf'), float('nan'), 2.2250738585072014e-308, 123456.789]:
    print(np.float64(x).hex())
for x in [2.5, -2.5, 3.5, 1e18]:
    print(np.float64(x).__round__(), np.float32(x).__round__(), np.float64(x).__floor__(), np.float64(x).__ceil__(), np.float64(x).__trunc__(), np.float64(x).__round__(ndigits=-1))
for f in [lambda: np.float64('nan').__round__(), lambda: np.float64('inf').__int__(), lambda: np.float32('nan').__int__(), lambda: np.float64(1).__round__(1, 2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(np.float64(2.5).real, np.float64(2.5).imag, np.int64(3).imag, type(np.float32(1).imag), np.bool_(True).imag)
print(np.float32(0.1).as_integer_ratio(), np.float16(0.1).as_integer_ratio(), np.float32(2.0).is_integer(), np.float64(2.0).is_integer())
# numpy makes a class per dtype
for name in ['float64', 'float32', 'int64', 'int32', 'bool', 'uint8', 'float16', 'int16', 'int8']:
    d = np.dtype(name)
    print(type(d).__name__, repr(type(d)), type(d))
print(type(np.zeros(2).dtype), type(np.arange(3).dtype).__name__)
