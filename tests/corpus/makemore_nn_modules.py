# Source style: Karpathy, makemore part 5 (the same model with torch.nn: Embedding, Flatten, BatchNorm1d)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(42)
vocab_size, n_embd, n_hidden, block_size = 10, 6, 24, 3
model = nn.Sequential(
    nn.Embedding(vocab_size, n_embd),
    nn.Flatten(),
    nn.Linear(n_embd * block_size, n_hidden, bias=False),
    nn.BatchNorm1d(n_hidden),
    nn.Tanh(),
    nn.Linear(n_hidden, vocab_size),
)
print(model)
with torch.no_grad():
    model[-1].weight *= 0.1
print(sum(p.nelement() for p in model.parameters()))

X = torch.randint(0, vocab_size, (60, block_size))
Y = (X[:, 0] * 3 + X[:, 1]) % vocab_size
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(50):
    ix = torch.randint(0, X.shape[0], (20,))
    logits = model(X[ix])
    loss = F.cross_entropy(logits, Y[ix])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % 10 == 0:
        print(f"step {step:3d} loss {loss.item():.4f}")

bn = model[3]
print(bn.running_mean[:4])
print(bn.running_var[:4])
print(bn.num_batches_tracked)
model.eval()
with torch.no_grad():
    logits = model(X)
    print("eval loss", round(F.cross_entropy(logits, Y).item(), 4))
    probs = F.softmax(model(X[:2]), dim=1)
    print(probs.argmax(dim=1))
print(model.training, model[3].training)
for name, p in model.named_parameters():
    print(name, tuple(p.shape))
