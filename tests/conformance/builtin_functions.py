# Python's built-in functions, declared in the signature table: wrong calls get CPython's
# messages; no keyword is ignored.
# needs: the signature table
# compare: exact

def check(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)
check(lambda: sorted([2, 1], reversed=True))
check(lambda: str(1, 2, 3))
check(lambda: str(x=1))
check(lambda: int("5", bas=10))
check(lambda: bool(1, 2))
check(lambda: list(1, 2))
check(lambda: float(x=1))
check(lambda: min([1], kee=len))
check(lambda: len())
check(lambda: abs(1, 2))
check(lambda: sum())
check(lambda: sum([1], start=2, x=1))
check(lambda: round())
check(lambda: round(1.5, nd=1))
check(lambda: isinstance(1))
check(lambda: getattr(1))
check(lambda: print(x=1))
check(lambda: range())
check(lambda: range(1, x=2))
check(lambda: enumerate())
check(lambda: enumerate([1], begin=1))
check(lambda: zip([1], strict=True, x=1))
check(lambda: format())
check(lambda: repr())
check(lambda: hash())
check(lambda: type())
check(lambda: chr())
check(lambda: divmod(1))
check(lambda: pow(1))
check(lambda: any())
check(lambda: tuple(1, 2))
check(lambda: dict(1, 2))
check(lambda: iter())
check(lambda: next())
check(lambda: reversed())
check(lambda: map(len))
check(lambda: filter(None))
check(lambda: callable())
check(lambda: hasattr(1))
check(lambda: setattr(1, 2))
check(lambda: id())
check(lambda: ord(1, 2))
check(lambda: vars(1, 2))
check(lambda: max())
check(lambda: max(1, 2, key=None, default=3))
check(lambda: sorted())
check(lambda: sorted([1], key=None, reverse=False, x=1))
check(lambda: issubclass(int))
check(lambda: delattr(1))
check(lambda: min([1], key=None, default=1, x=1))
check(lambda: print(1, sep=" ", end="", file=None, flush=False, x=1))
check(lambda: zip(x=1))
check(lambda: map(x=1))
check(lambda: next(iter([]), x=1))
check(lambda: sorted([3, 1, 2], key=lambda v: -v, reverse=True))
check(lambda: dict([("a", 1)], b=2))
check(lambda: dict(a=1, **{"b": 2}))
check(lambda: round(2.675, 2))
check(lambda: int("ff", base=16))
check(lambda: int(3.5, 10))
check(lambda: int(base=10))
check(lambda: str(b=1))
check(lambda: str("x", "utf-8"))
check(lambda: getattr(1, "real", None))
check(lambda: max(3, 1, 2, key=lambda v: -v))
check(lambda: min([], default="empty"))
check(lambda: list(enumerate("ab", start=1)))
check(lambda: list(enumerate(iterable="ab")))
check(lambda: list(map(pow, [2, 3], [2, 2])))
check(lambda: list(filter(None, [0, 1, 2])))
check(lambda: type(1, 2))
check(lambda: ord("ab"))
check(lambda: ord(1))
check(lambda: format(3.14159, ".2f"))
check(lambda: format(1, 2))
check(lambda: pow(2, 10, 1000))
check(lambda: print("a", "b", sep=None, end=None))
check(lambda: print("a", sep=1))
check(lambda: print("a", end=1))
import math
for t in [lambda: math.sqrt(), lambda: math.log(), lambda: math.log(1, 2, 3), lambda: math.floor(),
          lambda: math.pow(1), lambda: math.isclose(1), lambda: math.isclose(1, 2, rel=1),
          lambda: math.prod(), lambda: math.prod([2, 3], start=2), lambda: math.fsum(),
          lambda: math.atan2(1), lambda: math.degrees(), lambda: math.log(8, 2), lambda: math.sqrt(x=4),
          lambda: math.isclose(1.0, 1.0 + 1e-10), lambda: math.isclose(1, 1.1, rel_tol=0.2),
          lambda: math.floor(2.5), lambda: math.ceil(2.1), lambda: math.exp(1)]:
    check(t)
import random
import time
random.seed(42)
print(random.random(), random.randint(1, 6), random.randrange(10), random.randrange(2, 20, 3))
print(random.uniform(1, 2), random.gauss(0, 1), random.normalvariate(mu=1.0, sigma=2.0))
xs = list(range(6)); random.shuffle(xs); print(xs, random.choice("abc"))
random.seed(7, version=2); print(random.random())
for t in [lambda: random.randint(1), lambda: random.seed(1, 2, 3), lambda: random.random(1),
          lambda: random.randrange(), lambda: random.gauss(x=1), lambda: random.choice(),
          lambda: random.shuffle([1], random=None), lambda: random.uniform(1),
          lambda: time.time(1), lambda: time.perf_counter(x=1), lambda: random.randrange(1, 2, 3, 4)]:
    check(t)
