# PyTorch's autograd errors, caught and printed with their exact messages: freed graph,
# backward of a non-scalar, of a tensor without grad, in-place on a leaf, a saved tensor
# modified in place (version counter), and retain_graph as the fix.
# needs: the RuntimeError messages of issue 3 verbatim, sigmoid/exp saving their outputs,
#   in-place mul_/add_ and their version counters, _version, retain_graph, requires_grad=False
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

y = (x * x).sum()
y.backward()
try:
    y.backward()
except RuntimeError as e:
    print("1:", e)

y = x * 2
try:
    y.backward()
except RuntimeError as e:
    print("2:", e)

z = torch.tensor([1.0, 2.0]).sum()
try:
    z.backward()
except RuntimeError as e:
    print("3:", e)

try:
    x.mul_(2)
except RuntimeError as e:
    print("4:", e)

s = x.sigmoid()
print(s._version)
s.mul_(2)
print(s._version)
try:
    s.sum().backward()
except RuntimeError as e:
    print("5:", e)

e = x.exp()
f = e * 1
f.add_(1)
f.sum().backward()
print("6: fine, the saved tensor was not modified:", x.grad)

w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
h = w.exp()
h[0, 0] = 0.0
try:
    h.sum().backward()
except RuntimeError as err:
    print("7:", err)

x.grad = None
y = (x ** 2).sum()
y.backward(retain_graph=True)
y.backward()
print("8:", x.grad)
