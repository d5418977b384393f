import torch
torch.manual_seed(0)
W1 = torch.randn(3, 8, requires_grad=True)
b1 = torch.zeros(8, requires_grad=True)
W2 = torch.randn(8, 1, requires_grad=True)
total = torch.tensor(0.0)
for i in range(50):
    x = torch.randn(4, 3)
    y = torch.randn(4, 1)
    h = torch.relu(x @ W1 + b1)
    p = h @ W2
    loss = ((p - y) ** 2).mean()
    total = total + loss
total.backward()
print(total.item())
