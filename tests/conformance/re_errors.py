# Python's re: CPython 3.11's re.error for bad patterns (message, position, line and
# column), for bad replacement templates, and the other exceptions of compile and sub
# needs: re
# compare: exact
import re

PATTERNS = [
    "(", ")", "a)", "a**", "a*?*", "a++*", "*", "+a", "?", "{1}", "a{3,2}", "[a", "[", "[^",
    "[a-", "[]", "[^]", "\\q", "\\", "a\\", "[z-a]", "[\\d-z]", "[a-\\w]", "[\\x41-\\x3]",
    "\\x4", "\\u12", "\\U0011ffff", "\\U123", "\\777", "[\\777]", "[\\8]", "\\8", "\\1",
    "(a)\\2", "(a\\1)", "(?", "(?<x)", "(?<", "(?P", "(?Px)", "(?P<", "(?P<a", "(?P<>x)",
    "(?P<1a>x)", "(?P<a-b>x)", "(?P<a>x)(?P<a>y)", "(?P=b)", "(?P=)", "(?P=a", "(?P<a>(?P=a))",
    "(?#abc", "(?z)", "(?i", "(?i-", "(?i-:a)", "(?-i)", "(?iz)", "(?i-z:a)", "(?i-i:a)",
    "x(?i)", "a|(?i)b", "((?i)a)", "(?L)a", "(?au)a", "(?-a:a)", "(?a-u:a)", "(?(1)a|b)",
    "(?(0)a)", "(?(-1)a)", "(?(x)a)", "(?(1a)a)", "(?(1)a|b|c)", "(a)(?(1)a|b", "(?<=a+)b",
    "(?<!a|bc)d", "(?<=a*)x", "(?<=(a))\\1", "(a)(?<=\\1)", "ab\nc(", "a\nb\n[", "a{99999999999}",
    "a{4294967295}", "(?<=(?P<g>a)(?P=g))", "[[:alpha:]", "\\N", "\\N{", "a{,x}", "(?x) a [",
    "(?x)a # (", "abc)def", "((a)", "a(?#c)*", "\\b*", "^*", "$+", "\\A?", "(?=a)*x",
]
for p in PATTERNS:
    try:
        r = re.compile(p)
        print(repr(p), "->", r, r.groups, sorted(r.groupindex.items()))
    except re.error as e:
        print(repr(p), "re.error:", e, "|", repr(e.msg), e.pos, e.lineno, e.colno,
              e.pattern == p)
    except Exception as e:
        print(repr(p), type(e).__name__ + ":", e)

for flags in [re.LOCALE, re.ASCII | re.UNICODE]:
    try:
        re.compile("a", flags)
    except ValueError as e:
        print("ValueError:", e)

TEMPLATES = ["\\g", "\\g<", "\\g<a", "\\g<>", "\\g<x>", "\\g<1a>", "\\g<3>", "\\3", "\\q",
             "\\", "a\\", "\\g<-1>", "\\400", "\\g<0>\\g<1>\\g<name>", "\\n\\t\\-\\\\",
             "\\08", "\\18", "\\1234", "[\\1]", "\\g< 1>"]
for t in TEMPLATES:
    try:
        print(repr(t), "->", repr(re.sub("(?P<name>b)", t, "abc")))
    except re.error as e:
        print(repr(t), "re.error:", e, "|", e.msg, e.pos)
    except Exception as e:
        print(repr(t), type(e).__name__ + ":", e)

for call in [lambda: re.compile(5), lambda: re.compile(re.compile("a"), re.I),
             lambda: re.search("a", 5), lambda: re.findall("a", None),
             lambda: re.Pattern(), lambda: re.Match(), lambda: re.match("(a)", "a").group(2),
             lambda: re.match("(a)", "a").group("x"), lambda: re.match("(a)", "a")["x"],
             lambda: re.match("(a)", "a").span(-1),
             lambda: re.sub("a", lambda m: 5, "abc")]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__ + ":", e)
try:
    re.compile("a(b")
except re.error as e:
    print(repr(e), e.args)
re.compile("(a")
