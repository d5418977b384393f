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


def main():
    workload = sys.argv[1] if len(sys.argv) > 1 else "chain"
    run = {"chain": run_chain}[workload]
    start = time.perf_counter()
    run()
    print(f"{workload} {time.perf_counter() - start:.6f}")


main()
