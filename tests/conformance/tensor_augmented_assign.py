# Augmented assignments on tensors as PyTorch 1.13 does them: in place (the same tensor,
# its version bumped, PowBackward0 for **= a number) except @=, the result type checks,
# a leaf that requires grad refused; // of tensors that require grad is left out (Backstep
# refuses it by name)
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

def report(x0, v0, r):
    return (r is x0, r._version - v0, r.dtype, r.grad_fn.name() if r.grad_fn is not None else None, r.tolist())

def aug_add(x, y):
    x0 = x
    v0 = x._version
    x += y
    return report(x0, v0, x)

def aug_sub(x, y):
    x0 = x
    v0 = x._version
    x -= y
    return report(x0, v0, x)

def aug_mul(x, y):
    x0 = x
    v0 = x._version
    x *= y
    return report(x0, v0, x)

def aug_div(x, y):
    x0 = x
    v0 = x._version
    x /= y
    return report(x0, v0, x)

def aug_floordiv(x, y):
    x0 = x
    v0 = x._version
    x //= y
    return report(x0, v0, x)

def aug_mod(x, y):
    x0 = x
    v0 = x._version
    x %= y
    return report(x0, v0, x)

def aug_pow(x, y):
    x0 = x
    v0 = x._version
    x **= y
    return report(x0, v0, x)

def aug_matmul(x, y):
    x0 = x
    v0 = x._version
    x @= y
    return report(x0, v0, x)

def aug_and(x, y):
    x0 = x
    v0 = x._version
    x &= y
    return report(x0, v0, x)

def aug_or(x, y):
    x0 = x
    v0 = x._version
    x |= y
    return report(x0, v0, x)

def aug_xor(x, y):
    x0 = x
    v0 = x._version
    x ^= y
    return report(x0, v0, x)

def aug_lshift(x, y):
    x0 = x
    v0 = x._version
    x <<= y
    return report(x0, v0, x)

def aug_rshift(x, y):
    x0 = x
    v0 = x._version
    x >>= y
    return report(x0, v0, x)

cases = [
    ('float', lambda: torch.tensor([1.5, 2.0, 3.0]), lambda: torch.tensor([2.0, 2.0, 2.0])),
    ('floatscalar', lambda: torch.tensor([1.5, 2.0, 3.0]), lambda: 2),
    ('int', lambda: torch.tensor([1, 2, 3]), lambda: torch.tensor([2, 1, 2])),
    ('intscalar', lambda: torch.tensor([1, 2, 3]), lambda: 2),
    ('bool', lambda: torch.tensor([True, False]), lambda: torch.tensor([True, True])),
    ('leaf', lambda: torch.tensor([1.5, 2.0, 3.0], requires_grad=True), lambda: torch.tensor([2.0, 2.0, 2.0])),
    ('nonleaf', lambda: torch.tensor([1.5, 2.0, 3.0], requires_grad=True) * 1, lambda: torch.tensor([2.0, 2.0, 2.0])),
    ('nonleafscalar', lambda: torch.tensor([1.5, 2.0, 3.0], requires_grad=True) * 1, lambda: 2),
    ('mat', lambda: torch.ones(2, 2, requires_grad=True) * 1, lambda: torch.ones(2, 2)),
    ('intfloat', lambda: torch.tensor([1, 2, 3]), lambda: torch.tensor([2.0, 1.0, 2.0])),
    ('intfloatscalar', lambda: torch.tensor([1, 2, 3]), lambda: 2.5),
]
fns = [('+=', aug_add), ('-=', aug_sub), ('*=', aug_mul), ('/=', aug_div), ('//=', aug_floordiv), ('%=', aug_mod), ('**=', aug_pow), ('@=', aug_matmul), ('&=', aug_and), ('|=', aug_or), ('^=', aug_xor), ('<<=', aug_lshift), ('>>=', aug_rshift)]
for op, fn in fns:
    for name, mx, my in cases:
        if op == '//=' and name in ('nonleaf', 'nonleafscalar', 'mat'):
            continue
        attempt(name + ' ' + op, lambda: fn(mx(), my()))

# pow_ and **=: checks, gradients
attempt('a', lambda: torch.tensor([1,2]).pow_(2.5))
attempt('b', lambda: torch.tensor([True]).pow_(2))
attempt('c', lambda: torch.tensor([True]).pow_(True))
attempt('d', lambda: torch.tensor([True]) ** torch.tensor([True]))
attempt('e', lambda: torch.tensor([1, 2]).pow_(-1))
attempt('f', lambda: torch.tensor([1., 2]).pow_(torch.tensor(2)))
attempt('g', lambda: torch.tensor([1, 2]).pow_(torch.tensor(2.)))
attempt('h', lambda: torch.tensor(2.).pow_(torch.tensor([1., 2])))
attempt('i', lambda: torch.tensor([1., 2]).pow_(0))
attempt('j', lambda: torch.tensor([1., 2]).pow_(1))
x = torch.tensor([1., 2], requires_grad=True)
y = x * 1
y **= 0
print(y.grad_fn.name())
y.sum().backward(); print(x.grad)
x = torch.tensor([1., 2], requires_grad=True)
y = x * 3
y **= 2
print(y, y.grad_fn, y.grad_fn.next_functions)
y.sum().backward(); print(x.grad)
x = torch.tensor([1., 2], requires_grad=True)
e = torch.tensor([2., 3.], requires_grad=True)
y = x * 3
y **= e
print(y, y.grad_fn, y.grad_fn.next_functions)
y.sum().backward(); print(x.grad, e.grad)
print(torch.tensor([1, 2]) @ torch.tensor([3, 4]))
attempt('k', lambda: torch.tensor([1., 2]) @ 2)
attempt('l', lambda: 2 @ torch.tensor([1., 2]))

# % of tensors that require grad: remainder's nodes and gradients
x = torch.tensor([5.5, -3.25, 7.0], requires_grad=True)
d = torch.tensor([2.0, 1.5, -3.0], requires_grad=True)
r = x % d
r2 = x % 2.5
print(r, r2)
(r * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad, d.grad)
y = x * 1
y %= d
print(y.grad_fn, y.grad_fn.next_functions)
y.sum().backward()
print(x.grad, d.grad)
