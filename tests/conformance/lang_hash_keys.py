# Dict keys and set members by __hash__ and __eq__, errors in them propagating, changing a
# dict or set while iterating it, strings holding NUL characters.
# compare: exact
# needs: classes with __hash__/__eq__ as dict keys, ** in dict displays, dict.get/pop,
#   exceptions raised by __hash__/__eq__, RuntimeError on a dict/set changed during
#   iteration, len/in/< on strings with "\x00", hash() of tuples, ints and floats
class P:
    def __init__(self, v): self.v = v
    def __hash__(self): return hash(self.v)
    def __eq__(self, o): return isinstance(o, P) and self.v == o.v
d = {}
d[P(1)] = 'a'
d[P(1)] = 'b'
print(len(d), P(1) in d, d[P(1)])
e = {P(2): 1, **d}
print(len(e), d.get(P(1)), d.pop(P(1)), len(d))
class Bad:
    def __hash__(self): raise ValueError("no hash")
try:
    {}[Bad()] = 1
except ValueError as x:
    print("ValueError", x)
class BadEq:
    def __hash__(self): return 1
    def __eq__(self, o): raise KeyError("eq")
d = {BadEq(): 1}
try:
    d[BadEq()]
except KeyError as x:
    print("KeyError", x)
d = {1: 2}
try:
    for k in d:
        d[k + 1] = 0
except RuntimeError as x:
    print(x)
s = {1}
try:
    for k in s:
        s.add(k + 1)
except RuntimeError as x:
    print(x)
d = {1: 2, 3: 4}
try:
    for k in d.items():
        del d[3]
except RuntimeError as x:
    print(x)
print(len("a\x00b"), "\x00" in "abc", "a\x00b" in "xa\x00by", "a\x00b" < "a\x00c")
print({1.0: 'x', 1: 'y', True: 'z'}, {(1, 2): 3}[(1, 2)])
print(hash((1, 2)), hash(-1), hash(1.5))
for k, v in {1: 2, 3: 4}.items():
    print(k, v)
import collections
o = collections.OrderedDict([(1, 2)])
print(o.copy())
