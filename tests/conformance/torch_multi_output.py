# Nodes of several outputs (issue 13): chunk, split, unbind, var_mean and std_mean give
# their results one grad_fn with output_nr 0, 1, ...; hooks and retain_grad per output,
# in the order they were registered; in-place changes of the pieces refused as PyTorch
# needs: the engine's multi-output nodes
import torch
x = torch.arange(6., requires_grad=True)
a, b, c = x.chunk(3)
print(a.grad_fn, b.grad_fn is a.grad_fn, a.output_nr, b.output_nr, c.output_nr)
print(a.grad_fn.next_functions, a.grad_fn.name())
y = (b * 2).sum()
print(y.grad_fn.next_functions, y.grad_fn.next_functions[0][0].next_functions)
y.backward()
print(x.grad)
p, q = x.split([2, 4])
print(p.grad_fn, q.output_nr, x.chunk(1)[0].grad_fn, x.split(6)[0].grad_fn)
u = x.view(2, 3).unbind(1)
print(u[2].grad_fn, u[2].output_nr, u[0].grad_fn.next_functions)
print(x.grad_fn, x.output_nr, a.grad_fn is a.grad_fn)
v, m = torch.var_mean(x)
print(v, m, v.grad_fn, m.output_nr, v.grad_fn is m.grad_fn)
s, m = torch.std_mean(x, dim=0)
print(s.grad_fn, m.grad_fn)
(s + m).backward()
print(x.grad)
v, m = torch.var_mean(x.view(2, 3), 1, keepdim=True, unbiased=False)
(v * 2).sum().backward()
print(v, m, x.grad)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


z = x * 1
pieces = z.chunk(2)
attempt(lambda: pieces[0].mul_(2))
attempt(lambda: z.unbind(0)[1].add_(2))
attempt(lambda: x.chunk(2)[1].zero_())
p, q = z.split(3)
p.retain_grad()
q.retain_grad()
h = q.register_hook(lambda g: print("hook q", g) or g * 10)
r = z.unbind()
r[4].register_hook(lambda g: g * 100)
r[4].retain_grad()
x.grad = None
(p.sum() * 2 + q.sum() + r[4] * 3).backward()
print(p.grad, q.grad, r[4].grad, x.grad)
h.remove()
w = torch.ones(3, requires_grad=True)
g1, g2 = w.split(2)
print(torch.autograd.grad(g2.sum() * 5, w))
print(torch.autograd.grad((g1 * g1).sum(), [g1, g2], allow_unused=True))
print(None or torch.ones(2), 0 and torch.ones(2))
