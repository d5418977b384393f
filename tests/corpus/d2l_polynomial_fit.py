# Source style: d2l.ai, chapter "Underfitting and Overfitting" (polynomial features made with numpy, trained with nn.Linear, train and test loss on a log scale)
import math
import numpy as np
import torch
from torch import nn
import matplotlib.pyplot as plt

np.random.seed(1)
torch.manual_seed(1)
max_degree = 12
n_train, n_test = 60, 60
true_w = np.zeros(max_degree)
true_w[0:4] = np.array([5, 1.2, -3.4, 5.6])

features = np.random.normal(size=(n_train + n_test, 1))
np.random.shuffle(features)
poly_features = np.power(features, np.arange(max_degree).reshape(1, -1))
for i in range(max_degree):
    poly_features[:, i] /= math.gamma(i + 1)
labels = np.dot(poly_features, true_w)
labels += np.random.normal(scale=0.1, size=labels.shape)
true_w, features, poly_features, labels = [torch.tensor(x, dtype=torch.float32)
                                           for x in [true_w, features, poly_features, labels]]
print(features[:2], poly_features[:2, :4], labels[:2])


def evaluate_loss(net, features, labels, loss):
    with torch.no_grad():
        out = net(features)
        l = loss(out, labels.reshape(out.shape))
    return l.sum().item() / l.numel()


def train(train_features, test_features, train_labels, test_labels, num_epochs=200):
    loss = nn.MSELoss(reduction="none")
    input_shape = train_features.shape[-1]
    net = nn.Sequential(nn.Linear(input_shape, 1, bias=False))
    batch_size = min(10, train_labels.shape[0])
    trainer = torch.optim.SGD(net.parameters(), lr=0.01)
    train_hist, test_hist = [], []
    for epoch in range(num_epochs):
        for i in range(0, train_features.shape[0], batch_size):
            X = train_features[i:i + batch_size]
            y = train_labels[i:i + batch_size].reshape(-1, 1)
            l = loss(net(X), y)
            trainer.zero_grad()
            l.mean().backward()
            trainer.step()
        if epoch == 0 or (epoch + 1) % 20 == 0:
            train_hist.append(evaluate_loss(net, train_features, train_labels, loss))
            test_hist.append(evaluate_loss(net, test_features, test_labels, loss))
    plt.figure(figsize=(3.5, 2.5))
    epochs = np.array([1] + list(range(20, num_epochs + 1, 20)))
    plt.plot(epochs, train_hist, label="train")
    plt.plot(epochs, test_hist, "m--", label="test")
    plt.yscale("log")
    plt.xlabel("epoch")
    plt.ylabel("loss")
    plt.legend()
    plt.show()
    print("weight:", np.round(net[0].weight.data.numpy(), 3))
    print("final losses", f"{train_hist[-1]:.4f}", f"{test_hist[-1]:.4f}",
          np.argmin(test_hist), len(test_hist))


for degree in (4, 2, max_degree):
    print("degree", degree)
    train(poly_features[:n_train, :degree], poly_features[n_train:, :degree],
          labels[:n_train], labels[n_train:])
