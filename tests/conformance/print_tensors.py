# How tensors print: shapes from 0-d to 3-d, integer/bool/float64 dtypes, empty tensors,
# negative zero, integral floats, requires_grad, torch.Size, dtype names, repr in containers.
# needs: torch.tensor of nested lists (ints, floats, bools), dtype=torch.float64/int64/bool,
#   arange, zeros(2, 0), reshape, view, print of Size/dtype, repr of tensors inside a list,
#   tolist(), item() of int tensors, dim(), numel(), size(i)
import torch

print(torch.tensor(3.5), torch.tensor(2), torch.tensor(True), torch.tensor(-0.0))
print(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1, 2, 3]), torch.tensor([True, False]))
print(torch.tensor([0.1, -2.25, 3.0]))
print(torch.tensor([[1.0, -1.0], [0.5, 100.0]]))
print(torch.arange(24).reshape(2, 3, 4))
print(torch.arange(12.0).view(3, 2, 2) / 3)
print(torch.tensor([1.5, 2.5], dtype=torch.float64))
print(torch.tensor([1, 2], dtype=torch.float64), torch.tensor([1.0, 2.0], dtype=torch.int64))
print(torch.zeros(2, 0), torch.tensor([]), torch.ones(1, 1, 1))
print(torch.tensor([1.0, 2.0], requires_grad=True))
x = torch.arange(6.0).reshape(2, 3)
print(x.shape, x.size(), x.size(1), x.dim(), x.numel(), x.dtype, x.T.shape)
print(torch.Size([2, 3]), x.shape == (2, 3), x.shape[0], list(x.shape), len(x))
print([torch.tensor(1.0), torch.tensor([2, 3])], (torch.tensor(0.5),))
print(x.tolist(), torch.tensor([1, 2]).tolist(), torch.tensor(7).item(), torch.tensor(0.1).item())
print(torch.tensor(2.0).item() * 3, type(torch.tensor(2).item()) is int)
print(repr(torch.tensor([1.0])), str(torch.tensor([1.0])))
print(torch.tensor([[1, -20], [300, 4]]), torch.tensor([-1, 0, 1]) > 0)
print(torch.eye(3), torch.full((2, 2), 7.0), torch.linspace(0, 1, 5))
print(torch.zeros(3, dtype=torch.int64), torch.ones(2, dtype=torch.bool))
