# The polynomial fit of "Learning PyTorch with Examples: PyTorch: optim" with Adam, written
# without Flatten: the model squeezes its own output.
# needs: nn.Linear, squeeze(1), unsqueeze(-1).pow(int tensor), MSELoss(reduction='sum'),
#   optim.Adam(lr=), zero_grad/backward/step, weight[0, i].item()
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
for t in range(2000):
    y_pred = linear(xx).squeeze(1)
    loss = loss_fn(y_pred, y)
    if t % 100 == 99:
        print(t, loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

w = linear.weight
print(f'Result: y = {linear.bias.item():.4f} + {w[0, 0].item():.4f} x '
      f'+ {w[0, 1].item():.4f} x^2 + {w[0, 2].item():.4f} x^3')
