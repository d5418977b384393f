# Every hook handle (a tensor's, a grad_fn's, a module's) is a torch.utils.hooks.RemovableHandle,
# importable for isinstance, its ids from one counter; grad_fn.metadata is one dict per node,
# kept while the node lives; del obj[key] calls a class's __delitem__
import torch
import torch.nn as nn
from torch.utils.hooks import RemovableHandle
import torch.utils.hooks
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
m = nn.Linear(2, 2)
hs = [x.register_hook(lambda g: g), y.register_hook(lambda g: g), y.grad_fn.register_hook(lambda a, b: None),
      y.grad_fn.register_prehook(lambda a: None), m.register_forward_hook(lambda *a: None),
      m.register_forward_pre_hook(lambda *a: None), m.register_full_backward_hook(lambda *a: None),
      y.grad_fn.next_functions[0][0].register_prehook(lambda a: None)]
for h in hs:
    print(type(h), isinstance(h, RemovableHandle), isinstance(h, torch.utils.hooks.RemovableHandle), type(h).__name__, type(h) is RemovableHandle)
print(RemovableHandle, torch.utils.hooks.RemovableHandle.__name__, RemovableHandle.__qualname__, RemovableHandle.__module__)
print(type(hs[0].id), hs[0].id < hs[1].id)
md = y.grad_fn.metadata
md['a'] = 1
print(y.grad_fn.metadata, y.grad_fn.metadata is md)
del md
z = y.grad_fn
print(z.metadata)
print(y.grad_fn.next_functions[0][0].metadata is y.grad_fn.next_functions[0][0].metadata)
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g
w = F.apply(x)
w.grad_fn.metadata["k"] = [1]
print(w.grad_fn.metadata, type(w.grad_fn.metadata))
h = w.grad_fn.register_hook(lambda *a: None)
print(type(h))
with x.register_hook(lambda g: print("hook", g)) as hh:
    print(type(hh))
    (x * 1).sum().backward()
(x * 1).sum().backward()
class A:
    def __delitem__(self, k):
        print("del", k)
    def __contains__(self, k):
        return True
a = A()
print(3 in a)
del a[3]
