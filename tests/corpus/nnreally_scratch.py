# Source style: PyTorch tutorial "What is torch.nn really?" (logistic regression from scratch, nll by indexing)
import math
import torch

torch.manual_seed(20)
n, d, c = 64, 20, 5
x_train = torch.rand(n, d)
y_train = (x_train[:, :c] * torch.arange(1.0, c + 1)).argmax(1)
print(x_train.shape, y_train.min(), y_train.max())

weights = torch.randn(d, c) / math.sqrt(d)
weights.requires_grad_()
bias = torch.zeros(c, requires_grad=True)

def log_softmax(x):
    return x - x.exp().sum(-1).log().unsqueeze(-1)

def model(xb):
    return log_softmax(xb @ weights + bias)

bs = 16
xb = x_train[0:bs]
preds = model(xb)
print(preds[0], preds.shape)

def nll(input, target):
    return -input[range(target.shape[0]), target].mean()

loss_func = nll
yb = y_train[0:bs]
print(loss_func(preds, yb))

def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()

print(accuracy(preds, yb))

lr = 0.5
epochs = 3
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
            weights -= weights.grad * lr
            bias -= bias.grad * lr
            weights.grad.zero_()
            bias.grad.zero_()
print(loss_func(model(xb), yb), accuracy(model(xb), yb))
