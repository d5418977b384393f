# Source style: Sebastian Raschka's deep-learning lectures (torch.autograd.grad, a logistic regression neuron by hand)
import torch
import torch.nn.functional as F
from torch.autograd import grad

x = torch.tensor([3.0])
w = torch.tensor([2.0], requires_grad=True)
b = torch.tensor([1.0], requires_grad=True)
a = F.relu(x * w + b)
print(a)
print(grad(a, w, retain_graph=True))
print(grad(a, b))

torch.manual_seed(123)
X = torch.randn(30, 2)
y = (X[:, 0] - 0.5 * X[:, 1] > 0).float()

class LogisticRegression:
    def __init__(self, num_features):
        self.weights = torch.zeros(num_features, 1, dtype=torch.float32, requires_grad=True)
        self.bias = torch.zeros(1, dtype=torch.float32, requires_grad=True)

    def forward(self, x):
        linear = torch.add(torch.mm(x, self.weights), self.bias).view(-1)
        probas = torch.sigmoid(linear)
        return probas

def loss_func(probas, y):
    return -torch.mean(y * torch.log(probas) + (1 - y) * torch.log(1 - probas))

model = LogisticRegression(num_features=2)
for e in range(30):
    probas = model.forward(X)
    loss = loss_func(probas, y)
    grad_w, grad_b = grad(loss, [model.weights, model.bias])
    with torch.no_grad():
        model.weights -= 0.5 * grad_w
        model.bias -= 0.5 * grad_b
    if e % 10 == 0:
        acc = ((probas > 0.5).float() == y).float().mean()
        print('Epoch: %03d | Train ACC: %.3f | Cost: %.3f' % (e + 1, acc, loss))
print('Weights', model.weights)
print('Bias', model.bias)
