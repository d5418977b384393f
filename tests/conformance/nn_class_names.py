# The classes of torch.nn, torch.optim, torch.optim.lr_scheduler, torch.utils.data and
# collections name the module PyTorch (or CPython) defines them in: their repr, __module__,
# __qualname__, and the repr of an instance's type; a script's own classes are __main__'s
import collections
import torch
import torch.nn as nn
import torch.optim as optim
import torch.optim.lr_scheduler as lr_scheduler
import torch.utils.data as data

for c in [nn.Module, nn.Identity, nn.Linear, nn.ReLU, nn.LeakyReLU, nn.ELU, nn.GELU, nn.SiLU, nn.Softplus, nn.Tanh, nn.Sigmoid, nn.Softmax, nn.LogSoftmax, nn.Flatten, nn.Dropout, nn.Embedding, nn.BatchNorm1d, nn.LayerNorm, nn.Sequential, nn.ModuleList, nn.ModuleDict, nn.ParameterList, nn.MSELoss, nn.L1Loss, nn.SmoothL1Loss, nn.HuberLoss, nn.BCELoss, nn.BCEWithLogitsLoss, nn.CrossEntropyLoss, nn.NLLLoss]:
    print(c, c.__module__, c.__qualname__, c.__name__)
for c in [optim.SGD, optim.Adam, optim.AdamW, optim.RMSprop, optim.Adagrad]:
    print(c, c.__module__, c.__qualname__, c.__name__)
for c in [lr_scheduler._LRScheduler, lr_scheduler.LambdaLR, lr_scheduler.MultiplicativeLR, lr_scheduler.StepLR, lr_scheduler.MultiStepLR, lr_scheduler.ExponentialLR, lr_scheduler.CosineAnnealingLR, lr_scheduler.ReduceLROnPlateau]:
    print(c, c.__module__, c.__qualname__)
for c in [data.Dataset, data.IterableDataset, data.TensorDataset, data.ConcatDataset, data.Subset, data.Sampler, data.SequentialSampler, data.RandomSampler, data.SubsetRandomSampler, data.BatchSampler, data.DataLoader]:
    print(c, c.__module__, c.__qualname__)
for c in [collections.OrderedDict, collections.defaultdict, collections.Counter, collections.deque]:
    print(c, c.__module__, c.__qualname__)

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
opt = optim.SGD(model.parameters(), lr=0.1)
print(type(model), type(model[0]), type(opt), type(lr_scheduler.StepLR(opt, 2)))
print(type(data.TensorDataset(torch.zeros(2))), type(data.DataLoader([1, 2])))
print(type(model).__module__, type(model[0]).__name__, type(opt).__module__)

class Net(nn.Module):
    def forward(self, x):
        return x

class Dict(collections.OrderedDict):
    pass

print(Net, Net.__module__, Net.__qualname__, type(Net()), Dict, Dict.__module__)
print(isinstance(model[0], nn.Linear), issubclass(nn.Linear, nn.Module))
