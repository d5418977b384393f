# An MLP 784-128-10, batch 64, 100 SGD steps, timed inside the script.
import time
import torch

torch.manual_seed(0)
x = torch.randn(64, 784)
target = torch.randint(0, 10, (64,))
model = torch.nn.Sequential(
    torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
loss_fn = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
start = time.perf_counter()
for step in range(100):
    optimizer.zero_grad()
    loss = loss_fn(model(x), target)
    loss.backward()
    optimizer.step()
print(f"mlp {time.perf_counter() - start:.6f}")
