# Full-batch training of a small classifier with F.cross_entropy and Adam; the same loss
# through log_softmax + NLLLoss; predictions and accuracy.
# needs: torch.randn, comparisons to bool tensors, .long(), nn.Sequential/Linear/Tanh,
#   F.cross_entropy, F.log_softmax, nn.NLLLoss, F.softmax, optim.Adam, argmax(dim=1),
#   (a == b).float().mean(), torch.no_grad, round()
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(1)

X = torch.randn(60, 2)
y = (X[:, 0] * X[:, 1] > 0).long()

model = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 2))
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)

for step in range(60):
    logits = model(X)
    loss = F.cross_entropy(logits, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % 10 == 0 or step == 59:
        print(f"step {step:2d}  loss {loss.item():.5f}")

with torch.no_grad():
    logits = model(X)
    nll = nn.NLLLoss()(F.log_softmax(logits, dim=1), y)
    print(round(nll.item(), 4) == round(F.cross_entropy(logits, y).item(), 4))
    probs = F.softmax(logits[:3], dim=1)
    print(probs)
    accuracy = (logits.argmax(dim=1) == y).float().mean()
    print(f"accuracy {accuracy.item():.3f}")
