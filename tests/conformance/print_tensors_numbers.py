# How tensor values print: PyTorch's choice between fixed and scientific notation, widths,
# integral floats, inf and nan, torch.set_printoptions(precision=, sci_mode=).
# needs: tensor formatting rules of torch/_tensor_str.py (fixed vs scientific, padding, inf,
#   nan, -0.), set_printoptions(precision=, sci_mode=), float('inf') in tensor literals
import torch

print(torch.tensor([1e-8, 1.0]))
print(torch.tensor([1e-3, 1.0, 10.0]))
print(torch.tensor([123456.0, 1.0]))
print(torch.tensor([1e8, 1.0]))
print(torch.tensor([100.0, 20.0]), torch.tensor([1e10, 2e10]))
print(torch.tensor([0.00012345, 0.5]))
print(torch.tensor([float('inf'), float('-inf'), float('nan'), 1.0]))
print(torch.tensor([float('nan'), 0.25]), torch.tensor([float('inf'), 2.0]))
print(torch.tensor([-0.0, 0.0, 1.0]), torch.tensor(1e-10), torch.tensor(12345678.0))
print(torch.tensor([[1e-5, 2.0], [3.0, 4e5]]))
print(torch.tensor([0.1, 0.2]) + torch.tensor([0.2, 0.1]))
print(torch.tensor([2.0]) / 3, torch.tensor(-1.0) / 3)
torch.set_printoptions(precision=2)
print(torch.tensor([1.23456, -0.001, 3.0]))
torch.set_printoptions(precision=6)
print(torch.tensor([1.23456, -0.001, 3.0]))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.5, 2.0]))
torch.set_printoptions(precision=4, sci_mode=False)
print(torch.tensor([1e-8, 1.0]))
torch.set_printoptions(sci_mode=None)
print(torch.tensor([1e-8, 1.0]))
