# torch.linspace bit for bit (issue 13): PyTorch 1.13's CPU kernel, fused multiply-adds from
# each end and vectors of 8 floats (4 doubles), printed as exact Python floats
# compare: exact
import torch
torch.set_printoptions(precision=10)
print(torch.linspace(0, 1, 4)[2].item())
for n in (2, 3, 7, 10, 16, 17, 20, 33, 100):
    for a, b in ((0, 1), (-3, 10), (0.1, 2.7), (5, -2)):
        t = torch.linspace(a, b, n)
        d = torch.linspace(a, b, n, dtype=torch.float64)
        print(n, a, b, t.tolist() == torch.tensor(t.tolist()).tolist(), sum(t.tolist()), sum(d.tolist()))
print(torch.linspace(-1, 1, 9))
print(torch.linspace(0, 10, 5, dtype=torch.int64), torch.linspace(3, 3, 1), torch.linspace(0, 1, 0))
