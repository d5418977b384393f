import torch
kept = []
msg = ""
for i in range(20):
    try:
        kept.append(torch.zeros(10 ** 6 * (i + 1)))
    except RuntimeError as e:
        kept = kept[:1]
        msg = str(e)
print(len(kept), msg[:40])
x = torch.ones(1).expand(2 ** 40)
try:
    x.sum()
except RuntimeError as e:
    print(e)
x = torch.zeros(3)
x[0] = torch.zeros(10 ** 9)
