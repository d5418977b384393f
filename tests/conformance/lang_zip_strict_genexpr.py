# zip(strict=True) with CPython 3.11's ValueErrors (shorter/longer than argument 1 or
# arguments 1-N, raised when the shortest runs out, lazily); a generator expression's repr,
# __name__ and __qualname__ as CPython prints them (module, function, class body, nested
# function, inside a list comprehension), and generator functions' reprs beside them
# compare: exact
# needs: zip's strict keyword, generator expressions' qualified names
print(list(zip([1, 2], "ab", strict=True)))
for args in [([1, 2], [3]), ([1], [2, 3]), ([1, 2], [3, 4], [5]), ([1, 2], [3, 4], [5, 6, 7]), ([], [1]), ([1], [], [])]:
    try:
        print(list(zip(*args, strict=True)))
    except ValueError as e:
        print("ValueError:", e)
z = zip(iter([1, 2, 3]), [4, 5], strict=True)
print(next(z), next(z))
try:
    next(z)
except ValueError as e:
    print(e)
print(list(zip(strict=True)), list(zip([1], strict=True)))
def r(o):
    # the repr without its address, which differs from run to run
    return repr(o).rsplit(" at 0x", 1)[0] + ">"
g = (x for x in range(3))
print(r(g), g.__name__, g.__qualname__)
def f():
    return (y * 2 for y in range(2))
print(r(f()), f().__qualname__)
class C:
    gen = (i for i in range(2))
    def m(self):
        def inner():
            return (i for i in "ab")
        return inner()
    print(r(gen))
print(r(C().m()), r(C.gen))
print(r([(q for q in ()) for _ in range(1)][0]))
def gen():
    yield 1
print(r(gen()), r(C.m))
class D:
    def g(self):
        yield 2
print(r(D().g()))
for a, b in zip([1, 2, 3], [4, 5, 6], strict=True):
    print(a + b)
try:
    for a, b in zip("abc", (1, 2), strict=True):
        print(a, b)
except ValueError as e:
    print(repr(e))
