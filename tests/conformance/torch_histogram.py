# torch.histogram and torch.histc: edges, bins, density, weights, NaN and their errors
import torch
print(torch.histogram(torch.tensor([1.,1.]), bins=2))
print(torch.histogram(torch.tensor([1.,2.,2.5,4.]), bins=3, density=True))
print(torch.histogram(torch.tensor([1.,2.,2.5,4.], dtype=torch.float64), bins=torch.tensor([0.,2.,5.], dtype=torch.float64), weight=torch.tensor([1.,2.,3.,4.], dtype=torch.float64)))
print(torch.histc(torch.tensor([1.,2.,1.]), bins=4, min=0, max=3))
print(torch.histc(torch.tensor([1.,1.]), bins=4))
h = torch.tensor([1.,2.]).histogram(3)
print(h.hist, h.bin_edges, h[0])
for f in (lambda: torch.histogram(torch.tensor([1,2]), 3), lambda: torch.histc(torch.tensor([1,2]), 3),
          lambda: torch.histogram(torch.tensor([1.,2.]), 3, range=(2,1)), lambda: torch.histogram(torch.tensor([1.,2.]), -1)):
    try: f()
    except Exception as e: print(type(e).__name__, e)
print(torch.histogram(torch.tensor([1.,float('nan'),2.]), bins=2, range=(0., 3.)))
g = torch.Generator().manual_seed(0)
x = torch.randn(10000, generator=g)
hy, hx = torch.histogram(torch.tanh(x * 2), density=True)
print(hy[:8], hy[-8:], hx[:5], hy.sum())
print(torch.histc(x, bins=20, min=-3, max=3))
print(torch.histogram(x.double(), bins=7))
print(torch.histogram(x, bins=1000).hist.sum(), torch.histogram(x * 1e-3, bins=33).hist[10:20])
for b in (1, 2, 3, 5):
    print(torch.histogram(torch.tensor([1., float('nan'), 2.]), bins=b, range=(0., 3.)).hist)
print(torch.histc(torch.tensor([1., float('nan'), 2.]), bins=3, min=0, max=3))
for e in (torch.tensor([1.]), torch.tensor([[0., 1.]])):
    try:
        torch.histogram(torch.tensor([1., 2.]), bins=e)
    except RuntimeError as x:
        print(x)
