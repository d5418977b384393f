# Built-in ops only: a small layer, tanh, broadcasting and a mean squared error.
import torch

torch.manual_seed(0)


y = torch.tensor([0.5, -0.5, 1.0, 0.0])


def f(W, b, x):
    h = torch.tanh(x @ W + b)
    return ((h.sum(dim=1) - y) ** 2).mean()


W = torch.randn(3, 2, requires_grad=True)
b = torch.randn(2, requires_grad=True)
x = torch.randn(4, 3, requires_grad=True)
inputs = [W, b, x]
L = f(W, b, x)
L.backward()
print(W.grad.shape, b.grad.shape)
