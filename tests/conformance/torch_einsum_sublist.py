# torch.einsum's sublist form (issue 13): operands each followed by its subscripts list,
# the output's last; PyTorch's errors for subscripts out of range
import torch

a = torch.arange(6.).view(2, 3)
b = torch.arange(12.).view(3, 4)
print(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]))
print(torch.einsum(a, [0, 1], b, [1, 2]))
print(torch.einsum(a, [30, 1]))
print(torch.einsum(a, [Ellipsis, 1], [1]))
for bad in ([0, 52], [0, -1], [0, "x"]):
    try:
        print(torch.einsum(a, bad))
    except Exception as e:
        print(type(e).__name__, e)
