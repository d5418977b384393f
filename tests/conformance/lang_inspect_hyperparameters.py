# d2l.ai's HyperParameters (chapter 3.2, "Object-Oriented Design for Implementation"):
# save_hyperparameters reads its caller's arguments with inspect.currentframe().f_back and
# inspect.getargvalues, through class Module(nn.Module, HyperParameters) and a subclass;
# frames' f_locals, f_lineno and f_back, getargvalues' ArgInfo with *args and **kwargs
# needs: inspect's frames, multiple inheritance with nn.Module
import inspect
import torch
from torch import nn


class HyperParameters:
    """The base class of hyperparameters (d2l.ai, 3.2)."""
    def save_hyperparameters(self, ignore=[]):
        frame = inspect.currentframe().f_back
        _, _, _, local_vars = inspect.getargvalues(frame)
        self.hparams = {k: v for k, v in local_vars.items()
                        if k not in set(ignore + ['self']) and not k.startswith('_')}
        for k, v in self.hparams.items():
            setattr(self, k, v)


class B(HyperParameters):
    def __init__(self, a, b, c):
        self.save_hyperparameters(ignore=['c'])
        print('self.a =', self.a, 'self.b =', self.b)
        print('There is no self.c =', not hasattr(self, 'c'))


b = B(a=1, b=2, c=3)
print(b.hparams)


class Module(nn.Module, HyperParameters):
    def __init__(self, plot_train_per_epoch=2, plot_valid_per_epoch=1):
        super().__init__()
        self.save_hyperparameters()


class LinearRegressionScratch(Module):
    def __init__(self, num_inputs, lr, sigma=0.01):
        super().__init__()
        self.save_hyperparameters()
        self.w = torch.normal(0, sigma, (num_inputs, 1), requires_grad=True)
        self.b = torch.zeros(1, requires_grad=True)

    def forward(self, X):
        return torch.matmul(X, self.w) + self.b


torch.manual_seed(0)
model = LinearRegressionScratch(2, lr=0.03)
print(model.hparams, model.lr, model.num_inputs, model.plot_train_per_epoch)
print(model(torch.ones(3, 2)).shape)
f = inspect.currentframe()
print(f.f_back, f.f_lineno, type(f).__name__)
def outer(x, *args, y=1, **kw):
    z = x + 1
    info = inspect.getargvalues(inspect.currentframe())
    return info
info = outer(1, 2, 3, y=4, q=5)
print(info.args, info.varargs, info.keywords, sorted(info.locals))
print(info.locals['kw'], info.locals['args'], type(info).__name__)
def g():
    return inspect.currentframe().f_back.f_locals.get('marker')
def h():
    marker = 'from h'
    return g()
print(h(), inspect.isclass(B), inspect.isclass(b), inspect.isfunction(h), inspect.isfunction(print))
