# Source style: UvA Deep Learning tutorial 3 (activation functions as nn.Module classes, their gradients)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(42)

class ActivationFunction(nn.Module):
    def __init__(self):
        super().__init__()
        self.name = self.__class__.__name__
        self.config = {"name": self.name}

class Sigmoid(ActivationFunction):
    def forward(self, x):
        return 1 / (1 + torch.exp(-x))

class Tanh(ActivationFunction):
    def forward(self, x):
        x_exp, neg_x_exp = torch.exp(x), torch.exp(-x)
        return (x_exp - neg_x_exp) / (x_exp + neg_x_exp)

class ReLU(ActivationFunction):
    def forward(self, x):
        return x * (x > 0).float()

class LeakyReLU(ActivationFunction):
    def __init__(self, alpha=0.1):
        super().__init__()
        self.config["alpha"] = alpha
    def forward(self, x):
        return torch.where(x > 0, x, self.config["alpha"] * x)

class ELU(ActivationFunction):
    def forward(self, x):
        return torch.where(x > 0, x, torch.exp(x) - 1)

class Swish(ActivationFunction):
    def forward(self, x):
        return x * torch.sigmoid(x)

act_fn_by_name = {"sigmoid": Sigmoid, "tanh": Tanh, "relu": ReLU, "leakyrelu": LeakyReLU,
                  "elu": ELU, "swish": Swish}

def get_grads(act_fn, x):
    x = x.clone().requires_grad_()
    out = act_fn(x)
    out.sum().backward()
    return x.grad

x = torch.linspace(-5, 5, 11)
for name, cls in act_fn_by_name.items():
    act_fn = cls()
    y = act_fn(x)
    g = get_grads(act_fn, x)
    print(f"{name:9s} {act_fn.config} out[::5]={[round(v, 4) for v in y[::5].tolist()]} grad[::5]={[round(v, 4) for v in g[::5].tolist()]}")

builtin = {"sigmoid": nn.Sigmoid(), "tanh": nn.Tanh(), "relu": nn.ReLU(),
           "leakyrelu": nn.LeakyReLU(0.1), "elu": nn.ELU(), "swish": nn.SiLU()}
for name, mod in builtin.items():
    mine = act_fn_by_name[name]()
    same = torch.allclose(mod(x), mine(x), atol=1e-6)
    same_grad = torch.allclose(get_grads(mod, x), get_grads(mine, x), atol=1e-5)
    print(f"{name:9s} {mod} matches: {same} {same_grad}")

class BaseNetwork(nn.Module):
    def __init__(self, act_fn, input_size=16, num_classes=4, hidden_sizes=[12, 8, 8]):
        super().__init__()
        layers = []
        layer_sizes = [input_size] + hidden_sizes
        for layer_index in range(1, len(layer_sizes)):
            layers += [nn.Linear(layer_sizes[layer_index - 1], layer_sizes[layer_index]), act_fn]
        layers += [nn.Linear(layer_sizes[-1], num_classes)]
        self.layers = nn.Sequential(*layers)
        self.config = {"act_fn": act_fn.config, "input_size": input_size,
                       "num_classes": num_classes, "hidden_sizes": hidden_sizes}

    def forward(self, x):
        x = x.view(x.size(0), -1)
        return self.layers(x)

imgs = torch.randn(6, 4, 4)
labels = torch.tensor([0, 1, 2, 3, 0, 1])
for name in ["sigmoid", "relu", "swish"]:
    net = BaseNetwork(act_fn=act_fn_by_name[name]())
    net.zero_grad()
    loss = F.cross_entropy(net(imgs), labels)
    loss.backward()
    grads = {n: p.grad.view(-1) for n, p in net.named_parameters() if "weight" in n}
    print(name, round(loss.item(), 4), {k: round(v.abs().mean().item(), 5) for k, v in grads.items()})
print(BaseNetwork(act_fn=Swish()))
