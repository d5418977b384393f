# Pooling modules and their neighbours in a CNN: MaxPool1d/2d, AvgPool1d/2d, the adaptive
# pools, BatchNorm2d, Dropout2d, Flatten and Unflatten, as PyTorch prints and runs them,
# with PyTorch's messages for inputs that do not fit.
# needs: nn.MaxPool2d, nn.AvgPool2d, nn.AdaptiveAvgPool2d, nn.AdaptiveMaxPool2d,
#   nn.MaxPool1d, nn.AvgPool1d, nn.AdaptiveAvgPool1d, nn.BatchNorm2d, nn.Dropout2d,
#   nn.Unflatten, F.adaptive_avg_pool2d's mean shortcut
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
print(nn.MaxPool2d(2), nn.MaxPool2d(3, 2, 1, 2, True, True))
print(nn.AvgPool2d(2), nn.AvgPool2d(3, 2, 1, True, False, 2))
print(nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveMaxPool2d(2), nn.MaxPool1d(2))
print(nn.AvgPool1d(3), nn.AdaptiveAvgPool1d(4), nn.AdaptiveMaxPool1d(3))
print(nn.BatchNorm2d(3), nn.Dropout2d(0.3), nn.Unflatten(1, (2, 3)), nn.Flatten(0))

x = torch.randn(4, 3, 6, 6, requires_grad=True)
gap = nn.AdaptiveAvgPool2d(1)(x)
print(gap.grad_fn.name(), gap[0, :, 0, 0])
out, idx = nn.MaxPool2d(2, return_indices=True)(x)
print(out.shape, idx[0, 0])

bn = nn.BatchNorm2d(3)
y = bn(x)
print(y.mean().item() < 1e-6, bn.running_mean, bn.running_var)
y.pow(2).sum().backward()
print(bn.weight.grad, bn.bias.grad.abs().max().item() < 1e-4)
bn.eval()
print(bn(x)[0, 0, 0])

drop = nn.Dropout2d(0.5)
z = drop(torch.ones(2, 4, 2, 2))
print(z[:, :, 0, 0])
drop.eval()
print(drop(torch.ones(1, 2, 1, 1)).flatten())

un = nn.Unflatten(1, (2, 3))
u = un(torch.arange(12.0, requires_grad=True).reshape(2, 6))
print(u.shape, u.grad_fn.name(), nn.Unflatten(-1, (3, -1))(torch.zeros(2, 6)).shape)

net = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                    nn.MaxPool2d(2), nn.Conv2d(4, 8, 3), nn.ReLU(),
                    nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(), nn.Linear(8, 2))
print(net)
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
images = torch.randn(6, 1, 8, 8)
labels = torch.tensor([0, 1, 0, 1, 1, 0])
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(net(images), labels)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))


def attempt(f):
    try:
        print(f().shape)
    except Exception as e:
        print(type(e).__name__ + ':', e)


x = torch.randn(2, 3, 4, 4)
attempt(lambda: F.max_pool2d(x, 0))
attempt(lambda: F.max_pool2d(x, 2, 2, 2))
attempt(lambda: F.max_pool2d(x, 2, 2, -1))
attempt(lambda: F.max_pool2d(x, 2, dilation=0))
attempt(lambda: F.max_pool2d(x, 5))
attempt(lambda: F.max_pool2d(torch.randn(4, 4), 2))
attempt(lambda: F.max_pool2d(x, (2, 2, 2)))
attempt(lambda: F.max_pool2d(x, 2, (1, 1, 1)))
attempt(lambda: F.max_pool2d(x.long(), 2))
attempt(lambda: F.avg_pool2d(x, 5))
attempt(lambda: F.avg_pool2d(torch.randn(4, 4), 2))
attempt(lambda: F.avg_pool2d(x, 2, divisor_override=0))
attempt(lambda: F.adaptive_avg_pool2d(torch.randn(4, 4), 2))
attempt(lambda: F.adaptive_max_pool2d(torch.randn(4, 4), 2))
attempt(lambda: F.max_pool1d(torch.randn(4), 2))
attempt(lambda: F.avg_pool1d(torch.randn(4), 2))
attempt(lambda: F.max_pool2d(torch.randn(2, 0, 4, 4), 2))
attempt(lambda: F.max_pool2d(torch.randn(0, 2, 4, 4), 2))
attempt(lambda: nn.BatchNorm2d(3)(torch.randn(2, 3)))
attempt(lambda: nn.MaxPool2d(2)(torch.randn(3, 4)))
