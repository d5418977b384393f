# chunk, split (int and list), unbind, torch.where(condition), indexing with ranges, nelement (issue 13):
# values, grad_fn names, gradients and errors as PyTorch
# needs: the signature table, the engine split/unbind ops
import torch
x = torch.arange(10.0).view(2, 5).requires_grad_()
a, b, c = x.chunk(3, 1)
print(a, b, c)
print(torch.chunk(x, 2, dim=0))
print(x.split(2, 1))
p, q = torch.split(x, [2, 3], dim=1)
print(p, q)
print(x.split([1, 1]))
r = x.unbind(1)
print(len(r), r[0], torch.unbind(x)[1])
(a.sum() * 2 + q.sum() + r[4].sum()).backward()
print(x.grad)
print(torch.where(torch.tensor([[0, 1], [2, 0]])))
print(torch.where(torch.tensor(3.0)))
y = torch.arange(12).view(3, 4)
print(y[range(3), [0, 1, 2]], y[range(1, 3)], y[:, range(2)])
y[range(2), 0] = 100
print(y)
print(x.nelement(), torch.zeros(3, 4).nelement())
print(torch.arange(5).chunk(3), torch.arange(6).chunk(4), torch.arange(0).chunk(2))
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
attempt(lambda: x.chunk(0))
attempt(lambda: x.split([1, 2], 1))
attempt(lambda: x.split([-1, 6], 1))
attempt(lambda: x.split(0, 1))
attempt(lambda: x.split(-1))
attempt(lambda: x.split("a"))
attempt(lambda: x.split([1, "a"]))
attempt(lambda: x.unbind(2))
attempt(lambda: torch.tensor(1.0).unbind())
attempt(lambda: torch.tensor(1.0).chunk(2))
attempt(lambda: x.chunk(2, 5))
attempt(lambda: torch.split(x, 2, dim=3))
