# kthvalue, median and mode (named tuples of values and indices, keepdim, grad_fn names,
# gradients to the picked elements), median of all elements (ties share the gradient),
# var_mean and std_mean without grad, F.gelu in both forms (GeluBackward0), nn.GELU,
# nll_loss and cross_entropy with weight= and label_smoothing=.
# needs: kthvalue, median, mode, var_mean, std_mean, gelu approximate='none', loss weights
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(3, 5, requires_grad=True)
kv = torch.kthvalue(x, 2, 1)
print(kv)
print(kv.values.grad_fn, kv.indices.dtype, type(kv).__name__)
med = x.median(dim=0, keepdim=True)
print(med.values, med.indices)
print(x.median(), x.median().grad_fn)
mo = torch.tensor([[1., 5, 5, 2, 1], [7, 7, 0, 0, 3]]).mode(1)
print(mo)
print(torch.tensor([3, 1, 3, 3, 1]).mode(), torch.tensor([4, 1, 3, 2]).median())
loss = kv.values.sum() + med.values.sum() * 2 + x.median() * 3
loss.backward()
print(x.grad)
ties = torch.tensor([1.0, 3.0, 3.0, 3.0], requires_grad=True)
ties.median().backward()
print(ties.grad)
m = x.detach().mode(dim=-1, keepdim=True)
print(m.values.shape, m.indices.shape)
print(torch.tensor([2.0, float("nan"), 1.0]).median(0))
for bad in [lambda: x.kthvalue(9), lambda: torch.tensor([]).median(0)]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__ + ":", e)

data = torch.arange(12.0).reshape(3, 4) ** 1.5
print(torch.var_mean(data, 1))
print(torch.std_mean(data, dim=0, unbiased=False))
print(torch.var_mean(data))
v, mean = torch.std_mean(data, [0, 1], keepdim=True)
print(v, mean)

z = torch.linspace(-3, 3, 7, dtype=torch.float64, requires_grad=True)
g = F.gelu(z)
print(g, g.grad_fn)
g.sum().backward()
print(z.grad)
z.grad = None
gt = F.gelu(z, approximate="tanh")
gt.sum().backward()
print(gt, z.grad)
print(nn.GELU(), nn.GELU("tanh"), nn.GELU()(torch.tensor([0.5, -0.5])))
try:
    F.gelu(z, approximate="fast")
except RuntimeError as e:
    print("RuntimeError:", e)

logits = torch.randn(6, 4, requires_grad=True)
target = torch.tensor([0, 3, 1, 1, 2, 0])
w = torch.tensor([1.0, 2.0, 0.5, 3.0])
for reduction in ["mean", "sum", "none"]:
    print(reduction, F.cross_entropy(logits, target, weight=w, reduction=reduction))
    print(F.cross_entropy(logits, target, label_smoothing=0.1, reduction=reduction))
    print(F.cross_entropy(logits, target, weight=w, label_smoothing=0.2, reduction=reduction))
    print(F.nll_loss(F.log_softmax(logits, 1), target, weight=w, reduction=reduction))
ign = torch.tensor([0, -100, 1, 1, 2, -100])
print(F.cross_entropy(logits, ign, weight=w, label_smoothing=0.3))
loss = nn.CrossEntropyLoss(weight=w, label_smoothing=0.1)(logits, target)
print(loss, loss.grad_fn)
loss.backward()
print(logits.grad)
print(nn.NLLLoss(weight=w)(F.log_softmax(logits, 1), target).grad_fn)
try:
    F.nll_loss(logits, target, weight=torch.ones(3))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.cross_entropy(logits, target, label_smoothing=1.5)
except RuntimeError as e:
    print("RuntimeError:", e)
