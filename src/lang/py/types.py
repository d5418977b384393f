"""types: SimpleNamespace as CPython 3.11's (the configuration object lecture code builds);
the interpreter's own types are not supported by Backstep."""

__backstep_partial__ = "SimpleNamespace"


class SimpleNamespace:
    def __init__(self, mapping_or_iterable=(), /, **kwargs):
        if mapping_or_iterable:
            raise NotImplementedError("SimpleNamespace() with a positional argument (Python "
                                      "3.13) is not supported by Backstep")
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __repr__(self):
        items = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"namespace({items})"

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented
