# A custom exp whose backward has the wrong sign, inside a longer computation.
import torch


class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return -grad_output * y


def f(a, b):
    h = torch.tanh(a @ b)
    return MyExp.apply(h).mean()


a = torch.tensor([[0.1, 0.2], [-0.3, 0.4]], requires_grad=True)
b = torch.tensor([[1.0], [-0.5]], requires_grad=True)
inputs = [a, b]
L = f(a, b)
L.backward()
print(a.grad, b.grad)
