# Source style: Karpathy, makemore part 3 (update-to-data ratio per parameter over training, gradient statistics)
import torch
import torch.nn.functional as F
import numpy as np
import matplotlib.pyplot as plt

g = torch.Generator().manual_seed(42)
words = ["anna", "bob", "carla", "dora", "emil", "fritz", "greta", "hans", "ida", "jonas"]
chars = sorted(set("".join(words)))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
block_size = 3
X, Y = [], []
for w in words:
    context = [0] * block_size
    for ch in w + ".":
        X.append(context)
        Y.append(stoi[ch])
        context = context[1:] + [stoi[ch]]
X, Y = torch.tensor(X), torch.tensor(Y)
V = len(stoi)
C = torch.randn((V, 4), generator=g)
W1 = torch.randn((12, 32), generator=g) * (5 / 3) / 12 ** 0.5
b1 = torch.zeros(32)
W2 = torch.randn((32, V), generator=g) * 0.01
b2 = torch.zeros(V)
parameters = [C, W1, b1, W2, b2]
for p in parameters:
    p.requires_grad = True
print(sum(p.nelement() for p in parameters))

ud = []
lossi = []
lr = 0.1
for i in range(60):
    ix = torch.randint(0, X.shape[0], (16,), generator=g)
    emb = C[X[ix]]
    h = torch.tanh(emb.view(emb.shape[0], -1) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Y[ix])
    for p in parameters:
        p.grad = None
    loss.backward()
    for p in parameters:
        p.data += -lr * p.grad
    lossi.append(loss.log10().item())
    with torch.no_grad():
        ud.append([((lr * p.grad).std() / p.data.std()).log10().item() for p in parameters])

ud = np.array(ud)
print(ud.shape, np.round(ud[-1], 3))
print(np.round(np.mean(ud, axis=0), 3), np.argmax(ud[:, 1]), ud.min().round(3))
for i, p in enumerate(parameters):
    t = p.grad
    print("weight %10s | mean %+f | std %e | grad:data ratio %e" % (tuple(p.shape), t.mean(), t.std(), t.std() / p.std()))

plt.figure(figsize=(20, 4))
legends = []
for i, p in enumerate(parameters):
    if p.ndim == 2:
        plt.plot([ud[j][i] for j in range(len(ud))])
        legends.append("param %d" % i)
plt.plot([0, len(ud)], [-3, -3], "k")
plt.legend(legends)
plt.show()
plt.plot(torch.tensor(lossi).view(-1, 10).mean(1))
plt.show()
print(np.round(np.array(lossi).reshape(-1, 10).mean(axis=1), 4))
