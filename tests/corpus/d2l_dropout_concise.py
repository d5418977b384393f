# Source style: d2l.ai 5.6, concise dropout (nn.Dropout in Sequential, train/eval)
import torch
from torch import nn

torch.manual_seed(8)
net = nn.Sequential(nn.Flatten(),
                    nn.Linear(12, 32), nn.ReLU(), nn.Dropout(0.2),
                    nn.Linear(32, 32), nn.ReLU(), nn.Dropout(0.5),
                    nn.Linear(32, 3))

def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)

net.apply(init_weights)
print(net)
X = torch.randn(36, 12)
y = torch.arange(36) % 3
X = X + y.reshape(-1, 1).float()
trainer = torch.optim.SGD(net.parameters(), lr=0.5)
loss = nn.CrossEntropyLoss()
for epoch in range(8):
    net.train()
    l = loss(net(X), y)
    trainer.zero_grad()
    l.backward()
    trainer.step()
    print(epoch, f"{l.item():.4f}")
net.eval()
with torch.no_grad():
    a = net(X[:3])
    b = net(X[:3])
print(torch.equal(a, b))
d = nn.Dropout(p=0.5)
t = torch.ones(2, 6)
print(d(t))
d.eval()
print(d(t))
print(d)
print(nn.functional.dropout(t, 0.25, training=True))
print(nn.functional.dropout(t, 0.25, training=False))
