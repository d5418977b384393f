# Gradients at zero where the formula divides by zero: PyTorch selects 0 (norm of a zero
# vector, 0 ** b with b = 0, d/db 0 ** b), it does not multiply NaN by 0. Integer tensors
# to a negative integer power raise PyTorch's error; to a float power they are float32.
# compare: exact
import torch

x = torch.zeros(2, requires_grad=True)
x.norm().backward()
print(x.grad)

m = torch.tensor([[0.0, 0.0], [3.0, 4.0]], requires_grad=True)
m.norm(dim=1).sum().backward()
print(m.grad)

y = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y.pow(y).sum().backward()
print(y.grad)

a = torch.tensor([0.0, 2.0], requires_grad=True)
b = torch.tensor([0.0, 3.0], requires_grad=True)
(a ** b).sum().backward()
print(a.grad, b.grad)

z = torch.tensor([0.0, 0.5], requires_grad=True)
(2.0 ** z * z.norm(p=3)).sum().backward()
print(z.grad)

# integer tensors and powers: a negative integer power is refused, a float power is float32
i = torch.tensor([2, 3])
print(i ** 2, i ** 2.0, i ** -1.0)
try:
    print(i ** -1)
except RuntimeError as e:
    print("RuntimeError:", e)
