# detach_() in place: history and requires_grad gone, views refused; a Python number
# += a tensor is number + tensor (float32 stays float32).
# needs: Tensor.detach_, torch.detach_, x += t with x a float
import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = x * 2
print(y.grad_fn, y.requires_grad, y.is_leaf)
z = y.detach_()
print(z is y, y.grad_fn, y.requires_grad, y.is_leaf)
print(y)
w = (x ** 2).sum()
w.backward()
print(x.grad)
x.grad.detach_()
print(x.grad.requires_grad)
try:
    x[1:].detach_()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.arange(6.0).view(2, 3).detach_()
except RuntimeError as e:
    print("RuntimeError:", e)
leaf = torch.ones(2, requires_grad=True)
torch.detach_(leaf)
print(leaf.requires_grad, leaf)

total = 0.0
for v in torch.tensor([0.5, 0.25, 0.125]):
    total += torch.log(v)
print(total, total.dtype)
count = 0
count += torch.tensor(3)
print(count, count.dtype)
acc = 1.5
acc *= torch.tensor([2.0, 4.0], dtype=torch.float64)
print(acc)
