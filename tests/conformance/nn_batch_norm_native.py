# BatchNorm as PyTorch 1.13 runs it: one NativeBatchNormBackward0 node with three edges
# (input, weight, bias), the running statistics updated by the kernel without a version
# bump (the buffers' versions are those of reset_parameters), train and eval numbers and
# gradients, F.batch_norm's messages; next_functions leave out inputs that are never
# differentiated (an index, a target, a condition).
# needs: NativeBatchNormBackward0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
bn = nn.BatchNorm2d(3)
x = torch.randn(4, 3, 5, 5, requires_grad=True)
y = bn(x)
print(y.grad_fn, [type(f).__name__ if f else f for f, _ in y.grad_fn.next_functions])
print(y[0, :, :2, :2])
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
(y * torch.arange(100.).reshape(4, 1, 5, 5)).sum().backward()
print(x.grad[1, :, :2, :2], bn.weight.grad, bn.bias.grad)
bn.eval()
x.grad = None
z = bn(x)
print(z[0, :, :2, :2], z.grad_fn)
(z * torch.arange(100.).reshape(4, 1, 5, 5)).sum().backward()
print(x.grad[1, :, :2, :2], bn.weight.grad, bn.bias.grad)
bn1 = nn.BatchNorm1d(4, affine=False, momentum=None)
for i in range(3):
    h = bn1(torch.randn(8, 4) * (i + 1))
print(h, bn1.running_mean, bn1.running_var)
print(F.batch_norm(torch.randn(5, 2), None, None, training=True))
big = torch.randn(16, 8, 12, 12) * 3 + 1
bb = nn.BatchNorm2d(8)
out = bb(big)
print(out.sum(), out.abs().max(), bb.running_var)
ref = (big - big.mean((0, 2, 3), keepdim=True)) / torch.sqrt(big.var((0, 2, 3), unbiased=False, keepdim=True) + 1e-5)
print((out - ref).abs().max())
print(torch.equal(out, out))
for bad in [lambda: F.batch_norm(torch.randn(1, 3), None, None, training=True),
            lambda: F.batch_norm(torch.randn(4, 3), torch.zeros(4), torch.ones(3)),
            lambda: F.batch_norm(torch.randn(4, 3), None, None),
            lambda: F.batch_norm(torch.randn(4, 3), torch.zeros(3), torch.ones(3), weight=torch.ones(2))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
bn = torch.nn.BatchNorm1d(3)
x = torch.randn(4, 3, requires_grad=True)
y = bn(x)
print(bn.running_mean._version, bn.running_var._version, bn.num_batches_tracked._version)
t = torch.tensor([0, 1, 2, 1])
l = F.nll_loss(x.log_softmax(1), t)
print(l.grad_fn.next_functions)
l2 = F.cross_entropy(x, t, weight=torch.ones(3))
print(l2.grad_fn.next_functions)
print(F.mse_loss(x, torch.ones(4, 3)).grad_fn.next_functions)
x = torch.randn(4, 3, requires_grad=True)
i = torch.tensor([0, 2])
print(torch.index_select(x, 0, i).grad_fn.next_functions)
print(torch.where(x > 0, x, 0.).grad_fn.next_functions)
print(x.gather(1, torch.zeros(4, 1, dtype=torch.long)).grad_fn.next_functions)
print(x.masked_fill(x > 0, 1.).grad_fn.next_functions)
print(x[i].grad_fn.next_functions)
