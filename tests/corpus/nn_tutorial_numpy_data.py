# Source style: PyTorch's "What is torch.nn really?" (numpy arrays mapped to tensors, imshow of a sample, fit loop)
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn, optim
import matplotlib.pyplot as plt

rng = np.random.RandomState(0)
prototypes = rng.rand(10, 784).astype(np.float32)
labels = rng.randint(0, 10, size=500)
noise = rng.normal(0, 0.3, size=(500, 784)).astype(np.float32)
x_train = np.clip(prototypes[labels] + noise, 0, 1)
y_train = labels
x_valid, y_valid = x_train[400:], y_train[400:]
x_train, y_train = x_train[:400], y_train[:400]
plt.imshow(x_train[0].reshape((28, 28)), cmap="gray")
plt.show()
print(x_train.shape, x_train.dtype, y_train[:10], x_train.min(), x_train.max())

x_train, y_train, x_valid, y_valid = map(torch.tensor, (x_train, y_train, x_valid, y_valid))
n, c = x_train.shape
print(x_train.dtype, y_train.dtype, n, c, y_train.min(), y_train.max())


class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(784, 10)

    def forward(self, xb):
        return self.lin(xb)


def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()


torch.manual_seed(0)
model = Mnist_Logistic()
opt = optim.SGD(model.parameters(), lr=0.5)
loss_func = F.cross_entropy
bs = 64
history = []
for epoch in range(3):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        xb = x_train[start_i:start_i + bs]
        yb = y_train[start_i:start_i + bs]
        loss = loss_func(model(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
    with torch.no_grad():
        valid_loss = loss_func(model(x_valid), y_valid)
    history.append(valid_loss.item())
    print(epoch, round(valid_loss.item(), 4), accuracy(model(x_valid), y_valid))
w = model.lin.weight.detach().numpy()
print(w.shape, np.round(np.abs(w).mean(axis=1), 4))
plt.plot(np.arange(1, 4), history, "o-")
plt.xlabel("epoch")
plt.ylabel("validation loss")
plt.show()
