# x.T on tensors of any dimension, as PyTorch 1.13: a permutation (PermuteBackward0), with
# its deprecation warning for other than 2 dims printed once; mT, mH and H
# compare: stderr
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x.T
print(y, y.grad_fn, y.grad_fn.next_functions, y._base is x)
y.sum().backward()
print(x.grad)
s = torch.tensor(2., requires_grad=True)
z = s.T
print(z, z.grad_fn)
c = torch.ones(2, 3, 4, requires_grad=True)
d = c.T
print(d.shape, d.grad_fn, d.is_contiguous(), d.stride())
(d * torch.arange(24.).view(4, 3, 2)).sum().backward()
print(c.grad)
m = torch.ones(2, 3, requires_grad=True)
print(m.T.grad_fn, m.mT.grad_fn, m.H.grad_fn, m.mH.grad_fn)
for i in range(2):
    w = torch.tensor([1., 2.]).T
print(w)
for name in ['mT', 'H', 'mH']:
    for t in [torch.ones(3), torch.ones(2, 3), torch.ones(2, 3, 4)]:
        attempt(name, lambda: (getattr(t, name).shape, getattr(t, name).stride()))
