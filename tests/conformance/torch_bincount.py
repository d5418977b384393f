# torch.bincount: counts, minlength, weights of each dtype, the method, and PyTorch's errors
import torch

x = torch.tensor([0, 1, 1, 3, 7, 3, 3])
print(torch.bincount(x), x.bincount(), torch.bincount(x, minlength=10))
print(torch.bincount(x, weights=torch.linspace(0, 1, 7)))
print(torch.bincount(x, weights=torch.arange(7, dtype=torch.float64) / 3))
print(torch.bincount(x, torch.arange(7), 2))
print(torch.bincount(x.int()), torch.bincount(x.to(torch.uint8), minlength=9))
print(torch.bincount(torch.tensor([], dtype=torch.int64)), torch.bincount(torch.zeros(0, dtype=torch.int64), minlength=3))
g = torch.Generator().manual_seed(0)
labels = torch.randint(0, 5, (100,), generator=g)
print(labels.bincount(minlength=5), labels.bincount().sum())
for call in [lambda: torch.bincount(x.float()), lambda: torch.bincount(x.view(7, 1)),
             lambda: torch.bincount(torch.tensor([-1, 2])),
             lambda: torch.bincount(x, minlength=-1),
             lambda: torch.bincount(x, weights=torch.ones(3)),
             lambda: torch.bincount(torch.tensor([True, False])),
             lambda: torch.bincount(x, minlength=2.5), lambda: torch.bincount(x, foo=1)]:
    try:
        call()
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
