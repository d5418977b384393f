# Activations and pointwise methods lecture code uses, as PyTorch 1.13: F.relu6, hardtanh,
# hardsigmoid, hardswish, logsigmoid (each its own node), softsign and tanhshrink (composed),
# their nn modules and reprs, in place; tan, rsqrt, sgn, clamp_min/clamp_max,
# round(decimals=), fill_diagonal_, abs_/neg_ with their nodes, gradients and messages
import torch
import torch.nn as nn
import torch.nn.functional as F

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

x = torch.tensor([-4., -3., -2.5, -1., 0., 0.5, 1., 3., 6., 7.], requires_grad=True)
fs = [('relu6', F.relu6), ('hardtanh', F.hardtanh), ('hardtanh(-2, 3)', lambda t: F.hardtanh(t, -2., 3.)),
      ('hardsigmoid', F.hardsigmoid), ('hardswish', F.hardswish), ('logsigmoid', F.logsigmoid),
      ('softsign', F.softsign), ('tanhshrink', F.tanhshrink)]
for name, f in fs:
    y = f(x)
    g, = torch.autograd.grad((y * torch.arange(10.)).sum(), x)
    print(name, y, y.grad_fn.name(), len(y.grad_fn.next_functions))
    print(' grad', g)

for name, f in [('relu6', lambda t: F.relu6(t, inplace=True)), ('hardtanh', lambda t: F.hardtanh(t, inplace=True)),
                ('hardtanh_', F.hardtanh_), ('hardsigmoid', lambda t: F.hardsigmoid(t, True)),
                ('hardswish', lambda t: F.hardswish(t, inplace=True))]:
    y = x * 1
    v = y._version
    z = f(y)
    print(name, 'in place', z is y, y._version - v, y.grad_fn.name())
    g, = torch.autograd.grad(y.sum(), x)
    print(' grad', g)
    attempt(name + ' on a leaf', lambda: f(x))

i = torch.tensor([-4, 1, 7])
b = torch.tensor([True, False])
for name, f in fs:
    attempt(name + ' int', lambda: f(i))
    attempt(name + ' bool', lambda: f(b))
attempt('hardtanh list', lambda: F.hardtanh([1.]))
attempt('softsign list', lambda: F.softsign([1.]))
attempt('logsigmoid list', lambda: F.logsigmoid([1.]))
attempt('logsigmoid kw', lambda: F.logsigmoid(input=x).shape)

mods = [nn.ReLU6(), nn.ReLU6(True), nn.Hardtanh(), nn.Hardtanh(-2, 3), nn.Hardtanh(-2., 3., True),
        nn.Hardsigmoid(), nn.Hardsigmoid(inplace=True), nn.Hardswish(), nn.LogSigmoid(),
        nn.Softsign(), nn.Tanhshrink()]
for m in mods:
    y = m(x * 1)
    print(repr(m), type(m), y.grad_fn.name(), y.sum().item())
print(nn.Sequential(nn.Linear(2, 2), nn.ReLU6(), nn.Hardswish()))
attempt('Hardtanh bounds', lambda: nn.Hardtanh(1., -1.))

# pointwise methods
p = torch.tensor([0.25, 1.0, 2.5, 4.0], requires_grad=True)
for name in ['tan', 'rsqrt', 'sgn', 'abs', 'neg']:
    y = getattr(p, name)()
    g, = torch.autograd.grad(y.sum(), p)
    print(name, y, y.grad_fn.name(), g)
    y2 = getattr(torch, name)(p)
    print(' torch.' + name, y2)
    q = p * 1
    r = getattr(q, name + '_')()
    print(' ' + name + '_', r is q, q.grad_fn.name())
    g, = torch.autograd.grad(q.sum(), p)
    print(' grad', g)
print(torch.tensor([1, 2]).tan(), torch.tensor([True, False]).tan(), torch.tensor([-3, 0, 5]).sgn())
print(torch.tensor([True, False]).sgn(), torch.tensor([4, 1]).rsqrt())
attempt('tan_ int', lambda: torch.tensor([1, 2]).tan_())
attempt('rsqrt_ int', lambda: torch.tensor([1, 2]).rsqrt_())
print(torch.tensor([-1, 2]).sgn_(), torch.tensor([-1, 2]).abs_(), torch.tensor([-1, 2]).neg_())

c = torch.tensor([-1., 0., 2.], requires_grad=True)
for name, f in [('clamp_min', lambda t: t.clamp_min(0)), ('clamp_max', lambda t: t.clamp_max(0)),
                ('torch.clamp_min', lambda t: torch.clamp_min(t, 0.5)),
                ('torch.clamp_max', lambda t: torch.clamp_max(t, max=1)),
                ('clamp(min=0)', lambda t: t.clamp(min=0))]:
    y = f(c)
    g, = torch.autograd.grad(y.sum(), c)
    print(name, y, y.grad_fn.name(), g)
q = c * 1
q.clamp_min_(0)
print(q, q.grad_fn.name())
q = c * 1
q.clamp_max_(0.5)
print(q, q.grad_fn.name())
print(torch.tensor([1, -2, 3]).clamp_min(0), torch.tensor([1, -2, 3]).clamp_min(0.5))
print(torch.tensor([True, False]).clamp_min(0), torch.tensor([1, -2, 3]).clamp_max(2))
attempt('clamp_min_ int', lambda: torch.tensor([1, -2, 3]).clamp_min_(0.5))
attempt('clamp_min leaf', lambda: c.clamp_min_(0))

r = torch.tensor([1.25, 2.35, -0.15, 12345.678, 0.125, 0.375, 2.675], requires_grad=True)
y = r.round(decimals=1)
print(y, y.grad_fn.name(), torch.autograd.grad(y.sum(), r)[0])
print(r.round(decimals=2), torch.round(r, decimals=-2), r.round(decimals=0).grad_fn.name())
print(torch.tensor([1.5, 2.5, 0.125], dtype=torch.float64).round(decimals=2))
attempt('round int', lambda: torch.tensor([17, 25]).round(decimals=-1))
s = torch.tensor([1.26, 2.5])
print(s.round_(decimals=1), s, torch.tensor([1.5, 2.5]).round_())

z = torch.zeros(3, 3, requires_grad=True)
d = z * 1
d.fill_diagonal_(2)
print(d, d.grad_fn.name(), d._version)
d.sum().backward()
print(z.grad)
attempt('fill_diagonal_ leaf', lambda: z.fill_diagonal_(1))
print(torch.zeros(5, 3).fill_diagonal_(1, wrap=True))
print(torch.zeros(5, 3).fill_diagonal_(1))
print(torch.zeros(3, 5).fill_diagonal_(1, True))
print(torch.zeros(2, 2, 2).fill_diagonal_(3))
print(torch.zeros(2, 2, dtype=torch.long).fill_diagonal_(2.7))
attempt('fill_diagonal_ 3-d', lambda: torch.zeros(2, 3, 2).fill_diagonal_(3))
attempt('fill_diagonal_ 1-d', lambda: torch.zeros(3).fill_diagonal_(3))
