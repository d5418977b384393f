# Elementwise functions of issue 13 reached through the signature table: torch.f(x) and x.f()
# needs: the signature table, the engine's elementwise ops
import torch

x = torch.tensor([0.25, 0.5, 0.75], dtype=torch.float64, requires_grad=True)
for name in ["asin", "acos", "atan", "sinh", "cosh", "asinh", "atanh", "log1p", "expm1",
             "log2", "log10", "floor", "ceil", "trunc", "frac"]:
    y = getattr(torch, name)(x)
    z = getattr(x, name)()
    y.sum().backward()
    print(name, y, torch.equal(y, z), y.grad_fn.name(), x.grad)
    x.grad = None
w = torch.tensor([1.5, 2.0, 3.0])
print(torch.acosh(w), w.acosh().grad_fn)
v = torch.tensor([1.0, float("nan"), float("inf"), -float("inf")])
print(torch.isnan(v), v.isinf(), torch.isfinite(v), v.isnan().dtype)
try:
    v.floor(1)
except TypeError as e:
    print(e)
