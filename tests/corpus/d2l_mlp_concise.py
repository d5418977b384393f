# Source style: d2l.ai 5.2, concise MLP (nn.Sequential with Flatten/ReLU, init in apply)
import torch
from torch import nn

torch.manual_seed(6)
net = nn.Sequential(nn.Flatten(), nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))

def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)

net.apply(init_weights)
X_all = torch.rand(80, 4, 4)
y_all = (X_all.mean(dim=(1, 2)) * 4).long().clamp(0, 3)
batch_size, lr, num_epochs = 16, 0.1, 5
loss = nn.CrossEntropyLoss()
trainer = torch.optim.SGD(net.parameters(), lr=lr)
for epoch in range(num_epochs):
    for i in range(0, 80, batch_size):
        l = loss(net(X_all[i:i + batch_size]), y_all[i:i + batch_size])
        trainer.zero_grad()
        l.backward()
        trainer.step()
    print(epoch, round(loss(net(X_all), y_all).item(), 5))
print(net[1].weight.shape, net[3].bias)
print([name for name, _ in net.named_parameters()])
