# Source style: minGPT/nanoGPT-style training configuration objects: a dict subclass with attribute access and an OrderedDict of model hyperparameters, used to build and train a small MLP
from collections import OrderedDict
import torch
import torch.nn as nn


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    def merge_from_dict(self, d):
        for k, v in d.items():
            self[k] = v


class ModelConfig(OrderedDict):
    def describe(self):
        return ", ".join(f"{k}={v}" for k, v in self.items())


class History(list):
    def last(self, n=3):
        return self[-n:]


train_config = AttrDict(lr=0.1, epochs=40, batch_size=16)
train_config.merge_from_dict({"lr": 0.05})
model_config = ModelConfig()
model_config["n_in"] = 2
model_config["n_hidden"] = 16
model_config["n_out"] = 1
print(train_config, train_config.lr, len(train_config))
print(model_config)
print(model_config.describe())
print(isinstance(train_config, dict), isinstance(model_config, OrderedDict), isinstance(model_config, dict))
print(list(model_config.keys()), "n_hidden" in model_config)

torch.manual_seed(3)
X = torch.randn(128, model_config["n_in"])
y = (X[:, :1] * X[:, 1:] > 0).float()
model = nn.Sequential(OrderedDict([
    ("fc1", nn.Linear(model_config["n_in"], model_config["n_hidden"])),
    ("act", nn.Tanh()),
    ("fc2", nn.Linear(model_config["n_hidden"], model_config["n_out"])),
]))
optimizer = torch.optim.SGD(model.parameters(), lr=train_config.lr, momentum=0.9)
loss_fn = nn.BCEWithLogitsLoss()
history = History()
for epoch in range(train_config.epochs):
    for i in range(0, len(X), train_config.batch_size):
        xb, yb = X[i:i + train_config.batch_size], y[i:i + train_config.batch_size]
        loss = loss_fn(model(xb), yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    history.append(round(loss.item(), 4))
print(len(history), history.last())
with torch.no_grad():
    acc = ((model(X) > 0).float() == y).float().mean()
print(f"accuracy {acc.item():.4f}")
try:
    train_config.missing
except AttributeError as e:
    print("AttributeError", e)
