# Classes that subclass dict, OrderedDict and list (issue 13), as lecture code writes them;
# __getattr__'s own AttributeError reaches the script
# needs: collections' stand-ins for the built-in bases
from collections import OrderedDict


class Registry(OrderedDict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.hits = 0

    def __getitem__(self, key):
        self.hits += 1
        return super().__getitem__(key)


r = Registry([("relu", 1), ("tanh", 2)], gelu=3)
print(r, len(r), r["tanh"], r.hits, list(r), list(r.items()))
r.move_to_end("relu")
print(r, r.popitem(), r.popitem(last=False), r)
print(Registry(), isinstance(r, dict), isinstance(r, OrderedDict), isinstance(r, list))


class Counts(dict):
    def __missing__(self, key):
        return 0

    def add(self, key):
        self[key] = self.get(key, 0) + 1


c = Counts()
for w in "the cat and the hat".split():
    c.add(w)
print(c, c["the"], c["dog"], "dog" in c, sorted(c.keys()), c.pop("and"), c)


class Path(list):
    def total(self):
        return sum(self)


p = Path([3, 1, 2])
p.append(5)
p += [10]
p.sort()
print(p, len(p), p[0], p[-1], p[1:3], p.total(), 5 in p, isinstance(p, list))


class Attrs(dict):
    def __getattr__(self, name):
        if name in self:
            return self[name]
        raise AttributeError(f"no setting {name!r}")


a = Attrs(lr=0.1)
print(a.lr, hasattr(a, "momentum"), getattr(a, "momentum", 0.9))
try:
    a.momentum
except AttributeError as e:
    print("AttributeError:", e)
