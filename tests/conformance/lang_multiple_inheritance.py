# Multiple inheritance as CPython 3.11: C3 method resolution order (__mro__, mro()),
# __bases__ and __base__, lookup along the MRO, cooperative super() in both spellings,
# __init__ chains passing keywords, isinstance/issubclass through every base, and CPython's
# TypeErrors for an inconsistent order, a duplicate base and an instance lay-out conflict
# compare: exact
# needs: class C(A, B), super() following type(self).__mro__, classmethods and properties
#   reached through super(), *bases in a class statement, exceptions with two bases
class A:
    def __init__(self, **kw):
        print("A.__init__", kw)
        super().__init__(**kw)
    def who(self): return "A"
class B:
    def __init__(self, **kw):
        print("B.__init__", kw)
        super().__init__()
    def who(self): return "B"
    def only_b(self): return "only B"
class C(A, B):
    def __init__(self):
        super().__init__(x=1)
    def who(self): return "C>" + super().who()
c = C()
print(C.__mro__)
print(C.mro())
print(C.__bases__, C.__base__, A.__base__, object.__base__)
print(c.who(), c.only_b(), super(A, c).who())
print(isinstance(c, A), isinstance(c, B), issubclass(C, B), issubclass(C, (int, B)))
class X: pass
class Y: pass
class Z(X, Y): pass
for bases in [(X, Y, Z), (X, X), (object, X), (Y, X, Z)]:
    try:
        class Bad(*bases): pass
    except TypeError as e:
        print(repr(e))
class E(ValueError, IndexError): pass
try:
    raise E("bad")
except IndexError as e:
    print(type(e), e, E.__mro__)
try:
    class F(dict, list): pass
except TypeError as e: print(e)
try:
    class F(AttributeError, NameError): pass
except TypeError as e: print(e)
class G(KeyError, ValueError): pass
print(G.__mro__, G.__base__)
class H(Exception, X): pass
print(H.__mro__, H.__base__, H("m").args)
class O(object): pass
class P(O, X): pass
print(P.__mro__, O.__bases__, O.mro())
class D(dict, X): pass
print(D.__mro__, D.__bases__, isinstance(D(a=1), dict), D(a=1)["a"])

class Base:
    registry = []
    @classmethod
    def create(cls, *a):
        Base.registry.append(cls.__name__)
        return cls(*a)
    @property
    def label(self):
        return "base:" + type(self).__name__
    @staticmethod
    def helper(x):
        return x + 1
class Left(Base):
    @classmethod
    def create(cls, *a):
        print("Left.create", cls.__name__)
        return super().create(*a)
    @property
    def label(self):
        return "left/" + super().label
class Right(Base):
    @classmethod
    def create(cls, *a):
        print("Right.create", cls.__name__)
        return super().create(*a)
    def helper2(self):
        return super().helper(41)
class Both(Left, Right):
    pass
b = Both.create()
print(type(b).__name__, Base.registry, b.label, b.helper2(), Both.helper(1))
print(Both, Both.__qualname__, Both.__name__, Both.__module__)
print([k.__name__ for k in Both.__mro__])
def make():
    class Inner(Left, Right): pass
    return Inner
I = make()
print(I, I.__mro__[1:3], I())
print(issubclass(Both, Base), issubclass(Both, (Right,)), issubclass(Right, Left), isinstance(b, (int, Right)))
# diamond with __init__ chains that pass along keywords
class Shape:
    def __init__(self, name="shape", **kw):
        print("Shape", name, kw)
        self.name = name
        super().__init__(**kw)
class Colored(Shape):
    def __init__(self, color="red", **kw):
        print("Colored", color)
        self.color = color
        super().__init__(**kw)
class Sized(Shape):
    def __init__(self, size=1, **kw):
        print("Sized", size)
        self.size = size
        super().__init__(**kw)
class Box(Colored, Sized):
    def __init__(self, **kw):
        super(Box, self).__init__(**kw)
x = Box(color="blue", size=3, name="box")
print(vars(x))
print(Box.__mro__)
try:
    Box(depth=2)
except TypeError as e:
    print(e)
# a class attribute found along the MRO, shadowed and not
class P1: a = 1; b = 1
class P2: a = 2; b = 2; c = 2
class Q(P1, P2): b = 3
print(Q.a, Q.b, Q.c, Q().a)
P1.a = 10
print(Q.a, hasattr(Q, "c"), getattr(Q, "d", None))

class A:
    def f(self): return super()
class B(A): pass
print(B.mro)
print(B.mro(), type(B.mro()))
s = B().f()
print(type(s))
