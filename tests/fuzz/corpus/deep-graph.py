import torch
x = torch.tensor(1.0, requires_grad=True)
y = x
for _ in range(30000):
    y = y * 1.0001
y.backward()
print(x.grad)
