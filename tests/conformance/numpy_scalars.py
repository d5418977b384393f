# numpy's scalars: what reductions and indexing return (np.float64, np.int64, np.bool_),
# their type, attributes and methods, numpy 1.24's arithmetic and promotion with Python
# numbers, arrays and np.float32, printing, conversions, hashing, and numpy scalars in torch
import math
import numpy as np
import torch


def show(label, v):
    print(label, repr(v), type(v))


x = np.arange(6.0).reshape(2, 3)
i = np.arange(6).reshape(2, 3)
b = x > 2
show("sum", x.sum())
show("mean", np.mean(x))
show("max", x.max())
show("std", x.std())
show("int sum", i.sum())
show("argmax", x.argmax())
show("index", x[1, 2])
show("int index", i[0, 1])
show("bool index", b[1, 0])
show("any", b.any())
show("float32 sum", x.astype(np.float32).sum())
show("iteration", [v for v in x[0]])
show("list", list(i[1]))

s = x.mean()
print(s.item(), type(s.item()), s.round(1), s.dtype, s.shape, s.ndim, s.size)
print(s.astype(np.int32), type(s.astype(np.int32)), s.astype(int), type(s.astype(int)))
print(float(s), type(float(s)), int(s), bool(s), str(s), f"{s:.3f}", "%.2e" % s)
print(i.max().item(), type(i.max().item()), b.all().item(), type(b.all().item()))
print(isinstance(s, float), isinstance(i.sum(), int), isinstance(b.any(), bool))
print(isinstance(s, np.float64), isinstance(np.float32(1), float), isinstance(1.0, np.float64))
print(type(s) is np.float64, type(i.sum()) == np.int64, type(b.any()) is np.bool_, s.__class__)
print(hash(s) == hash(2.5), {s: "a"}[2.5], {i.sum(): 1}, s.is_integer(), np.float64(4).is_integer())

# arithmetic: numpy's results
for v in [s + 1, 1 + s, s * 2.5, s / 0, -s, abs(-s), s ** 2, s // 2, s % 2, s - True]:
    show("float64 op", v)
n = i.sum()
for v in [n + 1, n * 2, n / 4, n // 4, n % 4, n ** 2, -n, ~n, n & 3, n << 1, n + 0.5,
          n + True, np.int64(9223372036854775807) + 1, np.int64(1) // 0]:
    show("int64 op", v)
t = b.any()
for v in [t + 1, t + t, t * 2.0, ~t, t & False, t == 1, not t]:
    show("bool_ op", v)
for v in [s < 3, s == 2.5, n >= 15, s != n, np.float64(np.nan) == np.nan]:
    show("compare", v)
print(np.bool_(True) is True, bool(np.bool_(True)) is True, s is s)

# numpy 1.24's promotion with float32 scalars and arrays (value-based)
f = np.float32(1.5)
for v in [f * 2.5, f * 2, f + s, f + np.float32(2), s * np.arange(3, dtype=np.float32),
          n * np.arange(3, dtype=np.int8), np.float32(0.1) + np.float64(0.2)]:
    show("promote", v)

# Python's builtins on numpy scalars
vals = [np.float64(3), 1, np.int64(2), 2.5]
print(sorted(vals), max(vals), min(vals), sum(vals), type(sum(vals)))
print(round(np.float64(2.567), 2), type(round(np.float64(2.567), 2)), round(np.float64(2.5)),
      type(round(np.float64(2.5))), round(np.int64(7), 2), type(round(np.int64(7), 2)))
print(math.sqrt(s), type(math.sqrt(s)), [10, 20, 30][np.int64(1)], list(range(np.int64(3))))
print(divmod(np.float64(7), 2), np.sqrt(np.float64(4.0)), np.exp(np.float64(0.0)))

# constructors
for v in [np.float64(2), np.float64("1.25"), np.int64(7.9), np.bool_(3), np.float64(),
          np.int64(9007199254740993), np.float32(0.1), np.int32(5)]:
    show("constructor", v)

# numpy scalars in torch, as PyTorch 1.13 takes them
tt = torch.ones(3)
for v in [torch.tensor(np.float64(2.5)), torch.tensor(np.float32(2.5)), torch.tensor(n),
          torch.tensor(t), torch.tensor([s, 2.0]), torch.tensor([np.float32(1), 2.0]),
          torch.tensor([n, 2.5]), torch.tensor([[np.float64(1)]]), torch.as_tensor(s),
          tt * s, s * tt, tt + n, torch.ones(2, dtype=torch.int64) * s,
          torch.ones(2, dtype=torch.int64) + n, torch.tensor(3.0) * s, torch.full((2,), s),
          torch.zeros(n // 5), tt[np.int64(0)], torch.tensor(2.0) < s,
          torch.tensor(1.0, requires_grad=True) * s]:
    print(v)
print(tt.sum().item() * s, type(tt.sum().item() * s))

# numpy's abstract scalar types and issubdtype
i = np.arange(3).max()
print(isinstance(s, np.floating), isinstance(s, np.integer), isinstance(i, np.integer),
      isinstance(i, np.signedinteger), isinstance(i, np.unsignedinteger),
      isinstance(s, np.number), isinstance(np.bool_(True), np.number),
      isinstance(np.bool_(True), np.generic), isinstance(1.5, np.floating),
      isinstance(np.float32(1), np.inexact))
print(np.floating, np.integer, np.generic, np.number.__name__, np.zeros(2).dtype.type is np.float64)
for a, b in [(np.float32, np.floating), ("float64", np.floating), (np.arange(3).dtype, np.integer),
             (np.arange(3).dtype, np.floating), (np.uint8, np.unsignedinteger),
             (np.int8, np.unsignedinteger), (np.floating, np.number), (np.floating, np.inexact),
             (np.number, np.floating), (np.float64, np.float64), (np.float64, np.float32),
             (bool, np.number), (np.bool_, np.generic), (float, np.floating),
             (int, np.signedinteger)]:
    print(np.issubdtype(a, b), end=" ")
print()
