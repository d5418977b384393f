# dataclasses: @dataclass and field(), from the class's annotations, as CPython 3.11 makes
# them (__init__, __repr__, __eq__, order=True comparisons, frozen=False only)

from _backstep import set_function_name, class_dict as _class_dict


class _MissingType:
    def __repr__(self):
        return "MISSING"


MISSING = _MissingType()


class Field:
    def __init__(self, default, default_factory, init, repr, compare):
        self.name = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=False):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, compare)


def _fields_of(cls):
    fields = []
    annotations = _class_dict(cls).get("__annotations__", {})
    for name in annotations:
        value = _class_dict(cls).get(name, MISSING)
        if isinstance(value, Field):
            f = value
        else:
            f = Field(value, MISSING, True, True, True)
        f.name = name
        fields.append(f)
    return fields


def fields(obj):
    return tuple(getattr(obj, "__dataclass_fields__").values())


def _make_init(cls, fields):
    params = [f for f in fields if f.init]
    seen_default = False
    for f in params:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument '{f.name}' follows default argument")

    def __init__(self, *args, **kwargs):
        if len(args) > len(params):
            raise TypeError(f"{cls.__name__}.__init__() takes {len(params) + 1} positional "
                            f"argument{'s' if len(params) else ''} but {len(args) + 1} "
                            f"were given")
        for f, value in zip(params, args):
            if f.name in kwargs:
                raise TypeError(f"{cls.__name__}.__init__() got multiple values for "
                                f"argument '{f.name}'")
        missing = []
        for i, f in enumerate(params):
            if i < len(args):
                value = args[i]
            elif f.name in kwargs:
                value = kwargs.pop(f.name)
            elif f.default is not MISSING:
                value = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                missing.append(f.name)
                continue
            setattr(self, f.name, value)
        if missing:
            quoted = [repr(m) for m in missing]
            if len(quoted) > 1:
                quoted = [", ".join(quoted[:-1]) + " and " + quoted[-1]]
            raise TypeError(f"{cls.__name__}.__init__() missing {len(missing)} required "
                            f"positional argument{'s' if len(missing) > 1 else ''}: "
                            f"{quoted[0]}")
        if kwargs:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
        for f in fields:
            if not f.init:
                if f.default_factory is not MISSING:
                    setattr(self, f.name, f.default_factory())
                elif f.default is not MISSING:
                    setattr(self, f.name, f.default)
        if hasattr(self, "__post_init__"):
            self.__post_init__()
    return __init__


def _process_class(cls, init, repr, eq, order):
    # the fields of the dataclasses it derives from, the most basic first, then its own
    all_fields = {}
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, "__dataclass_fields__", None)
        if base_fields is not None:
            for f in base_fields.values():
                all_fields[f.name] = f
    own = _fields_of(cls)
    for f in own:
        all_fields[f.name] = f
        if f.default is not MISSING:
            if type(f.default) in (list, dict, set):
                raise ValueError(f"mutable default {type(f.default)} for field {f.name} is "
                                 f"not allowed: use default_factory")
            setattr(cls, f.name, f.default)
        elif isinstance(_class_dict(cls).get(f.name), Field):
            delattr(cls, f.name)
    fields = list(all_fields.values())
    cls.__dataclass_fields__ = {f.name: f for f in fields}
    if init:
        set_function_name(_make_init(cls, fields), "__init__", cls)
    if repr:
        def __repr__(self):
            return (cls.__name__ + "(" + ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                                                   for f in fields if f.repr) + ")")
        set_function_name(__repr__, "__repr__", cls)
    compared = [f for f in fields if f.compare]

    def astuple(self):
        return tuple(getattr(self, f.name) for f in compared)
    if eq:
        def __eq__(self, other):
            if other.__class__ is not self.__class__:
                return NotImplemented
            return astuple(self) == astuple(other)
        set_function_name(__eq__, "__eq__", cls)
    if order:
        def __lt__(self, other):
            return astuple(self) < astuple(other)

        def __le__(self, other):
            return astuple(self) <= astuple(other)

        def __gt__(self, other):
            return astuple(self) > astuple(other)

        def __ge__(self, other):
            return astuple(self) >= astuple(other)
        for method in (__lt__, __le__, __gt__, __ge__):
            set_function_name(method, method.__name__, cls)
    return cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False):
    if frozen:
        raise NotImplementedError("@dataclass(frozen=True) is not supported by Backstep")

    def wrap(c):
        return _process_class(c, init, repr, eq, order)
    if cls is None:
        return wrap
    return wrap(cls)


def asdict(obj):
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}


def astuple(obj):
    return tuple(getattr(obj, name) for name in obj.__dataclass_fields__)


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")
