# torch.optim: AdamW and Adagrad with PyTorch's numbers, param groups from dicts (their key
# order, per-group options), state_dict, the constructors' argument errors
import torch

torch.manual_seed(3)
w = torch.randn(3, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
x = torch.randn(5, 3)
for make in [lambda: torch.optim.AdamW([w, b], lr=0.1),
             lambda: torch.optim.AdamW([w, b], lr=0.1, weight_decay=0.5, amsgrad=True),
             lambda: torch.optim.Adagrad([w, b], lr=0.3),
             lambda: torch.optim.Adagrad([w, b], lr=0.3, lr_decay=0.1, weight_decay=0.2,
                                         initial_accumulator_value=0.5, eps=1e-6),
             lambda: torch.optim.Adam([w, b], lr=0.1, maximize=True, foreach=True),
             lambda: torch.optim.RMSprop([w, b], momentum=0, weight_decay=1)]:
    opt = make()
    for _ in range(4):
        opt.zero_grad()
        ((x @ w + b) ** 2).mean().backward()
        opt.step()
    print(type(opt).__name__, w.sum().item(), b.tolist())
    print(sorted(opt.state_dict()["state"][0].keys()), opt.state_dict()["param_groups"])

opt = torch.optim.SGD([{"params": w, "momentum": 0.5}, {"params": [b], "lr": 0.01}], lr=0.1)
print(opt.param_groups[0])
print(opt.param_groups[1])
print(opt)
print(torch.optim.Adagrad([b]).state_dict())

for bad in [lambda: torch.optim.SGD([w]),
            lambda: torch.optim.SGD(w, lr=0.1),
            lambda: torch.optim.SGD([], lr=0.1),
            lambda: torch.optim.SGD([w], lr=-1),
            lambda: torch.optim.SGD([w], lr=0.1, momentum=-0.5),
            lambda: torch.optim.SGD([w], lr=0.1, nesterov=True),
            lambda: torch.optim.SGD([w], lr=0.1, foo=1),
            lambda: torch.optim.SGD([w, 3], lr=0.1),
            lambda: torch.optim.SGD([{"params": w}, {"params": w}], lr=0.1),
            lambda: torch.optim.SGD([{"params": w}, {"lr": 1}], lr=0.1),
            lambda: torch.optim.AdamW([w], betas=(0.9, 1.5)),
            lambda: torch.optim.AdamW([w], weight_decay=-1),
            lambda: torch.optim.Adagrad([w], lr_decay=-1),
            lambda: torch.optim.Adagrad([w], initial_accumulator_value=-1),
            lambda: torch.optim.Adagrad([w], eps=-1),
            lambda: torch.optim.Adam([w], 0.1, (0.9, 0.99), 1e-8, 0, False, True)]:
    try:
        bad()
        print("no error")
    except Exception as err:
        print(type(err).__name__, err)
