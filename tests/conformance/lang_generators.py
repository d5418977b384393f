# Generator functions: yield as a statement and an expression, send, return in a generator,
# yield from (of generators and lists), lazy use by for, next, list, sum, any and max,
# infinite generators stopped by break, close running finally blocks, generators as
# __iter__, exceptions raised inside a generator, a data loader written with yield.
# compare: exact
# needs: yield, yield from, generator.send/close, next() with a default, StopIteration,
#   try/finally, classes with __iter__, slicing of lists
def count_up(n):
    for i in range(n):
        sent = yield i
        if sent is not None:
            print("received", sent)
    return "done"


for v in count_up(3):
    print("for", v)
it = count_up(4)
print(next(it), it.send("hello"), next(it), next(it), next(it, "exhausted"))
print(list(count_up(5)), sum(count_up(10)), max(x * x for x in count_up(6)))


def naturals():
    k = 0
    while True:
        yield k
        k += 1


firsts = []
for x in naturals():
    if x > 5:
        break
    firsts.append(x)
print(firsts, any(x > 100 for x in naturals()))


def delegate():
    result = yield from count_up(2)
    print("inner returned", result)
    yield from ["a", "b"]


print(list(delegate()))


def data_iter(batch_size, features, labels):
    indices = list(range(len(features)))
    indices.reverse()
    for i in range(0, len(indices), batch_size):
        batch = indices[i:i + batch_size]
        yield [features[j] for j in batch], [labels[j] for j in batch]


for xs, ys in data_iter(2, [1.5, 2.5, 3.5, 4.5, 5.5], [0, 1, 0, 1, 1]):
    print(xs, ys)


def with_cleanup():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup ran")


g = with_cleanup()
print(next(g))
g.close()
print("closed; next gives", next(g, "nothing"))


class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = children

    def __iter__(self):
        yield self.value
        for child in self.children:
            yield from child


print(list(Tree(1, [Tree(2, [Tree(3)]), Tree(4)])))


def failing():
    yield 1
    raise ValueError("boom inside the generator")


try:
    for x in failing():
        print("got", x)
except ValueError as e:
    print("caught:", e)


def bare():
    yield


print(list(bare()))
s = count_up(1)
print(next(s))
try:
    next(s)
except StopIteration:
    print("StopIteration")


def pairs(items):
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            yield a, b


print(list(pairs("abc")))
print(dict((k, v) for k, v in zip("xy", count_up(2))))
print(sorted(count_up(4), reverse=True))


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


f = fib()
print([next(f) for _ in range(10)])
