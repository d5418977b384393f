# dict() and dict.update() given a mapping that is not a dict: its keys() and [], as
# CPython's (a defaultdict, a Counter, an OrderedDict, a class of one's own).
# compare: exact
# needs: dict.update through keys() and __getitem__
from collections import defaultdict, Counter, OrderedDict

d = defaultdict(int)
for ch in "hello":
    d[ch] += 1
print(dict(d), dict(Counter("abracadabra")), dict(OrderedDict(b=1, a=2)))


class Squares:
    def keys(self):
        return [3, 1, 2]

    def __getitem__(self, k):
        return k * k


e = {"x": 0}
e.update(Squares(), y=5)
print(e, dict(Squares()))


class NoItems:
    def keys(self):
        return ["k"]

    def __getitem__(self, k):
        raise KeyError(k)


try:
    dict(NoItems())
except KeyError as err:
    print("KeyError", err)
