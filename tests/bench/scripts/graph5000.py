import torch
torch.manual_seed(0)
W = torch.randn(4, 4, requires_grad=True)
b = torch.randn(4, requires_grad=True)
total = torch.tensor(0.0)
for i in range(715):
    x = torch.randn(4)
    h = torch.tanh(W @ x + b)
    total = total + (h * h).sum()
total.backward()
print(total.item())
