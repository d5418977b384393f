# PEP 560 and the class-creation hooks as CPython 3.11: typing.Generic[T] as a base (through
# __mro_entries__, kept in __orig_bases__), a generic class subscripted, __class_getitem__,
# __init_subclass__ (implicitly a class method, called on the parent once a subclass is
# made, super().__init_subclass__() ending at object's)
# compare: exact
# needs: __mro_entries__, __class_getitem__, __init_subclass__, typing.Generic
from typing import Generic, TypeVar, List, Optional

T = TypeVar("T")
K = TypeVar("K")


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item


class Pair(Box[T], Generic[T, K]):
    def __init__(self, a: T, b: K):
        super().__init__(a)
        self.b = b


print(Box(3).get(), Box.__mro__, Box.__bases__, Box.__orig_bases__)
print(Pair.__mro__, Pair.__bases__, Pair.__orig_bases__)
print(Box[int], Box[int](5).item, Pair[int, str], Generic[T])
p = Pair(1, "x")
print(p.get(), p.b, isinstance(p, Box), issubclass(Pair, Generic))


class Registry:
    models = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Registry.models[cls.__name__] = cls
        cls.registered_as = cls.__name__.lower()


class MLP(Registry):
    pass


class CNN(Registry):
    pass


class DeepCNN(CNN):
    pass


print(sorted(Registry.models), DeepCNN.registered_as, hasattr(Registry, "registered_as"))


class Plugin:
    plugins = []

    @classmethod
    def __init_subclass__(cls):
        Plugin.plugins.append(cls.__qualname__)


class A(Plugin):
    class Inner(Plugin):
        pass


print(Plugin.plugins)


class Table:
    def __class_getitem__(cls, key):
        return f"{cls.__name__}[{key!r}]"


print(Table["x"], Table[1, 2])
