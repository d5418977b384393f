import torch
def deep(n):
    return deep(n + 1) if n < 50 else [1 / 0 for _ in range(1)]
try:
    deep(0)
except ZeroDivisionError:
    pass
class B:
    try:
        z = {k: [k][k] for k in range(2)}
    except IndexError:
        z = None
try:
    t = torch.ones(2)
    t[0:1] = torch.ones(1, 1, 3)
except RuntimeError as e:
    print(e)
ǽ = [1]
y = (ǽ[0] +
     ǽ[4]) * sum(x / 0 for x in ǽ)
