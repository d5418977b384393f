# Optimizer methods as PyTorch declares them: step(closure), zero_grad(set_to_none),
# state_dict/load_state_dict, add_param_group, param_groups as real dicts
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
x = torch.randn(5, 3)
y = torch.randn(5)


def loss_fn():
    return ((x @ w + b - y) ** 2).mean()


for cls, kw in ((torch.optim.SGD, dict(lr=0.1, momentum=0.9)), (torch.optim.Adam, dict(lr=0.01)),
                (torch.optim.AdamW, dict(lr=0.01)), (torch.optim.RMSprop, dict(lr=0.01)),
                (torch.optim.Adagrad, dict(lr=0.1))):
    opt = cls([w, b], **kw)
    calls = []

    def closure():
        opt.zero_grad()
        loss = loss_fn()
        loss.backward()
        calls.append(torch.is_grad_enabled())
        return loss

    with torch.no_grad():
        first = opt.step(closure)
    print(cls.__name__, first, calls)
    print(opt.step(closure=closure))
    print(opt.step() is None)
    for bad in (lambda: opt.step(foo=1), lambda: opt.step(None, 2),
                lambda: opt.zero_grad(foo=1), lambda: opt.zero_grad(True, 1),
                lambda: opt.state_dict(1), lambda: opt.add_param_group(),
                lambda: opt.load_state_dict()):
        try:
            bad()
        except TypeError as e:
            print('TypeError:', e)

# zero_grad(set_to_none=True) and positional
opt = torch.optim.SGD([w, b], lr=0.1)
loss_fn().backward()
opt.zero_grad(True)
print(w.grad, b.grad)
loss_fn().backward()
opt.zero_grad()
print(w.grad, b.grad)

# param_groups are dicts: keys, in, len, iteration, get, setdefault, change lr
g = opt.param_groups[0]
print(type(g).__name__, len(g), 'lr' in g, 'beta' in g, list(g))
print(g.get('momentum'), g.setdefault('initial_lr', 0.5), g['initial_lr'])
g['lr'] = 0.05
print(opt.param_groups[0]['lr'], opt.param_groups is opt.param_groups, opt.param_groups[0] is g)
print(opt)
loss_fn().backward()
opt.step()
print(w, b)

# add_param_group keeps and fills the dict it is given
w2 = torch.randn(2, requires_grad=True)
extra = {'params': w2, 'lr': 0.5}
opt.add_param_group(extra)
print(extra is opt.param_groups[1], sorted(extra), extra['params'])
print(opt)
(w2 ** 2).sum().backward()
opt.step()
print(w2)
try:
    opt.add_param_group({'params': [w]})
except ValueError as e:
    print('ValueError:', e)
try:
    opt.add_param_group([w2])
except AssertionError as e:
    print('AssertionError:', e)

# state_dict / load_state_dict round trip: a fresh optimizer continues the same way
torch.manual_seed(1)
p1 = torch.randn(4, requires_grad=True)
p2 = p1.detach().clone().requires_grad_(True)
a1 = torch.optim.Adam([p1], lr=0.1, betas=(0.8, 0.9))
for _ in range(3):
    a1.zero_grad()
    (p1 ** 3).sum().backward()
    a1.step()
sd = a1.state_dict()
print(sd)
with torch.no_grad():
    p2.copy_(p1)
a2 = torch.optim.Adam([p2], lr=0.5)
a2.load_state_dict(sd)
print(a2.param_groups[0]['lr'], a2.param_groups[0]['betas'], a2.param_groups[0]['params'][0] is p2)
print(a2.state_dict()['state'][0]['step'])
for opt_, p in ((a1, p1), (a2, p2)):
    opt_.zero_grad()
    (p ** 3).sum().backward()
    opt_.step()
print(p1, p2, torch.equal(p1, p2))
sd['state'][0]['exp_avg'].zero_()
print(a2.state_dict()['state'][0]['exp_avg'].abs().sum() > 0)

m1 = torch.optim.SGD([p1], lr=0.1, momentum=0.5)
m1.zero_grad()
p1.sum().backward()
m1.step()
m2 = torch.optim.SGD([p2], lr=0.3)
m2.load_state_dict(m1.state_dict())
print(m2.state_dict())
print(m2)
for bad in ({'state': {}, 'param_groups': []},
            {'state': {}, 'param_groups': [{'params': [0, 1], 'lr': 0.1}]}):
    try:
        m2.load_state_dict(bad)
    except ValueError as e:
        print('ValueError:', e)
print(m2.defaults)
