# Source style: d2l.ai 5.6, dropout from scratch (a mask from torch.rand, training flag in forward)
import torch
from torch import nn

def dropout_layer(X, dropout):
    assert 0 <= dropout <= 1
    if dropout == 1:
        return torch.zeros_like(X)
    if dropout == 0:
        return X
    mask = (torch.rand(X.shape) > dropout).float()
    return mask * X / (1.0 - dropout)

torch.manual_seed(7)
X = torch.arange(16, dtype=torch.float32).reshape((2, 8))
print(X)
print(dropout_layer(X, 0.))
print(dropout_layer(X, 0.5))
print(dropout_layer(X, 1.))

dropout1, dropout2 = 0.2, 0.5

class Net(nn.Module):
    def __init__(self, num_inputs, num_outputs, num_hiddens1, num_hiddens2, is_training=True):
        super(Net, self).__init__()
        self.num_inputs = num_inputs
        self.training = is_training
        self.lin1 = nn.Linear(num_inputs, num_hiddens1)
        self.lin2 = nn.Linear(num_hiddens1, num_hiddens2)
        self.lin3 = nn.Linear(num_hiddens2, num_outputs)
        self.relu = nn.ReLU()

    def forward(self, X):
        H1 = self.relu(self.lin1(X.reshape((-1, self.num_inputs))))
        if self.training == True:
            H1 = dropout_layer(H1, dropout1)
        H2 = self.relu(self.lin2(H1))
        if self.training == True:
            H2 = dropout_layer(H2, dropout2)
        return self.lin3(H2)

net = Net(10, 3, 20, 20)
X_all = torch.randn(48, 10)
y_all = (X_all[:, :3].argmax(1))
loss = nn.CrossEntropyLoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.5)
for epoch in range(5):
    for i in range(0, 48, 12):
        l = loss(net(X_all[i:i + 12]), y_all[i:i + 12])
        trainer.zero_grad()
        l.backward()
        trainer.step()
    print(f"epoch {epoch}: {l.item():.4f}")
net.eval()
print(net.training, net.lin1.training)
print((net(X_all).argmax(1) == y_all).float().mean())
