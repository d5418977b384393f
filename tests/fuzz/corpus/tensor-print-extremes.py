import torch
print(torch.tensor([3.4e38, -3.4e38, 1e-45, float('inf')]))
torch.set_printoptions(precision=30, linewidth=1, threshold=0, edgeitems=0)
print(torch.randn(3, 3))
torch.set_printoptions(precision=1000000, linewidth=-1)
print(torch.ones(2))
