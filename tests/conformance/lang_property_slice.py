# property (decorator, setter, deleter, property(...) with doc), a property before the
# instance's dict, CPython 3.11's messages for a missing getter/setter/deleter; slice()
# and slice.indices; super().__init__() in a class with no base; classes' __module__.
# needs: property, slice, super() reaching object, __module__
# compare: exact


class Temperature:
    """A reading kept in Celsius."""

    def __init__(self, celsius):
        self._celsius = celsius

    @property
    def celsius(self):
        """degrees Celsius"""
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._celsius = value

    @celsius.deleter
    def celsius(self):
        print("deleting")
        del self._celsius

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32

    kelvin = property(lambda self: self._celsius + 273.15, doc="kelvin")


t = Temperature(25)
print(t.celsius, t.fahrenheit, t.kelvin)
t.celsius = 100
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
for action in ("set", "del"):
    try:
        if action == "set":
            t.fahrenheit = 3
        else:
            del t.kelvin
    except AttributeError as e:
        print("AttributeError:", e)
del t.celsius
print(hasattr(t, "_celsius"))
print(type(Temperature.celsius).__name__, Temperature.celsius.__doc__, Temperature.kelvin.__doc__)
print(Temperature.celsius.fget.__name__, Temperature.fahrenheit.fset)
print(isinstance(Temperature.kelvin, property))
empty = property()
class Holder:
    value = empty
try:
    Holder().value
except AttributeError as e:
    print("AttributeError:", e)
t2 = Temperature(0)
t2.__dict__["celsius"] = "shadow"
print(t2.celsius)


class Base:
    @property
    def name(self):
        return type(self).__name__.lower()


class Child(Base):
    def __init__(self):
        super().__init__()
        self.extra = 1


print(Child().name, Child().extra)
print(Child.__module__, Base.__module__, Child().__module__)


class Plain:
    def __init__(self, n):
        super().__init__()
        self.n = n


print(Plain(3).n)

s = slice(2)
print(s, s.start, s.stop, s.step)
s = slice(1, 10, 3)
print(s, s.indices(7), slice(None, None, -1).indices(5), slice(-3, None).indices(10))
items = list(range(10))
print(items[slice(2, 8, 2)], items[slice(None, None, -3)], "abcdef"[slice(1, 4)])
print(isinstance(s, slice), type(s).__name__)
try:
    slice()
except TypeError as e:
    print("TypeError:", e)
try:
    slice(1, 2, 3, 4)
except TypeError as e:
    print("TypeError:", e)
try:
    slice(0, 5, 0).indices(3)
except ValueError as e:
    print("ValueError:", e)
