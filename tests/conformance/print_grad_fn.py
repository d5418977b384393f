# The grad_fn suffix every op prints (AddBackward0, RsubBackward1, SumBackward1, ...), and
# walking the graph through grad_fn.next_functions.
# needs: every engine op: + - * / ** (PowBackward0/1/2), neg, exp, log, sin, cos, tanh,
#   sigmoid, relu, abs, sqrt, clamp, sum/mean with and without dim, max, t, transpose, view,
#   reshape, unsqueeze, squeeze, expand, permute, indexing (Select/Slice/Index), cat, stack, mm,
#   matmul, mv, dot, softmax, log_softmax, mse_loss, cross_entropy, F.linear, clone, where,
#   maximum, grad_fn.name(), next_functions, recursion over the graph
import torch
import torch.nn.functional as F

a = torch.tensor([[1.0, -2.0], [3.0, 0.5]], requires_grad=True)
b = torch.tensor([[0.5, 1.0], [-1.0, 2.0]], requires_grad=True)
v = torch.tensor([1.0, 2.0], requires_grad=True)

results = [
    a + b, a - b, a * b, a / b, a ** 2, a ** b, 2 ** a, -a, 1 - a, a + 1, a * 3,
    a.exp(), a.abs().log(), a.sin(), a.cos(), a.tanh(), a.sigmoid(), a.relu(), a.abs(),
    a.abs().sqrt(), a.clamp(min=0), a.clamp(-1, 1), a.sum(), a.sum(0), a.mean(), a.mean(dim=1),
    a.max(), a.t(), a.transpose(0, 1), a.view(4), a.reshape(4), a.unsqueeze(0),
    a.unsqueeze(0).squeeze(0), v.expand(2, 2), a.permute(1, 0), a[0], a[:, 1:], a[[0, 1], [1, 0]],
    torch.cat([a, b]), torch.stack([a, b]), a.mm(b), a @ b, a.mv(v), v.dot(v),
    torch.softmax(a, dim=1), F.log_softmax(a, dim=1), F.mse_loss(a, b),
    F.cross_entropy(a, torch.tensor([0, 1])), F.linear(a, b, v), a.clone(),
    torch.where(a > 0, a, b), torch.maximum(a, b),
]
for r in results:
    print(r.grad_fn.name(), tuple(r.shape))
print(a[0])
print(a.sum(0))
print(1 - a)


def walk(fn, depth=0):
    if fn is None:
        print("  " * depth + "None")
        return
    print("  " * depth + fn.name())
    for next_fn, _ in fn.next_functions:
        walk(next_fn, depth + 1)


loss = ((a @ b).relu().sum() - v.sum()) * 2
walk(loss.grad_fn)
