# Source style: Karpathy, makemore part 3 (kaiming scale by hand, batch norm by hand, running stats)
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
n_embd, n_hidden, vocab_size, block_size = 4, 32, 12, 3
X = torch.randint(0, vocab_size, (64, block_size), generator=g)
Y = (X.sum(1) * 7) % vocab_size

C = torch.randn((vocab_size, n_embd), generator=g)
W1 = torch.randn((n_embd * block_size, n_hidden), generator=g) * (5 / 3) / ((n_embd * block_size) ** 0.5)
W2 = torch.randn((n_hidden, vocab_size), generator=g) * 0.01
b2 = torch.randn(vocab_size, generator=g) * 0
bngain = torch.ones((1, n_hidden))
bnbias = torch.zeros((1, n_hidden))
bnmean_running = torch.zeros((1, n_hidden))
bnstd_running = torch.ones((1, n_hidden))
parameters = [C, W1, W2, b2, bngain, bnbias]
print(sum(p.nelement() for p in parameters))
for p in parameters:
    p.requires_grad = True

lossi = []
for i in range(60):
    ix = torch.randint(0, X.shape[0], (16,), generator=g)
    Xb, Yb = X[ix], Y[ix]
    emb = C[Xb]
    embcat = emb.view(emb.shape[0], -1)
    hpreact = embcat @ W1
    bnmeani = hpreact.mean(0, keepdim=True)
    bnstdi = hpreact.std(0, keepdim=True)
    hpreact = bngain * (hpreact - bnmeani) / bnstdi + bnbias
    with torch.no_grad():
        bnmean_running = 0.999 * bnmean_running + 0.001 * bnmeani
        bnstd_running = 0.999 * bnstd_running + 0.001 * bnstdi
    h = torch.tanh(hpreact)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Yb)
    for p in parameters:
        p.grad = None
    loss.backward()
    for p in parameters:
        p.data += -0.1 * p.grad
    lossi.append(loss.log10().item())
    if i % 20 == 0:
        print(f"{i:3d}: {loss.item():.4f}")
print(f"saturated: {(h.abs() > 0.97).float().mean().item():.4f}")
print(bnmean_running[0, :4])
print(bnstd_running[0, :4])

@torch.no_grad()
def split_loss():
    emb = C[X]
    hpreact = emb.view(emb.shape[0], -1) @ W1
    hpreact = bngain * (hpreact - bnmean_running) / bnstd_running + bnbias
    h = torch.tanh(hpreact)
    return F.cross_entropy(h @ W2 + b2, Y).item()
print(f"eval loss {split_loss():.4f}")
print(len(lossi), round(sum(lossi) / len(lossi), 4))
