# Methods of Python's built-in types, declared in the signature table: results, and
# CPython's messages for wrong calls.
# needs: the signature table
# compare: exact

def check(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)

s = "Hello, World"
print(s.upper(), s.lower(), s.title(), "hELLO wORLD".capitalize(), s.swapcase())
print(repr("  pad  ".strip()), repr("xxpadxx".strip("x")), repr("  pad".lstrip()), repr("pad  ".rstrip()))
print(repr("--a--".lstrip("-")), repr("--a--".rstrip("-")), repr("ab".strip(None)))
print(s.split(), s.split(","), s.split(", ", 1), "a  b\tc\n".split(), "a,b,,c".split(","))
print("a,b,c".rsplit(",", 1), "a b c".rsplit(maxsplit=1), "a b".split(sep=None, maxsplit=-1))
print("one\ntwo\r\nthree\rfour".splitlines(), "x\ny\n".splitlines(True), "".splitlines())
print("x\ny\n".splitlines(keepends=True), "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g".splitlines())
print(s.replace("l", "L"), s.replace("l", "L", 2), s.replace("", "-", 3))
print(s.startswith("Hell"), s.startswith(("x", "He")), s.endswith("ld"), s.startswith("W", 7))
print(s.find("o"), s.find("o", 5), s.find("o", 5, 8), s.rfind("o"), s.find("z"), s.count("l"))
print(s.index("W"), s.rindex("l"), s.count("l", 4), s.count(""), "aaaa".count("aa"))
print(repr("ab".ljust(5)), repr("ab".rjust(5, "*")), repr("ab".center(7, "-")), "42".zfill(5), "-42".zfill(5))
print("12".isdigit(), "1a".isdigit(), "ab".isalpha(), "".isalpha(), "a1".isalnum(), " \t".isspace())
print("abc".islower(), "ABC".isupper(), "Ab Cd".istitle(), "x_1".isidentifier(), "1x".isidentifier())
print("-".join(["a", "b", "c"]), "".join(c for c in "xyz"), ", ".join({"k": 1}))
print("{} and {}".format(1, "two"), "{a}-{b}".format(a=1, b=2), "{0:>4}|{1:.2f}".format("x", 3.14159))
print("a=b=c".partition("="), "a=b=c".rpartition("="), "abc".partition("x"), "abc".rpartition("x"))
print("prefix_name".removeprefix("prefix_"), "file.py".removesuffix(".py"), "abc".removeprefix("x"))
print("tab\there".expandtabs(4), "MiXeD".casefold(), "a".isascii(), "é".isascii())
print("%d items" % 3, "{:>6}".format("r"))

check(lambda: "a".upper(1))
check(lambda: "a".split(1, 2, 3))
check(lambda: "a".split(x=1))
check(lambda: "a".split(""))
check(lambda: "a".split(1))
check(lambda: "a".strip(1, 2))
check(lambda: "a".strip(1))
check(lambda: "a".join())
check(lambda: "a".join(1))
check(lambda: "a".join([1, 2]))
check(lambda: "a".count())
check(lambda: "a".count(1, 2, 3, 4))
check(lambda: "a".find(1))
check(lambda: "a".startswith())
check(lambda: "a".startswith(1))
check(lambda: "a".replace("a"))
check(lambda: "a".center())
check(lambda: "a".zfill("x"))
check(lambda: "a".ljust("x"))
check(lambda: "a".ljust(3, "xy"))
check(lambda: "a".splitlines(1, 2))
check(lambda: "a".partition(""))
check(lambda: "abc".index("z"))
check(lambda: "abc".rindex("z"))
check(lambda: "a".split(maxsplit="x"))
check(lambda: "a".nosuch())

l = [3, 1, 2]
l.append(4); l.extend((5, 6)); l.insert(0, 0); print(l, l.pop(), l.pop(0), l)
l.remove(1); print(l, l.index(2), l.count(3), l.copy(), l.index(4, 1, 10))
l.sort(); print(l); l.sort(reverse=True); print(l); l.sort(key=lambda v: -v); print(l)
l.reverse(); print(l); l.clear(); print(l)
check(lambda: [].append())
check(lambda: [].append(1, 2))
check(lambda: [].sort(1))
check(lambda: [].sort(k=1))
check(lambda: [].index())
check(lambda: [1].index(2))
check(lambda: [].pop())
check(lambda: [].pop("a"))
check(lambda: [1].pop(5))
check(lambda: [].insert(1))
check(lambda: [].remove(1))
check(lambda: [].copy(1))
check(lambda: [].extend(1))

d = {"a": 1, "b": 2}
print(list(d.keys()), list(d.values()), list(d.items()), d.get("a"), d.get("z"), d.get("z", 0))
print(d.pop("a"), d.pop("z", None), d.setdefault("c", 3), d.setdefault("b", 9), d)
d.update({"x": 1}); d.update([("y", 2)]); d.update(z=3); d.update({"w": 0}, v=5); print(d)
print(d.copy(), d.popitem(), dict.fromkeys("ab"), dict.fromkeys(["k"], 0)); d.clear(); print(d)
check(lambda: {}.pop())
check(lambda: {}.pop("k"))
check(lambda: {}.get())
check(lambda: {}.update(1, 2))
check(lambda: {}.update(1))
check(lambda: {}.keys(1))
check(lambda: {}.items(x=1))
check(lambda: {}.setdefault())
check(lambda: {}.copy(1))
check(lambda: {}.popitem())
check(lambda: dict.fromkeys())

t = (1, 2, 2, 3)
print(t.count(2), t.index(3), t.index(2, 2))
check(lambda: (1,).count())
check(lambda: (1,).index(5))

st = {1, 2, 3}
st.add(4); st.discard(9); st.remove(1); print(st, st.pop(), st)
print({1, 2}.union([3], (4,)), {1, 2, 3}.intersection({2, 3}, [3]), {1, 2}.difference({2}))
print({1, 2}.symmetric_difference({2, 3}), {1}.issubset({1, 2}), {1, 2}.issuperset({1}), {1}.isdisjoint({2}))
u = {1, 2, 3}; u.intersection_update({2, 3, 4}); print(u); u.difference_update({2}); print(u)
u.symmetric_difference_update({3, 5}); print(u); u.update({7}, [8]); print(sorted(u))
f = frozenset({1, 2}); print(f.union({3}), f.copy() is f, sorted(f.intersection({2})))
check(lambda: set().add())
check(lambda: set().add(1, 2))
check(lambda: set().remove())
check(lambda: set().remove(5))
check(lambda: set().pop())
check(lambda: set().pop(1))
check(lambda: set().union(a=1))
check(lambda: set().issubset())
check(lambda: set().add([]))
check(lambda: frozenset().add(1))

print((1.5).is_integer(), (2.0).is_integer(), (0.5).as_integer_ratio(), (7).bit_length())
check(lambda: (1.5).is_integer(1))


class Key:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return isinstance(other, Key) and other.v == self.v

    def __repr__(self):
        return f"Key({self.v})"


keys = {Key(1), Key(2)}
keys.remove(Key(1))
print(len(keys))
check(lambda: keys.remove(Key(7)))
keys.discard(Key(7))
print(len(keys))

# methods found on the type: unbound, and dict's class method
words = ["beta", "Alpha", "gamma"]
print(sorted(words, key=str.lower), list(map(str.strip, [" a ", "b "])), str.join("-", "xy"))
print(dict.fromkeys(range(2), []), list.count([1, 1], 1), int.bit_length(255))
check(lambda: str.upper())
check(lambda: str.upper(5))
check(lambda: list.append((), 1))
check(lambda: "abc".count("b", "x"))
check(lambda: "abc".find("b", 1, 2, 3))
check(lambda: "abc".count(x=1))

# range: its attributes and methods
rg = range(1, 10, 2)
print(rg.start, rg.stop, rg.step, rg.count(3), rg.index(5), rg)
print(range(10).count(3.0), range(10).count("a"), range(10, 0, -3).index(4), range(5).index(True))
check(lambda: rg.index(4))
check(lambda: range(3).count())
check(lambda: range(3).index(1, 2))
check(lambda: range(3).index(7.5))
