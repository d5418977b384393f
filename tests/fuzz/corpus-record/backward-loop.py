import torch
w = torch.randn(8, 8, requires_grad=True)
for step in range(2000):
    loss = (w @ w).tanh().sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
    w.grad = None
print(loss.item())
