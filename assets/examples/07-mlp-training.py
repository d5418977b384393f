# A small MLP trained with SGD on a toy data set.
# Each pass through the loop builds a new graph, calls backward on it and takes an
# optimiser step; the output panel plots every backward call's loss: the loss curve.
# Step 13: the first backward call; step 32: the first optimiser step.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.linspace(-1, 1, 16).reshape(16, 1)
y = x ** 2

model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.2)

for epoch in range(20):
    loss = loss_fn(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if epoch % 5 == 4:
        print(f"epoch {epoch + 1}: loss {loss.item():.4f}")
