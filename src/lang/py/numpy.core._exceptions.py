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
