# An endless loop that keeps its autograd graph: nodes and tensors count.
# args: --max-memory 64M
# exit: 1
# error: MemoryError: the script's objects, tensors, autograd graph and trace went over Backstep's memory budget of 64.0 MiB; raise it with --max-memory
# line: 10
import torch
x = torch.ones(1, requires_grad=True)
y = x
while True:
    y = y * 1.0
