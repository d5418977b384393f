# Shape errors, caught and printed with PyTorch's exact messages: broadcasting mismatch,
# matmul and mm shapes, nn.Linear on the wrong width, view of the wrong size, cat, indexing.
# needs: the shape messages of issue 3 verbatim ("The size of tensor a (3) must match ...",
#   "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"), view's and cat's messages,
#   IndexError for an index out of range, broadcasting that works
import torch
import torch.nn as nn

torch.manual_seed(0)
a = torch.ones(2, 3)
b = torch.ones(2, 4)
try:
    a + b
except RuntimeError as e:
    print("1:", e)

try:
    torch.ones(2, 3) @ torch.ones(4, 5)
except RuntimeError as e:
    print("2:", e)

try:
    torch.mm(torch.ones(2, 3), torch.ones(4, 5))
except RuntimeError as e:
    print("3:", e)

layer = nn.Linear(4, 2)
try:
    layer(torch.ones(3, 5))
except RuntimeError as e:
    print("4:", e)

try:
    torch.arange(6.0).view(4, 2)
except RuntimeError as e:
    print("5:", e)

try:
    torch.cat([torch.ones(2, 3), torch.ones(2, 4)])
except RuntimeError as e:
    print("6:", e)

try:
    torch.ones(3)[5]
except IndexError as e:
    print("7:", e)

print((torch.ones(2, 1) * torch.arange(3.0)).shape, (torch.ones(3, 1, 2) + torch.ones(4, 2)).shape)
