# Tensor.tensor_split (sections, indices, a tensor of either), narrow and Tensor._base, as PyTorch
# 1.13: each piece a slice of its own (SliceBackward0), _base the tensor a view was taken
# from (the first one, for a view of a view), None for a tensor that is no view
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

x = torch.arange(10.).requires_grad_()
print(x.tensor_split(3))
print(torch.tensor_split(x, [1, 4]))
print(x.tensor_split(torch.tensor([2, 5])))
print(x.tensor_split(torch.tensor(4)))
print(x.tensor_split((7, 3)), x.tensor_split([-3, 20]), x.tensor_split([]))
y = torch.arange(12).reshape(3, 4)
print(y.tensor_split(3, dim=1))
print(y.tensor_split([1, 5, 2], 1))
print(torch.tensor_split(y, 5))
print(y.tensor_split(sections=2, dim=-1), y.tensor_split(indices=[2]))
a = x.tensor_split(3)
print(a[0].grad_fn.name(), a[0].grad_fn is a[1].grad_fn, a[0]._base is x)
sum(p.sum() * (i + 1) for i, p in enumerate(a)).backward()
print(x.grad)
attempt('zero sections', lambda: x.tensor_split(0))
attempt('negative sections', lambda: x.tensor_split(-1))
attempt('0-dim', lambda: torch.tensor(3.).tensor_split(2))
attempt('0-dim indices', lambda: torch.tensor(3.).tensor_split([1]))
attempt('float', lambda: x.tensor_split(2.5))
attempt('2-d tensor', lambda: x.tensor_split(torch.tensor([[1]])))
attempt('float tensor', lambda: x.tensor_split(torch.tensor([1.])))
attempt('bool tensor', lambda: x.tensor_split(torch.tensor([True])))
attempt('zero tensor', lambda: x.tensor_split(torch.tensor(0)))
attempt('dim', lambda: x.tensor_split(2, 3))
attempt('str index', lambda: x.tensor_split([3, 'a']))
attempt('nothing', lambda: x.tensor_split())
attempt('torch nothing', lambda: torch.tensor_split(x))

# _base
z = torch.arange(6.)
m = z.view(2, 3)
print(m._base is z, z._base, m.view(6)._base is z, z[None]._base is z, m.t()._base is z)
print(m[0]._base is z, m[:, 1]._base is z, m.narrow(0, 0, 1)._base is z, m.T._base is z)
print(m.unbind(0)[0]._base is z, m.chunk(2, 1)[0]._base is z, m.split(1)[0]._base is z)
print(m.unsqueeze(0).squeeze(0)._base is z, m.expand(2, 2, 3)._base is z, m.permute(1, 0)._base is z)
print(m.reshape(-1)._base is z, m.flatten()._base is z, z.flatten()._base, z.detach()._base)
print(z.data._base, z.clone()._base, m.contiguous()._base is z, m.t().contiguous()._base)
w = torch.ones(3, requires_grad=True)
v = w[1:]
print(v._base is w, v._base.requires_grad, (v * 2)._base)
print(w.grad is w.grad, x.grad is x.grad, v._base is v._base, id(v._base) == id(w))
d = {w: 'w'}
print(d[v._base], v._base in d, w in {v._base})

# narrow: a slice of length from start (start wraps as a dim does, and may be the size)
x = torch.arange(6.).reshape(2, 3).requires_grad_()
print(x.narrow(1, 1, 2), x.narrow(-1, -2, 2), x.narrow(0, 2, 0), torch.narrow(x, 0, 1, 1))
print(x.narrow(1, torch.tensor(1), 2))
attempt('too long', lambda: x.narrow(0, 1, 2))
attempt('bad dim', lambda: x.narrow(2, 0, 1))
attempt('bad start', lambda: x.narrow(0, 3, 1))
attempt('negative length', lambda: x.narrow(0, 0, -1))
attempt('0-dim', lambda: torch.tensor(1.).narrow(0, 0, 1))
attempt('float start', lambda: x.narrow(0, 1.5, 1))
attempt('1-d start', lambda: torch.narrow(x, 1, torch.tensor([1]), 1))
