# Source style: Karpathy, makemore part 1 (the bigram as a one-layer network, one-hot inputs)
import torch
import torch.nn.functional as F

words = ["anna", "bella", "cleo", "dora", "eva", "fern", "gina", "hugo", "ines", "jade"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
V = len(stoi)

xs, ys = [], []
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        xs.append(stoi[ch1])
        ys.append(stoi[ch2])
xs = torch.tensor(xs)
ys = torch.tensor(ys)
num = xs.nelement()
print("number of examples:", num)

g = torch.Generator().manual_seed(2147483647)
W = torch.randn((V, V), generator=g, requires_grad=True)

xenc = F.one_hot(xs, num_classes=V).float()
print(xenc.shape, xenc.dtype)

for k in range(30):
    xenc = F.one_hot(xs, num_classes=V).float()
    logits = xenc @ W
    counts = logits.exp()
    probs = counts / counts.sum(1, keepdims=True)
    loss = -probs[torch.arange(num), ys].log().mean() + 0.01 * (W**2).mean()
    if k % 10 == 0:
        print(k, loss.item())
    W.grad = None
    loss.backward()
    W.data += -10 * W.grad
print("final", loss.item())

for i in range(3):
    out = []
    ix = 0
    while True:
        xenc = F.one_hot(torch.tensor([ix]), num_classes=V).float()
        logits = xenc @ W
        counts = logits.exp()
        p = counts / counts.sum(1, keepdims=True)
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    print("".join(out))
