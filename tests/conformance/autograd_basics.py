# requires_grad, leaves and non-leaves, grad accumulation and zeroing, no_grad, enable_grad,
# set_grad_enabled, detach, .data, retain_grad, register_hook, torch.autograd.grad.
# needs: requires_grad=True, is_leaf, grad accumulation over two backward calls, grad.zero_(),
#   `with torch.no_grad()`, torch.enable_grad() inside it, torch.set_grad_enabled(False),
#   detach(), .data, retain_grad(), register_hook(lambda), autograd.grad, requires_grad_()
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
z = y.sum()
print(x.is_leaf, y.is_leaf, z.is_leaf, x.requires_grad, y.requires_grad)
y.retain_grad()
z.backward()
print(x.grad, y.grad)
(x * 3).sum().backward()
print(x.grad)
x.grad.zero_()
print(x.grad)

with torch.no_grad():
    w = x * 2
    print(w.requires_grad, w.grad_fn)
    with torch.enable_grad():
        u = x * 2
    print(u.requires_grad)
print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
print((x + 1).requires_grad, torch.is_grad_enabled())
torch.set_grad_enabled(True)
print((x + 1).requires_grad)

d = x.detach()
d[0] = 10.0
print(x, d.requires_grad)
print(x.data, x.data.requires_grad)

seen = []
h = x * 2
h.register_hook(lambda grad: seen.append(grad * 1))
(h ** 2).sum().backward()
print(seen)

a = torch.tensor(2.0, requires_grad=True)
b = a ** 3
(g,) = torch.autograd.grad(b, a)
print(g, a.grad)
c = torch.tensor(4.0)
print(c.requires_grad, c.requires_grad_().requires_grad, c.is_leaf)
