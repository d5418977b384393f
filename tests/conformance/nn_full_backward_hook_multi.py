# Module.register_full_backward_hook on modules of several tensor inputs and outputs: one
# BackwardHookFunctionBackward node per side per call, hooks run once all gradients are in
import torch
import torch.nn as nn

def show(tag, t):
    print(tag, None if t is None else (tuple(t.shape), t.dtype, t.tolist() if t.numel() < 7 else t.sum().item()))

class Two(nn.Module):
    def forward(self, a, b, scale=2.0):
        return a * b * scale, a + b

m = Two()
def hook(mod, gin, gout):
    print('hook', type(mod).__name__, len(gin), len(gout))
    for i, g in enumerate(gin): show(' gin%d' % i, g)
    for i, g in enumerate(gout): show(' gout%d' % i, g)
h = m.register_full_backward_hook(hook)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
p, q = m(a, b)
print(p.grad_fn, q.grad_fn, p.grad_fn is q.grad_fn)
print(p.grad_fn.name(), p.grad_fn.next_functions)
(p.sum() + (q * 3).sum()).backward()
print(a.grad, b.grad)
# only one output used
a.grad = None; b.grad = None
p, q = m(a, b)
p.sum().backward()
print(a.grad, b.grad)
# b does not require grad
c = torch.tensor([3.0, 4.0])
p, q = m(a, c)
print(p.grad_fn.next_functions)
(p + q).sum().backward()
# non-tensor positional arg
p, q = m(a, b, 3.0)
(p + q).sum().backward()
h.remove()
def repl(mod, gin, gout):
    return (gin[0] * 10, None)
m.register_full_backward_hook(repl)
a.grad = None; b.grad = None
p, q = m(a, b)
(p + q).sum().backward()
print(a.grad, b.grad)


class Two(nn.Module):
    def forward(self, a, b, scale=2.0):
        return a * b * scale, a + b

def run(hook, tag, b_grad=True, extra=()):
    m = Two()
    m.register_full_backward_hook(hook)
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=b_grad)
    try:
        p, q = m(a, b, *extra)
        (p.sum() + q.sum()).backward()
        print(tag, a.grad, b.grad)
    except Exception as e:
        print(tag, type(e).__name__, e)

run(lambda m, gi, go: (gi[0], gi[1], gi[1]), 'count')
run(lambda m, gi, go: (gi[0], 'x'), 'str')
run(lambda m, gi, go: (gi[0].double(), gi[1]), 'dtype')
run(lambda m, gi, go: (gi[0], torch.ones(3)), 'size')
run(lambda m, gi, go: (None, gi[1] * 2), 'none')
run(lambda m, gi, go: [gi[0] * 0, gi[1]], 'list')
run(lambda m, gi, go: (gi[0], gi[1], 5.0), 'extra', extra=(2.0,))
run(lambda m, gi, go: (gi[0], gi[1] + 1), 'nograd-b', b_grad=False)
run(lambda m, gi, go: 3, 'int')

# hooks fire once for several outputs, in registration order, each sees the last result
m = Two()
m.register_full_backward_hook(lambda m, gi, go: print('first', gi, go) or (gi[0] * 2, gi[1] * 3))
m.register_full_backward_hook(lambda m, gi, go: print('second', gi, go))
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
p, q = m(a, b)
p.sum().backward(retain_graph=True)
print(a.grad, b.grad)
q.sum().backward()
print(a.grad, b.grad)

# no input requires grad, several outputs
m = Two()
m.register_full_backward_hook(lambda m, gi, go: print('noin', gi, go))
w = torch.tensor([1.0, 1.0], requires_grad=True)
p, q = m(torch.ones(2), torch.ones(2))
print(p.requires_grad)
m2 = Two()
m2.register_full_backward_hook(lambda m, gi, go: print('half', gi, go))
p, q = m2(w, torch.ones(2))
(p * 2 + q).sum().backward()
print(w.grad)
m3 = Two()
m3.register_full_backward_hook(lambda m, gi, go: (torch.ones(2), None))
c = torch.ones(2, requires_grad=True)
k = c * 1
with torch.no_grad():
    pass
p, q = m3(k.detach(), torch.ones(2))
print(p.requires_grad)

# a module whose output is a list: not wrapped
class L(nn.Module):
    def forward(self, a, b):
        return [a * 2, b * 2]
ml = L()
ml.register_full_backward_hook(lambda m, gi, go: print('list hook', gi, go))
r = ml(a, b)
print(type(r).__name__, r[0].grad_fn.name())
r[0].sum().backward()
print(a.grad)

# dict output and non-tensor output mixed
class Mix(nn.Module):
    def forward(self, a, n, b):
        return a * n, 'tag', b * 2
mm = Mix()
mm.register_full_backward_hook(lambda m, gi, go: print('mix', gi, go))
x, t, y = mm(a, 3, b)
print(t, x.grad_fn.name(), y.grad_fn.name(), x.grad_fn is y.grad_fn)
(x.sum() * y.sum()).backward()
