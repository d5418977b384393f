# Python's re: wrong calls of the module's functions and of Pattern's and Match's methods
# raise CPython 3.11's TypeError word for word (the methods are declared by their CPython
# signatures in bs-re-module.c)
# needs: re
# compare: exact
import re
p = re.compile("a")
m = p.match("a")
for f in [lambda: p.match(), lambda: p.sub("x"), lambda: re.match("a"), lambda: p.findall("a", "b"),
          lambda: p.search("a", 0, 1, 2), lambda: p.match(string="a", foo=1), lambda: m.group(1),
          lambda: m.start(1, 2), lambda: re.sub("a", "b"), lambda: re.compile("a", flags=re.I, x=1),
          lambda: m.groups(1, 2), lambda: p.split("a", "b"), lambda: re.escape(),
          lambda: p.match(pos=1, string="ba"), lambda: re.purge(1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda: p.sub(repl="b", string="aa", count=1), lambda: m.span(0), lambda: m.end(),
          lambda: m.groups(default="x"), lambda: m.groupdict(default=1),
          lambda: p.split(string="a,b", maxsplit=1), lambda: m.expand(template="<\\g<0>>"),
          lambda: list(p.finditer(string="aa", pos=1)), lambda: p.fullmatch(string="a")]:
    print(f())
for f in [lambda: p.foo, lambda: m.bar]:
    try:
        print(f())
    except AttributeError as e:
        print("AttributeError", e)
