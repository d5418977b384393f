# Standard modules written for Backstep: collections (defaultdict, Counter, namedtuple, deque,
# OrderedDict), itertools, functools (partial, reduce, lru_cache), copy, string, typing
# annotations, dataclasses, sys (version_info, argv, stdout.write, exit), __future__.
# compare: exact
# needs: from __future__ import annotations, import sys, collections, itertools, functools,
#   copy, string, typing, dataclasses; class-level annotations; decorators with arguments
from __future__ import annotations
import sys
from collections import OrderedDict, defaultdict, Counter, namedtuple, deque
import itertools
from itertools import product, chain, islice, count
import functools
from functools import partial, reduce
import copy, string, typing
from typing import List, Dict, Optional, Tuple
from dataclasses import dataclass, field
print(sys.version_info >= (3, 8), sys.argv[0].endswith("lang_stdlib.py"))
sys.stdout.write("written\n")
d = defaultdict(list)
d["a"].append(1); d["b"].append(2); d["a"].append(3)
print(d, len(d), dict(d.items()))
c = Counter("abracadabra")
print(c, c.most_common(2), c["z"])
od = OrderedDict()
od["x"] = 1; od["y"] = 2

print(od, list(od.keys()))
P = namedtuple("P", ["x", "y"])
p = P(1, y=2)
print(p, p.x, p[1], tuple(p), p._asdict(), p._replace(x=5))
a, b = p
print(a + b)
print(list(product([1, 2], "ab")), list(chain([1], [2, 3])), list(islice(count(5), 3)))
print(list(itertools.permutations([1, 2, 3], 2)), list(itertools.combinations("abcd", 2)))
print(list(itertools.accumulate([1, 2, 3, 4])), [(k, list(g)) for k, g in itertools.groupby("aabbbc")])
add3 = partial(lambda a, b, c: a + b + c, 1, c=3)
print(add3(2), reduce(lambda x, y: x * y, [1, 2, 3, 4]), reduce(lambda x, y: x + y, [], 10))
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(30))
print(string.ascii_lowercase, string.digits, string.punctuation)
def f(x: List[int], y: Optional[Dict[str, float]] = None) -> Tuple[int, ...]:
    return tuple(x)
print(f([1, 2]))
@dataclass
class Point:
    x: float
    y: float = 0.0
    tags: list = field(default_factory=list)
q = Point(1.5)
print(q, q == Point(1.5), q == Point(2))
l = [[1, 2], {"a": [3]}]
l2 = copy.deepcopy(l); l2[0].append(9)
print(l, l2, copy.copy(l)[0] is l[0])
class Obj:
    def __init__(self):
        self.v = [1]
o = copy.deepcopy(Obj())
print(o.v)
dq = deque([1, 2, 3], maxlen=3)
dq.append(4)
print(dq, dq.popleft())
print(list(itertools.zip_longest("ab", "xyz", fillvalue="-")))
sys.exit(0)
print("not reached")
