# numpy's element-wise work and reductions on 10**6 float64 elements, and float32 for the
# transcendentals whose float32 loops differ (issue 16: within 3x
# of numpy's time), each timed inside the script in CPU time (so that other work on the
# machine blurs it less): "NAME SECONDS" per operation.
import time
import numpy as np

N = 1000000
x = np.arange(N) / N
y = np.linspace(0.0, 1.0, N)
m = x.reshape(1000, 1000)
xf = x.astype(np.float32)
yf = (y * 4.0 - 2.0).astype(np.float32)


def timed(name, f, reps=10):
    f()
    start = time.process_time()
    for _ in range(reps):
        f()
    print(f"{name} {(time.process_time() - start) / reps:.6f}")


timed("add", lambda: x + y)
timed("mul_scalar", lambda: x * 2.5)
timed("sub_div", lambda: (x - y) / 3.0)
timed("exp", lambda: np.exp(x))
timed("tanh", lambda: np.tanh(x))
timed("expm1", lambda: np.expm1(x))
timed("log1p", lambda: np.log1p(x))
timed("power", lambda: np.power(x, y))
timed("f32_exp", lambda: np.exp(xf))
timed("f32_expm1", lambda: np.expm1(xf))
timed("f32_log1p", lambda: np.log1p(xf))
timed("f32_power", lambda: np.power(xf, yf))
timed("f32_power_scalar", lambda: xf ** 2.5)
timed("sqrt", lambda: np.sqrt(x))
timed("maximum", lambda: np.maximum(x, 0.5))
timed("compare", lambda: x > 0.5)
timed("where", lambda: np.where(x > 0.5, x, y))
timed("sum", lambda: x.sum())
timed("mean", lambda: np.mean(x))
timed("std", lambda: x.std())
timed("max", lambda: x.max())
timed("argmax", lambda: x.argmax())
timed("sum_axis0", lambda: m.sum(axis=0))
timed("mean_axis1", lambda: m.mean(axis=1))
timed("mask", lambda: x[x > 0.5])
