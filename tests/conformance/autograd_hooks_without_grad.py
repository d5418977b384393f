# The hooks on a node's output gradients in PyTorch 1.13's order and when no gradient
# arrives: a pre-hook returning (None,) lets the nodes below run with None (their pre-hooks,
# the tensors' hooks and post-hooks see None, a Function's backward gets zeros or None,
# AccumulateGrad's hooks run and .grad stays None); the lists of hooks (register_prehook's,
# register_hook's, retain_grad's) run in the order each was first registered; what a hook
# may return in place of a missing gradient, with PyTorch's messages
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
z = y.exp()
L = z.sum()
def pre(g):
    print("pre sum", g)
    return (None,)
def pre_exp(g):
    print("pre exp", g)
def post_exp(gi, go):
    print("post exp", gi, go)
def pre_mul(g):
    print("pre mul", g)
def post_mul(gi, go):
    print("post mul", gi, go)
def th(g):
    print("tensor hook y", g)
L.grad_fn.register_prehook(pre)
z.grad_fn.register_prehook(pre_exp)
z.grad_fn.register_hook(post_exp)
y.grad_fn.register_prehook(pre_mul)
y.grad_fn.register_hook(post_mul)
y.register_hook(th)
z.register_hook(lambda g: print("tensor hook z", g))
x.register_hook(lambda g: print("x hook", g))
L.backward()
print(x.grad, w.grad)
print("--- second")
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
a, b = y.unbind()
L = a * 3 + b
acc = y.grad_fn.next_functions[0][0]
print(type(acc).__name__)
acc.register_prehook(lambda g: print("acc pre", g))
acc.register_hook(lambda gi, go: print("acc post", gi, go))
x.register_hook(lambda g: print("x hook", g))
y.grad_fn.register_prehook(lambda g: print("mul pre", g))
y.grad_fn.register_hook(lambda gi, go: print("mul post", gi, go))
a.grad_fn.register_prehook(lambda g: print("unbind pre", g))
a.grad_fn.register_hook(lambda gi, go: print("unbind post", gi, go))
y.register_hook(lambda g: print("y hook", g))
a.register_hook(lambda g: print("a hook", g))
b.register_hook(lambda g: print("b hook", g))
L.grad_fn.register_prehook(lambda g: (None,))
L.backward()
print(x.grad)
print("--- partial")
x.grad = None
y = x * 2
a, b = y.unbind()
L = a * 3 + b
a.grad_fn.register_prehook(lambda g: print("unbind pre", g))
a.grad_fn.register_hook(lambda gi, go: print("unbind post", gi, go))
L.grad_fn.next_functions[0][0].register_prehook(lambda g: (None,))
y.register_hook(lambda g: print("y hook", g))
a.register_hook(lambda g: print("a hook", g))
L.backward()
print(x.grad)
print("--- custom")
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        print("F backward", g)
        return g * 2
class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2
    @staticmethod
    def backward(ctx, g):
        print("G backward", g)
        return g
x.grad = None
y = G.apply(F.apply(x)).sum()
y.grad_fn.register_prehook(lambda g: (None,))
y.backward()
print(x.grad)
print("--- returns None")
class H(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return None
z = (x * 3)
z.register_hook(lambda g: print("z hook", g))
z.grad_fn.register_prehook(lambda g: print("z pre", g))
w = H.apply(z).sum()
try:
    w.backward()
except RuntimeError as e:
    print(e)
print(x.grad)
print("--- retain_grad")
z = x * 3
z.retain_grad()
w = (z * 2).sum()
w.grad_fn.register_prehook(lambda g: (None,))
try:
    w.backward()
except RuntimeError as e:
    print(e)
print(z.grad)
print("--- order")
x = torch.tensor([1.0, 2.0], requires_grad=True)
z = x * 3
z.register_hook(lambda g: print("z hook1", g))
z.grad_fn.register_prehook(lambda g: print("z pre", g))
z.register_hook(lambda g: print("z hook2", g))
z.retain_grad()
z.grad_fn.register_prehook(lambda g: print("z pre2", g))
x.register_hook(lambda g: print("x hook", g))
acc = z.grad_fn.next_functions[0][0]
acc.register_prehook(lambda g: print("acc pre", g))
x.register_hook(lambda g: print("x hook2", g))
z.sum().backward()
print(z.grad)
x = torch.tensor([1.0, 2.0], requires_grad=True)
def case(order):
    z = x * 3
    for o in order:
        if o == 'r': z.retain_grad()
        if o == 't': z.register_hook(lambda g: g * 2)
        if o == 'p': z.grad_fn.register_prehook(lambda g: (g[0] * 10,))
        if o == 'q': z.register_hook(lambda g: print("q", g))
    z.sum().backward()
    print(order, z.grad, x.grad)
    x.grad = None
for order in ['rt', 'tr', 'pr', 'rp', 'trp', 'prt', 'rpt', 'rtp', 'tpr', 'qrpt', 'rqpt']:
    case(order)
x = torch.tensor([1.0, 2.0], requires_grad=True)
z = x * 3
z.retain_grad()
z.grad_fn.register_prehook(lambda g: print("z pre", g))
w = (z * 2).sum()
w.grad_fn.register_prehook(lambda g: (None,))
try:
    w.backward()
except RuntimeError as e:
    print(e)
print(z.grad)
z = x * 3
z.register_hook(lambda g: print("zh", g))
z.register_hook(lambda g: None)
z.grad_fn.register_prehook(lambda g: print("z pre", g))
w = (z * 2).sum()
w.grad_fn.register_prehook(lambda g: (None,))
w.backward()
z = x * 3
z.register_hook(lambda g: x)
w = (z * 2).sum()
w.grad_fn.register_prehook(lambda g: (None,))
try:
    w.backward()
except RuntimeError as e:
    print(e)
z = x * 3
z.grad_fn.register_prehook(lambda g: (x,))
w = (z * 2).sum()
w.grad_fn.register_prehook(lambda g: (None,))
try:
    w.backward()
except RuntimeError as e:
    print(e)
x = torch.tensor([1.0, 2.0], requires_grad=True)
for ret in [3, x, (None,), (x,), (3,), [None]]:
    z = x * 3
    z.register_hook(lambda g: ret)
    w = (z * 2).sum()
    w.grad_fn.register_prehook(lambda g: (None,))
    try:
        w.backward()
    except Exception as e:
        print(type(e).__name__, e)
    z = x * 3
    z.grad_fn.register_prehook(lambda g: ret)
    w = (z * 2).sum()
    w.grad_fn.register_prehook(lambda g: (None,))
    try:
        w.backward()
    except Exception as e:
        print(type(e).__name__, e)
    z = x * 3
    z.grad_fn.register_hook(lambda gi, go: ret)
    w = (z * 2).sum()
    w.grad_fn.register_prehook(lambda g: (None,))
    try:
        w.backward()
    except Exception as e:
        print(type(e).__name__, e)
