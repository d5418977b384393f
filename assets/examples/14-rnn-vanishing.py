# Gradient flow: a recurrent net unrolled over 50 steps, h = tanh(w*h + u*x[t]).
# The gradient that reaches an early hidden state is a product of one factor
# w * (1 - h²) per step after it, each below 1: going back from the loss it shrinks
# step by step until almost nothing reaches the first steps (a vanishing gradient).
# Click h at different steps and compare their gradients (retain_grad keeps them).
import torch

torch.manual_seed(0)
w = torch.tensor(0.9, requires_grad=True)
u = torch.tensor(0.5, requires_grad=True)
xs = torch.randn(50)

h = torch.tensor(0.0)
hs = []
for t in range(50):
    h = torch.tanh(w * h + u * xs[t])
    h.retain_grad()
    hs.append(h)
loss = h ** 2
loss.backward()

for t in [49, 40, 30, 20, 10, 0]:
    print(f"step {t:2d}: dloss/dh = {hs[t].grad.item():.3e}")
print(f"w.grad = {w.grad.item():.4f}, u.grad = {u.grad.item():.4f}")
