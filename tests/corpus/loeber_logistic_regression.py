# Source style: Patrick Loeber's PyTorch tutorials (logistic regression: sigmoid, BCELoss, standardised features)
import torch
import torch.nn as nn

torch.manual_seed(41)
n_samples, n_features = 80, 5
X = torch.randn(n_samples, n_features)
true_w = torch.tensor([1.5, -2.0, 0.5, 0.0, 1.0])
y = ((X @ true_w + 0.3 * torch.randn(n_samples)) > 0).float()
X_train, X_test = X[:64], X[64:]
y_train, y_test = y[:64], y[64:]
mean = X_train.mean(0)
std = X_train.std(0)
X_train = (X_train - mean) / std
X_test = (X_test - mean) / std
y_train = y_train.view(y_train.shape[0], 1)
y_test = y_test.view(y_test.shape[0], 1)

class Model(nn.Module):
    def __init__(self, n_input_features):
        super(Model, self).__init__()
        self.linear = nn.Linear(n_input_features, 1)

    def forward(self, x):
        y_pred = torch.sigmoid(self.linear(x))
        return y_pred

model = Model(n_features)
num_epochs = 100
learning_rate = 0.01
criterion = nn.BCELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)
for epoch in range(num_epochs):
    y_pred = model(X_train)
    loss = criterion(y_pred, y_train)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    if (epoch + 1) % 20 == 0:
        print(f'epoch: {epoch+1}, loss = {loss.item():.4f}')

with torch.no_grad():
    y_predicted = model(X_test)
    y_predicted_cls = y_predicted.round()
    acc = y_predicted_cls.eq(y_test).sum() / float(y_test.shape[0])
    print(f'accuracy: {acc.item():.4f}')
