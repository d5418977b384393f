# ctx.mark_non_differentiable and ctx.set_materialize_grads in a torch.autograd.Function
import torch


class ArgMax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        i = x.argmax().float()
        ctx.mark_non_differentiable(i)
        return i

    @staticmethod
    def backward(ctx, g):
        raise RuntimeError("never called")


class Round(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x.round()

    @staticmethod
    def backward(ctx, g):
        return g


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable(3)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g


torch.manual_seed(0)
x = torch.randn(4, requires_grad=True)
y = ArgMax.apply(x)
print(y, y.requires_grad, y.grad_fn, y.is_leaf)
z = Round.apply(x * 2)
print(z.requires_grad, type(z.grad_fn).__name__)
(z * y).sum().backward()
print(x.grad)
try:
    Bad.apply(x)
except RuntimeError as e:
    print("RuntimeError:", e)
