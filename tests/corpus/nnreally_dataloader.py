# Source style: PyTorch tutorial "What is torch.nn really?" (TensorDataset, DataLoader, loss_batch, fit, Lambda, WrappedDataLoader)
import torch
from torch import nn, optim
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader

torch.manual_seed(22)
n, d, c = 40, 16, 4
x_train = torch.randn(n, d)
y_train = (x_train.abs().argmax(1) % c)
x_valid = torch.randn(20, d)
y_valid = (x_valid.abs().argmax(1) % c)
bs, lr = 8, 0.1
loss_func = F.cross_entropy

train_ds = TensorDataset(x_train, y_train)
valid_ds = TensorDataset(x_valid, y_valid)
xb, yb = train_ds[0:bs]
print(xb.shape, yb)

def get_data(train_ds, valid_ds, bs):
    return (
        DataLoader(train_ds, batch_size=bs),
        DataLoader(valid_ds, batch_size=bs * 2),
    )

class Lambda(nn.Module):
    def __init__(self, func):
        super().__init__()
        self.func = func

    def forward(self, x):
        return self.func(x)

def preprocess(x):
    return x.view(-1, 4, 4)

model = nn.Sequential(
    Lambda(preprocess),
    nn.Flatten(),
    nn.Linear(16, 12),
    nn.ReLU(),
    nn.Linear(12, c),
)
print(model)
opt = optim.SGD(model.parameters(), lr=lr, momentum=0.9)

def loss_batch(model, loss_func, xb, yb, opt=None):
    loss = loss_func(model(xb), yb)
    if opt is not None:
        loss.backward()
        opt.step()
        opt.zero_grad()
    return loss.item(), len(xb)

def fit(epochs, model, loss_func, opt, train_dl, valid_dl):
    for epoch in range(epochs):
        model.train()
        for xb, yb in train_dl:
            loss_batch(model, loss_func, xb, yb, opt)
        model.eval()
        with torch.no_grad():
            losses, nums = zip(*[loss_batch(model, loss_func, xb, yb) for xb, yb in valid_dl])
        val_loss = sum(l * m for l, m in zip(losses, nums)) / sum(nums)
        print(epoch, round(val_loss, 5), nums)

train_dl, valid_dl = get_data(train_ds, valid_ds, bs)
print(len(train_dl), len(valid_dl))
fit(3, model, loss_func, opt, train_dl, valid_dl)

class WrappedDataLoader:
    def __init__(self, dl, func):
        self.dl = dl
        self.func = func

    def __len__(self):
        return len(self.dl)

    def __iter__(self):
        for b in self.dl:
            yield (self.func(*b))

def flat(x, y):
    return x.view(-1, 16), y

train_dl = WrappedDataLoader(train_dl, flat)
valid_dl = WrappedDataLoader(valid_dl, flat)
model = nn.Sequential(nn.Linear(16, 10), nn.ReLU(), nn.Linear(10, c))
opt = optim.SGD(model.parameters(), lr=lr, momentum=0.9)
fit(2, model, loss_func, opt, train_dl, valid_dl)
print(len(train_dl))
