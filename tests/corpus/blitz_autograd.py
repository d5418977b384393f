# Source style: PyTorch 60-minute blitz, autograd (Q = 3a^3 - b^2, external_grad, DAG exclusion, finetuning)
import torch
from torch import nn, optim

a = torch.tensor([2., 3.], requires_grad=True)
b = torch.tensor([6., 4.], requires_grad=True)
Q = 3*a**3 - b**2
external_grad = torch.tensor([1., 1.])
Q.backward(gradient=external_grad)
print(9*a**2 == a.grad)
print(-2*b == b.grad)
print(a.grad, b.grad)

x = torch.rand(5, 5)
y = torch.rand(5, 5)
z = torch.rand((5, 5), requires_grad=True)
a = x + y
print(f"Does `a` require gradients? : {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")

torch.manual_seed(31)
model = nn.Sequential(nn.Linear(8, 6), nn.ReLU(), nn.Linear(6, 4))
for param in model.parameters():
    param.requires_grad = False
model[2] = nn.Linear(6, 3)
optimizer = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
print([p.requires_grad for p in model.parameters()])
data = torch.rand(2, 8)
labels = torch.rand(2, 3)
prediction = model(data)
loss = (prediction - labels).sum()
loss.backward()
optimizer.step()
print(model[0].weight.grad, model[2].weight.grad.shape)
print(prediction.grad_fn, prediction.grad_fn.next_functions[0][0])
