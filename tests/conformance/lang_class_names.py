# What classes and functions are called: __name__, __qualname__ (Outer.Inner,
# f.<locals>.g, <listcomp>.<lambda>), __module__, __bases__, __mro__, __class__, and the
# reprs built from them (classes, instances, bound methods); hex(), oct(), bin().
# compare: exact
# needs: nested classes and functions, class reprs with __module__ and __qualname__,
#   type.__bases__/__mro__, builtin types' __class__, bound method reprs
import torch
import torch.nn as nn


class Outer:
    class Inner:
        def m(self):
            return 1

    def meth(self):
        def g():
            return 2
        return g


class Base:
    pass


class Child(Base):
    pass


class D(dict):
    pass


class MyErr(ValueError):
    pass


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc(x)


def f():
    def g():
        class Local:
            def hello(self):
                return 3
        return Local
    return g


def outer():
    return [lambda: 0 for _ in range(1)][0]


print(Outer.__qualname__, Outer.Inner.__qualname__, Outer.Inner.__name__)
print(Outer.Inner, Outer.Inner())
print(Outer.Inner.m.__qualname__, Outer.meth.__qualname__, Outer().meth().__qualname__)
print(Outer().meth)
Local = f()()
print(f.__qualname__, f().__qualname__, Local.__qualname__, Local, Local())
print(Local.hello.__qualname__, Local().hello)
print((lambda: 0).__qualname__, [lambda: 0 for _ in range(1)][0].__qualname__,
      outer().__qualname__)
print(Child.__bases__, Base.__bases__, Child.__mro__, object.__bases__, object.__mro__)
print(Child.__name__, Child.__module__, Outer.Inner.__module__, f.__module__, f.__name__)
print(D.__bases__, D.__mro__, D.__name__, D.__qualname__)
print(MyErr.__bases__, MyErr.__mro__, MyErr.__module__, MyErr("x").__class__)
print(ValueError.__mro__, ValueError.__bases__, ValueError.__name__, ValueError.__module__)
print(Net.__bases__, Net.__name__, Net.__module__, Net.__qualname__)
print(nn.Linear.__mro__, nn.Linear.__bases__, nn.Module.__bases__)
n = Net()
print(n.__class__.__name__, type(n).__qualname__, n.__class__, type(n.fc))
print(tuple.__class__, type(()), ().__class__, type(type(())), [].__class__, (3).__class__)
print(int.__mro__, bool.__mro__, bool.__bases__, int.__name__, list.__qualname__)
print(type(Child), Child.__class__, type(Child()).__mro__, type(3).__name__)
print(type(None), type(len), len.__qualname__, len.__module__, torch.Tensor.__name__)
for v in (0, 255, -255, 2**63 - 1, -2**63, True):
    print(hex(v), oct(v), bin(v))
for bad in (1.5, "3", None):
    try:
        hex(bad)
    except TypeError as e:
        print(e)
