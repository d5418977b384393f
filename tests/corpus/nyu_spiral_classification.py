# Source style: NYU Deep Learning (Canziani), spiral classification (linear vs two-layer net, Adam with weight decay)
import math
import torch
from torch import nn, optim

torch.manual_seed(1)
N = 40   # points per class
D = 2    # dimensions
C = 3    # classes
H = 20   # hidden units

X = torch.zeros(N * C, D)
y = torch.zeros(N * C, dtype=torch.long)
for c in range(C):
    index = 0
    t = torch.linspace(0, 1, N)
    inner_var = torch.linspace((2 * math.pi / C) * c, (2 * math.pi / C) * (2 + c), N) + torch.randn(N) * 0.2
    for ix in range(N * c, N * (c + 1)):
        X[ix] = t[index] * torch.FloatTensor((math.sin(inner_var[index]), math.cos(inner_var[index])))
        y[ix] = c
        index += 1
print("Shapes:", X.size(), y.size())

learning_rate = 1e-3
lambda_l2 = 1e-5

def train(model, epochs=200):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate * 10, weight_decay=lambda_l2)
    for t in range(epochs):
        y_pred = model(X)
        loss = criterion(y_pred, y)
        score, predicted = torch.max(y_pred, 1)
        acc = (y == predicted).sum().float() / len(y)
        if t % 50 == 0 or t == epochs - 1:
            print("[EPOCH]: %i, [LOSS]: %.6f, [ACCURACY]: %.3f" % (t, loss.item(), acc))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return model

model = nn.Sequential(nn.Linear(D, H), nn.Linear(H, C))
train(model)
print(model)
model = nn.Sequential(nn.Linear(D, H), nn.ReLU(), nn.Linear(H, C))
train(model)
print(model)
