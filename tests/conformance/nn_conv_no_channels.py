# A convolution of an input without channels: PyTorch's empty result has no channels either
# (whatever the weight's out channels), and every gradient is zero.
# needs: F.conv2d of a 0-channel input
import torch
import torch.nn.functional as F
for shape, w in [((1, 0, 5, 5), (4, 0, 3, 3)), ((2, 0, 5), (3, 0, 2)), ((1, 0, 4, 4), (0, 0, 3, 3))]:
    x = torch.zeros(shape)
    ww = torch.zeros(w)
    try:
        y = (F.conv2d if len(shape) == 4 else F.conv1d)(x, ww)
        print(y.shape, y.sum())
    except Exception as e:
        print(type(e).__name__, e)
x = torch.zeros(1, 0, 5, 5, requires_grad=True)
w = torch.zeros(4, 0, 3, 3, requires_grad=True)
b = torch.ones(4, requires_grad=True)
try:
    y = F.conv2d(x, w, b)
    print(y.shape, y.grad_fn)
    y.sum().backward()
    print(x.grad.shape, w.grad.shape, b.grad)
except Exception as e:
    print(type(e).__name__, e)
x = torch.zeros(0, 3, 5, 5, requires_grad=True)
w = torch.randn(4, 3, 3, 3, requires_grad=True)
y = F.conv2d(x, w)
print(y.shape, y.grad_fn)
y.sum().backward()
print(x.grad.shape, w.grad.abs().sum())
for xs, ws, g in [((2, 0, 5, 5), (4, 0, 3, 3), 1), ((0, 0, 5, 5), (4, 0, 3, 3), 1), ((2, 0, 5, 5), (4, 0, 3, 3), 2), ((3, 0, 7), (5, 0, 3), 1)]:
    x = torch.zeros(xs); w = torch.zeros(ws)
    try:
        y = (F.conv2d if len(xs) == 4 else F.conv1d)(x, w, torch.ones(ws[0]), stride=2, padding=1, groups=g)
        print(y.shape, y.dtype)
    except Exception as e:
        print(type(e).__name__, e)
