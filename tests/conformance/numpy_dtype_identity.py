# np.dtype is a class: its repr, isinstance of a dtype, and type(d) the class numpy makes
# for each dtype (equal for equal dtypes)
# compare: exact
# needs: import numpy, np.dtype, type(), isinstance
import numpy as np

d = np.dtype("float64")
print(np.dtype, np.dtype.__name__, isinstance(d, np.dtype), isinstance(np.zeros(2).dtype, np.dtype))
print(isinstance(np.float64, np.dtype), isinstance(1.0, np.dtype), isinstance("float64", np.dtype))
print(type(d), type(d) == type(np.dtype("float64")), type(d) == type(np.zeros(3).dtype))
print(type(d) == type(np.dtype("float32")), type(d) != type(np.dtype("int64")))
print(type(d).__name__, type(d).__module__, isinstance(d, type(np.ones(1).dtype)))
print(isinstance(np.dtype("int32"), type(d)), {type(d): "f8"}[type(np.dtype(np.float64))])
print(np.dtype(np.float32), repr(np.dtype("int64")), np.dtype("bool") == np.bool_)
