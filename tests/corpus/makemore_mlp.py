# Source style: Karpathy, makemore part 2 (MLP: embedding table C, minibatches, learning-rate decay)
import torch
import torch.nn.functional as F

words = ["aria", "brook", "cyra", "dalia", "emil", "felix", "greta", "hana", "iris", "jonas",
         "kira", "liam", "mara", "noel", "otto", "pia", "quinn", "ruth", "sven", "tara"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
vocab_size = len(itos)
block_size = 3

def build_dataset(words):
    X, Y = [], []
    for w in words:
        context = [0] * block_size
        for ch in w + ".":
            ix = stoi[ch]
            X.append(context)
            Y.append(ix)
            context = context[1:] + [ix]
    X = torch.tensor(X)
    Y = torch.tensor(Y)
    print(X.shape, Y.shape)
    return X, Y

Xtr, Ytr = build_dataset(words[:16])
Xdev, Ydev = build_dataset(words[16:])

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((vocab_size, 2), generator=g)
W1 = torch.randn((6, 50), generator=g)
b1 = torch.randn(50, generator=g)
W2 = torch.randn((50, vocab_size), generator=g)
b2 = torch.randn(vocab_size, generator=g)
parameters = [C, W1, b1, W2, b2]
print(sum(p.nelement() for p in parameters))
for p in parameters:
    p.requires_grad = True

emb = C[Xtr]
print(emb.shape)
print(torch.cat([emb[:, 0, :], emb[:, 1, :], emb[:, 2, :]], 1).shape)
print(torch.cat(torch.unbind(emb, 1), 1).shape)

for i in range(200):
    ix = torch.randint(0, Xtr.shape[0], (32,), generator=g)
    emb = C[Xtr[ix]]
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Ytr[ix])
    for p in parameters:
        p.grad = None
    loss.backward()
    lr = 0.1 if i < 100 else 0.01
    for p in parameters:
        p.data += -lr * p.grad
    if i % 50 == 0:
        print(f"{i:4d} {loss.item():.4f}")

@torch.no_grad()
def split_loss(X, Y):
    emb = C[X]
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
    logits = h @ W2 + b2
    return F.cross_entropy(logits, Y).item()

print("train", round(split_loss(Xtr, Ytr), 4))
print("dev", round(split_loss(Xdev, Ydev), 4))
