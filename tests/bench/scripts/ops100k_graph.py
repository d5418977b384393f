# 100,000 tensor ops chained into one autograd graph that stays alive
import torch
x = torch.ones(1, requires_grad=True)
y = x
for i in range(100000):
    y = y * 1.0
print(y)
