# A tensor hook that registers another hook: PyTorch runs the new one from the next
# backward on (1 call, then 3), not an endless loop.
# exit: 0
# stdout: [1] tensor([2., 2.])
# stdout: [3] tensor([4., 4.])
# seconds: 20
# memory: 300M
import torch
x = torch.ones(2, requires_grad=True)
count = [0]


def hook(g):
    count[0] += 1
    x.register_hook(hook)
    return g


x.register_hook(hook)
(x * 2).sum().backward()
print(count, x.grad)
(x * 2).sum().backward()
print(count, x.grad)
