# Tensor methods lecture code uses, as PyTorch 1.13: t_() in place (TBackward1, version
# bumped, a leaf refused); a // b of tensors that require grad records PyTorch's
# NotImplemented node (edges to the tensors that require grad), whose backward fails with
# its message, also in place (//=); clamp with tensor bounds in place, clamp_min and
# clamp_max with a tensor bound (ClampMinBackward1, ClampMaxBackward1) and their gradients
# at ties; nn.Hardtanh(min_value=, max_value=) with PyTorch's deprecation warnings
# compare: stderr
import torch
import torch.nn as nn
import torch.nn.functional as F
def attempt(name, f):
    try:
        r = f()
        print(name, r)
    except Exception as e:
        print(name, type(e).__name__, e)
a = torch.arange(6.).reshape(2, 3)
b = a.clone()
print(b.t_(), b.shape, b.is_contiguous(), b.stride())
v = torch.arange(3.)
print(v.t_(), v.shape)
s = torch.tensor(2.)
print(s.t_())
attempt("t3", lambda: torch.zeros(2, 3, 4).t_())
w = torch.randn(2, 3, requires_grad=True)
attempt("t_ leaf", lambda: w.t_())
y = w * 2
y.t_()
print(y.grad_fn, y.shape, y._version)
y.sum().backward()
print(w.grad)
x = torch.tensor([5., -7., 3.5], requires_grad=True)
attempt("floordiv", lambda: x // 2)
attempt("floordiv2", lambda: 7 // x)
attempt("floordiv3", lambda: torch.floor_divide(x, 2))
attempt("floordiv4", lambda: x.floor_divide(torch.tensor([2., 2., 2.])))
z = x.detach() // 2
print(z, z.requires_grad)
with torch.no_grad():
    print(x // 2)
print(torch.tensor([5, -7, 3]) // 2)
print(torch.tensor([5., -7., 3.]) // torch.tensor([2., 2., 0.]))
t = torch.tensor([-2., -0.5, 0.5, 2.], requires_grad=True)
lo = torch.tensor([-1., -1., 0., 0.], requires_grad=True)
hi = torch.tensor([1., 0., 1., 1.], requires_grad=True)
c = torch.clamp(t, lo, hi)
print(c, c.grad_fn)
c.sum().backward()
print(t.grad, lo.grad, hi.grad)
t.grad = None; lo.grad = None; hi.grad = None
c = t.clamp(min=lo)
print(c, c.grad_fn)
(c * torch.tensor([1., 2., 3., 4.])).sum().backward()
print(t.grad, lo.grad)
t.grad = None; hi.grad = None
c = t.clamp(max=hi)
print(c.grad_fn)
(c * torch.tensor([1., 2., 3., 4.])).sum().backward()
print(t.grad, hi.grad)
t.grad = None; lo.grad = None
c = torch.clamp_min(t, lo)
print(c.grad_fn)
c.sum().backward()
print(t.grad, lo.grad)
t.grad = None; hi.grad = None
c = torch.clamp_max(t, hi)
print(c.grad_fn)
c.sum().backward()
print(t.grad, hi.grad)
print(torch.clamp(torch.tensor([1., 5.]), min=torch.tensor([2.]), max=torch.tensor(3.)))
attempt("none", lambda: torch.clamp(torch.tensor([1., 5.])))
attempt("int", lambda: torch.clamp(torch.tensor([1, 5]), min=torch.tensor([2.])))
attempt("shape", lambda: torch.clamp(torch.tensor([1., 5.]), min=torch.tensor([2., 3., 4.])))
u = torch.tensor([1., 5., -3.])
u.clamp_(min=torch.tensor([2., 0., 0.]), max=torch.tensor([3., 4., 1.]))
print(u)
u.clamp_min_(torch.tensor([2., 4.5, 0.])); print(u)
u.clamp_max_(torch.tensor([2.5, 4.5, 0.5])); print(u)
# equal bounds tie
t2 = torch.tensor([1., 2.], requires_grad=True)
lo2 = torch.tensor([1., 3.], requires_grad=True)
hi2 = torch.tensor([1., 2.], requires_grad=True)
torch.clamp(t2, lo2, hi2).sum().backward()
print(t2.grad, lo2.grad, hi2.grad)
ht = nn.Hardtanh(min_value=-0.5, max_value=2.0)
print(ht, ht(torch.tensor([-1., 0.3, 3.])))
print(nn.Hardtanh(-2, 2), nn.Hardtanh(-2., 2., inplace=True))
print(F.hardtanh(torch.tensor([-1., 0.3, 3.]), min_val=-0.5, max_val=0.5))
attempt("ht bad", lambda: nn.Hardtanh(min_value=2., max_value=1.))
attempt("ht kw", lambda: nn.Hardtanh(min_val=0.))
print(nn.ReLU6(), nn.Hardtanh(min_value=0., max_value=6.))
q = torch.tensor([-1., 0.3, 3.], requires_grad=True)
r = nn.Hardtanh(min_value=-0.5, max_value=2.0)(q)
print(r.grad_fn); r.sum().backward(); print(q.grad)
y = x // 2
print(y.grad_fn.name(), y.grad_fn.next_functions)
try:
    y.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
zz = (x * 2) // torch.tensor(3.)
try:
    (zz * x).sum().backward()
except Exception as e:
    print(type(e).__name__, e)
print(x.grad, (x // x).grad_fn.next_functions, (torch.tensor(3.) // x).grad_fn.next_functions)
w = x * 1
w //= 2
print(w, w.grad_fn, w.grad_fn.next_functions)
def leaf_floordiv():
    x2 = x
    x2 //= 2
    return x2
attempt("leaf //=", leaf_floordiv)
