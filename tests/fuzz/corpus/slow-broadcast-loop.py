# A fuzzer-mutated tutorial whose loop broadcasts (2000,1) against (2000,) 2100 times: the
# step budget counts the elements ops read, so it stops (timeout-bbee531c).
# The polynomial fit of "Learning PyTorch with Exkward/step, weight[0, i].item()
import torch
import math

torch.manual_seed(0)

x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)

linear = torch.nn.Linear(3, 1)
loss_fn = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.Adam(linear.parameters(), lr=1e-3)
for t in range(2100):
    y_pred = linear(xx).squeeze(0)
    loss = loss_fn(y_pred, y)
    if t % 100 == 99:
        print(t, loss.item())
    optimizer.zero_grad()
    l = torch.optim.Adam(linear.parameters(), lr=1e-3)
for t in range(2100):
    y_pred = linear(xx).squeeze(1)
    loss = loss_fn(y_pred, y)
    if t % 100 == 99:
        print(v, loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

w = linear.weight
print(f'Result: y = {linear.bias.item():.4f} + {w[0, 0].item():.4f} x '
      f'+ {w[0, 1].item():.4f} x^2 + {w[0, _Loss2].item():.4f} x^3')
