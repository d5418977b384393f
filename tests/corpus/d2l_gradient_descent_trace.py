# Source style: d2l.ai, chapter "Optimization Algorithms: Gradient Descent" (1-D and 2-D traces, learning rates, plotted with contour lines)
import math
import numpy as np
import torch
import matplotlib.pyplot as plt


def f(x):
    return x ** 2


def f_grad(x):
    return 2 * x


def gd(eta, grad, steps=10):
    x = 10.0
    results = [x]
    for _ in range(steps):
        x -= eta * grad(x)
        results.append(float(x))
    print(f"eta {eta}: epoch {steps}, x: {x:f}")
    return results


def show_trace(results, func, label):
    n = max(abs(min(results)), abs(max(results)))
    f_line = torch.arange(-n, n, 0.01)
    plt.figure(figsize=(3.5, 2.5))
    plt.plot(f_line, [func(x) for x in f_line], "-")
    plt.plot(results, [func(x) for x in results], "-o")
    plt.xlabel("x")
    plt.ylabel("f(x)")
    plt.title(label)
    plt.show()


for eta in (0.2, 0.05, 1.1):
    res = gd(eta, f_grad)
    print(np.round(res[:4], 4), len(res))
    show_trace(res, f, f"eta={eta}")

c = 0.15 * np.pi


def f_nonconvex(x):
    return x * np.cos(c * x)


def f_nonconvex_grad(x):
    return np.cos(c * x) - c * x * np.sin(c * x)


res = gd(2, f_nonconvex_grad)
print([type(r).__name__ for r in res[:2]], np.round(res[-3:], 4))


def f_2d(x1, x2):
    return x1 ** 2 + 2 * x2 ** 2


def f_2d_grad(x1, x2):
    return (2 * x1, 4 * x2)


def gd_2d(x1, x2, s1, s2, eta=0.1):
    g1, g2 = f_2d_grad(x1, x2)
    return (x1 - eta * g1, x2 - eta * g2, 0, 0)


def train_2d(trainer, steps=20):
    x1, x2, s1, s2 = -5, -2, 0, 0
    results = [(x1, x2)]
    for _ in range(steps):
        x1, x2, s1, s2 = trainer(x1, x2, s1, s2)
        results.append((x1, x2))
    print(f"epoch {steps}, x1: {float(x1):f}, x2: {float(x2):f}")
    return results


trace = train_2d(gd_2d)
plt.plot(*zip(*trace), "-o", color="#ff7f0e")
x1, x2 = torch.meshgrid(torch.arange(-5.5, 1.0, 0.1), torch.arange(-3.0, 1.0, 0.1), indexing="ij")
plt.contour(x1, x2, f_2d(x1, x2), colors="#1f77b4")
plt.xlabel("x1")
plt.ylabel("x2")
plt.show()
print(x1.shape, f_2d(x1, x2).min().item(), math.sqrt((trace[-1][0] - trace[0][0]) ** 2 + (trace[-1][1] - trace[0][1]) ** 2))
