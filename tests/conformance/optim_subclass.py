# torch.optim.Optimizer as the base of a script's own optimizer (as d2l and course notebooks write
# theirs): defaults, param_groups, per-parameter state, zero_grad, step under @torch.no_grad(),
# parameter groups with their own lr, state_dict, repr and PyTorch's messages.
# needs: torch.optim.Optimizer subclassing, super().__init__(params, defaults)
import torch
from torch.optim import Optimizer

class MySGD(Optimizer):
    def __init__(self, params, lr=0.1, momentum=0.0):
        if lr < 0.0:
            raise ValueError("Invalid learning rate: {}".format(lr))
        defaults = dict(lr=lr, momentum=momentum)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state['buf'] = torch.zeros_like(p)
                buf = state['buf']
                buf.mul_(group['momentum']).add_(p.grad)
                p.add_(buf, alpha=-group['lr'])
        return loss

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
opt = MySGD([w, b], lr=0.1, momentum=0.9)
print(opt.defaults, len(opt.param_groups), sorted(opt.param_groups[0].keys()))
x = torch.randn(5, 3); y = torch.randn(5)
for i in range(3):
    opt.zero_grad()
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    opt.step()
    print(i, loss.item())
print(w, b.grad)
print(len(opt.state), opt.state[w]['buf'])
opt2 = MySGD([{'params': [w]}, {'params': [b], 'lr': 0.01}])
print([g['lr'] for g in opt2.param_groups], opt2.param_groups[1]['momentum'])
print(opt.state_dict()['param_groups'])
print(isinstance(opt, torch.optim.Optimizer))
print(opt)


def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)


attempt(lambda: MySGD(w))
attempt(lambda: MySGD([]))
attempt(lambda: MySGD([w, 3]))
attempt(lambda: MySGD([w * 2]))
attempt(lambda: MySGD([{'params': [w]}, {'params': [w]}]))
attempt(lambda: torch.optim.Optimizer([w], {}).step(None))
opt.zero_grad(set_to_none=True)
print(w.grad)
