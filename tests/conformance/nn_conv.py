# nn.Conv1d and nn.Conv2d: parameters drawn as PyTorch draws them after manual_seed, repr,
# unbatched input, 'same' and 'valid' padding, the gradients of a batch (oneDNN's kernels),
# and PyTorch's messages for shapes and arguments that do not fit.
# needs: nn.Conv1d, nn.Conv2d, F.conv1d, F.conv2d, ConvolutionBackward0, padding strings
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
conv = nn.Conv2d(3, 4, 3, padding=1)
print(conv)
print(conv.weight[0])
print(conv.bias)
x = torch.randn(2, 3, 6, 6, requires_grad=True)
y = conv(x)
print(y.shape, y.grad_fn.name())
print(y[1, 2])
(y ** 2).mean().backward()
print(x.grad[1, 0])
print(conv.weight.grad[1])
print(conv.bias.grad)

c1 = nn.Conv1d(2, 3, 3, stride=2, bias=False)
print(c1, c1.weight.shape)
print(c1(torch.randn(1, 2, 9)))
print(c1(torch.randn(2, 9)).shape)

print(nn.Conv2d(3, 4, (3, 5), stride=2, padding=1, dilation=2, bias=False))
print(nn.Conv1d(3, 4, 3, padding='same'))
print(nn.Conv2d(3, 6, 3, groups=3, padding='valid'))
print(nn.Conv2d(1, 2, kernel_size=(1, 3), stride=(1, 2)))
same = nn.Conv2d(2, 2, 5, padding='same', dilation=1)
print(same(torch.randn(1, 2, 7, 7)).shape)
print(F.conv2d(torch.randn(3, 5, 5), torch.randn(2, 3, 3, 3)).shape)
print(torch.conv2d(torch.randn(1, 1, 4, 4), torch.ones(1, 1, 2, 2), stride=2))

# a tiny net trained a few steps
torch.manual_seed(1)
net = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.Conv2d(4, 2, 3), nn.Flatten(),
                    nn.Linear(2 * 4 * 4, 3))
print(net)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
images = torch.randn(8, 1, 8, 8)
labels = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
for step in range(5):
    opt.zero_grad()
    loss = F.cross_entropy(net(images), labels)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
print(net[0].weight.grad[0, 0])


def attempt(f):
    try:
        print(f().shape)
    except Exception as e:
        print(type(e).__name__ + ':', e)


x = torch.randn(2, 3, 8, 8)
attempt(lambda: F.conv2d(torch.randn(2, 3), torch.randn(4, 3, 3, 3)))
attempt(lambda: F.conv2d(x, torch.randn(4, 2, 3, 3)))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3)))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 9, 9)))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), torch.randn(3)))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), stride=0))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), padding=-1))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), groups=2))
attempt(lambda: F.conv2d(x, torch.randn(4, 1, 3, 3), groups=3))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), padding='same', stride=2))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), padding='foo'))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), padding=(1, 2, 3)))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3).double()))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), dilation=0))
attempt(lambda: F.conv1d(torch.randn(2, 3, 5), torch.randn(4, 3, 3, 3)))
attempt(lambda: F.conv1d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3)))
attempt(lambda: F.conv1d(torch.randn(2, 3), torch.randn(4, 3, 3)))
attempt(lambda: F.conv2d(x, torch.randn(4, 3, 3, 3), stride=(1, 2, 3)))
attempt(lambda: nn.Conv2d(3, 4, 3, groups=2))
attempt(lambda: nn.Conv2d(4, 3, 3, groups=2))
attempt(lambda: nn.Conv2d(3, 4, 3, padding='same', stride=2))
attempt(lambda: nn.Conv2d(3, 4, 3, groups=0))
attempt(lambda: nn.Conv2d(3, 4, 3)(torch.randn(2, 3)))
attempt(lambda: nn.Conv2d(3, 4, 3)(torch.randn(2, 4, 8, 8)))
attempt(lambda: F.conv2d(torch.randn(0, 3, 8, 8), torch.randn(4, 3, 3, 3)))
