# np.seterr's call, print and log modes with np.seterrcall (a function, an object with a
# write method), errstate(call=...), and numpy's NameError when no callback is set
import numpy as np
def handler(kind, flag):
    print("handler:", repr(kind), flag)
class Log:
    def write(self, msg):
        print("log:", repr(msg))
print(np.geterrcall())
old = np.seterrcall(handler)
print(old, np.geterrcall() is handler)
np.seterr(all='call')
a = np.array([1.0, 0.0, -1.0])
b = a / 0
c = np.log(a)
d = np.array([1e308]) * 10
np.seterr(all='print')
b = a / 0
for i in range(2):
    c = np.sqrt(np.array([-1.0]))
np.seterrcall(Log())
np.seterr(all='log')
b = a / 0
print(np.geterr())
np.seterrcall(None)
np.seterr(all='call')
try:
    b = a / 0
except Exception as e:
    print(type(e).__name__, e)
np.seterr(all='log')
try:
    b = a / 0
except Exception as e:
    print(type(e).__name__, e)
try:
    np.seterrcall(42)
except Exception as e:
    print(type(e).__name__, e)
np.seterr(all='warn')
np.seterrcall(handler)
with np.errstate(divide='call', call=handler):
    b = a / 0
print(np.geterrcall() is handler)
with np.errstate(invalid='call', call=Log().write):
    c = np.sqrt(np.array([-1.0, 4.0]))
print(np.geterrcall() is handler)
with np.errstate(all='call'):
    x = np.float64(1.0) / 0.0
    y = np.exp(np.array([1000.0]))
