# A view made with grad mode off, of a base that requires grad, once it or its base changed
# in place (with grad mode on or off): PyTorch 1.13 refuses it wherever its grad_fn is read
# (ops recorded with grad mode on, repr, is_leaf, grad_fn, indexing), not elsewhere (tolist,
# shape, detach, data, comparisons, ops with grad mode off)
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

def case1():
    # view in no_grad of a non-leaf, base changed in place, then the view used
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[:2]
    y.mul_(3)
    print(v.grad_fn, v.requires_grad, v._version, y._version)
    z = v * 1
    print(z.grad_fn)
    z.sum().backward()
    return w.grad

def case2():
    w = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        v = w[:2]
    with torch.no_grad():
        w.mul_(3)
    z = (v * 2).sum()
    z.backward()
    return w.grad, v.grad_fn

def case3():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y.view(3)
    y.add_(1)
    return v.grad_fn, v.requires_grad

def case4():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    return (v * v).grad_fn

def case5():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.exp_()
    s = v.sum()
    s.backward()
    return w.grad

def case6():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
        y.add_(1)
    return (v * 2).grad_fn

def case7():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y[0] = 5
    return (v * 2).grad_fn

def case8():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y2 = y.view(3)
    y2.add_(1)
    return (v * 2).grad_fn

def case9():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    with torch.no_grad():
        return (v * 2).requires_grad, v.grad_fn

def case10():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    return v.detach(), v.is_leaf

def case11():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    return v.sum().grad_fn

def case12():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    print(v)
    return v.tolist(), v.shape

def case13():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    return v.grad_fn

for i, f in enumerate([case1, case2, case3, case4, case5, case6, case7, case8, case9, case10, case11, case12, case13], 1):
    attempt("case%d" % i, f)


def stale():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    return v

def nograd_op():
    v = stale()
    with torch.no_grad():
        r = v * 2
    return 'ok'
attempt('nograd_op', nograd_op)
attempt('tolist', lambda: stale().tolist())
attempt('shape', lambda: stale().shape)
attempt('item', lambda: stale()[0].item())
attempt('sum_nograd', lambda: torch.no_grad()(lambda: stale().sum())())
attempt('numpy', lambda: stale().detach())
attempt('version', lambda: stale()._version)
attempt('is_leaf', lambda: stale().is_leaf)
attempt('requires_grad', lambda: stale().requires_grad)
attempt('grad', lambda: stale().grad)
attempt('data', lambda: stale().data)
attempt('float', lambda: float(stale()[0]))
attempt('bool', lambda: bool(stale()[0]))
attempt('eq', lambda: (stale() == 3))
attempt('base', lambda: stale()._base.shape)
attempt('str', lambda: str(stale()))
attempt('format', lambda: '{:.2f}'.format(stale()[0]))

def inplace_view_nograd():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
        v.mul_(2)
    return (v * 2).grad_fn
attempt('inplace_view_nograd', inplace_view_nograd)

def inplace_base_nograd_leaf():
    w = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        v = w[1:]
        w.sub_(1)
    return v * 2
attempt('inplace_base_nograd_inside', inplace_base_nograd_leaf)

def base_no_grad():
    w = torch.ones(3)
    with torch.no_grad():
        v = w[1:]
    w.add_(1)
    return v * 2
attempt('base_no_grad', base_no_grad)

def other_view():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
        u = y[:1]
    y2 = y[2:]
    y2.mul_(2)
    return v * 2
attempt('other_view', other_view)

def view_of_stale():
    v = stale()
    with torch.no_grad():
        u = v[1:]
    return 'made'
attempt('view_of_stale', view_of_stale)

def backward_through():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    z = (v * y[1:]).sum()
    y.add_(1)
    return 'ok'
attempt('used_before_change', backward_through)
def after_changed_viewed():
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    with torch.no_grad():
        v = y[1:]
    y.add_(1)
    with torch.no_grad():
        y.add_(1)
    return 'ok'
attempt('after', after_changed_viewed)
