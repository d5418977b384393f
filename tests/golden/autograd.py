# Goldens for tests/test-autograd.c: in-place ops on views (CopySlices), PyTorch 1.13
import torch

w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
h = w.clone()
h[0, 0] = 0.0
print(h.grad_fn.name(), [(f.name() if f else None, n) for f, n in h.grad_fn.next_functions])
v = h[0]
v.mul_(2)
print(v.grad_fn.name(), v._version, h._version)
(h * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print("clone/copy/mul_", h.tolist(), w.grad.tolist())

w.grad = None
h3 = w * 1
a = h3[0]
b = a[1:]
b.mul_(3)
s = torch.tensor([5.0, 6.0], requires_grad=True)
h3.t()[1].copy_(s * s)
(h3 * h3).sum().backward()
print("nested", h3.tolist(), w.grad.tolist(), s.grad.tolist())

w.grad = None
h4 = w * 1
q = h4[:, 0]
t = torch.tensor([2.0, 4.0], requires_grad=True)
q.div_(t)
print(q.grad_fn.name(), h4.grad_fn.next_functions[1][0].name())
(h4 * h4).sum().backward()
print("div_", h4.tolist(), w.grad.tolist(), t.grad.tolist())

try:
    w[0].mul_(2)
except RuntimeError as e:
    print(e)
try:
    h5 = w.exp()
    h5[1].fill_(1.0)
    h5.sum().backward()
except RuntimeError as e:
    print(e)
