# Class features lecture code leans on, as CPython 3.11: typing.Generic as a base, dataclass
# inheritance (fields of the base first, a redefined field kept in place, default_factory
# fields not left as class attributes), __init_subclass__ registries, functools.total_ordering,
# __slots__ (no attribute outside them, a base's slots inherited, a subclass without
# __slots__ free again, a slot clashing with a class variable)
# compare: exact
# needs: dataclasses with a dataclass base, total_ordering, __slots__, delattr on a class
from dataclasses import dataclass, field
from typing import Generic, TypeVar, Optional, List
import functools

T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item


print(Box(3).item, Box.__mro__)




@dataclass
class Config:
    lr: float = 0.1
    layers: List[int] = field(default_factory=lambda: [4, 2])


@dataclass
class TrainConfig(Config):
    epochs: int = 3


class Registry:
    models = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Registry.models[cls.__name__] = cls


class MLP(Registry):
    pass


class CNN(Registry):
    pass


print(TrainConfig(), TrainConfig(epochs=5).layers, sorted(Registry.models))


@functools.total_ordering
class Version:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor

    def __eq__(self, other):
        return (self.major, self.minor) == (other.major, other.minor)

    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)


print(Version(1, 2) <= Version(1, 3), Version(2, 0) > Version(1, 9))


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 1


s = Slotted()
print(s.a, Slotted.__slots__)
try:
    s.c = 3
except AttributeError as e:
    print(e)


class Base2:
    __slots__ = "x"


class Child(Base2):
    __slots__ = ("y",)


class Free(Base2):
    pass


c = Child()
c.x, c.y = 1, 2
f = Free()
f.z = 3
print(c.x, c.y, f.z)
for obj, name in ((c, "z"), (Slotted(), "b")):
    try:
        setattr(obj, name, 0)
        print("set", name, getattr(obj, name))
    except AttributeError as e:
        print(e)
try:
    class Clash:
        __slots__ = ("a",)
        a = 1
except ValueError as e:
    print(e)


@dataclass
class Base3:
    x: int
    y: int = 2


@dataclass
class Derived3(Base3):
    z: int = 3
    y: int = 5


print(Derived3(1), Derived3(1, 2, 3))
