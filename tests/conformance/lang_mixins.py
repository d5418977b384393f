# Mixins as lecture code writes them: d2l's class Module(nn.Module, HyperParameters), a
# logging mixin before nn.Module, a cooperative __init__ before torch.utils.data.Dataset,
# an exception class with a mixin; numpy's AxisError is a ValueError and an IndexError, as
# in numpy 1.24
# needs: multiple inheritance with nn.Module and exception bases
import torch
from torch import nn

class HyperParameters:
    def save_hyperparameters(self, **kw):
        self.hparams = dict(kw)
        for k, v in kw.items():
            setattr(self, k, v)

class Module(nn.Module, HyperParameters):
    def __init__(self, plot_train_per_epoch=2):
        super().__init__()
        self.save_hyperparameters(plot_train_per_epoch=plot_train_per_epoch)

class LinearRegression(Module):
    def __init__(self, lr):
        super().__init__()
        self.save_hyperparameters(lr=lr)
        self.net = nn.Linear(2, 1)

torch.manual_seed(0)
m = LinearRegression(0.03)
print(m)
print(m.hparams, m.lr, isinstance(m, nn.Module), isinstance(m, HyperParameters))
print(LinearRegression.__mro__)
print([n for n, _ in m.named_parameters()])
y = m.net(torch.ones(3, 2)).sum()
y.backward()
print(m.net.weight.grad)

class LoggingMixin:
    def log(self, msg):
        self.logs = getattr(self, "logs", []) + [msg]
        return self

class Net(LoggingMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
    def forward(self, x):
        self.log(f"forward {tuple(x.shape)}")
        return self.fc(x)

n = Net()
out = n(torch.zeros(4, 3))
print(n.logs, out.shape, type(n).__bases__, Net.__base__)
print(n)

class TrainingError(RuntimeError, LoggingMixin):
    pass
try:
    raise TrainingError("diverged").log("x")
except RuntimeError as e:
    print(repr(e), e.logs, e.args)
class Cooperative:
    def __init__(self, *args, **kwargs):
        print("Cooperative", args, kwargs)
        super().__init__(*args, **kwargs)
class MyDS(Cooperative, torch.utils.data.Dataset):
    def __len__(self): return 3
import numpy as np
try:
    np.zeros((2, 3)).sum(axis=5)
except IndexError as e:
    print(type(e), repr(e), e, isinstance(e, ValueError), type(e).__mro__, type(e).__bases__)
try:
    np.zeros(3).sum(axis=1)
except ValueError as e:
    print(e.axis, e.ndim, issubclass(np.AxisError, LookupError))
raise TrainingError("at the end")
