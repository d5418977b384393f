# Functions: closures, lambdas (default-argument capture and late binding), *args/**kwargs,
# keyword arguments, global, recursion, functions as values.
# compare: exact
# needs: nested def, closures over arguments and over a mutable list, lambda, default values,
#   *args, keyword-only after *args, **kwargs and **dict at the call, *list at the call,
#   dict.items(), str.join, global, sorted(key=, reverse=), recursion, conditional expression
def make_multiplier(n):
    def multiply(x):
        return x * n
    return multiply


double = make_multiplier(2)
triple = make_multiplier(3)
print(double(5), triple(5), double(triple(2)), double("ab"))


def make_accumulator():
    total = [0]

    def add(x):
        total[0] += x
        return total[0]
    return add


acc = make_accumulator()
print([acc(i) for i in range(5)])

adders = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in adders])
late = [lambda x: x + i for i in range(3)]
print([f(10) for f in late])


def describe(name, *args, sep=", ", **kwargs):
    parts = [str(a) for a in args]
    parts += [f"{k}={v}" for k, v in kwargs.items()]
    return name + "(" + sep.join(parts) + ")"


print(describe("f"))
print(describe("g", 1, 2.5, "s", flag=True, lr=0.1))
print(describe("h", *[1, 2], sep="; ", **{"a": 1}))
print(describe(name="k"))

counter = 0


def bump():
    global counter
    counter += 1
    return counter


bump()
bump()
print(counter)

compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(double, lambda x: x + 1)
print(inc_then_double(4))
print(sorted(["pear", "fig", "apple"], key=lambda s: len(s)))
print(sorted([3, 1, 2], reverse=True), sorted("backstep"))


def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


print(fact(10), fact(20))


def apply_twice(f, x):
    return f(f(x))


print(apply_twice(double, 3), apply_twice(lambda s: s + "!", "hi"))


def defaults(a, b=2, c=None):
    if c is None:
        c = []
    c.append(a + b)
    return c


print(defaults(1), defaults(1, 3), defaults(1, c=[0]), defaults(b=5, a=1))


def no_return():
    pass


print(no_return())
