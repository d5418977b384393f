# Python's warnings module: the warnings of torch and numpy (C code warning at the script's
# line) land in the script's __warningregistry__ as CPython 3.11 keeps it, and are recorded
# by catch_warnings at that line
# needs: warnings, torch, numpy
# compare: stderr
import warnings

import numpy as np
import torch

x = torch.ones(2, requires_grad=True) * 2
g = x.grad
a = np.array([1.0]) / 0
for key in sorted(str(k) for k in __warningregistry__):
    print(key[:60], key[-40:])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    g = x.grad
    b = np.log(np.zeros(1))
print([(m.category.__name__, m.lineno) for m in w])
print(len(__warningregistry__))
