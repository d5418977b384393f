# Results and messages where Backstep differed from PyTorch: sigmoid of float32 computed in
# float (sigmoid(-100) is 0), relu keeps -0. and NaN, a tensor hook's replacement of another
# size or dtype, indexing a 0-dim tensor, Python bools as indices.
import torch

print(torch.sigmoid(torch.tensor([-100., -20., 0., 3., 100.])), torch.sigmoid(torch.tensor([-100.], dtype=torch.float64)))
print(torch.relu(torch.tensor([-0., 0., -1., float('nan'), 2.])), torch.tensor([-0.]).relu())
t = torch.ones(2, requires_grad=True)
t.register_hook(lambda g: torch.ones(3))
try:
    (t * 2).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)


def to_double(g):
    return g.double()


t = torch.ones(2, requires_grad=True)
t.register_hook(to_double)
try:
    (t * 2).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
y = torch.ones(2, requires_grad=True) * 2
y.register_hook(lambda g: torch.ones(1))
try:
    y.sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
s = torch.tensor(1.)
x = torch.ones(2)
for f in (lambda: s[0], lambda: s[0:1], lambda: s[None], lambda: s[...], lambda: s[True],
          lambda: s[False], lambda: x[0, 0], lambda: x[0, 0:1], lambda: x[0, None, 0],
          lambda: s[None, 0], lambda: x[True], lambda: x[False], lambda: x[True, 0],
          lambda: x[0, True], lambda: s[torch.tensor(0)]):
    try:
        print(f())
    except IndexError as e:
        print('IndexError:', e)
