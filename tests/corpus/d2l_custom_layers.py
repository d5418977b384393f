# Source style: d2l.ai 6.1/6.5 (custom blocks and layers): MLP(nn.Module), MySequential, FixedHiddenMLP, MyLinear
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(11)

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 16)
        self.out = nn.Linear(16, 10)

    def forward(self, X):
        return self.out(F.relu(self.hidden(X)))

X = torch.rand(2, 20)
net = MLP()
print(net(X).shape)
print(net)

class MySequential(nn.Module):
    def __init__(self, *args):
        super().__init__()
        for idx, module in enumerate(args):
            self._modules[str(idx)] = module

    def forward(self, X):
        for block in self._modules.values():
            X = block(X)
        return X

net = MySequential(nn.Linear(20, 16), nn.ReLU(), nn.Linear(16, 10))
print(net(X).shape)

class FixedHiddenMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.rand_weight = torch.rand((20, 20), requires_grad=False)
        self.linear = nn.Linear(20, 20)

    def forward(self, X):
        X = self.linear(X)
        X = F.relu(torch.mm(X, self.rand_weight) + 1)
        X = self.linear(X)
        while X.abs().sum() > 1:
            X /= 2
        return X.sum()

net = FixedHiddenMLP()
print(net(X))

class NestMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 16), nn.ReLU(), nn.Linear(16, 8), nn.ReLU())
        self.linear = nn.Linear(8, 4)

    def forward(self, X):
        return self.linear(self.net(X))

chimera = nn.Sequential(NestMLP(), nn.Linear(4, 6), FixedHiddenMLP() if False else nn.Identity())
print(chimera(X).shape)
print(chimera)

class CenteredLayer(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, X):
        return X - X.mean()

layer = CenteredLayer()
print(layer(torch.FloatTensor([1, 2, 3, 4, 5])))
net = nn.Sequential(nn.Linear(8, 32), CenteredLayer())
Y = net(torch.rand(4, 8))
print(abs(Y.mean().item()) < 1e-6)

class MyLinear(nn.Module):
    def __init__(self, in_units, units):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(in_units, units))
        self.bias = nn.Parameter(torch.randn(units,))

    def forward(self, X):
        linear = torch.matmul(X, self.weight.data) + self.bias.data
        return F.relu(linear)

linear = MyLinear(5, 3)
print(linear.weight)
print(linear(torch.rand(2, 5)))
net = nn.Sequential(MyLinear(64, 8), MyLinear(8, 1))
print(net(torch.rand(2, 64)))
print(net)
