# A non-scalar output: backward needs a gradient to start from.
# y has three elements, so "dy/dx" is a 3×3 Jacobian and y.backward() cannot start: the
# error says so. Passing gradient=v starts the backward pass with v and computes the
# vector-Jacobian product vᵀ·J.
# Step 6: the error on y; step 10: backward(gradient=v) begins with v as y's gradient.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
try:
    y.backward()
except RuntimeError as err:
    print("RuntimeError:", err)

v = torch.tensor([1.0, 0.1, 0.01])
y.backward(gradient=v)
print(x.grad)          # 2·x·v
