# Two paths to w1: the chain rule, path by path.
# w1 is used twice, in x3 and in x4, so two paths lead from L back to it:
#   L ← x5 ← x3 ← w1 gives (-1)·(2)·(1) = -2 and L ← x5 ← x4 ← w1 gives (-1)·(3)·(2) = -6.
# Step through the backward pass: w1 receives -6 (through x4), then -2 (through x3); the
# two add up to -8 before step 28 stores them in w1.grad. Step 12 starts L.backward().
# Click w1 to see both paths, their products and their sum in the chain-rule panel.
import torch

x1 = torch.tensor(1.0)
x2 = torch.tensor(2.0)
w1 = torch.tensor(1.0, requires_grad=True)
w2 = torch.tensor(2.0, requires_grad=True)
w3 = torch.tensor(3.0, requires_grad=True)

x3 = w1 * x1
x4 = w1 * x2
x5 = w2 * x3 + w3 * x4
L = 1 - x5

L.backward()
print(w1.grad, w2.grad, w3.grad)
