# torch.autograd.Function whose forward returns a tuple: one node for its outputs, backward
# given a gradient per output (zeros, or None after set_materialize_grads(False))
import torch

class SplitMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y, k):
        ctx.save_for_backward(x, y)
        ctx.k = k
        return x * y * k, x + y, k

    @staticmethod
    def backward(ctx, ga, gb, gk=None):
        x, y = ctx.saved_tensors
        print('backward got', ga, gb)
        return ga * y * ctx.k + gb, ga * x * ctx.k + gb, None

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
a, b, k = SplitMul.apply(x, y, 2.0)
print(a, b, k)
print(a.grad_fn is b.grad_fn, a.grad_fn.name())
(a.sum() + 3 * b.sum()).backward()
print(x.grad, y.grad)
x.grad = None; y.grad = None
a, b, k = SplitMul.apply(x, y, 2.0)
a.sum().backward()
print(x.grad, y.grad)

class NoMat(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print('nomat', g1, g2)
        r = 0
        if g1 is not None: r = r + g1 * 2
        if g2 is not None: r = r + g2 * 3
        return r

x.grad = None
p, q = NoMat.apply(x)
q.sum().backward()
print(x.grad)

class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
        return args
    @staticmethod
    def backward(ctx, *args):
        print('ident', args)
        return args

c = torch.tensor([5.0, 6.0])
u, v = Ident.apply(x, c)
print(u.requires_grad, v.requires_grad, u.grad_fn, v.grad_fn)
x.grad = None
(u * v).sum().backward()
print(x.grad)
try:
    u.add_(1)
except RuntimeError as e:
    print(e)
n = torch.tensor([1, 2])
s, t = Ident.apply(x, n)
print(s.grad_fn.name(), t.requires_grad, t.dtype)


class SinCos(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s, c = x.sin(), x.cos()
        ctx.save_for_backward(s, c)
        return s, c

    @staticmethod
    def backward(ctx, gs, gc):
        s, c = ctx.saved_tensors
        return gs * c - gc * s

x = torch.tensor([0.5, 1.0], requires_grad=True)
s, c = SinCos.apply(x)
s.retain_grad()
c.register_hook(lambda g: print('hook on c', g) or g * 2)
(s * c).sum().backward(retain_graph=True)
print(x.grad, s.grad)
print(s.grad_fn.next_functions)
# second order through a Function of two outputs
x.grad = None
s, c = SinCos.apply(x)
g, = torch.autograd.grad((s + c).sum(), x, create_graph=True)
print(g, g.requires_grad)
s2, c2 = SinCos.apply(x * 1)
print(s2.grad_fn.name(), c2.output_nr if hasattr(c2, 'output_nr') else '')
# a saved output changed in place
s3, c3 = SinCos.apply(x)
s3.mul_(2)
try:
    (s3 + c3).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
# twice through the freed graph
s4, c4 = SinCos.apply(x)
(s4 + c4).sum().backward()
try:
    (s4 + c4).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)

class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2, x * 3
    @staticmethod
    def backward(ctx, a, b):
        return a, b
try:
    p, q = Bad.apply(x)
    (p + q).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
