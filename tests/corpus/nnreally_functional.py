# Source style: PyTorch tutorial "What is torch.nn really?" (F.cross_entropy, nn.Module, nn.Linear, optim)
import math
import torch
from torch import nn
import torch.nn.functional as F
from torch import optim

torch.manual_seed(21)
n, d, c = 48, 12, 3
x_train = torch.randn(n, d)
y_train = (x_train[:, 0] > 0).long() + (x_train[:, 1] > 0.5).long()
x_valid, y_valid = x_train[:16], y_train[:16]
loss_func = F.cross_entropy
bs, lr, epochs = 12, 0.5, 2

def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()

class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = nn.Parameter(torch.randn(d, c) / math.sqrt(d))
        self.bias = nn.Parameter(torch.zeros(c))

    def forward(self, xb):
        return xb @ self.weights + self.bias

model = Mnist_Logistic()
print(loss_func(model(x_train[:bs]), y_train[:bs]))

def fit():
    for epoch in range(epochs):
        for i in range((n - 1) // bs + 1):
            start_i = i * bs
            end_i = start_i + bs
            xb = x_train[start_i:end_i]
            yb = y_train[start_i:end_i]
            pred = model(xb)
            loss = loss_func(pred, yb)
            loss.backward()
            with torch.no_grad():
                for p in model.parameters():
                    p -= p.grad * lr
                model.zero_grad()

fit()
print(loss_func(model(x_train[:bs]), y_train[:bs]))

class Mnist_Logistic2(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(d, c)

    def forward(self, xb):
        return self.lin(xb)

model = Mnist_Logistic2()
print(loss_func(model(x_train[:bs]), y_train[:bs]))
fit()
print(loss_func(model(x_train[:bs]), y_train[:bs]))

def get_model():
    model = Mnist_Logistic2()
    return model, optim.SGD(model.parameters(), lr=lr)

model, opt = get_model()
for epoch in range(epochs):
    model.train()
    for i in range((n - 1) // bs + 1):
        xb = x_train[i * bs: i * bs + bs]
        yb = y_train[i * bs: i * bs + bs]
        loss = loss_func(model(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
    model.eval()
    with torch.no_grad():
        valid_loss = sum(loss_func(model(x_valid[j:j + 8]), y_valid[j:j + 8]) for j in range(0, 16, 8))
    print(epoch, valid_loss / 2)
print(accuracy(model(x_valid), y_valid))
