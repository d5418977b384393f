# A small classifier trained the way PyTorch's Quickstart trains (train/test loops,
# CrossEntropyLoss, SGD), on a toy data set of points in the plane instead of FashionMNIST.
# needs: from torch import nn, nn.Sequential/Linear/ReLU, nn.CrossEntropyLoss, optim.SGD,
#   model.train()/model.eval(), functions taking a model, list of (X, y) tuples, enumerate
#   with tuple unpacking, len(tensor), .long(), argmax(1), .type(torch.float) (train/eval and
#   .type are beyond issue 3's list), f-string specs {loss:>7f} {current:>5d}
#   {(100*correct):>0.1f} {test_loss:>8f}
import torch
from torch import nn

torch.manual_seed(0)

# Three classes of points: the class is how many coordinates are positive.
X = torch.randn(240, 2)
y = (X[:, 0] > 0).long() + (X[:, 1] > 0).long()
train_data = [(X[i:i + 20], y[i:i + 20]) for i in range(0, 200, 20)]
test_data = [(X[i:i + 20], y[i:i + 20]) for i in range(200, 240, 20)]


class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(2, 16),
            nn.ReLU(),
            nn.Linear(16, 3),
        )

    def forward(self, x):
        logits = self.linear_relu_stack(x)
        return logits


model = NeuralNetwork()
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-1)


def train(dataloader, model, loss_fn, optimizer):
    size = 200
    model.train()
    for batch, (X, y) in enumerate(dataloader):
        # Compute prediction error
        pred = model(X)
        loss = loss_fn(pred, y)

        # Backpropagation
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

        if batch % 5 == 0:
            loss, current = loss.item(), (batch + 1) * len(X)
            print(f"loss: {loss:>7f}  [{current:>5d}/{size:>5d}]")


def test(dataloader, model, loss_fn):
    size = 40
    num_batches = len(dataloader)
    model.eval()
    test_loss, correct = 0, 0
    with torch.no_grad():
        for X, y in dataloader:
            pred = model(X)
            test_loss += loss_fn(pred, y).item()
            correct += (pred.argmax(1) == y).type(torch.float).sum().item()
    test_loss /= num_batches
    correct /= size
    print(f"Test Error: \n Accuracy: {(100*correct):>0.1f}%, Avg loss: {test_loss:>8f} \n")


epochs = 5
for t in range(epochs):
    print(f"Epoch {t+1}\n-------------------------------")
    train(train_data, model, loss_fn, optimizer)
    test(test_data, model, loss_fn)
print("Done!")
