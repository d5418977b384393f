# Source style: d2l.ai 3.3, concise linear regression (TensorDataset, DataLoader, nn.Sequential, SGD)
import torch
from torch.utils import data
from torch import nn

torch.manual_seed(1)
true_w = torch.tensor([2.0, -1.2])
true_b = 0.7
features = torch.normal(0, 1, (120, 2))
labels = (torch.matmul(features, true_w) + true_b + torch.normal(0, 0.01, (120,))).reshape(-1, 1)

def load_array(data_arrays, batch_size, is_train=True):
    dataset = data.TensorDataset(*data_arrays)
    return data.DataLoader(dataset, batch_size, shuffle=is_train)

batch_size = 10
data_iter = load_array((features, labels), batch_size)
print(next(iter(data_iter))[0].shape)
print(len(data_iter), len(data_iter.dataset))

net = nn.Sequential(nn.Linear(2, 1))
net[0].weight.data.normal_(0, 0.01)
net[0].bias.data.fill_(0)
loss = nn.MSELoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.03)

num_epochs = 3
for epoch in range(num_epochs):
    for X, y in data_iter:
        l = loss(net(X), y)
        trainer.zero_grad()
        l.backward()
        trainer.step()
    l = loss(net(features), labels)
    print(f"epoch {epoch + 1}, loss {l:f}")

w = net[0].weight.data
print("error in estimating w:", true_w - w.reshape(true_w.shape))
b = net[0].bias.data
print("error in estimating b:", true_b - b)
print(net)
