# The same graph recorded: the trace counts too.
# command: trace
# args: --max-memory 32M -o /dev/null
# exit: 1
# error: MemoryError: the script's objects, tensors, autograd graph and trace went over Backstep's memory budget of 32.0 MiB; raise it with --max-memory
# line: 11
import torch
x = torch.ones(1, requires_grad=True)
y = x
while True:
    y = y * 1.0
