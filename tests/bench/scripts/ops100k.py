# 100,000 tensor ops whose results are dropped at once: what recording costs per op
import torch
y = torch.ones(1)
for i in range(100000):
    y = y * 1.0
print(y)
