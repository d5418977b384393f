"""inspect: the part lecture code uses, frames (d2l's save_hyperparameters reads its
caller's arguments with currentframe and getargvalues). Backstep has no source files,
code objects or signatures to inspect: other names are missing, and the error says so."""
from collections import namedtuple as _namedtuple
from _backstep import frame as _frame, frame_arguments as _frame_arguments

__backstep_partial__ = "currentframe, getargvalues, ArgInfo, isclass, isfunction"

ArgInfo = _namedtuple("ArgInfo", "args varargs keywords locals", module="inspect")


def currentframe():
    return _frame(1)


def getargvalues(frame):
    args, varargs, varkw = _frame_arguments(frame)
    return ArgInfo(args, varargs, varkw, frame.f_locals)


def isclass(object):
    return isinstance(object, type)


def isfunction(object):
    return type(object).__name__ == "function"
