# numpy's casting error of an in-place operator: numpy.core._exceptions'
# _UFuncOutputCastingError, which names itself after its base (UFuncTypeError, a TypeError),
# with its attributes; the last one uncaught, its traceback naming the class itself
# compare: traceback
# needs: import numpy, augmented assignment on arrays, try/except, type(e).__name__
import numpy as np


def attempt(text, f):
    try:
        f()
        print(text, "no error")
    except TypeError as e:
        print(text, type(e).__name__, type(e).__qualname__, type(e).__module__, type(e))
        print(" ", e)
        print(" ", e.casting, e.from_, e.to, e.out_i, e.ufunc.__name__, len(e.args))
        print(" ", [c.__qualname__ for c in type(e).__mro__])


def add_float(a):
    a += 1.5


def multiply_array(a):
    a *= np.ones(3)


def divide(a):
    a /= 2


def floor_divide(a):
    a //= 0.5


def subtract(a):
    a -= np.float64(2.0)


def power(a):
    a **= 0.5


attempt("int64 += 1.5", lambda: add_float(np.zeros(3, dtype=np.int64)))
attempt("int64 *= float array", lambda: multiply_array(np.zeros(3, dtype=np.int64)))
attempt("int32 /= 2", lambda: divide(np.zeros(3, dtype=np.int32)))
attempt("bool += 1.5", lambda: add_float(np.zeros(3, dtype=bool)))
attempt("int64 //= 0.5", lambda: floor_divide(np.ones(3, dtype=np.int64)))
attempt("int64 -= np.float64", lambda: subtract(np.ones(3, dtype=np.int64)))
attempt("int32 **= 0.5", lambda: power(np.ones(3, dtype=np.int32)))
attempt("float32 += 1.5", lambda: add_float(np.zeros(3, dtype=np.float32)))
attempt("float32 *= float64 array", lambda: multiply_array(np.zeros(3, dtype=np.float32)))

import numpy.core._exceptions as exceptions
print(exceptions.UFuncTypeError, exceptions._UFuncOutputCastingError.__name__)
print(issubclass(exceptions._UFuncOutputCastingError, exceptions.UFuncTypeError))
print(issubclass(exceptions.UFuncTypeError, TypeError))
try:
    add_float(np.arange(4))
except exceptions.UFuncTypeError as e:
    print("caught as UFuncTypeError:", e)

a = np.zeros(3, dtype=np.int64)
a += 1.5
