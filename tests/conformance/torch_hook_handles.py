# register_hook and the module hooks return handles whose remove() takes the hook away; a
# tensor hook that returns something other than a tensor or None is a TypeError
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: g * 2)
print(type(h).__name__, isinstance(h.id, int))
(x * 3).sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x * 3).sum().backward()
print(x.grad)
h.remove()

x.grad = None
z = x * 1
h2 = z.register_hook(lambda g: g + 1)
z.sum().backward()
print(x.grad)
h2.remove()

for bad in ("no", 5, [1.0]):
    x.grad = None
    z = x * 1
    z.register_hook(lambda g, bad=bad: bad)
    try:
        z.sum().backward()
    except TypeError as e:
        print("TypeError:", e)
x.grad = None
hx = x.register_hook(lambda g: "no")
try:
    (x * 1).sum().backward()
except TypeError as e:
    print("TypeError:", e)
hx.remove()
(x * 1).sum().backward()
print(x.grad)

torch.manual_seed(0)
m = torch.nn.Linear(2, 1)
calls = []
hf = m.register_forward_hook(lambda mod, inp, out: calls.append(("fwd", type(mod).__name__,
                                                                  len(inp), out.shape)))
hp = m.register_forward_pre_hook(lambda mod, inp: calls.append(("pre", len(inp))))
m(torch.ones(1, 2))
print(calls)
hf.remove()
hp.remove()
m(torch.ones(1, 2))
print(len(calls))
h3 = m.register_forward_hook(lambda mod, inp, out: out * 0)
print(m(torch.ones(1, 2)))
h3.remove()
h4 = m.register_forward_pre_hook(lambda mod, inp: (inp[0] * 0,))
print(m(torch.ones(1, 2)) - m.bias)
h4.remove()
print(h4.id > h3.id, type(h4.id).__name__)
with m.register_forward_hook(lambda mod, i, o: calls.append('ctx')):
    m(torch.ones(1, 2))
m(torch.ones(1, 2))
print(calls[-1], len(calls))
with x.register_hook(lambda g: g * 10):
    x.grad = None
    (x * 1).sum().backward()
print(x.grad)
x.grad = None
(x * 1).sum().backward()
print(x.grad)
