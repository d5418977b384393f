import torch
try:
    torch.ones(2 ** 31, 2 ** 31)
except Exception as e:
    print(e)
try:
    torch.zeros(-1)
except Exception as e:
    print(e)
x = torch.ones(1).expand(2 ** 40)
print(x.sum())
