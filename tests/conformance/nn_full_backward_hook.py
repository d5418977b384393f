import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
seen = []


def show(m, gin, gout):
    print(type(m).__name__, type(gin).__name__, len(gin), type(gout).__name__, len(gout))
    print('grad_input', gin)
    print('grad_output', gout)


h = lin.register_full_backward_hook(show)
print(type(h).__name__)
x = torch.randn(4, 3, requires_grad=True)
y = lin(x)
print(y.grad_fn.name(), type(y.grad_fn).__name__, y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)

# the input does not require grad: grad_input is (None,)
x2 = torch.randn(4, 3)
lin(x2).pow(2).sum().backward()


# a replacement grad_input
def double(m, gin, gout):
    return (gin[0] * 2,)


h.remove()
h2 = lin.register_full_backward_hook(double)
x3 = torch.ones(1, 3, requires_grad=True)
lin(x3).sum().backward()
print(x3.grad)
h2.remove()


# wrong number of grads
def wrong(m, gin, gout):
    return (gin[0], gin[0])


h3 = lin.register_full_backward_hook(wrong)
try:
    lin(torch.ones(1, 3, requires_grad=True)).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
h3.remove()


# no input requires grad, the hook returns a tensor
def ret(m, gin, gout):
    print('ret', gin, gout[0].shape)
    return (torch.ones(1, 3),)


h4 = lin.register_full_backward_hook(ret)
try:
    lin(torch.ones(1, 3)).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
h4.remove()


# an in-place op on the output
lin.register_full_backward_hook(show)
z = lin(torch.ones(1, 3, requires_grad=True))
try:
    z.add_(1)
except RuntimeError as e:
    print('RuntimeError:', e)

# an in-place module
seq = nn.Sequential(nn.Linear(3, 3), nn.ReLU(inplace=True))
seq[1].register_full_backward_hook(show)
try:
    seq(torch.ones(1, 3, requires_grad=True)).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)

# under no_grad the hook is not set up
with torch.no_grad():
    w = lin(torch.ones(1, 3, requires_grad=True))
print(w.grad_fn)
# hooks on a container and its child, order of calls
seq2 = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
seq2.register_full_backward_hook(lambda m, gi, go: print('outer', type(m).__name__))
seq2[0].register_full_backward_hook(lambda m, gi, go: print('inner', type(m).__name__))
seq2[1].register_full_backward_hook(lambda m, gi, go: print('tanh', type(m).__name__))
seq2(torch.ones(1, 3, requires_grad=True)).sum().backward()


# a non-tensor argument beside the tensor: None in grad_input
class Scale(nn.Module):
    def forward(self, x, k):
        return x * k


sc = Scale()
sc.register_full_backward_hook(show)
v = torch.tensor([1.0, 2.0], requires_grad=True)
out = sc(v, 3)
print(out)
out.sum().backward()
print(v.grad)


# a replacement of the wrong shape
def bad_shape(m, gin, gout):
    return (torch.ones(5),)


lin2 = nn.Linear(3, 2)
lin2.register_full_backward_hook(bad_shape)
try:
    lin2(torch.ones(1, 3, requires_grad=True)).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)

# forward hooks run first, the backward hook sees what they return
lin3 = nn.Linear(3, 2)
lin3.register_forward_hook(lambda m, i, o: o * 10)
lin3.register_full_backward_hook(lambda m, gi, go: print('after forward hook', go[0]))
lin3(torch.ones(1, 3, requires_grad=True)).sum().backward()

# a module called twice runs its hook for each call
calls = []
lin4 = nn.Linear(2, 2)
lin4.register_full_backward_hook(lambda m, gi, go: calls.append(gi[0].shape))
lin4(lin4(torch.ones(1, 2, requires_grad=True))).sum().backward()
print(calls)
