# Views made with grad mode off, as PyTorch 1.13 has them: they require grad when their base
# does, without a history, and changing one in place with grad mode on is refused with
# PyTorch's message (with its internal assertion for a view taken of such a view);
# set_grad_enabled restores the mode it replaced when its with block ends
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

w = torch.ones(4, requires_grad=True)
with torch.no_grad():
    v = w[:2]
    print(w[1:], w.view(2, 2).requires_grad, (w[:2] * 2).requires_grad)
print(v.requires_grad, v.grad_fn, v.is_leaf, v._base is w)
attempt('leaf base', lambda: v.mul_(2))
y = w * 2
with torch.no_grad():
    v2 = y[:2]
    v3 = y.view(2, 2)
print(v2.requires_grad, v2.grad_fn, v2.is_leaf)
attempt('non-leaf base', lambda: v2.mul_(2))
attempt('view', lambda: v3.add_(1))
attempt('copy_', lambda: v3.copy_(torch.zeros(2, 2)))
attempt('relu_', lambda: torch.relu_(v3))
attempt('exp_', lambda: v3.exp_())
u = v3[0]
print(u.requires_grad, u.grad_fn.name(), u.is_leaf, u._base is y)
attempt('view of the view', lambda: u.add_(1))

def set_first(t):
    t[0] = 5.
    return t

attempt('setitem', lambda: set_first(v3))
# used with grad mode on: a history that does not reach w
s = v * 2
print(s.grad_fn.name(), s.grad_fn.next_functions)
s.sum().backward()
print(w.grad, v.grad)
attempt('retain_grad', lambda: v.retain_grad())
attempt('requires_grad_(False)', lambda: v.requires_grad_(False))
attempt('detach_', lambda: v.detach_())
with torch.no_grad():
    c = w[1:]
print(c.exp().grad_fn.next_functions)

z = torch.ones(4)
with torch.no_grad():
    v4 = z[:2]
attempt('base without grad', lambda: v4.mul_(2))
with torch.no_grad():
    v5 = w[1:]
    v5.zero_()
print(w)
with torch.no_grad():
    v6 = w[:2]
    with torch.enable_grad():
        attempt('nested', lambda: v6.mul_(2))
with torch.no_grad():
    v7 = (w * 2)[:2]
attempt('computed without grad', lambda: set_first(v7))

# set_grad_enabled: set when made, restored when its with block ends
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled())
    v8 = w[:1]
print(torch.is_grad_enabled(), v8.requires_grad, v8.grad_fn)
attempt('set_grad_enabled view', lambda: v8.add_(1))
with torch.set_grad_enabled(True):
    print(torch.is_grad_enabled(), (w * 1).requires_grad)
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())

@torch.set_grad_enabled(False)
def predict(t):
    return t * 3

print(predict(w).requires_grad, torch.is_grad_enabled())
