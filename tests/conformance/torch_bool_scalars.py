# Python bools and numbers with bool, int64 and float32 tensors: the dtype PyTorch promotes
# to, and its refusals (bool subtraction, bool powers)
import torch

b = torch.tensor([True, False])
i = torch.tensor([1, 2])
f = torch.tensor([1.5, 2.5])
ops = [("+", lambda x, y: x + y), ("*", lambda x, y: x * y), ("-", lambda x, y: x - y),
       ("/", lambda x, y: x / y), ("==", lambda x, y: x == y), ("**", lambda x, y: x ** y)]
for name, t in (("b", b), ("i", i), ("f", f)):
    for s in (True, False, 2, 2.5):
        for op, fn in ops:
            for left in (True, False):
                what = (name, op, repr(s)) if left else (repr(s), op, name)
                try:
                    r = fn(t, s) if left else fn(s, t)
                    print(*what, r.dtype, r)
                except RuntimeError as e:
                    print(*what, "RuntimeError:", e)
print(b + b, b * b, (b + i).dtype, (b + f).dtype)
print(torch.add(b, True), torch.mul(b, True).dtype, torch.add(b, 1).dtype)
t0 = torch.tensor(True)
print((t0 + True).dtype, (t0 + 1).dtype, (t0 + 1.5).dtype, (t0 + i).dtype, (i + t0).dtype)
print(torch.tensor([True]) + torch.tensor(True))
for fn in (lambda: b - b, lambda: b - i, lambda: i - b, lambda: torch.sub(b, 1)):
    try:
        fn()
    except RuntimeError as e:
        print("RuntimeError:", e)
