# torch.meshgrid (ij, xy, a list, 0-d tensors, autograd through expand) and the layout queries stride/is_contiguous/storage_offset
import torch
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([4., 5.])
x, y = torch.meshgrid(a, b, indexing='xy')
print(x, y)
x, y = torch.meshgrid([a, b], indexing='ij')
print(x.shape, y, x.is_contiguous(), x.stride(), x.stride(1), y.storage_offset(), b[1:].storage_offset(), x.contiguous().is_contiguous())
(x * torch.arange(6.).view(3, 2)).sum().backward()
print(a.grad)
print(torch.meshgrid(a)[0])
for f in (lambda: torch.meshgrid(a, b, indexing='xx'), lambda: torch.meshgrid(a, b.double(), indexing='ij')):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)
x, y = torch.meshgrid(a, b)
print(x.shape)
g1, g2, g3 = torch.meshgrid(torch.arange(2), torch.arange(3), torch.tensor(7), indexing='xy')
print(g1.shape, g2, g3.shape)
xs = torch.linspace(-1, 1, 4)
xx, yy = torch.meshgrid(xs, xs, indexing='xy')
print(torch.stack([xx, yy], dim=-1).reshape(-1, 2))
