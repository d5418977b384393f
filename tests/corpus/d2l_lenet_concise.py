# Source style: d2l.ai 7.6 (LeNet): the sigmoid LeNet as nn.Sequential, each layer's output shape, Xavier init, a few SGD epochs
import torch
from torch import nn

torch.manual_seed(0)


def init_cnn(module):
    if type(module) == nn.Linear or type(module) == nn.Conv2d:
        nn.init.xavier_uniform_(module.weight)


net = nn.Sequential(
    nn.Conv2d(1, 6, kernel_size=5, padding=2), nn.Sigmoid(),
    nn.AvgPool2d(kernel_size=2, stride=2),
    nn.Conv2d(6, 16, kernel_size=5), nn.Sigmoid(),
    nn.AvgPool2d(kernel_size=2, stride=2),
    nn.Flatten(),
    nn.Linear(16 * 5 * 5, 120), nn.Sigmoid(),
    nn.Linear(120, 84), nn.Sigmoid(),
    nn.Linear(84, 10))

X = torch.rand(size=(1, 1, 28, 28), dtype=torch.float32)
for layer in net:
    X = layer(X)
    print(layer.__class__.__name__, 'output shape: \t', X.shape)

net.apply(init_cnn)

# a toy "fashion" set: each class is a bright bar at its own row, plus noise
n = 40
labels = torch.arange(n) % 10
images = torch.rand(n, 1, 28, 28) * 0.3
for i in range(n):
    row = 2 + 2 * int(labels[i])
    images[i, 0, row:row + 3, 4:24] += 1.0


def accuracy(y_hat, y):
    return float((y_hat.argmax(dim=1) == y).float().sum())


loss_fn = nn.CrossEntropyLoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.9)
for epoch in range(4):
    metric = [0.0, 0.0, 0]
    for start in range(0, n, 10):
        x, y = images[start:start + 10], labels[start:start + 10]
        trainer.zero_grad()
        y_hat = net(x)
        l = loss_fn(y_hat, y)
        l.backward()
        trainer.step()
        with torch.no_grad():
            metric[0] += float(l) * x.shape[0]
            metric[1] += accuracy(y_hat, y)
            metric[2] += x.shape[0]
    print(f'epoch {epoch + 1}, loss {metric[0] / metric[2]:.3f}, '
          f'train acc {metric[1] / metric[2]:.3f}')

print(net[0].weight.grad.shape, net[3].bias.grad.norm() > 0)
print(net[0])
