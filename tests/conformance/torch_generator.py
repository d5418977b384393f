# torch.Generator and generator= on every sampling function and in-place fill (issue 13):
# PyTorch's numbers bit for bit, as makemore draws them
# needs: the signature table, the engine's generator and sampling ops
import torch
g = torch.Generator().manual_seed(2147483647)
print(g.initial_seed(), g.device)
P = torch.rand((27, 27), generator=g)
print(P[0, :5])
C = torch.randn((27, 10), generator=g)
print(C[:2])
p = P[0] / P[0].sum()
ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
print(ix)
print(torch.multinomial(p, num_samples=20, replacement=True, generator=g))
print(torch.multinomial(p, 5, generator=g))
print(torch.randint(0, 10, (3, 4), generator=g))
print(torch.randint(5, (6,), generator=g))
print(torch.randperm(10, generator=g))
print(torch.bernoulli(torch.full((8,), 0.3), generator=g))
print(torch.bernoulli(torch.zeros(6), 0.7, generator=g))
print(torch.normal(torch.zeros(4), torch.ones(4), generator=g))
print(torch.normal(2.0, 3.0, size=(2, 3), generator=g))
print(torch.normal(torch.arange(4.0), 0.5, generator=g))
w = torch.empty(3, 4)
print(w.uniform_(-1, 1, generator=g), w.normal_(generator=g), w.exponential_(generator=g), w.geometric_(0.3, generator=g), w.bernoulli_(0.4, generator=g))
print(p.multinomial(3, replacement=True, generator=g))
torch.manual_seed(42)
print(torch.randn(3), torch.rand(2), torch.randint(3, (4,)), torch.randperm(5))
print(torch.initial_seed())
g2 = torch.Generator()
print(g2.initial_seed())
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
attempt(lambda: torch.Generator(__bogus__=1))
attempt(lambda: torch.Generator('cuda'))
attempt(lambda: g.manual_seed(1.5))
attempt(lambda: g.manual_seed(True))
attempt(lambda: g.manual_seed())
attempt(lambda: g.initial_seed(1))
attempt(lambda: g.foo)
attempt(lambda: torch.randn(2, generator=5))
attempt(lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 1))
attempt(lambda: torch.multinomial(torch.tensor([0.5, 0.5]), 3))
attempt(lambda: torch.randperm(-1))
attempt(lambda: torch.normal(torch.zeros(2), -1.0))
g.manual_seed(7)
xs = torch.randn(5, generator=g)
g.manual_seed(7)
print(torch.equal(xs, torch.randn(5, generator=g)))
print(torch.randn(5, generator=torch.Generator().manual_seed(7)))
# makemore: sampling names from a bigram table with its own generator
g = torch.Generator().manual_seed(2147483647)
N = torch.randint(1, 50, (27, 27), generator=g).float()
P = (N + 1) / (N + 1).sum(1, keepdims=True)
for _ in range(3):
    out, ix = [], 0
    while True:
        ix = torch.multinomial(P[ix], num_samples=1, replacement=True, generator=g).item()
        out.append(ix)
        if ix == 0 or len(out) > 15:
            break
    print(out)
W = torch.randn((27, 27), generator=g, requires_grad=True)
print(W.shape, W[0, :3], torch.manual_seed(3) is torch.default_generator)
