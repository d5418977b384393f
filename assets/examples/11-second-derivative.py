# A second derivative with create_graph=True.
# The first autograd.grad call builds a graph for dy/dx = 3x² as it computes it, so that
# graph can be differentiated again: d²y/dx² = 6x. Without create_graph the first
# gradient would be a plain number with no history.
# Step 5: autograd.grad builds dy/dx's graph; step 9: backward through it; step 16: x.grad.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
dy_dx, = torch.autograd.grad(y, x, create_graph=True)
print(dy_dx)           # 3·x² = 12
dy_dx.backward()
print(x.grad)          # 6·x = 12
