# One large matrix product (a minute's work) under --timeout 1: stopped inside it, in time.
# args: --timeout 1
# exit: 1
# error: backstep run: {script}: stopped after 1 second (--timeout), at line 9
# seconds: 4
# memory: 400M
import torch
a = torch.ones(4000, 4000)
b = a @ a
print(b[0, 0])
