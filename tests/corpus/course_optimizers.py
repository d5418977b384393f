# Source style: optimiser comparisons in course notebooks (Rosenbrock with SGD/momentum/Nesterov/Adam/AdamW/RMSprop/Adagrad, param_groups)
import torch

def rosenbrock(xy):
    x, y = xy[0], xy[1]
    return (1 - x) ** 2 + 100 * (y - x ** 2) ** 2

def run(make, steps=50):
    xy = torch.tensor([-1.5, 2.0], requires_grad=True)
    opt = make([xy])
    for _ in range(steps):
        opt.zero_grad()
        loss = rosenbrock(xy)
        loss.backward()
        opt.step()
    return [round(v, 4) for v in xy.tolist()], round(rosenbrock(xy).item(), 4)

optimizers = [
    ("SGD", lambda p: torch.optim.SGD(p, lr=1e-4)),
    ("SGD momentum", lambda p: torch.optim.SGD(p, lr=1e-4, momentum=0.9)),
    ("SGD nesterov", lambda p: torch.optim.SGD(p, lr=1e-4, momentum=0.9, nesterov=True)),
    ("SGD dampening", lambda p: torch.optim.SGD(p, lr=1e-4, momentum=0.5, dampening=0.5, weight_decay=0.01)),
    ("Adam", lambda p: torch.optim.Adam(p, lr=0.05)),
    ("Adam amsgrad", lambda p: torch.optim.Adam(p, lr=0.05, betas=(0.8, 0.99), amsgrad=True)),
    ("AdamW", lambda p: torch.optim.AdamW(p, lr=0.05)),
    ("RMSprop", lambda p: torch.optim.RMSprop(p, lr=0.01)),
    ("RMSprop centered", lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.5, centered=True)),
    ("Adagrad", lambda p: torch.optim.Adagrad(p, lr=0.5)),
]
for name, make in optimizers:
    print(f"{name:17s}", *run(make))

torch.manual_seed(50)
model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
opt = torch.optim.SGD([
    {"params": model[0].parameters()},
    {"params": model[2].parameters(), "lr": 0.01},
], lr=0.1, momentum=0.9)
print(opt)
x, y = torch.randn(8, 3), torch.randn(8, 1)
for step in range(3):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
    for g in opt.param_groups:
        g["lr"] = g["lr"] * 0.5
    print(step, round(loss.item(), 5), [g["lr"] for g in opt.param_groups])
opt.zero_grad(set_to_none=True)
print(model[0].weight.grad)
print(len(opt.state_dict()["state"]), opt.state_dict()["param_groups"][1]["lr"])
