# numpy's exceptions: numpy.AxisError and numpy.linalg.LinAlgError caught by their classes
# and by their bases, their names, reprs, arguments and modules, and the last one uncaught:
# its traceback names numpy.linalg as CPython prints it
# compare: traceback
# needs: import numpy, np.linalg.LinAlgError, np.AxisError, try/except, type(e).__name__
import numpy as np

a = np.zeros((2, 3))
for attempt in [lambda: a.sum(axis=2), lambda: np.mean(a, axis=-3), lambda: a.argmax(axis=5)]:
    try:
        attempt()
    except np.AxisError as e:
        print(type(e).__name__, repr(e), str(e), e.args, e.axis, e.ndim)
        print(type(e), type(e).__module__, isinstance(e, ValueError))
try:
    a.max(axis=3)
except ValueError as e:
    print("as ValueError:", repr(e))

e = np.AxisError("a message of its own")
print(repr(e), str(e), e.args, e.axis)
print(repr(np.AxisError(1, 2, "prefix")), str(np.AxisError(1, 2, "prefix")))
print(np.AxisError, np.linalg.LinAlgError, np.linalg.LinAlgError.__name__)
print(issubclass(np.linalg.LinAlgError, Exception), np.linalg.LinAlgError.__module__)

rng = np.random.default_rng(0)
bad = [[1.0, 2.0], [2.0, 1.0]]
try:
    rng.multivariate_normal([0.0, 0.0], bad, method="cholesky")
except np.linalg.LinAlgError as e:
    print(type(e).__name__, repr(e), e.args)
try:
    rng.multivariate_normal([0.0, 0.0], bad, method="cholesky")
except Exception as e:
    print("as Exception:", type(e), str(e))
rng.multivariate_normal([0.0, 0.0], bad, method="cholesky")
