# Seed 003: the toy graph a -> b -> c -> d, e; d.backward() frees the graph so e.backward()
# fails; with retain_graph=True it does not, until the last call without it.
# needs: from torch.autograd import Variable, ** * mean() sum(), backward(retain_graph=True),
#   try/except RuntimeError as err, print(err) with PyTorch's exact message, grad accumulation
import torch
from torch.autograd import Variable

torch.manual_seed(0)

a = Variable(torch.rand(1, 4), requires_grad=True)
b = a**2
c = b*2
d = c.mean()
e = c.sum()
print(a)
print(b)
print(c)
print(d, e)

d.backward()
try:
    e.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
print(a.grad)

a.grad = None
b = a**2
c = b*2
d = c.mean()
e = c.sum()
d.backward(retain_graph=True) # fine
e.backward(retain_graph=True) # fine
d.backward() # also fine
try:
    e.backward() # error will occur!
except RuntimeError as err:
    print("RuntimeError:", err)
print(a.grad)
print(a.grad / a)
