# Source style: PyTorch's "What is torch.nn really?" (get_data, loss_batch and fit with a validation loss weighted by batch sizes in numpy, plotted per epoch)
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn, optim
from torch.utils.data import TensorDataset, DataLoader
import matplotlib.pyplot as plt

rng = np.random.RandomState(0)
n, d, classes = 600, 20, 4
centers = rng.randn(classes, d).astype(np.float32) * 0.3
y_all = rng.randint(0, classes, size=n)
x_all = (centers[y_all] + rng.randn(n, d).astype(np.float32)).astype(np.float32)
x_train, y_train, x_valid, y_valid = x_all[:500], y_all[:500], x_all[500:], y_all[500:]
print(x_train.dtype, y_train.dtype, x_train.shape, np.bincount(y_train))
plt.imshow(x_train[0].reshape((4, 5)), cmap="gray")
plt.show()

x_train, y_train, x_valid, y_valid = map(torch.tensor, (x_train, y_train, x_valid, y_valid))
print(x_train.dtype, y_train.dtype, y_train.min(), y_train.max())
torch.manual_seed(0)
bs = 64
train_ds = TensorDataset(x_train, y_train)
valid_ds = TensorDataset(x_valid, y_valid)


def get_data(train_ds, valid_ds, bs):
    return (DataLoader(train_ds, batch_size=bs, shuffle=True),
            DataLoader(valid_ds, batch_size=bs * 2))


def get_model():
    model = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, classes))
    return model, optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def loss_batch(model, loss_func, xb, yb, opt=None):
    loss = loss_func(model(xb), yb)
    if opt is not None:
        loss.backward()
        opt.step()
        opt.zero_grad()
    return loss.item(), len(xb)


def accuracy(out, yb):
    return (torch.argmax(out, dim=1) == yb).float().mean()


def fit(epochs, model, loss_func, opt, train_dl, valid_dl):
    history = []
    for epoch in range(epochs):
        model.train()
        for xb, yb in train_dl:
            loss_batch(model, loss_func, xb, yb, opt)
        model.eval()
        with torch.no_grad():
            losses, nums = zip(*[loss_batch(model, loss_func, xb, yb) for xb, yb in valid_dl])
        val_loss = np.sum(np.multiply(losses, nums)) / np.sum(nums)
        history.append(val_loss)
        print(epoch, f"{val_loss:.6f}", type(val_loss).__name__, nums)
    return history


train_dl, valid_dl = get_data(train_ds, valid_ds, bs)
model, opt = get_model()
history = fit(5, model, F.cross_entropy, opt, train_dl, valid_dl)
plt.plot(np.arange(1, len(history) + 1), history, "o-", label="validation loss")
plt.xlabel("epoch")
plt.legend()
plt.show()
print(np.round(np.array(history), 5), np.argmin(history), float(np.mean(history)) > 0)
print("accuracy", accuracy(model(x_valid), y_valid).item())
