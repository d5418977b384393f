# Modules and parameters as they print: Parameter containing:, nn.Linear's weight and bias,
# named_parameters, parameters counted, requires_grad of parameters, state_dict keys.
# needs: nn.Linear, nn.Parameter, print(Parameter), named_parameters(), parameters() with
#   numel(), state_dict().keys() and values as tensors, weight.shape, Parameter arithmetic
#   (grad_fn appears), nn.Module with submodules and a list of parameters
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin.weight)
print(lin.bias)
print(lin.weight.shape, lin.weight.requires_grad, lin.weight.is_leaf, lin.weight.grad)
print(lin.weight * 2)

p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p, p.requires_grad)
q = nn.Parameter(torch.zeros(2), requires_grad=False)
print(q)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc_1 = nn.Linear(4, 3)
        self.fc_2 = nn.Linear(3, 1)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.fc_2(torch.relu(self.fc_1(x))) * self.scale


net = Net()
for name, param in net.named_parameters():
    print(name, tuple(param.shape))
print(sum(p.numel() for p in net.parameters()))
print(list(net.state_dict().keys()))
print(net.state_dict()["fc_2.weight"])
out = net(torch.ones(2, 4))
print(out)
out.sum().backward()
print(net.scale.grad, net.fc_2.bias.grad)
