# An in-place change of a saved tensor.
# sigmoid saves its output y for the backward pass (dy/dx = y·(1 − y)). y.mul_(2) changes
# y in place, so its version goes from 0 to 1 and the saved value is stale: backward
# refuses with PyTorch's version error. The fix: y = y * 2, a new tensor.
# Step 11: the error, marked on SigmoidBackward0; step 22: the fixed version's x.grad.
import torch

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = torch.sigmoid(x)
y.mul_(2)
try:
    y.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

y = torch.sigmoid(x)
y = y * 2
y.sum().backward()
print(x.grad)
