"""numpy's exceptions with numpy 1.24's arguments, messages and module."""


class AxisError(ValueError, IndexError):
    # raised as AxisError(axis, ndim, msg_prefix), or with its message alone
    def __init__(self, axis, ndim=None, msg_prefix=None):
        if ndim is None and msg_prefix is None:
            self.axis = None
            self.ndim = None
            self._msg = axis
        else:
            self.axis = axis
            self.ndim = ndim
            self._msg = msg_prefix

    def __str__(self):
        if self.axis is None and self.ndim is None:
            return self._msg
        text = f"axis {self.axis} is out of bounds for array of dimension {self.ndim}"
        if self._msg is None:
            return text
        return f"{self._msg}: {text}"


AxisError.__module__ = "numpy"


def _unpack_tuple(items):
    return items[0] if len(items) == 1 else items


# Backstep's ufuncs are functions without nin and nout: one output each, and one input
# but for the binary ones
_BINARY = {"add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power",
           "remainder", "mod", "fmod", "maximum", "minimum", "fmax", "fmin", "arctan2",
           "hypot", "logaddexp", "logaddexp2", "matmul", "bitwise_and", "bitwise_or",
           "bitwise_xor", "left_shift", "right_shift", "equal", "not_equal", "less",
           "less_equal", "greater", "greater_equal", "logical_and", "logical_or",
           "logical_xor", "copysign", "nextafter", "heaviside", "float_power", "ldexp", "gcd",
           "lcm"}


def _n_inputs(ufunc):
    return getattr(ufunc, "nin", 2 if ufunc.__name__ in _BINARY else 1)


def _n_outputs(ufunc):
    return getattr(ufunc, "nout", 1)


def _show_as_base(cls, base):
    # numpy names these classes after their base (type(e).__name__, repr(e)); the
    # traceback still names the class itself
    cls.__name__ = base.__name__
    return cls


class UFuncTypeError(TypeError):
    # raised by the ufuncs: what went wrong in ufunc
    def __init__(self, ufunc):
        self.ufunc = ufunc


class _UFuncNoLoopError(UFuncTypeError):
    def __init__(self, ufunc, dtypes):
        super().__init__(ufunc)
        self.dtypes = tuple(dtypes)

    def __str__(self):
        nin = _n_inputs(self.ufunc)
        return "ufunc {!r} did not contain a loop with signature matching types {!r} -> {!r}".format(
            self.ufunc.__name__, _unpack_tuple(self.dtypes[:nin]), _unpack_tuple(self.dtypes[nin:]))


class _UFuncBinaryResolutionError(_UFuncNoLoopError):
    def __init__(self, ufunc, dtypes):
        super().__init__(ufunc, dtypes)
        if len(self.dtypes) != 2:
            raise AssertionError

    def __str__(self):
        return "ufunc {!r} cannot use operands with types {!r} and {!r}".format(
            self.ufunc.__name__, self.dtypes[0], self.dtypes[1])


class _UFuncCastingError(UFuncTypeError):
    def __init__(self, ufunc, casting, from_, to):
        super().__init__(ufunc)
        self.casting = casting
        self.from_ = from_
        self.to = to


class _UFuncInputCastingError(_UFuncCastingError):
    def __init__(self, ufunc, casting, from_, to, i):
        super().__init__(ufunc, casting, from_, to)
        self.in_i = i

    def __str__(self):
        # the input's number only when the ufunc has several
        i_str = "{} ".format(self.in_i) if _n_inputs(self.ufunc) != 1 else ""
        return "Cannot cast ufunc {!r} input {}from {!r} to {!r} with casting rule {!r}".format(
            self.ufunc.__name__, i_str, self.from_, self.to, self.casting)


class _UFuncOutputCastingError(_UFuncCastingError):
    def __init__(self, ufunc, casting, from_, to, i):
        super().__init__(ufunc, casting, from_, to)
        self.out_i = i

    def __str__(self):
        # the output's number only when the ufunc has several
        i_str = "{} ".format(self.out_i) if _n_outputs(self.ufunc) != 1 else ""
        return "Cannot cast ufunc {!r} output {}from {!r} to {!r} with casting rule {!r}".format(
            self.ufunc.__name__, i_str, self.from_, self.to, self.casting)


_show_as_base(_UFuncNoLoopError, UFuncTypeError)
_show_as_base(_UFuncBinaryResolutionError, _UFuncNoLoopError)
_show_as_base(_UFuncCastingError, UFuncTypeError)
_show_as_base(_UFuncInputCastingError, _UFuncCastingError)
_show_as_base(_UFuncOutputCastingError, _UFuncCastingError)
