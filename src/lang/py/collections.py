# collections: OrderedDict, defaultdict, Counter, namedtuple, deque
#
# OrderedDict is Backstep's dict that prints as one (as state_dict() gives it). Backstep's
# dict cannot be subclassed, so the others hold a dict and behave as the mapping CPython's
# do (repr, iteration order, item access); isinstance(x, dict) is False for them.

from torch.nn import _ordered_dict as OrderedDict


class _Mapping:
    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def __eq__(self, other):
        if isinstance(other, _Mapping):
            return self._data == other._data
        return self._data == other

    def __bool__(self):
        return len(self._data) > 0

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def pop(self, key, *default):
        return self._data.pop(key, *default)

    def setdefault(self, key, default=None):
        if key not in self._data:
            self._data[key] = default
        return self._data[key]

    def update(self, other=(), **kwargs):
        if isinstance(other, _Mapping):
            other = other._data
        if hasattr(other, "keys"):
            for k in other.keys():
                self[k] = other[k]
        else:
            for k, v in other:
                self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def clear(self):
        self._data.clear()

    def copy(self):
        new = self.__class__.__new_empty__(self)
        new._data = dict(self._data)
        return new

    def __new_empty__(self):
        return self.__class__()


class _DictSubclass(_Mapping):
    # What class X(dict) inherits: Backstep's dict cannot be subclassed, so X holds one
    # (isinstance(x, dict) is True all the same).
    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("dict expected at most 1 argument, got " + str(len(args)))
        self._data = {}
        self.update(*args, **kwargs)

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        missing = getattr(type(self), "__missing__", None)
        if missing is not None:
            return missing(self, key)
        raise KeyError(key)

    def __repr__(self):
        return repr(self._data)

    def popitem(self):
        if not self._data:
            raise KeyError("popitem(): dictionary is empty")
        key = list(self._data)[-1]
        return key, self._data.pop(key)


class _OrderedDictSubclass(_DictSubclass):
    # What class X(OrderedDict) inherits; its repr is CPython 3.11's "X([(k, v), ...])".
    def __repr__(self):
        if not self._data:
            return type(self).__name__ + "()"
        return type(self).__name__ + "(" + repr(list(self._data.items())) + ")"

    def popitem(self, last=True):
        if not self._data:
            raise KeyError("dictionary is empty")
        key = list(self._data)[-1 if last else 0]
        return key, self._data.pop(key)

    def move_to_end(self, key, last=True):
        value = self._data.pop(key)
        if last:
            self._data[key] = value
        else:
            rest = self._data
            self._data = {key: value}
            self._data.update(rest)


class _ListSubclass:
    # What class X(list) inherits: X holds a list.
    def __init__(self, iterable=()):
        self._items = list(iterable)

    def __getitem__(self, index):
        return self._items[index]

    def __setitem__(self, index, value):
        self._items[index] = value

    def __delitem__(self, index):
        del self._items[index]

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, x):
        return x in self._items

    def __eq__(self, other):
        if isinstance(other, _ListSubclass):
            return self._items == other._items
        return self._items == other

    def __bool__(self):
        return len(self._items) > 0

    def __add__(self, other):
        return self._items + list(other)

    def __iadd__(self, other):
        self._items.extend(other)
        return self

    def __repr__(self):
        return repr(self._items)

    def append(self, x):
        self._items.append(x)

    def extend(self, iterable):
        self._items.extend(iterable)

    def insert(self, index, x):
        self._items.insert(index, x)

    def pop(self, *index):
        return self._items.pop(*index)

    def remove(self, x):
        self._items.remove(x)

    def index(self, x, *args):
        return self._items.index(x, *args)

    def count(self, x):
        return self._items.count(x)

    def sort(self, key=None, reverse=False):
        self._items.sort(key=key, reverse=reverse)

    def reverse(self):
        self._items.reverse()

    def clear(self):
        self._items.clear()

    def copy(self):
        return list(self._items)


class defaultdict(_Mapping):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self._data = {}
        self.default_factory = default_factory
        self.update(*args, **kwargs)

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        return self.__missing__(key)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._data[key] = value
        return value

    def __new_empty__(self):
        return defaultdict(self.default_factory)

    def __repr__(self):
        factory = "None" if self.default_factory is None else repr(self.default_factory)
        return "defaultdict(" + factory + ", " + repr(self._data) + ")"


class Counter(_Mapping):
    def __init__(self, iterable=None, **kwargs):
        self._data = {}
        self.update(iterable, **kwargs)

    def __getitem__(self, key):
        return self._data.get(key, 0)

    def __missing__(self, key):
        return 0

    def update(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, _Mapping) or hasattr(iterable, "keys"):
                for k in iterable.keys():
                    self._data[k] = self._data.get(k, 0) + iterable[k]
            else:
                for k in iterable:
                    self._data[k] = self._data.get(k, 0) + 1
        for k, v in kwargs.items():
            self._data[k] = self._data.get(k, 0) + v

    def subtract(self, iterable=None, **kwargs):
        if iterable is not None:
            if isinstance(iterable, _Mapping) or hasattr(iterable, "keys"):
                for k in iterable.keys():
                    self._data[k] = self._data.get(k, 0) - iterable[k]
            else:
                for k in iterable:
                    self._data[k] = self._data.get(k, 0) - 1
        for k, v in kwargs.items():
            self._data[k] = self._data.get(k, 0) - v

    def most_common(self, n=None):
        items = sorted(self._data.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        for k, v in self._data.items():
            for _ in range(v):
                yield k

    def total(self):
        return sum(self._data.values())

    def __add__(self, other):
        result = Counter()
        for k in list(self._data) + [k for k in other._data if k not in self._data]:
            v = self[k] + other[k]
            if v > 0:
                result._data[k] = v
        return result

    def __sub__(self, other):
        result = Counter()
        for k in self._data:
            v = self[k] - other[k]
            if v > 0:
                result._data[k] = v
        return result

    def __repr__(self):
        if not self._data:
            return "Counter()"
        return "Counter({" + ", ".join(repr(k) + ": " + repr(v)
                                       for k, v in self.most_common()) + "})"


class deque:
    def __init__(self, iterable=(), maxlen=None):
        self._items = []
        self.maxlen = maxlen
        for x in iterable:
            self.append(x)

    def append(self, x):
        self._items.append(x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop(0)

    def appendleft(self, x):
        self._items.insert(0, x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop()

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def extend(self, iterable):
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        for x in iterable:
            self.appendleft(x)

    def rotate(self, n=1):
        if self._items:
            n = n % len(self._items)
            self._items = self._items[-n:] + self._items[:-n]

    def clear(self):
        self._items = []

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __bool__(self):
        return len(self._items) > 0

    def __eq__(self, other):
        return isinstance(other, deque) and self._items == other._items

    def __repr__(self):
        if self.maxlen is None:
            return "deque(" + repr(self._items) + ")"
        return "deque(" + repr(self._items) + ", maxlen=" + repr(self.maxlen) + ")"


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = tuple(field_names)
    n_defaults = 0 if defaults is None else len(defaults)
    default_values = () if defaults is None else tuple(defaults)

    class _NamedTuple:
        _fields = fields
        _field_defaults = dict(zip(fields[len(fields) - n_defaults:], default_values))

        def __init__(self, *args, **kwargs):
            if len(args) > len(fields):
                raise TypeError(f"{typename}.__new__() takes {len(fields) + 1} positional "
                                f"arguments but {len(args) + 1} were given")
            values = list(args)
            for name in fields[len(args):]:
                if name in kwargs:
                    values.append(kwargs.pop(name))
                elif name in self._field_defaults:
                    values.append(self._field_defaults[name])
                else:
                    missing = [f for f in fields[len(values):] if f not in kwargs
                               and f not in self._field_defaults]
                    quoted = [repr(m) for m in missing]
                    if len(quoted) > 1:
                        quoted = [", ".join(quoted[:-1]) + " and " + quoted[-1]]
                    raise TypeError(f"{typename}.__new__() missing {len(missing)} required "
                                    f"positional argument{'s' if len(missing) > 1 else ''}: "
                                    f"{quoted[0]}")
            if kwargs:
                raise TypeError(f"{typename}.__new__() got an unexpected keyword argument "
                                f"'{next(iter(kwargs))}'")
            self._values = tuple(values)
            for name, value in zip(fields, values):
                setattr(self, name, value)

        def __iter__(self):
            return iter(self._values)

        def __len__(self):
            return len(self._values)

        def __getitem__(self, i):
            return self._values[i]

        def __eq__(self, other):
            if hasattr(other, "_values"):
                return self._values == other._values
            return self._values == other

        def __lt__(self, other):
            return self._values < tuple(other)

        def __hash__(self):
            return hash(self._values)

        def __repr__(self):
            return typename + "(" + ", ".join(f"{n}={v!r}" for n, v in
                                              zip(fields, self._values)) + ")"

        def _asdict(self):
            return dict(zip(fields, self._values))

        def _replace(self, **kwargs):
            values = [kwargs.pop(n, v) for n, v in zip(fields, self._values)]
            if kwargs:
                raise ValueError(f"Got unexpected field names: {list(kwargs)!r}")
            return self.__class__(*values)

        def count(self, value):
            return self._values.count(value)

        def index(self, value):
            return self._values.index(value)

    _NamedTuple.__name__ = typename
    return _NamedTuple
