# torch.autograd.Function's ctx and apply, grad_fn.name() and collections.OrderedDict declared in
# the signature table: results and wrong calls as PyTorch words them.
# needs: the signature table

import torch
import collections
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, y=1)
        return x
def check(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)
x = torch.tensor(3.0, requires_grad=True)
y = Square.apply(x)
y.backward()
print(y, x.grad, y.grad_fn.name())
check(lambda: Bad.apply(torch.ones(1, requires_grad=True)))
check(lambda: Square.apply(torch.ones(1), z=1))
check(lambda: y.grad_fn.name(1))
check(lambda: torch.ones(1, requires_grad=True).exp().grad_fn.name())
check(lambda: collections.OrderedDict(1, 2))
print(collections.OrderedDict([("a", 1)], b=2))
