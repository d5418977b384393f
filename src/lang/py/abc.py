"""abc: abstract base classes as CPython's. A subclass of ABC that leaves a method marked
@abstractmethod undefined cannot be instantiated. ABCMeta (metaclass=) and register() are
not supported by Backstep."""
from _backstep import abstractmethod, mark_abc as _mark_abc

__backstep_partial__ = "ABC, abstractmethod"


class ABC:
    """Helper class that provides a standard way to create an ABC using
    inheritance."""


_mark_abc(ABC)
