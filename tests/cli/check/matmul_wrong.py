# The gradient of x in x @ w without the transpose: right shapes (w is square), wrong
# numbers. Only x is flagged.
import torch


class MatMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return x @ w

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        return grad_output @ w, x.t() @ grad_output


def f(x, w):
    return (MatMul.apply(x, w) ** 2).sum()


x = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
w = torch.tensor([[0.2, -0.1], [0.4, 0.3]], requires_grad=True)
inputs = [x, w]
L = f(x, w)
L.backward()
print(x.grad, w.grad)
