# A reduction over a view that expands one element 2**40 times: no memory to cap, but
# 2**40 additions; the fuzzer found it (timeout-d1c043d4...).
import torch
x = torch.ones(1).expand(2 ** 40)
print(x.sum())
