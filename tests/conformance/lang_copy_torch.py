# copy.deepcopy of tensors (leaves keep requires_grad, non-leaves refused as PyTorch does)
# and of nn modules (the copy's parameters are new Parameters).
# needs: import copy, nn.Linear, torch.no_grad, Tensor.fill_
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)
w = torch.tensor([1.0, 2.0], requires_grad=True)
w2 = copy.deepcopy(w)
print(w2, w2.requires_grad, w2.is_leaf)
model = nn.Linear(2, 1)
m2 = copy.deepcopy(model)
with torch.no_grad():
    m2.weight.fill_(0.5)
print(model.weight.shape, m2.weight, isinstance(m2.weight, nn.Parameter))
print(model(torch.ones(1, 2)).shape, m2(torch.ones(1, 2)))
try:
    copy.deepcopy(w * 2)
except RuntimeError as e:
    print(e)

# an OrderedDict (a state_dict) copies as one, and a deep copy owns its tensors
from collections import OrderedDict
od = OrderedDict([("b", [1]), ("a", [2])])
deep_od, shallow_od = copy.deepcopy(od), copy.copy(od)
deep_od["b"].append(3)
shallow_od["a"].append(4)
print(deep_od, shallow_od, od, type(deep_od).__name__, type(shallow_od).__name__)
lin = torch.nn.Linear(2, 1)
snapshot = copy.deepcopy(lin.state_dict())
before = snapshot["weight"].clone()
with torch.no_grad():
    lin.weight.add_(1.0)
print(torch.equal(snapshot["weight"], before), type(snapshot).__name__)
