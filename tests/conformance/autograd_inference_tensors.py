# Inference tensors as PyTorch 1.13 keeps them: what inference_mode makes is an inference
# tensor (is_inference), views of it too; outside the mode it cannot be saved for backward,
# changed in place (the change is made, then refused), given requires_grad or asked its
# version; a view of a normal tensor made in inference mode refuses in-place use outside;
# an op on inference tensors only records nothing.
# needs: Tensor.is_inference, torch.is_inference_mode_enabled, inference tensor errors
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, f):
    try:
        print(label, '->', f())
    except RuntimeError as e:
        print(label, '!!', e)


torch.manual_seed(0)
print(torch.is_inference_mode_enabled())
normal = torch.ones(3)
p = torch.ones(3, requires_grad=True)
q = p.clone()
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    a = torch.ones(3)
    b = torch.ones(3, requires_grad=True)
    print(a.is_inference(), b.is_inference(), b.requires_grad, b.is_leaf, torch.is_inference(a))
    c = p * 2
    print(c.requires_grad, c.is_inference(), c.grad_fn)
    v = normal[1:]
    print(v.is_inference(), v._base is normal)
    normal.add_(1)
    print(normal._version)
    a.add_(1)
    attempt('a._version inside', lambda: a._version)
    qv = q[1:]
    pv = p[1:]
    with torch.enable_grad():
        print(torch.is_grad_enabled(), (p * 2).grad_fn, (p * 2).is_inference())
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), (p * 2).grad_fn is not None,
              (p * 2).is_inference())
        attempt('a*p in inference_mode(False)', lambda: a * p)
        attempt('a.add_ in inference_mode(False)', lambda: a.add_(1))
        made_inside_false = torch.zeros(1)
    print(made_inside_false.is_inference())
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(a, b, c)
attempt('a*p', lambda: a * p)
attempt('p*a', lambda: p * a)
attempt('a+p', lambda: a + p)
attempt('(a*p).sum().backward()', lambda: (a * p).sum().backward())
attempt('mm', lambda: torch.mm(a.view(1, 3), p.view(3, 1)))
attempt('linear', lambda: F.linear(a.view(1, 3), p.view(1, 3)))
attempt('exp(b)', lambda: torch.exp(b))
attempt('b*b', lambda: b * b)
attempt('b.sum().backward()', lambda: b.sum().backward())
attempt('(a+1).is_inference()', lambda: (a + 1).is_inference())
attempt('a[1:].is_inference()', lambda: a[1:].is_inference())
attempt('a.view(3).is_inference()', lambda: a.view(3).is_inference())
attempt('a.clone().is_inference()', lambda: a.clone().is_inference())
attempt('(a.clone()*p).grad_fn', lambda: type(a.clone() * p).__name__)
attempt('a.detach().is_inference()', lambda: a.detach().is_inference())
attempt('a.data.is_inference()', lambda: a.data.is_inference())
attempt('a.data._version', lambda: a.data._version)
attempt('a.double().is_inference()', lambda: a.double().is_inference())
attempt('zeros_like(a).is_inference()', lambda: torch.zeros_like(a).is_inference())
attempt('a.add_(1)', lambda: a.add_(1))
print(a)
attempt('a.zero_()', lambda: a.zero_())
print(a)
attempt('a._version', lambda: a._version)
attempt('a.requires_grad_()', lambda: a.requires_grad_())
attempt('a.requires_grad = True', lambda: setattr(a, 'requires_grad', True))
attempt('a.requires_grad_(False)', lambda: a.requires_grad_(False))
attempt('Parameter(a)', lambda: nn.Parameter(a))
attempt('Parameter(a, requires_grad=False)', lambda: nn.Parameter(a, requires_grad=False))
attempt('normal.add_(a)', lambda: normal.add_(a))
attempt('a.numpy()', lambda: a.numpy())
attempt('a.tolist()', lambda: a.tolist())
try:
    a[0] = 5.
except RuntimeError as e:
    print('a[0] = 5.', '!!', e)
print(a)
with torch.no_grad():
    attempt('a.fill_(3) under no_grad', lambda: a.fill_(3))
try:
    a += 1
except RuntimeError as e:
    print('a += 1', '!!', e)
print(a)
attempt('qv.add_(1)', lambda: qv.add_(1))
attempt('pv.add_(1)', lambda: pv.add_(1))
attempt('pv.requires_grad, pv.is_leaf', lambda: (pv.requires_grad, pv.is_leaf, pv.is_inference()))
attempt('v.add_(1)', lambda: v.add_(1))
q.add_(1)
attempt('qv*2 after q changed', lambda: qv * 2)
attempt('qv.grad_fn after q changed', lambda: qv.grad_fn)

# a model evaluated in inference mode, its predictions used in a later loss
model = nn.Linear(2, 1)
with torch.inference_mode():
    pred = model(torch.ones(1, 2))
print(pred, pred.is_inference(), pred.requires_grad)
attempt('mse_loss(pred, target)', lambda: F.mse_loss(pred, torch.ones(1, 1)))
attempt('mse_loss(model(x), pred)', lambda: F.mse_loss(model(torch.ones(1, 2)), pred))
attempt('((model(x) - pred)**2).sum()', lambda: ((model(torch.ones(1, 2)) - pred) ** 2).sum())
attempt('mse_loss(model(x), pred.clone())',
        lambda: F.mse_loss(model(torch.ones(1, 2)), pred.clone()))


@torch.inference_mode()
def predict(x):
    return model(x)


r = predict(torch.ones(1, 2))
print(r.is_inference(), r.requires_grad, torch.is_inference_mode_enabled())
