import torch
for src in range(1):
    pass
x = torch.randn(3)
tests = [lambda: x.view(-1, -1), lambda: x[10], lambda: x[::0],
         lambda: torch.arange(0, 10, 0), lambda: torch.linspace(0, 1, -1),
         lambda: torch.tensor([[1, 2], [3]]), lambda: torch.zeros(2, 3).sum(dim=5),
         lambda: torch.tensor([1, 2]) / 0, lambda: torch.tensor([1, 2]) // 0,
         lambda: torch.tensor(float('nan')).item(), lambda: torch.tensor([1, 2]).backward(),
         lambda: torch.tensor([]).max(), lambda: torch.ones(0, 3).mean(),
         lambda: torch.ones(2, 2).reshape(5), lambda: torch.cat([]),
         lambda: torch.ones(3).expand(2, 4), lambda: torch.ones(2, 3) @ torch.ones(2, 3),
         lambda: torch.tensor(1.0, requires_grad=True).add_(1),
         lambda: torch.nn.Linear(-1, 2), lambda: torch.nn.Linear(0, 0)(torch.ones(1, 0)),
         lambda: torch.manual_seed(-1), lambda: torch.randint(5, 2, (3,)),
         lambda: torch.set_printoptions(precision=-5), lambda: print(torch.ones(3, 0, 2)),
         lambda: torch.nn.functional.cross_entropy(torch.ones(2, 3), torch.tensor([5, 0]))]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
