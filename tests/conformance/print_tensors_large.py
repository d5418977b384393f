# Large tensors print summarised ("...") by PyTorch's rules: threshold 1000 elements, 3 edge
# items, line width 80; set_printoptions(threshold=, edgeitems=, linewidth=).
# needs: summarisation of 1-d, 2-d and 3-d tensors, line wrapping of long 1-d and 2-d rows,
#   set_printoptions(threshold=, edgeitems=, linewidth=, profile="default"), randn
import torch

torch.manual_seed(0)
print(torch.arange(2000))
print(torch.arange(2000.0) / 7)
print(torch.randn(40, 40))
print(torch.arange(3000).reshape(10, 10, 30))
print(torch.arange(30.0) * 1.5)
print(torch.randn(3, 15))
print(torch.arange(999))
print(torch.randn(201, 5, requires_grad=True) * 2)
torch.set_printoptions(threshold=10, edgeitems=2)
print(torch.arange(11), torch.arange(10))
print(torch.arange(36).reshape(6, 6))
torch.set_printoptions(linewidth=40)
print(torch.arange(20.0))
torch.set_printoptions(profile="default")
print(torch.arange(1001))
