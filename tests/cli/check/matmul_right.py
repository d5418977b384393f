# A custom matrix product with both gradients right, and a second input that is not a
# tensor (its gradient is None).
import torch


class MatMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, scale):
        ctx.save_for_backward(x, w)
        ctx.scale = scale
        return scale * (x @ w)

    @staticmethod
    def backward(ctx, grad_output):
        x, w = ctx.saved_tensors
        return ctx.scale * grad_output @ w.t(), ctx.scale * x.t() @ grad_output, None


def f(x, w):
    return (MatMul.apply(x, w, 0.5) ** 2).sum()


x = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
w = torch.tensor([[0.2, -0.1], [0.4, 0.3]], requires_grad=True)
inputs = [x, w]
L = f(x, w)
L.backward()
print(x.grad, w.grad)
