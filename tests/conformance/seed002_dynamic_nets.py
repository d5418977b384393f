# Seed 002: the two DynamicNets of the forum question (a coin picks the architecture),
# indentation repaired; which parameters have a None grad after each forward/backward.
# needs: from torch.nn.functional import relu, import torch.nn.functional as F, if/elif/else,
#   F.log_softmax(dim=1), F.nll_loss, named_parameters(), `is None`, zero_grad() (zeros in 1.13)
import random
import torch
import torch.nn.functional as F
from torch.nn.functional import relu


class DynamicNet(torch.nn.Module):
    def __init__(self, D_in, H1, H2, D_out):
        super(DynamicNet, self).__init__()
        self.input_linear = torch.nn.Linear(D_in, H1)
        self.middle_linear1 = torch.nn.Linear(H1, H2)
        self.middle_linear2 = torch.nn.Linear(H2, H1)
        self.middle_linear3 = torch.nn.Linear(H1, H1)
        self.output_linear = torch.nn.Linear(H1, D_out)

    def forward(self, x):
        x = relu(self.input_linear(x))
        coin = random.randint(0, 3)
        if coin == 1:
            x = relu(self.middle_linear1(x))
        elif coin == 2:
            x = relu(self.middle_linear1(x))
            x = relu(self.middle_linear2(x))
        elif coin == 3:
            x = relu(self.middle_linear1(x))
            x = relu(self.middle_linear2(x))
            x = relu(self.middle_linear3(x))
        else:
            x = relu(self.output_linear(x))
        return F.log_softmax(x, dim=1)


class SharedNet(torch.nn.Module):
    def __init__(self, D_in, H, D_out):
        super(SharedNet, self).__init__()
        self.input_linear = torch.nn.Linear(D_in, H)
        self.middle_linear = torch.nn.Linear(H, H)
        self.output_linear = torch.nn.Linear(H, D_out)

    def forward(self, x):
        x = relu(self.input_linear(x))
        coin = random.randint(0, 3)
        for _ in range(coin):
            x = relu(self.middle_linear(x))
        x = relu(self.output_linear(x))
        return F.log_softmax(x, dim=1)


def report(model):
    for name, param in model.named_parameters():
        if param.grad is None:
            print(f"  {name}: None")
        else:
            print(f"  {name}: {param.grad.abs().sum().item():.5f}")


random.seed(3)
torch.manual_seed(0)
x = torch.randn(4, 5)
target = torch.tensor([0, 2, 1, 0])

model = DynamicNet(5, 8, 6, 3)
for step in range(4):
    out = model(x)
    loss = F.nll_loss(out, target)
    print(f"step {step}: output {tuple(out.shape)}, loss {loss.item():.5f}")
    model.zero_grad()
    loss.backward()
    report(model)

model = SharedNet(5, 6, 3)
for step in range(3):
    out = model(x)
    loss = F.nll_loss(out, target)
    print(f"shared step {step}: loss {loss.item():.5f}")
    loss.backward()
report(model)
