# conv1d and conv2d in float32 and float64, bit for bit: every number printed in full
# (repr of each element), forward and the three gradients, through both of PyTorch 1.13's
# CPU kernels (oneDNN's direct convolution for batches and large kernels, im2col and gemm
# for a single sample with a small kernel), with stride, padding, dilation and groups.
# compare: exact
# needs: F.conv1d, F.conv2d with stride/padding/dilation/groups, ConvolutionBackward0,
#   grads of input, weight and bias
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def full(t):
    return [float(v) for v in t.detach().flatten()]


# single sample, small kernel: im2col + gemm forward and backward
for n, c, o, h, k, s, p in [(1, 3, 4, 8, 3, 1, 0), (1, 4, 4, 6, 1, 1, 0), (1, 2, 3, 7, 3, 2, 1)]:
    x = torch.randn(n, c, h, h, requires_grad=True)
    w = torch.randn(o, c, k, k, requires_grad=True)
    b = torch.randn(o, requires_grad=True)
    y = F.conv2d(x, w, b, stride=s, padding=p)
    y.backward(torch.randn(y.shape))
    print(tuple(y.shape), y.grad_fn.name())
    print(full(y))
    print(full(x.grad))
    print(full(w.grad))
    print(full(b.grad))

# batches and large kernels: oneDNN's forward, its bias gradient
for n, c, o, h, k, s, p, d, g in [(4, 3, 8, 10, 3, 1, 1, 1, 1), (1, 6, 16, 14, 5, 1, 0, 1, 1),
                                  (2, 16, 8, 6, 3, 1, 0, 1, 1), (2, 3, 8, 9, 3, 2, 1, 1, 1),
                                  (2, 8, 8, 9, 3, 1, 0, 2, 1), (2, 8, 8, 9, 3, 1, 1, 1, 2),
                                  (2, 8, 8, 9, 3, 1, 1, 1, 8), (8, 1, 6, 12, 5, 1, 2, 1, 1)]:
    x = torch.randn(n, c, h, h, requires_grad=True)
    w = torch.randn(o, c // g, k, k)
    b = torch.randn(o, requires_grad=True)
    y = F.conv2d(x, w, b, stride=s, padding=p, dilation=d, groups=g)
    print(tuple(y.shape))
    print(full(y))
    if d == 1 and g != 2:
        y.backward(torch.randn(y.shape))
        print(full(b.grad))

# conv1d: a 2-D convolution of height 1
for n, c, o, length, k, s in [(1, 2, 3, 9, 3, 1), (4, 2, 3, 20, 3, 2), (1, 4, 8, 30, 5, 1)]:
    x = torch.randn(n, c, length, requires_grad=True)
    w = torch.randn(o, c, k, requires_grad=True)
    b = torch.randn(o, requires_grad=True)
    y = F.conv1d(x, w, b, stride=s)
    y.backward(torch.randn(y.shape))
    print(tuple(y.shape), full(y))
    print(full(b.grad))
    if n == 1:
        print(full(x.grad))
        print(full(w.grad))

# float64 always takes im2col + gemm
x = torch.randn(2, 3, 7, 7, dtype=torch.float64, requires_grad=True)
w = torch.randn(4, 3, 3, 3, dtype=torch.float64, requires_grad=True)
y = F.conv2d(x, w, padding=1)
y.backward(torch.ones_like(y))
print(full(y))
print(full(w.grad))
