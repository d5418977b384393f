# float32 and float64 sums and means add in PyTorch 1.13's order (its cascade over AVX2
# vectors, the dims as TensorIterator orders and merges them), so every result is PyTorch's
# to the last bit: random shapes, dims, strides (transposed, every other element) and
# scales; mse_loss and nll_loss/cross_entropy reduced as PyTorch sums them; cumsum and
# cumprod in double; a bias's gradient (a sum over the batch)
# compare: exact
import random
import torch
import torch.nn.functional as F

SIZES = [1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 257]


def case():
    nd = random.randint(0, 4)
    shape = [random.choice(SIZES) for _ in range(nd)]
    if nd == 1 and random.random() < 0.3:
        shape = [random.randint(1, 70000)]
    n = 1
    for s in shape:
        n *= s
    if n > 200000:
        return None
    dt = random.choice([torch.float32, torch.float32, torch.float64])
    x = (torch.randn(shape) * 10 ** random.uniform(-3, 3)).to(dt)
    if nd >= 2 and random.random() < 0.3:
        x = x.transpose(0, nd - 1)
    if nd >= 1 and random.random() < 0.2:
        x = x[..., ::2]
    if random.randint(0, 3) == 0 or nd == 0:
        return [x.sum(), x.mean()]
    dims = list(range(nd))
    random.shuffle(dims)
    dims = dims[:random.randint(1, nd)]
    keep = random.random() < 0.5
    return [x.sum(dims, keepdim=keep), x.mean(dims, keepdim=keep)]


for seed in range(3):
    random.seed(seed)
    torch.manual_seed(seed)
    for trial in range(250):
        results = case()
        if results is not None:
            values = results[0].reshape(-1).tolist()[:8] + results[1].reshape(-1).tolist()[:8]
            print(seed, trial, " ".join(repr(v) for v in values))

torch.manual_seed(0)
for n in [3, 17, 100, 1000, 5000, 40000]:
    x = torch.randn(n) * 3
    y = torch.randn(n)
    print(n, repr(F.mse_loss(x, y).item()), repr(F.mse_loss(x, y, reduction='sum').item()))
    print(n, repr(x.cumsum(0)[-1].item()), repr((1 + x / 1000).cumprod(0)[-1].item()))
    print(n, repr((x ** 2).sum().item()), repr(x.abs().mean().item()))
    b = max(1, n // 10)
    logp = torch.randn(b, 10)
    t = torch.randint(0, 10, (b,))
    t[::7] = -100
    w = torch.rand(10)
    print(n, repr(F.nll_loss(logp, t).item()), repr(F.nll_loss(logp, t, reduction='sum').item()),
          repr(F.nll_loss(logp, t, weight=w).item()))
    m = torch.randn(b, 33)
    lin = torch.nn.Linear(33, 4)
    lin(m).pow(2).mean().backward()
    print(n, " ".join(repr(v) for v in lin.bias.grad.tolist()))
    print(n, " ".join(repr(v) for v in m.sum(1)[:5].tolist() + m.mean(0)[:5].tolist()))
