# contextlib's contextmanager (the generator's exception thrown in at its yield, swallowed
# or not, "generator didn't yield"), nullcontext and suppress; types.SimpleNamespace as a
# configuration object; generator.throw() on suspended, just-started and finished generators
# compare: exact
# needs: contextlib, types.SimpleNamespace, generator.throw
import time
from contextlib import contextmanager, nullcontext, suppress
from types import SimpleNamespace
import torch

config = SimpleNamespace(lr=0.1, epochs=3, hidden=[8, 4])
print(config, config.lr, vars(config))
config.momentum = 0.9
print(config == SimpleNamespace(lr=0.1, epochs=3, hidden=[8, 4], momentum=0.9), config.momentum)

log = []


@contextmanager
def timer(name):
    start = 0.0
    log.append(f"start {name}")
    try:
        yield name.upper()
    finally:
        log.append(f"end {name}")


with timer("train") as t:
    print("inside", t)
print(log)

try:
    with timer("boom"):
        raise ValueError("inside the block")
except ValueError as e:
    print("caught", e, log[-1])


@contextmanager
def swallow():
    try:
        yield
    except KeyError as e:
        print("swallowed", repr(e))


with swallow():
    {}["missing"]
print("after swallow")


@contextmanager
def evaluating(model):
    was = model.training
    model.eval()
    try:
        yield model
    finally:
        model.train(was)


net = torch.nn.Linear(2, 1)
with evaluating(net) as m:
    print(m.training)
print(net.training)

with nullcontext(5) as five:
    print(five)
with suppress(ZeroDivisionError):
    1 / 0
print("suppressed")


def gen():
    try:
        yield 1
        yield 2
    except ValueError as e:
        print("gen got", e)
        yield 99
    yield 3


g = gen()
print(next(g), g.throw(ValueError("x")), next(g))
try:
    g.throw(KeyError, "k")
except KeyError as e:
    print("raised out", repr(e))
print(list(g))
g2 = gen()
try:
    g2.throw(TypeError("early"))
except TypeError as e:
    print("early", e, list(g2))


@contextmanager
def no_yield():
    if False:
        yield


try:
    with no_yield():
        pass
except RuntimeError as e:
    print(e)
