# typing: the names annotations use. They can be subscripted (List[int], Dict[str, float],
# Optional[Tensor]) and are not enforced, as in CPython.


class _Special:
    def __init__(self, name, args=None):
        self._name = name
        self.__args__ = args

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _Special(self._name, params)

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Type {self._name} cannot be instantiated; use "
                        f"{self._name.lower()}() instead")

    def __repr__(self):
        if self.__args__ is None:
            return "typing." + self._name
        return "typing." + self._name + "[" + ", ".join(_type_repr(a) for a in self.__args__) + "]"


def _type_repr(obj):
    if obj is None:
        return "NoneType"
    if obj is ...:
        return "..."
    if isinstance(obj, (_Special, TypeVar, _GenericAlias)):
        return repr(obj)
    return getattr(obj, "__name__", repr(obj))


Any = _Special("Any")
Union = _Special("Union")
Optional = _Special("Optional")
List = _Special("List")
Dict = _Special("Dict")
Tuple = _Special("Tuple")
Set = _Special("Set")
FrozenSet = _Special("FrozenSet")
Callable = _Special("Callable")
Iterable = _Special("Iterable")
Iterator = _Special("Iterator")
Generator = _Special("Generator")
Sequence = _Special("Sequence")
Mapping = _Special("Mapping")
Type = _Special("Type")
Literal = _Special("Literal")
ClassVar = _Special("ClassVar")
Final = _Special("Final")
NoReturn = _Special("NoReturn")
DefaultDict = _Special("DefaultDict")
OrderedDict = _Special("OrderedDict")
Counter = _Special("Counter")
TYPE_CHECKING = False


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name

    def __repr__(self):
        return "~" + self.__name__


class NamedTuple:
    def __init_subclass__(cls):
        raise NotImplementedError(f"class {cls.__name__}(typing.NamedTuple) is not supported by "
                                  f"Backstep: use collections.namedtuple")

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("typing.NamedTuple() is not supported by Backstep: use "
                                  "collections.namedtuple")


class _GenericAlias:
    # Generic[T], or a generic class subscripted (Box[int]): as a base it stands for its class
    def __init__(self, origin, params):
        self.__origin__ = origin
        self.__args__ = params if isinstance(params, tuple) else (params,)

    def __mro_entries__(self, bases):
        if self.__origin__ is Generic:
            for b in bases[bases.index(self) + 1:]:
                if isinstance(b, _GenericAlias) and b is not self:
                    return ()
        return (self.__origin__,)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __repr__(self):
        origin = self.__origin__
        return (origin.__module__ + "." + origin.__qualname__ + "["
                + ", ".join(_type_repr(a) for a in self.__args__) + "]")


class Generic:
    """Abstract base class for generic types."""

    def __class_getitem__(cls, params):
        return _GenericAlias(cls, params)


def cast(typ, val):
    return val


def overload(func):
    return func


def no_type_check(func):
    return func
