# Source style: d2l.ai 3.7 (weight decay): l2_penalty by hand, then per-group weight_decay in SGD
import torch
from torch import nn

torch.manual_seed(9)
n_train, num_inputs = 20, 40
true_w, true_b = torch.ones((num_inputs, 1)) * 0.01, 0.05
X = torch.randn(n_train, num_inputs)
y = X @ true_w + true_b + torch.randn(n_train, 1) * 0.01

def init_params():
    w = torch.normal(0, 1, size=(num_inputs, 1), requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    return [w, b]

def l2_penalty(w):
    return torch.sum(w.pow(2)) / 2

def train(lambd):
    w, b = init_params()
    for epoch in range(20):
        l = ((X @ w + b - y) ** 2 / 2).mean() + lambd * l2_penalty(w)
        l.backward()
        with torch.no_grad():
            for param in [w, b]:
                param -= 0.1 * param.grad
                param.grad.zero_()
    print("w's L2 norm:", torch.norm(w).item())

train(lambd=0)
train(lambd=3)

def train_concise(wd):
    net = nn.Sequential(nn.Linear(num_inputs, 1))
    for param in net.parameters():
        param.data.normal_()
    loss = nn.MSELoss(reduction="none")
    trainer = torch.optim.SGD([
        {"params": net[0].weight, "weight_decay": wd},
        {"params": net[0].bias}], lr=0.1)
    for epoch in range(20):
        trainer.zero_grad()
        l = loss(net(X), y)
        l.mean().backward()
        trainer.step()
    print("w's L2 norm:", net[0].weight.norm().item())
    print(len(trainer.param_groups), trainer.param_groups[0]["weight_decay"], trainer.param_groups[1]["weight_decay"])

train_concise(0)
train_concise(3)
