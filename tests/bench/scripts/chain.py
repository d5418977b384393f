# 20,000 scalar ops forward, then backward, timed inside the script.
import time
import torch

x = torch.tensor(1.0, requires_grad=True)
start = time.perf_counter()
y = x
for _ in range(10000):
    y = y * 1.0001
    y = y + 0.5
y.backward()
print(f"chain {time.perf_counter() - start:.6f}")
