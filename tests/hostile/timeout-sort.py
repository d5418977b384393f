# One long sort (seconds of work) under --timeout 1: stopped inside it, in time.
# args: --timeout 1
# exit: 1
# error: backstep run: {script}: stopped after 1 second (--timeout), at line 10
# seconds: 5
# memory: 900M
import torch
torch.manual_seed(0)
a = torch.rand(8000000)
values, indices = a.sort()
print(values[0])
