# Source style: Karpathy, makemore part 3 (training an MLP on names: log10 loss per step, the loss curve averaged in chunks, dead tanh neurons with imshow)
import torch
import torch.nn.functional as F
import numpy as np
import matplotlib.pyplot as plt

words = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia",
         "harper", "evelyn", "abigail", "emily", "elizabeth", "mila", "ella", "avery",
         "sofia", "camila", "aria", "scarlett", "victoria", "madison", "luna", "grace"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
vocab_size = len(itos)
block_size = 3


def build_dataset(ws):
    X, Y = [], []
    for w in ws:
        context = [0] * block_size
        for ch in w + ".":
            ix = stoi[ch]
            X.append(context)
            Y.append(ix)
            context = context[1:] + [ix]
    return torch.tensor(X), torch.tensor(Y)


Xtr, Ytr = build_dataset(words)
print(Xtr.shape, Ytr.shape, vocab_size)

g = torch.Generator().manual_seed(2147483647)
n_embd, n_hidden = 10, 100
C = torch.randn((vocab_size, n_embd), generator=g)
W1 = torch.randn((n_embd * block_size, n_hidden), generator=g) * (5 / 3) / (n_embd * block_size) ** 0.5
b1 = torch.randn(n_hidden, generator=g) * 0.01
W2 = torch.randn((n_hidden, vocab_size), generator=g) * 0.01
b2 = torch.randn(vocab_size, generator=g) * 0
parameters = [C, W1, b1, W2, b2]
print(sum(p.nelement() for p in parameters))
for p in parameters:
    p.requires_grad = True

max_steps, batch_size = 600, 32
lossi = []
for i in range(max_steps):
    ix = torch.randint(0, Xtr.shape[0], (batch_size,), generator=g)
    Xb, Yb = Xtr[ix], Ytr[ix]
    emb = C[Xb]
    embcat = emb.view(emb.shape[0], -1)
    hpreact = embcat @ W1 + b1
    h = torch.tanh(hpreact)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Yb)
    for p in parameters:
        p.grad = None
    loss.backward()
    lr = 0.1 if i < 400 else 0.01
    for p in parameters:
        p.data += -lr * p.grad
    if i % 150 == 0:
        print(f"{i:7d}/{max_steps:7d}: {loss.item():.4f}")
    lossi.append(loss.log10().item())

plt.plot(lossi)
plt.show()
curve = torch.tensor(lossi).view(-1, 100).mean(1)
plt.plot(curve)
plt.show()
print(np.round(curve.numpy(), 4), np.argmin(lossi), round(min(lossi), 4))

plt.figure(figsize=(20, 10))
plt.imshow(h.abs() > 0.99, cmap="gray", interpolation="nearest")
plt.show()
dead = (h.abs() > 0.99).all(dim=0)
print("saturated share", ((h.abs() > 0.99).float().mean() * 100).item(), "dead neurons", dead.sum().item())
plt.hist(h.view(-1).tolist(), 50)
plt.show()
counts, edges = np.histogram(h.detach().numpy(), bins=5, range=(-1, 1))
print(counts, counts.sum(), edges)

with torch.no_grad():
    emb = C[Xtr]
    h = torch.tanh(emb.view(emb.shape[0], -1) @ W1 + b1)
    print("train loss", F.cross_entropy(h @ W2 + b2, Ytr).item())

g = torch.Generator().manual_seed(2147483647 + 10)
for _ in range(5):
    out, context = [], [0] * block_size
    while True:
        emb = C[torch.tensor([context])]
        h = torch.tanh(emb.view(1, -1) @ W1 + b1)
        probs = F.softmax(h @ W2 + b2, dim=1)
        ix = torch.multinomial(probs, num_samples=1, generator=g).item()
        context = context[1:] + [ix]
        out.append(ix)
        if ix == 0 or len(out) > 12:
            break
    print("".join(itos[i] for i in out))
