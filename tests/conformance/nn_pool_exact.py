# Pooling bit for bit: max_pool2d (padding, dilation, ceil_mode, indices), avg_pool2d
# (count_include_pad, divisor_override, ceil_mode), adaptive_avg_pool2d and
# adaptive_max_pool2d, their 1-D forms, each with the gradient it sends back.
# compare: exact
# needs: F.max_pool1d/2d, F.avg_pool1d/2d, F.adaptive_avg_pool1d/2d, F.adaptive_max_pool2d,
#   return_indices, MaxPool2DWithIndicesBackward0, AvgPool2DBackward0,
#   AdaptiveAvgPool2DBackward0, AdaptiveMaxPool2DBackward0
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def full(t):
    return [float(v) for v in t.detach().flatten()]


def show(name, f, x):
    x = x.detach().requires_grad_()
    y = f(x)
    y.backward(torch.randn(y.shape))
    print(name, tuple(y.shape), y.grad_fn.name())
    print(full(y))
    print(full(x.grad))


x = torch.randn(2, 3, 7, 7)
x64 = torch.randn(1, 2, 6, 5, dtype=torch.float64)
show('max 2', lambda t: F.max_pool2d(t, 2), x)
show('max 3 s2 p1', lambda t: F.max_pool2d(t, 3, 2, 1), x)
show('max 3 s2 d2 ceil', lambda t: F.max_pool2d(t, 3, 2, 1, 2, ceil_mode=True), x)
show('max (2,3) s1', lambda t: F.max_pool2d(t, (2, 3), 1), x)
show('max 64', lambda t: F.max_pool2d(t, 2), x64)
y, i = F.max_pool2d(x, 2, return_indices=True)
print(i[0, 0].tolist(), i.dtype)
show('avg 2', lambda t: F.avg_pool2d(t, 2), x)
show('avg 3 s2 p1', lambda t: F.avg_pool2d(t, 3, 2, 1), x)
show('avg 3 s2 p1 no pad', lambda t: F.avg_pool2d(t, 3, 2, 1, count_include_pad=False), x)
show('avg 3 s2 p1 ceil', lambda t: F.avg_pool2d(t, 3, 2, 1, ceil_mode=True), x)
show('avg 2 divisor 3', lambda t: F.avg_pool2d(t, 2, divisor_override=3), x)
show('avg 64', lambda t: F.avg_pool2d(t, 3, 1, 1), x64)
show('adaptive avg (3, 2)', lambda t: F.adaptive_avg_pool2d(t, (3, 2)), x)
show('adaptive avg (None, 4)', lambda t: F.adaptive_avg_pool2d(t, (None, 4)), x)
show('adaptive avg 5', lambda t: F.adaptive_avg_pool2d(t, 5), x64)
show('adaptive max (3, 2)', lambda t: F.adaptive_max_pool2d(t, (3, 2)), x)
y, i = F.adaptive_max_pool2d(x, 3, return_indices=True)
print(i[1, 2].tolist())
x1 = torch.randn(2, 3, 11)
show('max1d 3 s2 p1', lambda t: F.max_pool1d(t, 3, 2, 1), x1)
show('avg1d 4', lambda t: F.avg_pool1d(t, 4), x1)
show('adaptive avg1d 4', lambda t: F.adaptive_avg_pool1d(t, 4), x1)
show('adaptive max1d 4', lambda t: F.adaptive_max_pool1d(t, 4), x1)
show('unbatched max', lambda t: F.max_pool2d(t, 2), x[0])
nan = torch.tensor([[[1.0, float('nan')], [3.0, 2.0]]])
print(F.max_pool2d(nan, 2), F.max_pool2d(nan, 2, return_indices=True)[1])
