"""Python's re module as CPython 3.11 behaves: the module's functions, Pattern and Match,
the flags, re.error with its position, and the template rules of sub.

Patterns are parsed and run by _backstep_re (bs-re-pattern.c: CPython's parser and its
messages, run on PCRE with Python's meaning of $, \\Z, \\d, \\w, \\s, \\b, ...); positions
are in code points. Types written in C in CPython are classes here: their repr is
CPython's, type(re.I) is re.RegexFlag."""

import sys
import _backstep
import _backstep_re
import _backstep_re_match
import _backstep_re_pattern

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
    "compile", "purge", "escape", "error", "Pattern", "Match", "A", "I", "L", "M", "S",
    "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
    "UNICODE", "NOFLAG", "RegexFlag",
]

# RegexFlag's members in its order (its repr's), then Pattern's repr order
_FLAG_NAMES = [
    ("ASCII", 256), ("IGNORECASE", 2), ("LOCALE", 4), ("UNICODE", 32), ("MULTILINE", 8),
    ("DOTALL", 16), ("VERBOSE", 64), ("TEMPLATE", 1), ("DEBUG", 128),
]
_PATTERN_FLAG_NAMES = [
    ("TEMPLATE", 1), ("IGNORECASE", 2), ("LOCALE", 4), ("MULTILINE", 8), ("DOTALL", 16),
    ("UNICODE", 32), ("VERBOSE", 64), ("DEBUG", 128), ("ASCII", 256),
]
_ALL_FLAGS = 511


def _flag_names(value, table):
    names = []
    for name, bit in table:
        if value & bit:
            names.append("re." + name)
            value &= ~bit
    if value:
        names.append(hex(value))
    return names


def _flag_value(x):
    if isinstance(x, RegexFlag):
        return x.value
    return x


class RegexFlag(object):
    """re's flags: an int flag whose repr names its members (re.IGNORECASE|re.MULTILINE)"""

    def __init__(self, value=0):
        self.value = _flag_value(value)

    @property
    def name(self):
        for name, value in _FLAG_NAMES:
            if value == self.value:
                return name
        return None

    def __repr__(self):
        names = _flag_names(self.value, _FLAG_NAMES)
        return "|".join(names) if names else "re.NOFLAG"

    __str__ = __repr__

    def __format__(self, spec):
        return format(repr(self), spec)

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value

    def __bool__(self):
        return self.value != 0

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        return self.value == _flag_value(other)

    def __ne__(self, other):
        return self.value != _flag_value(other)

    def __or__(self, other):
        if not isinstance(other, (RegexFlag, int)):
            return NotImplemented
        return RegexFlag(self.value | _flag_value(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, (RegexFlag, int)):
            return NotImplemented
        return RegexFlag(self.value & _flag_value(other))

    __rand__ = __and__

    def __xor__(self, other):
        if not isinstance(other, (RegexFlag, int)):
            return NotImplemented
        return RegexFlag(self.value ^ _flag_value(other))

    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(~self.value & _ALL_FLAGS)

    def __add__(self, other):
        return self.value + _flag_value(other)

    __radd__ = __add__

    def __sub__(self, other):
        return self.value - _flag_value(other)

    def __rsub__(self, other):
        return _flag_value(other) - self.value


NOFLAG = RegexFlag(0)
ASCII = A = RegexFlag(256)
IGNORECASE = I = RegexFlag(2)
LOCALE = L = RegexFlag(4)
UNICODE = U = RegexFlag(32)
MULTILINE = M = RegexFlag(8)
DOTALL = S = RegexFlag(16)
VERBOSE = X = RegexFlag(64)
TEMPLATE = T = RegexFlag(1)
DEBUG = RegexFlag(128)


class error(Exception):
    """Exception raised for invalid regular expressions (msg, pattern, pos, lineno, colno)"""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            self.lineno = pattern.count("\n", 0, pos) + 1
            self.colno = pos - pattern.rfind("\n", 0, pos)
            if "\n" in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


class mappingproxy(object):
    """The read-only view Pattern.groupindex gives"""
    __module__ = "builtins"

    def __init__(self, mapping):
        self._mapping = mapping

    def __repr__(self):
        return "mappingproxy(%r)" % (self._mapping,)

    def __str__(self):
        return str(self._mapping)

    def __getitem__(self, key):
        return self._mapping[key]

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __eq__(self, other):
        if isinstance(other, mappingproxy):
            other = other._mapping
        return self._mapping == other

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return dict(self._mapping)


def _repr_cut(value, width):
    return repr(value)[:width]


def _check_str(string):
    if not isinstance(string, str):
        raise TypeError("expected string or bytes-like object, got '%s'"
                        % (type(string).__name__,))


class Pattern(object):
    """A compiled regular expression"""

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 're.Pattern' instances")

    def __repr__(self):
        flags = self.flags
        if flags & (4 | 32 | 256) == 32:
            flags &= ~32
        names = _flag_names(flags, _PATTERN_FLAG_NAMES)
        if names:
            return "re.compile(%s, %s)" % (_repr_cut(self.pattern, 200), "|".join(names))
        return "re.compile(%s)" % (_repr_cut(self.pattern, 200),)

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.flags == other.flags and self.pattern == other.pattern

    def __ne__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return not self == other

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __getattr__(self, name):
        return _method(_PATTERN_METHODS, "re.Pattern", self, name)


# Pattern's and Match's methods, declared with CPython's signatures (bs-re-module.c) and
# run by the functions below; bound to the object as their receiver when asked for
_PATTERN_METHODS = {
    "match": _backstep_re_pattern.match, "search": _backstep_re_pattern.search,
    "fullmatch": _backstep_re_pattern.fullmatch, "findall": _backstep_re_pattern.findall,
    "finditer": _backstep_re_pattern.finditer, "split": _backstep_re_pattern.split,
    "sub": _backstep_re_pattern.sub, "subn": _backstep_re_pattern.subn,
}
_MATCH_METHODS = {
    "groups": _backstep_re_match.groups, "groupdict": _backstep_re_match.groupdict,
    "start": _backstep_re_match.start, "end": _backstep_re_match.end,
    "span": _backstep_re_match.span, "expand": _backstep_re_match.expand,
}


def _method(methods, type_name, obj, name):
    method = methods.get(name)
    if method is None:
        raise AttributeError("'%s' object has no attribute '%s'" % (type_name, name))
    return _backstep_re.bind(method, obj)


def _run(pattern, string, pos, endpos, mode):
    found = _backstep_re.exec(pattern._code, string, pos, endpos, mode, False)
    if found is None:
        return None
    return _new_match(pattern, string, found, pos, endpos)


def _pattern_match(self, string, pos=0, endpos=sys.maxsize):
    return _run(self, string, pos, endpos, 0)


def _pattern_search(self, string, pos=0, endpos=sys.maxsize):
    return _run(self, string, pos, endpos, 1)


def _pattern_fullmatch(self, string, pos=0, endpos=sys.maxsize):
    return _run(self, string, pos, endpos, 2)


def _pattern_findall(self, string, pos=0, endpos=sys.maxsize):
    return _backstep_re.findall(self._code, string, pos, endpos)


def _pattern_finditer(self, string, pos=0, endpos=sys.maxsize):
    _check_str(string)
    return _iterate(self, string, pos, endpos)


def _pattern_split(self, string, maxsplit=0):
    return _backstep_re.split(self._code, string, maxsplit)


def _pattern_sub(self, repl, string, count=0):
    return _subx(self, repl, string, count)[0]


def _pattern_subn(self, repl, string, count=0):
    return _subx(self, repl, string, count)


def _subx(pattern, repl, string, count):
    if callable(repl):
        return _sub_function(pattern, repl, string, count)
    if not isinstance(repl, str):
        raise TypeError("decoding to str: need a bytes-like object, %s found"
                        % (type(repl).__name__,))
    if "\\" in repl:
        items = _template(pattern, repl)
    else:
        items = [repl]
    return _backstep_re.sub(pattern._code, string, items, count)


def _error(made, pattern):
    _warn(made[2])
    # CPython's errors without a position (raised after parsing) carry no pattern
    if made[1] is None:
        return error(made[0])
    return error(made[0], pattern, made[1])


def _warn(texts):
    if texts:
        import warnings
        for text in texts:
            warnings.warn(text[1:], FutureWarning if text[0] == "F" else DeprecationWarning,
                          stacklevel=1)


def _template(pattern, repl):
    made = _backstep_re.template(pattern._code, repl)
    if isinstance(made[0], str):
        raise _error(made, repl)
    _warn(made[1])
    return made[0]


def _iterate(pattern, string, pos, endpos):
    must_advance = False
    while True:
        found = _backstep_re.exec(pattern._code, string, pos, endpos, 1, must_advance)
        if found is None:
            return
        span = found[1][0]
        yield _new_match(pattern, string, found, pos, endpos)
        must_advance = span[1] == span[0]
        pos = span[1]


def _sub_function(pattern, function, string, count):
    _check_str(string)
    pieces = []
    n = 0
    last = 0
    pos = 0
    must_advance = False
    while count == 0 or n < count:
        found = _backstep_re.exec(pattern._code, string, pos, sys.maxsize, 1, must_advance)
        if found is None:
            break
        span = found[1][0]
        if last < span[0]:
            pieces.append(string[last:span[0]])
        piece = function(_new_match(pattern, string, found, 0, sys.maxsize))
        if piece is not None:
            pieces.append(piece)
        last = span[1]
        n += 1
        must_advance = span[1] == span[0]
        pos = span[1]
    if last < len(string):
        pieces.append(string[last:])
    # as CPython joins the pieces: a piece that is not a str is found then, by its index
    for i, piece in enumerate(pieces):
        if not isinstance(piece, str):
            raise TypeError("sequence item %d: expected str instance, %s found"
                            % (i, type(piece).__name__))
    return "".join(pieces), n


class Match(object):
    """The result of a successful match"""

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 're.Match' instances")

    def __repr__(self):
        return "<re.Match object; span=(%d, %d), match=%s>" % (
            self.regs[0][0], self.regs[0][1], _repr_cut(self.group(0), 50))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _index(self, group):
        if isinstance(group, int) or isinstance(group, RegexFlag):
            index = _flag_value(group)
            if 0 <= index < len(self.regs):
                return index
        elif isinstance(group, str) and group in self.re._groupindex:
            return self.re._groupindex[group]
        raise IndexError("no such group")

    def _get(self, index, default=None):
        start, end = self.regs[index]
        if start < 0:
            return default
        return self.string[start:end]

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(self._index(groups[0]))
        return tuple(self._get(self._index(g)) for g in groups)

    def __getitem__(self, group):
        return self._get(self._index(group))

    def __getattr__(self, name):
        return _method(_MATCH_METHODS, "re.Match", self, name)

    @property
    def lastgroup(self):
        if self.lastindex is None:
            return None
        for name, index in self.re._groupindex.items():
            if index == self.lastindex:
                return name
        return None


def _match_groups(self, default=None):
    return tuple(self._get(i, default) for i in range(1, len(self.regs)))


def _match_groupdict(self, default=None):
    return {name: self._get(index, default) for name, index in self.re._groupindex.items()}


def _match_start(self, group=0):
    return self.regs[self._index(group)][0]


def _match_end(self, group=0):
    return self.regs[self._index(group)][1]


def _match_span(self, group=0):
    return self.regs[self._index(group)]


def _match_expand(self, template):
    pieces = []
    for item in _template(self.re, template):
        if isinstance(item, str):
            pieces.append(item)
        else:
            pieces.append(self._get(item, ""))
    return "".join(pieces)


def _new_match(pattern, string, found, pos, endpos):
    m = _backstep.new_instance(Match)
    m.re = pattern
    m.string = string
    m.lastindex = found[0]
    m.regs = found[1]
    n = len(string)
    m.pos = 0 if pos < 0 else (n if pos > n else pos)
    m.endpos = 0 if endpos < 0 else (n if endpos > n else endpos)
    return m


_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    flags = _flag_value(flags)
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str):
        raise TypeError("first argument must be string or compiled pattern")
    if not isinstance(flags, int):
        raise TypeError("unsupported operand type(s) for &: '%s' and 'RegexFlag'"
                        % (type(flags).__name__,))
    key = (pattern, flags)
    p = _cache.get(key)
    if p is not None:
        return p
    made = _backstep_re.compile(pattern, flags)
    if len(made) == 3:
        raise _error(made, pattern)
    p = _backstep.new_instance(Pattern)
    p._code = made[0]
    p.pattern = pattern
    p.flags = made[1]
    p.groups = made[2]
    p._groupindex = made[3]
    p.groupindex = mappingproxy(made[3])
    _warn(made[5])
    if len(_cache) >= _MAXCACHE:
        del _cache[next(iter(_cache))]
    _cache[key] = p
    return p


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def purge():
    _cache.clear()


_SPECIAL_CHARS = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    if not isinstance(pattern, str):
        raise TypeError("Backstep's re.escape takes a str (bytes are not supported)")
    return "".join("\\" + c if c in _SPECIAL_CHARS else c for c in pattern)
