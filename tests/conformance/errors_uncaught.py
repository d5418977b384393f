# An uncaught PyTorch error ends the script: what was printed before is kept, the traceback
# goes to stderr ending in PyTorch's message, and the exit status is 1.
# compare: traceback
# needs: exit status 1 with the traceback's last line "RuntimeError: <PyTorch's message>"
import torch

a = torch.rand(1, 4, requires_grad=True)
c = (a ** 2) * 2
d = c.mean()
e = c.sum()
d.backward()
print("d.backward() is fine")
e.backward()
print("never printed")
