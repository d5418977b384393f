# np.seterr, np.geterr and np.errstate: ignore, raise, nested states, underflow when asked
import numpy as np

print(np.geterr())
old = np.seterr(all='raise')
print(old, np.geterr())
try:
    a = np.array([1.0]) / 0
except FloatingPointError as e:
    print('FloatingPointError', e)
try:
    a = np.exp(np.array([-1000.0]))
except FloatingPointError as e:
    print('FloatingPointError', e)
np.seterr(**old)
with np.errstate(divide='ignore', invalid='ignore'):
    b = np.array([0.0, 1.0]) / 0
    print(np.geterr())
    with np.errstate(invalid='warn'):
        c = np.array([0.0]) / 0
        d = np.array([1.0]) / 0
    print(np.geterr())
print(np.geterr())
with np.errstate(all='ignore'):
    e = np.log(0)
    f = np.float64(1) / 0
state = np.errstate(over='raise')
print(state.__enter__(), np.geterr())
state.__exit__(None, None, None)
print(np.seterr(under='warn'))
g = np.array([1e-300]) * 1e-300
h = np.exp(np.array([-1000.0, 0.0]))
i = np.array([1e-300]) - 1e-300
np.seterr(under='ignore', over='ignore')
j = np.exp(np.array([1000.0]))
for bad in [lambda: np.seterr(divide='bad'), lambda: np.errstate(foo='ignore').__enter__()]:
    try:
        bad()
    except (KeyError, TypeError) as e:
        print(type(e).__name__, e)
