# One large integer matrix product (no BLAS: a loop of its own) under --timeout 1: stopped
# inside it, in time.
# args: --timeout 1
# exit: 1
# error: backstep run: {script}: stopped after 1 second (--timeout), at line 10
# seconds: 4
# memory: 400M
import torch
a = torch.ones(2000, 2000, dtype=torch.int64)
b = a @ a
print(b[0, 0])
