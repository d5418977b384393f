# A sigmoid whose backward returns the local derivative but forgets to multiply by the
# gradient that arrives (which is 3 here, not 1).
import torch


class Sigmoid(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = 1 / (1 + torch.exp(-x))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return y * (1 - y)


def f(x):
    return (3 * Sigmoid.apply(x)).sum()


x = torch.tensor([0.3, -1.2], requires_grad=True)
inputs = [x]
L = f(x)
L.backward()
print(x.grad)
