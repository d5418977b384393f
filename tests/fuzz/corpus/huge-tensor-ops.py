import torch
x = torch.ones(2000, 2000)
for _ in range(1000):
    x = x @ x
