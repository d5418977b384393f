# Backward twice: why retain_graph exists.
# d and e share the graph a → b → c. The first d.backward() frees the buffers the graph
# saved (watch the nodes turn "freed"), so e.backward() has nothing left to read and
# PyTorch refuses. With retain_graph=True the buffers stay until the last call.
# Step 20: a.grad holds both calls' gradients; step 39: the error on the freed graph.
import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
b = a ** 2
c = b * 2
d = c.mean()
e = c.sum()

d.backward(retain_graph=True)   # keeps the saved buffers
e.backward()                    # fine: a.grad is now dd/da + de/da
print(a.grad)

a.grad = None
b = a ** 2
c = b * 2
d = c.mean()
e = c.sum()
d.backward()                    # frees the buffers
try:
    e.backward()                # the same graph again: the error
except RuntimeError as err:
    print("RuntimeError:", err)
