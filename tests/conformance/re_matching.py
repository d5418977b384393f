# Python's re: what patterns match as CPython 3.11 says (anchors, classes, Unicode, flags,
# groups, repeats, look-arounds), the module's functions and Pattern/Match objects
# needs: re
# compare: exact
import re

CASES = [
    ("x$", "ax\n"), ("x$", "ax\n\n"), (r"x\Z", "ax\n"), (r"x\Z", "ax"), ("^b", "a\nb"),
    ("(?m)^b", "a\nb"), ("(?m)a$", "a\nb"), ("(?m)^", "a\n"), ("(?m)$", "a\n"), ("$", "a\n"),
    (r"\Aa", "ba"), (".", "\n"), ("(?s).", "\n"), ("[^a]", "\n"), (r"\d+", "x١٢3y"),
    (r"(?a)\d+", "x١٢3y"), (r"\w+", "héllo wörld"), (r"(?a)\w+", "héllo"), (r"\s+", "a\x1c\x1f b"),
    (r"(?a)\s+", "a\x1c \t\nb"), (r"\bfoo\b", "a foo."), (r"\Bo", "foo"), (r"\B", ""),
    (r"\b", ""), (r"\b", "é"), (r"(?a)\b", "é"), (r"[\W]+", "ab, cd"), (r"[^\W\d]+", "a1b_c"),
    (r"[\D]+", "12ab3"), (r"[\S\s]+", "a b"), (r"[^\S]+", "a b\tc"), (r"[\w.-]+@[\w.-]+", "mail: jo.e@ex-a.com!"),
    ("(?i)straße", "STRASSE"), ("(?i)é", "É"), ("(?ai)é", "É"), ("(?ai)k", "\u212a"), ("(?i)k", "\u212a"),
    ("(?i)[a-c]+", "xABCx"), ("(?ai)[a-c]+", "xABCx"), ("(?ai)[^a-c]+", "ABCdef"),
    ("(?i:a)b", "AB"), ("(?i:a)b", "Ab"), ("a(?-i:b)", "AB"), ("(?i)a(?-i:b)", "Ab"),
    ("(a)|b", "b"), ("(a)(b)?", "a"), ("(a|b)*c", "abac"), ("(?:(a)|b)*", "ab"),
    (r"(a)\1", "aa"), (r"(?i)(a)\1", "aA"), (r"(?P<x>a)(?P=x)", "aa"), ("(a)?(?(1)b)", "ab"),
    ("(a)?(?(1)b|c)", "ab"), ("(a)?(?(1)b|c)", "c"), ("(?=a)a", "a"), ("(?!a)\\w", "ab"),
    ("(?<=a)b", "ab"), ("(?<!a)b", "ab cb"), ("(?<=ab|cd)e", "xcde"), ("a{2,3}", "aaaa"),
    ("a{2,3}?", "aaaa"), ("a{,2}", "aaa"), ("a{2}", "aaa"), ("a{}", "a{}"), ("a{1,x}", "a{1,x}"),
    ("x{", "x{"), ("a*+a", "aaa"), ("(?>a*)a", "aaa"), ("(?>ab|a)c", "ac"), ("a++b", "aab"),
    ("(?x) a b # c\n c", "abc"), ("(?x)[ ]a", " a"), ("(?x)a\\ b", "a b"), ("a|(?#x)b", "b"),
    ("\\x41\\u0042\\U00000043\\101\\0", "ABCA\x00"), ("[\\x41-\\x43]+", "ABCD"), ("[\\b]", "\b"),
    ("\\.", "a.b"), ("[]a]+", "a]a"), ("[^]a]", "]ab"), ("[a-]+", "a-a"), ("[-a]+", "-a"),
    ("a.c", "a\u00e9c"), ("[é-ü]+", "aéöb"), ("😀+", "x😀😀y"), ("(?s).{2}", "\n😀"),
    ("a|ab|abc", "abc"), ("(?:a|ab)(?:c|bcd)", "abcd"), ("\\$\\^\\*", "$^*"), ("", ""), ("", "ab"),
]
for pattern, text in CASES:
    m = re.search(pattern, text)
    print(repr(pattern), repr(text), m, m.groups() if m else "", m.lastindex if m else "",
          re.findall(pattern, text))

print([m.span() for m in re.finditer(r"\s", "\x85\xa0\u2003\u3000\u200b\x1d")])

# match, search, fullmatch with pos and endpos
p = re.compile(r"\w+")
for args in [(0,), (2,), (2, 4), (-5, 99), (4, 2), (9,), (3, 3)]:
    print(args, p.match("ab cd ef", *args), p.search("ab cd ef", *args),
          p.fullmatch("ab cd ef", *args), p.findall("ab cd ef", *args),
          [m.span() for m in p.finditer("ab cd ef", *args)])
print(re.compile("^a").search("ba", 1), re.compile("(?m)^a").search("b\na", 1),
      re.compile("a$").search("ab", 0, 1), re.compile(r"(?<=b)a").search("ba", 1))
print(re.fullmatch("a|ab", "ab"), re.fullmatch("a*?", "aaa"), re.match("a*?", "aaa"))

# findall, split, sub, subn, finditer
print(re.findall(r"(\w)(\d)?", "a1 b c3"), re.findall(r"(a)|b", "ab"), re.findall("x*", "axxb"))
print(re.split(r"[,;]\s*", "a, b;c"), re.split(r"([,;])", "a,b;c"), re.split("x*", "axbc"),
      re.split(r"\W+", "Words, words, words.", 1), re.split("(a)|b", "xaybz"), re.split("", "ab"),
      re.split("a", ""), re.split("^", "ab\ncd", flags=re.M))
print(re.sub("x*", "-", "abxd"), re.sub("", "-", "ab"), re.subn("a", "b", "aaa", 2),
      re.sub(r"(?P<w>\w+)@(\w+)", r"\2 at \g<w> \g<0>", "joe@home"), re.sub("a", r"\n", "bab"),
      re.sub("(b)?a", r"[\1]", "aba"), re.sub("a", "\\\\", "a"), re.sub("é", "e", "été"),
      re.sub("(a)(b)?", lambda m: str(m.lastindex) + str(m.groups()), "aab"))
print(re.sub("a", lambda m: None, "banana"), re.subn("", lambda m: "<%d>" % m.start(), "ab"))
print([m.group() for m in re.finditer("", "ab")], [m.span() for m in re.finditer("a*", "baaac")])
text = "The Time Machine, by H. G. Wells [1898]\n\nI\n"
lines = [re.sub("[^A-Za-z]+", " ", line).strip().lower() for line in text.split("\n")]
print(lines, [line.split() for line in lines])
print(re.findall(r"[A-Za-z]+|[^\sA-Za-z]", "Hello, world! It's 3pm."))

# Pattern and Match objects
p = re.compile(r"(?P<key>\w+)=(?P<value>\d+)?", re.I | re.M)
print(p, p.pattern, p.flags, p.groups, p.groupindex, p.groupindex["key"], type(p), type(p).__name__)
print(re.compile("a"), re.compile("a", re.A), re.compile("(?x)a"), re.compile("a", re.U | re.S),
      re.compile("'\""), re.compile("x" * 250), re.compile("a", 1024))
print(re.compile("a") == re.compile("a"), re.compile("a") == re.compile("a", re.I),
      re.compile("a") is re.compile("a"), hash(re.compile("a")) == hash(re.compile("a")))
m = p.search("  alpha=12 beta=")
print(m, m.group(), m.group(0), m.group(1), m.group("value"), m.group(1, "value", 0), m[0], m["key"])
print(m.groups(), m.groupdict(), m.span(), m.span(2), m.start("value"), m.end(), m.regs)
print(m.lastindex, m.lastgroup, m.re is p, m.string, m.pos, m.endpos, m.expand(r"\g<value>:\1"))
m = p.match("beta=")
print(m.groups(), m.groups("-"), m.groupdict(0), m.span("value"), m.start(2), m.lastgroup,
      m.expand(r"[\2]"), bool(m))
print(re.match("a" * 60, "a" * 60), re.match(".", "\n", re.S), re.match("é'", "é'"))
print(re.I, re.I | re.M, re.A | re.I, re.NOFLAG, re.M & re.I, re.I | 2, repr(re.X), str(re.S),
      re.I == 2, int(re.I), re.I + 0, re.DOTALL.value, re.IGNORECASE.name, re.I | 1024)
print(re.escape("a.b*c d-e_f\n"), re.escape("é#&~"), re.escape(""))
print(re.search(re.escape("1+1=2?"), "is 1+1=2?"), re.purge())
print(re.sub("a", "b", "aaa", count=-1), re.split("a", "bab", maxsplit=-1),
      re.sub("a", lambda m: "x", "aa", count=-2), re.subn("a", "b", "aaa", -1))
