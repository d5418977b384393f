# np.dtype is a class: its repr, isinstance of a dtype, and type(d) the class numpy makes
# for each dtype (the same object for equal dtypes), a subclass of np.dtype whose class,
# as np.dtype's, is numpy._DTypeMeta; issubclass of numpy's scalar and abstract types
# compare: exact
# needs: import numpy, np.dtype, type(), isinstance, issubclass
import numpy as np

d = np.dtype("float64")
print(np.dtype, np.dtype.__name__, isinstance(d, np.dtype), isinstance(np.zeros(2).dtype, np.dtype))
print(isinstance(np.float64, np.dtype), isinstance(1.0, np.dtype), isinstance("float64", np.dtype))
print(type(d), type(d) == type(np.dtype("float64")), type(d) == type(np.zeros(3).dtype))
print(type(d) == type(np.dtype("float32")), type(d) != type(np.dtype("int64")))
print(type(d).__name__, type(d).__module__, isinstance(d, type(np.ones(1).dtype)))
print(isinstance(np.dtype("int32"), type(d)), {type(d): "f8"}[type(np.dtype(np.float64))])
print(np.dtype(np.float32), repr(np.dtype("int64")), np.dtype("bool") == np.bool_)

print(type(np.dtype), type(type(d)), type(type(d)) is type(np.dtype), type(type(np.dtype)))
print(type(np.dtype).__name__, type(np.dtype).__module__, type(np.dtype).__qualname__)
print(type(d).__mro__, type(np.dtype).__mro__)
print(issubclass(type(d), np.dtype), issubclass(type(d), object), issubclass(type(d), type(np.dtype("int64"))))
print(isinstance(type(d), type), isinstance(np.dtype, type), isinstance(type(d), type(np.dtype)), isinstance(np.dtype, type(np.dtype)))
print(isinstance(d, type(d)), isinstance(d, type(np.dtype("int32"))), isinstance(d, np.dtype), isinstance(d, object))
print(type(d)(), type(np.dtype("bool"))(), type(np.dtype("int32"))() == np.dtype("int32"))
print(type(d).type, type(d).type is np.float64, d.type is np.float64)
for name in ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64"]:
    dt = np.dtype(name)
    k = type(dt)
    print(k, repr(k), str(k), k.__name__, k is type(np.array([1], dtype=name).dtype), k is type(np.dtype(dt.type)), dt, repr(dt), str(dt))
    print(isinstance(dt, k), issubclass(k, np.dtype), k == type(np.dtype(name)), k != type(d), hash(k) == hash(type(np.dtype(name))))
    print(issubclass(dt.type, np.generic), issubclass(dt.type, np.number), issubclass(dt.type, np.integer), issubclass(dt.type, np.floating), issubclass(dt.type, np.signedinteger), issubclass(dt.type, np.unsignedinteger), issubclass(dt.type, np.inexact))
    print(issubclass(dt.type, float), issubclass(dt.type, int), issubclass(dt.type, bool), issubclass(dt.type, object), issubclass(dt.type, dt.type), issubclass(dt.type, (np.floating, np.integer)))
print(issubclass(np.floating, np.number), issubclass(np.integer, np.floating), issubclass(np.number, np.generic))
print({type(np.dtype("int64")): 1}[type(np.zeros(2, dtype=np.int64).dtype)])
try:
    type(d)("float64")
except TypeError as e:
    print("TypeError:", e)
print(issubclass(np.dtype, np.dtype), issubclass(np.dtype, object), issubclass(type(np.dtype), type), issubclass(np.float64, np.float64), issubclass(np.float32, float))
print(isinstance(int, type), isinstance(np.ndarray, type), isinstance(np.float64, type), isinstance(np.floating, type), isinstance(np.zeros(2), object), isinstance(np.float64(1), object))
try:
    issubclass(d, np.dtype)
except TypeError as e:
    print("TypeError:", e)
