# The built-in optimizers are torch.optim.Optimizer's subclasses (isinstance, issubclass,
# __mro__, torch.optim.optimizer); state_dict() and load_state_dict() of built-in and
# script-written optimizers round-trip with PyTorch's checks, and lr schedulers' state_dict()
# holds PyTorch's keys in its order (functions of LambdaLR saved as None).
# needs: torch.optim.optimizer, Optimizer.load_state_dict, isinstance(SGD, Optimizer)
import torch
import torch.nn as nn
from torch.optim.optimizer import Optimizer
import torch.optim as optim
from torch.optim import lr_scheduler
torch.manual_seed(0)
m = nn.Linear(3, 2)
for cls in [optim.SGD, optim.Adam, optim.AdamW, optim.RMSprop, optim.Adagrad]:
    o = cls(m.parameters(), lr=0.1)
    print(cls.__name__, isinstance(o, optim.Optimizer), isinstance(o, Optimizer), issubclass(cls, Optimizer), type(o).__mro__)
print(Optimizer is optim.Optimizer, Optimizer, optim.SGD, optim.Adam.__module__)
o = optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
x = torch.randn(4, 3)
for i in range(2):
    o.zero_grad()
    m(x).pow(2).sum().backward()
    o.step()
sd = o.state_dict()
print(sd)
o2 = optim.SGD(m.parameters(), lr=0.5)
print(o2.state_dict())
o2.load_state_dict(sd)
print(o2.state_dict())
print(o2)
class MyOpt(Optimizer):
    def __init__(self, params, lr=0.01):
        super().__init__(params, dict(lr=lr))
    @torch.no_grad()
    def step(self):
        for g in self.param_groups:
            for p in g['params']:
                st = self.state[p]
                st['n'] = st.get('n', 0) + 1
                p -= g['lr'] * p.grad
mo = MyOpt(m.parameters())
m(x).sum().backward()
mo.step()
sd = mo.state_dict()
print(sd)
mo2 = MyOpt(m.parameters(), lr=0.3)
mo2.load_state_dict(sd)
print(mo2.state_dict(), mo2.param_groups[0]['lr'])
print(isinstance(mo, Optimizer))
for bad in [{}, {'state': {}}, {'state': {}, 'param_groups': []}, {'state': {}, 'param_groups': [{'params': [0]}]}]:
    try:
        o2.load_state_dict(bad)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        mo2.load_state_dict(bad)
    except Exception as e:
        print(type(e).__name__, e)
a = optim.Adam(m.parameters(), lr=0.01)
m(x).sum().backward()
a.step()
print(a.state_dict())
b = optim.Adam(m.parameters())
b.load_state_dict(a.state_dict())
print(b.state_dict()['param_groups'])
sched = optim.lr_scheduler.StepLR(a, step_size=2)
print(sched.state_dict())
print(issubclass(optim.SGD, Optimizer), issubclass(optim.Adam, (int, Optimizer)),
      issubclass(optim.SGD, optim.Adam), isinstance(a, optim.SGD))
print(optim.AdamW.__mro__, optim.Adagrad.__bases__)
print(mo2.defaults)


def mk():
    return optim.SGD(m.parameters(), lr=0.1, momentum=0.9)


for name, make in [('StepLR', lambda o: lr_scheduler.StepLR(o, 2, gamma=0.5)),
                   ('MultiStepLR', lambda o: lr_scheduler.MultiStepLR(o, [1, 3])),
                   ('ExponentialLR', lambda o: lr_scheduler.ExponentialLR(o, 0.9)),
                   ('CosineAnnealingLR', lambda o: lr_scheduler.CosineAnnealingLR(o, 10)),
                   ('LambdaLR', lambda o: lr_scheduler.LambdaLR(o, lambda e: 0.9 ** e)),
                   ('MultiplicativeLR', lambda o: lr_scheduler.MultiplicativeLR(o, lambda e: 0.9)),
                   ('ReduceLROnPlateau', lambda o: lr_scheduler.ReduceLROnPlateau(o, patience=0))]:
    o = mk()
    s = make(o)
    for i in range(3):
        o.step()
        if name == 'ReduceLROnPlateau':
            s.step(1.0)
        else:
            s.step()
    sd = s.state_dict()
    print(name, sd)
    o2 = mk()
    s2 = make(o2)
    s2.load_state_dict(sd)
    print(name, s2.state_dict() == sd if name not in ('LambdaLR', 'MultiplicativeLR') else s2.last_epoch)
    print(o.state_dict()['param_groups'])
try:
    lr_scheduler.StepLR(object(), 2)
except TypeError as e:
    print(e)
class Duck:
    param_groups = [{'lr': 0.1}]
    def step(self): pass
try:
    lr_scheduler.StepLR(Duck(), 2)
except TypeError as e:
    print(e)
