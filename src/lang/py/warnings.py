"""Python's warnings module as CPython 3.11 behaves: the filters and their actions, the
once-per-location rule (a registry per module), catch_warnings and WarningMessage.

numpy's RuntimeWarnings and torch's UserWarnings go through warn_explicit too. The
module's state that code elsewhere rebinds (showwarning, formatwarning) is read from the
module itself; the rest is changed in place."""

import sys
import _backstep_warnings

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

filters = [
    ("default", None, DeprecationWarning, "__main__", 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
defaultaction = "default"
onceregistry = {}

# the filters' version (a registry made under older filters is cleared), the registry of
# each module (CPython keeps it in the module's __warningregistry__), and where shown
# warnings go while catch_warnings(record=True) records them
_state = {"version": 1, "registries": {}, "record": None}


def _module():
    return _backstep_warnings.module()


def _filters_mutated():
    _state["version"] += 1


def _add_filter(item, append):
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def simplefilter(action, category=Warning, lineno=0, append=False):
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter((action, None, category, None, lineno), append)


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(message, str), "message must be a string"
    assert _backstep_warnings.is_class(category), "category must be a class"
    assert issubclass(category, Warning), "category must be a Warning subclass"
    assert isinstance(module, str), "module must be a string"
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter((action, message or None, category, module or None, lineno), append)


def resetwarnings():
    filters.clear()
    _filters_mutated()


class WarningMessage(object):
    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line",
                        "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None,
                 source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, "
                "line : %r}" % (self.message, self._category_name, self.filename,
                                self.lineno, self.line))


def formatwarning(message, category, filename, lineno, line=None):
    text = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line is None:
        line = _backstep_warnings.getline(filename, lineno)
    if line:
        text += "  %s\n" % line.strip()
    return text


_formatwarning_orig = formatwarning


def _formatwarnmsg(msg):
    format = _module().formatwarning
    if format is not _formatwarning_orig:
        return format(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    return _formatwarning_orig(msg.message, msg.category, msg.filename, msg.lineno,
                               msg.line)


def _showwarnmsg_impl(msg):
    if _state["record"] is not None:
        _state["record"].append(msg)
        return
    file = msg.file
    if file is None:
        file = sys.stderr
    file.write(_formatwarnmsg(msg))


def showwarning(message, category, filename, lineno, file=None, line=None):
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    show = _module().showwarning
    if show is not _showwarning_orig:
        if not callable(show):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        show(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


def _matches(item, text, category, module, lineno):
    action, message, cat, mod, ln = item
    return ((message is None or _backstep_warnings.match(message, text, True))
            and issubclass(category, cat)
            and (mod is None or _backstep_warnings.match(mod, module, False))
            and (ln == 0 or lineno == ln))


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = _state["registries"].setdefault(module, {})
    if registry.get("version", 0) != _state["version"]:
        registry.clear()
        registry["version"] = _state["version"]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    action = None
    for item in filters:
        if _matches(item, text, category, module, lineno):
            action = item[0]
            break
    if action is None:
        action = _module().defaultaction
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s"
                           % (action, item))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None, None, source))


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (_backstep_warnings.is_class(category) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'"
                        % (type(category).__name__,))
    filename, lineno, module = _backstep_warnings.caller(stacklevel)
    warn_explicit(message, category, filename, lineno, module, None, None, source)


class catch_warnings(object):
    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        if module is not None:
            raise NotImplementedError("catch_warnings(module=...) is not supported by "
                                      "Backstep")
        self._record = record
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        module = _module()
        self._filters = list(filters)
        self._showwarning = module.showwarning
        self._recording = _state["record"]
        _filters_mutated()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            _state["record"] = log
            module.showwarning = _showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        filters[:] = self._filters
        _filters_mutated()
        _module().showwarning = self._showwarning
        _state["record"] = self._recording
