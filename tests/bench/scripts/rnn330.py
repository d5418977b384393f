import torch
torch.manual_seed(0)
w = torch.tensor(0.5, requires_grad=True)
u = torch.tensor(0.3, requires_grad=True)
v = torch.tensor(0.2, requires_grad=True)
h = torch.tensor(0.1)
for t in range(330):
    h = torch.tanh(w * h + u * (h * v) + 0.3)
h.backward()
print(w.grad.item())
