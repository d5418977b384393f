# grad_fn.register_prehook and grad_fn.register_hook as PyTorch 1.13 runs them: pre-hooks
# among the tensor's hooks (each list in the order first registered), post-hooks after the
# node with its gradients and the arrived ones, a returned tuple replacing them (None drops
# a gradient), RemovableHandle.remove, PyTorch's messages for a wrong return;
# AccumulateGrad's hooks
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
y = x * w
z = y.sum()

def post(gi, go):
    print('post', gi, go)

def pre(go):
    print('pre', go)

def post2(gi, go):
    print('post2')
    return (gi[0] * 10, None)

def pre2(go):
    print('pre2')
    return (go[0] * 2,)

h1 = y.grad_fn.register_hook(post)
h2 = y.grad_fn.register_prehook(pre)
y.register_hook(lambda g: print('tensor hook', g))
h3 = y.grad_fn.register_hook(post2)
h4 = y.grad_fn.register_prehook(pre2)
print(h1)
z.backward(retain_graph=True)
print(x.grad, w.grad)
h1.remove()
h4.remove()
h4.remove()
x.grad = None
w.grad = None
z.backward(retain_graph=True)
print(x.grad, w.grad)
h2.remove()
h3.remove()
x.grad = None
w.grad = None
z.backward()
print(x.grad, w.grad)

def check(name, hook, post=True):
    y = x * 2
    if post:
        y.grad_fn.register_hook(hook)
    else:
        y.grad_fn.register_prehook(hook)
    attempt(name, lambda: y.sum().backward())

def three(gi, go):
    return (gi[0],)

check('short', lambda gi, go: (gi[0],))
check('named', three)
check('replace None', lambda gi, go: (gi[0], gi[0]))
check('pre int', lambda go: 5, post=False)
check('post list', lambda gi, go: [gi[0]])
check('pre long', lambda go: (go[0], go[0]), post=False)
check('not a tensor', lambda gi, go: (1, None))
check('raises', lambda gi, go: 1 / 0)
print(x.grad)
y = x * 2
attempt('no argument', lambda: y.grad_fn.register_hook())
attempt('two arguments', lambda: y.grad_fn.register_prehook(1, 2))
attempt('keyword', lambda: y.grad_fn.register_hook(hook=post))

x.grad = None
y = x * 3
acc = y.grad_fn.next_functions[0][0]
acc.register_hook(lambda gi, go: print('acc post', gi, go))
acc.register_prehook(lambda go: print('acc pre', go))
y.grad_fn.register_prehook(lambda go: print('mul pre', go))
y.grad_fn.register_hook(lambda gi, go: print('mul post', gi, go))
x.register_hook(lambda g: print('x hook', g))
y.sum().backward()
print(x.grad)
with y.grad_fn.register_hook(post) as handle:
    print(handle is not None)
print(y.grad_fn.name(), y.grad_fn.next_functions)
