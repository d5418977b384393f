# A loss curve with matplotlib: fit a line to noisy points, then plot how the loss fell.
# plt.show() puts a figure in the Plots view at the step of its line: the data before
# training, then the loss of every pass and the fitted line after it. Step back before a
# show() and its figure is gone; step forward and it is there again.
import torch
import matplotlib.pyplot as plt

torch.manual_seed(0)
x = torch.linspace(0, 1, 20)
y = 2 * x + 0.5 + 0.1 * torch.randn(20)

plt.scatter(x, y, label="data")
plt.title("The points to fit")
plt.legend()
plt.show()

w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
optimizer = torch.optim.SGD([w, b], lr=0.5)
losses = []
for epoch in range(15):
    loss = ((w * x + b - y) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.item())

print(f"w = {w.item():.3f}, b = {b.item():.3f}, final loss {losses[-1]:.4f}")

fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.5))
left.plot(range(1, 16), losses, "o-")
left.set_xlabel("epoch")
left.set_ylabel("mean squared error")
left.set_title("The loss falls")
right.scatter(x, y, label="data")
right.plot(x, (w * x + b).detach(), "r", label="fitted line")
right.set_title("The fitted line")
right.legend()
plt.tight_layout()
plt.show()
