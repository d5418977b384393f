# clamp and clip with tensor bounds (issue 13): broadcasting, ClampBackward0 and the gradients of
# the input and both bounds, as PyTorch
# needs: the signature table, the engine's clamp with tensor bounds
import torch
x = torch.tensor([[-2.0, 0.5, 3.0], [1.0, -1.0, 0.2]], requires_grad=True)
lo = torch.tensor([-1.0, 0.0, 0.5], requires_grad=True)
hi = torch.tensor([[1.0], [0.1]], requires_grad=True)
y = x.clamp(lo, hi)
print(y)
y.sum().backward()
print(x.grad, lo.grad, hi.grad)
z = torch.clamp(x, min=lo)
print(z, z.grad_fn.name(), len(z.grad_fn.next_functions))
print(torch.clamp(x, max=torch.tensor(0.5)), x.clamp(torch.tensor(0.0), torch.tensor(1.0)).grad_fn)
w = torch.tensor([1, 5, 9])
print(w.clamp(torch.tensor([2, 2, 2]), torch.tensor([4, 4, 4])), w.clamp(torch.tensor([2.5]), None))
print(torch.clip(x, lo, hi).grad_fn.name())
a = torch.tensor([0.0, 2.0], requires_grad=True)
b = torch.tensor([1.0, 1.0], requires_grad=True)
c = torch.tensor([0.5, 0.5], requires_grad=True)
a.clamp(b, c).sum().backward()
print(a.grad, b.grad, c.grad)
try:
    x.clamp(min=None, max=None)
except Exception as e:
    print(type(e).__name__, e)
try:
    x.clamp(torch.ones(4))
except Exception as e:
    print(type(e).__name__, e)
