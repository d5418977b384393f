# Source style: d2l.ai preliminaries and data preprocessing (summary statistics of a made-up table: median, kthvalue, mode, var_mean/std_mean; a small dataset class with properties and slices)
import torch
from collections import OrderedDict

torch.manual_seed(7)

rooms = torch.tensor([3, 2, 4, 3, 3, 5, 2, 3, 4, 1])
area = torch.tensor([72.0, 55.5, 98.0, 80.25, 69.0, 130.5, 48.0, 75.0, 101.5, 31.0])
price = 1.8 * area + 12.0 * rooms.float() + torch.randn(10) * 5

print("median area:", area.median())
print("3rd smallest area:", torch.kthvalue(area, 3))
print("most common room count:", rooms.mode())
med_rows = torch.stack([area, price]).median(dim=1)
print(med_rows.values, med_rows.indices)
var, mean = torch.var_mean(price)
print(f"price mean {mean:.3f} variance {var:.3f}")
std, mean = torch.std_mean(torch.stack([area, price], dim=1), dim=0, unbiased=False)
print(std, mean)
table = torch.stack([area, price], dim=1)
standardized = (table - mean) / std
print(standardized[:3])
print(standardized.mean(dim=0).abs().max() < 1e-5)
lower, upper = torch.kthvalue(price, 2).values, torch.kthvalue(price, 9).values
print("trimmed range", lower, upper)
print(price[(price > lower) & (price < upper)].shape)


class HouseData:
    """A table of houses: features and target kept apart, read through properties."""

    def __init__(self, features, target):
        super().__init__()
        self._features = features
        self._target = target

    @property
    def n(self):
        return self._features.shape[0]

    @property
    def features(self):
        return self._features

    @features.setter
    def features(self, value):
        if value.shape[0] != self.n:
            raise ValueError("wrong number of rows")
        self._features = value

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.n)
            return HouseData(self._features[start:stop:step], self._target[start:stop:step])
        return self._features[index], self._target[index]

    def __len__(self):
        return self.n


data = HouseData(standardized, price)
print(len(data), data.n, type(data).__module__)
train = data[slice(0, 8)]
valid = data[8:]
print(len(train), len(valid), train.features.shape)
every_other = data[::2]
print(every_other.n, every_other[0][1])
try:
    data.features = torch.zeros(3, 2)
except ValueError as e:
    print("ValueError:", e)
try:
    data.n = 4
except AttributeError as e:
    print("AttributeError:", e)

w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
history = OrderedDict()
for epoch in range(30):
    x, y = train.features, train._target
    pred = x @ w + b
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
    if epoch % 10 == 9:
        history[epoch] = round(loss.item(), 3)
print(history, isinstance(history, dict))
print(list(history.items())[-1])
residuals = (valid.features @ w + b - valid._target).detach()
print("median absolute residual", residuals.abs().median())
