# Source style: d2l.ai 3.7, concise softmax regression (net.apply(init_weights), reduction='none')
import torch
from torch import nn

torch.manual_seed(4)
n, num_inputs, num_outputs = 60, 12, 4
X_all = torch.randn(n, 3, 4)
y_all = (X_all.sum(dim=(1, 2)) > 0).long() + 2 * (X_all[:, 0, 0] > 0).long()

net = nn.Sequential(nn.Flatten(), nn.Linear(num_inputs, num_outputs))

def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)

net.apply(init_weights)
print(net)
loss = nn.CrossEntropyLoss(reduction="none")
trainer = torch.optim.SGD(net.parameters(), lr=0.1)

def accuracy(y_hat, y):
    return float((y_hat.argmax(axis=1) == y).sum())

for epoch in range(5):
    total, correct, count = 0.0, 0.0, 0
    for i in range(0, n, 20):
        X, y = X_all[i:i + 20], y_all[i:i + 20]
        y_hat = net(X)
        l = loss(y_hat, y)
        trainer.zero_grad()
        l.mean().backward()
        trainer.step()
        total += float(l.sum())
        correct += accuracy(y_hat, y)
        count += y.numel()
    print(f"epoch {epoch + 1}: loss {total / count:.4f} train acc {correct / count:.3f}")
print(l.shape, l.grad_fn)
