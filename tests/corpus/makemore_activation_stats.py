# Source style: Karpathy, makemore part 3 (tanh saturation: activation histograms, dead neurons with imshow)
import torch
import numpy as np
import matplotlib.pyplot as plt

g = torch.Generator().manual_seed(2147483647)
n_embd, n_hidden, block_size, vocab_size = 10, 64, 3, 27
C = torch.randn((vocab_size, n_embd), generator=g)
layers_w = []
fan_in = n_embd * block_size
for scale in (1.0, 5 / 3 / (n_embd * block_size) ** 0.5):
    W1 = torch.randn((fan_in, n_hidden), generator=g) * scale
    b1 = torch.randn(n_hidden, generator=g) * 0.01
    layers_w.append((W1, b1))

Xb = torch.randint(0, vocab_size, (32, block_size), generator=g)
emb = C[Xb].view(32, -1)
plt.figure(figsize=(20, 4))
legends = []
for i, (W1, b1) in enumerate(layers_w):
    hpreact = emb @ W1 + b1
    h = torch.tanh(hpreact)
    saturated = (h.abs() > 0.97).float().mean() * 100
    print(f"init {i}: mean {h.mean():+.2f}, std {h.std():.2f}, saturated: {saturated:.2f}%")
    hy, hx = torch.histogram(h, density=True)
    plt.plot(hx[:-1].detach(), hy.detach())
    legends.append(f"init {i}")
    counts, edges = np.histogram(h.numpy().ravel(), bins=10, range=(-1, 1))
    print(counts, np.round(edges, 2))
    dead = (h.abs() > 0.99).all(dim=0)
    print("dead neurons:", dead.sum().item(), np.nonzero(dead.numpy())[0][:5])
plt.legend(legends)
plt.title("activation distribution")
plt.show()

plt.figure(figsize=(20, 10))
plt.imshow(h.abs() > 0.99, cmap="gray", interpolation="nearest")
plt.show()

plt.hist(hpreact.view(-1).tolist(), 50)
plt.show()
a = h.abs().numpy()
print(a.shape, a.dtype, np.mean(a > 0.99, axis=0)[:6].round(3), a.max().round(4))
