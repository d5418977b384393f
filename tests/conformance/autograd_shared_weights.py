# One weight used several times (seed 001's question): its gradient is the sum of the
# gradients of each use, by the chain rule along every path; checked against the sum by hand.
# needs: a tensor used in several ops, backward, grad equals the sum of per-use gradients,
#   torch.allclose, a Linear layer applied three times, weight.grad, stacked per-use grads
import torch
import torch.nn as nn

w = torch.tensor(3.0, requires_grad=True)
x = torch.tensor(2.0)
y = w * x + w * w + torch.sin(w)
y.backward()
by_hand = x + 2 * w + torch.cos(w)
print(w.grad, by_hand.detach(), torch.allclose(w.grad, by_hand))

torch.manual_seed(0)
layer = nn.Linear(3, 3)
h = torch.ones(1, 3)
outs = []
for _ in range(3):
    h = torch.tanh(layer(h))
    outs.append(h)
loss = h.sum()
loss.backward()
total = layer.weight.grad.clone()
print(total)

# the same sum, one use at a time: detach every other use
per_use = []
for use in range(3):
    layer.zero_grad()
    h = torch.ones(1, 3)
    for i in range(3):
        if i == use:
            h = torch.tanh(layer(h))
        else:
            h = torch.tanh(nn.functional.linear(h, layer.weight.detach(), layer.bias.detach()))
    h.sum().backward()
    per_use.append(layer.weight.grad.clone())
print(torch.stack(per_use).sum(0))
print(torch.allclose(torch.stack(per_use).sum(0), total, atol=1e-6))
