# Python's warnings module: warn with a category and a stacklevel, the default
# once-per-location rule, the filters' actions, catch_warnings recording, and the warnings
# of torch and numpy going through it (each shown once per line, silenced by a filter)
import warnings

import numpy as np
import torch
import torch.nn.functional as F


def helper(message):
    warnings.warn(message, stacklevel=2)


for i in range(3):
    warnings.warn("in a loop")
    helper("from the caller's line")
    y = F.softmax(torch.ones(2, 2))
    z = torch.tensor(torch.ones(2))
    a = np.array([1.0, 0.0]) / 0
warnings.warn("a runtime warning", RuntimeWarning)
warnings.warn(UserWarning("an instance"))
warnings.warn("deprecated here", DeprecationWarning)
warnings.warn("future", FutureWarning)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for i in range(2):
        warnings.warn("recorded", UserWarning)
    b = np.log(np.array([0.0]))
    x = torch.ones(2, requires_grad=True) * 2
    g = x.grad
print(len(caught), [str(w.message) for w in caught])
print([w.category.__name__ for w in caught], [w.lineno for w in caught])
print(caught[0].filename.endswith("warnings_module.py"), str(caught[0]).startswith("{message : UserWarning("))

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("as an error")
    except UserWarning as e:
        print("raised:", repr(e))
    try:
        np.array([1.0]) / 0
    except RuntimeWarning as e:
        print("raised:", repr(e))
    try:
        F.softmax(torch.ones(2, 2))
    except UserWarning as e:
        print("raised:", type(e).__name__)

with warnings.catch_warnings():
    warnings.simplefilter("once")
    for i in range(2):
        warnings.warn("once only")
    warnings.warn("once only")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="IGNORED")
    warnings.filterwarnings("ignore", category=RuntimeWarning)
    warnings.warn("ignored because of its message")
    warnings.warn("not ignored")
    c = np.array([2.0]) / 0

warnings.simplefilter("module")
for i in range(2):
    warnings.warn("module rule")
warnings.warn("module rule")
warnings.resetwarnings()
warnings.warn("after reset")
warnings.warn("after reset")
warnings.filterwarnings("ignore")
warnings.warn("silenced")
d = F.softmax(torch.ones(3, 3))
e = np.log(np.array([-1.0]))
print("done")
try:
    warnings.warn("x", category="UserWarning")
except TypeError as err:
    print(err)
try:
    warnings.simplefilter("sometimes")
except AssertionError as err:
    print(err)
