"""The workloads of bench-engine.c, in PyTorch. Prints "WORKLOAD SECONDS"."""
import sys
import time

import torch


def run_chain():
    x = torch.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(10000):
        y = y * 1.0001
        y = y + 0.5
    y.backward()


def run_mlp():
    x = torch.randn(64, 784)
    model = torch.nn.Sequential(
        torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
    target = torch.randint(0, 10, (64,))
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(100):
        sgd.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), target)
        loss.backward()
        sgd.step()


def main():
    workload = sys.argv[1] if len(sys.argv) > 1 else "chain"
    run = {"chain": run_chain, "mlp": run_mlp}[workload]
    start = time.perf_counter()
    run()
    print(f"{workload} {time.perf_counter() - start:.6f}")


main()
