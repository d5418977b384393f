# Source style: Karpathy, makemore part 2 (the 2-D character embedding C after training, each point labelled with its character; a live loss curve redrawn with plt.pause)
# known failure: cross_entropy's log_softmax is not PyTorch's to the last float32 bit (PyTorch's vectorised exp), and after 200 steps the loss printed to 4 decimals rounds the other way (0.4826 against 0.4825)
import torch
import torch.nn.functional as F
import matplotlib.pyplot as plt

words = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia",
         "harper", "evelyn", "abigail", "emily", "elizabeth", "mila", "ella", "avery"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
block_size = 3

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

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((len(itos), 2), generator=g)
W1 = torch.randn((6, 100), generator=g)
b1 = torch.randn(100, generator=g)
W2 = torch.randn((100, len(itos)), generator=g)
b2 = torch.randn(len(itos), generator=g)
parameters = [C, W1, b1, W2, b2]
for p in parameters:
    p.requires_grad = True

plt.ion()
lossi = []
for i in range(300):
    ix = torch.randint(0, X.shape[0], (32,), generator=g)
    emb = C[X[ix]]
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Y[ix])
    for p in parameters:
        p.grad = None
    loss.backward()
    for p in parameters:
        p.data += -0.1 * p.grad
    lossi.append(loss.log10().item())
    if i % 100 == 99:
        plt.clf()
        plt.plot(lossi)
        plt.pause(0.01)
        print(f"{i + 1:4d} {loss.item():.4f}")
plt.ioff()
plt.close()

# visualize dimensions 0 and 1 of the embedding matrix C for all characters
plt.figure(figsize=(8, 8))
plt.scatter(C[:, 0].data, C[:, 1].data, s=200)
for i in range(C.shape[0]):
    t = plt.text(C[i, 0].item(), C[i, 1].item(), itos[i], ha="center", va="center",
                 color='white')
print(t)
plt.grid('minor')
lims = plt.axis()
print([round(v, 4) for v in lims])
plt.show()
