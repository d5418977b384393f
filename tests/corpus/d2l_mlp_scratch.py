# Source style: d2l.ai 5.2, MLP from scratch (nn.Parameter weights, relu via torch.max, @ operator)
import torch
from torch import nn

torch.manual_seed(5)
num_inputs, num_outputs, num_hiddens = 6, 3, 16
n = 72
X_all = torch.randn(n, num_inputs)
y_all = (X_all[:, 0] * X_all[:, 1] > 0).long() + (X_all[:, 2] > 1).long()

W1 = nn.Parameter(torch.randn(num_inputs, num_hiddens, requires_grad=True) * 0.01)
b1 = nn.Parameter(torch.zeros(num_hiddens, requires_grad=True))
W2 = nn.Parameter(torch.randn(num_hiddens, num_outputs, requires_grad=True) * 0.01)
b2 = nn.Parameter(torch.zeros(num_outputs, requires_grad=True))
params = [W1, b1, W2, b2]
print(type(W1).__name__, W1.shape, W1.is_leaf)

def relu(X):
    a = torch.zeros_like(X)
    return torch.max(X, a)

print(relu(torch.tensor([-1.0, 0.5, 2.0])))

def net(X):
    X = X.reshape((-1, num_inputs))
    H = relu(X @ W1 + b1)
    return H @ W2 + b2

loss = nn.CrossEntropyLoss(reduction="none")
updater = torch.optim.SGD(params, lr=0.5)
for epoch in range(6):
    for i in range(0, n, 24):
        X, y = X_all[i:i + 24], y_all[i:i + 24]
        l = loss(net(X), y)
        updater.zero_grad()
        l.mean().backward()
        updater.step()
    with torch.no_grad():
        out = net(X_all)
        acc = (out.argmax(1) == y_all).float().mean()
        print(f"epoch {epoch + 1} loss {loss(out, y_all).mean():.4f} acc {acc:.3f}")
