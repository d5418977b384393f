"""Python's warnings module as CPython 3.11 behaves: the filters (their message and module
patterns compiled by re) and their actions, the once-per-location rule in the
__warningregistry__ of the module that warns, catch_warnings (record, module) and
WarningMessage.

numpy's RuntimeWarnings and torch's UserWarnings go through warn_explicit too. As
CPython's C half does, the module's state (filters, defaultaction, onceregistry,
showwarning, _showwarnmsg_impl...) is read from the module each time, so that code
rebinding it (catch_warnings) is followed."""

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

# the filters' version (a registry made under older filters is cleared), and the
# registries of the library files Backstep's C code warns for (numpy's _methods.py)
_state = {"version": 0, "registries": {}}


def _module():
    return _backstep_warnings.module()


def _filters_mutated():
    _state["version"] += 1


def _add_filter(item, append):
    filters = _module().filters
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
    if message or module:
        import re
    if message:
        message = re.compile(message, re.I)
    else:
        message = None
    if module:
        module = re.compile(module)
    else:
        module = None
    _add_filter((action, message, category, module, lineno), append)


def resetwarnings():
    _module().filters[:] = []
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
    _module()._showwarnmsg_impl(msg)


def _matched(pattern, text):
    # a filter's message or module: None matches all, a str (the default filters') only
    # itself, else a compiled pattern's match()
    if pattern is None:
        return True
    if type(pattern) is str:
        return pattern == text
    return pattern.match(text)


def _filter_action(text, category, module, lineno):
    filters = _module().filters
    if not isinstance(filters, list):
        raise ValueError("_warnings.filters must be a list")
    for i, item in enumerate(filters):
        if not isinstance(item, tuple) or len(item) != 5:
            raise ValueError("_warnings.filters item %d isn't a 5-tuple" % (i,))
        action, message, cat, mod, ln = item
        if not isinstance(action, str):
            raise TypeError("action must be a string, not '%s'" % (type(action).__name__,))
        if (_matched(message, text) and issubclass(category, cat) and _matched(mod, module)
                and (ln == 0 or lineno == ln)):
            return action, item
    action = _module().defaultaction
    if not isinstance(action, str):
        raise TypeError("_warnings.defaultaction must be a string, not '%s'"
                        % (type(action).__name__,))
    return action, None


def _already_warned(registry, key, should_set):
    # CPython's already_warned(): a registry of older filters starts again
    version = _state["version"]
    if registry.get("version") != version or type(registry.get("version")) is not int:
        registry.clear()
        registry["version"] = version
    elif registry.get(key):
        return True
    if should_set:
        registry[key] = True
    return False


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is not None and not isinstance(registry, dict):
        raise TypeError("'registry' must be a dict or None")
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry is not None and _already_warned(registry, key, False):
        return
    action, item = _filter_action(text, category, module, lineno)
    if action == "error":
        raise message
    if action == "ignore":
        return
    if action != "always":
        if registry is not None:
            registry[key] = True
        if action == "once" or action == "module":
            if registry is None and action == "once":
                registry = _module().onceregistry
                if not isinstance(registry, dict):
                    raise TypeError("_warnings.onceregistry must be a dict, not '%s'"
                                    % (type(registry).__name__,))
            if registry is not None and _already_warned(registry, (text, category), True):
                return
        elif action != "default":
            raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %r"
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
    filename, lineno, module, registry = _backstep_warnings.caller(stacklevel)
    warn_explicit(message, category, filename, lineno, module, registry, None, source)


def _warn_c(message, category):
    # a warning of Backstep's C code at the script's line, as PyErr_WarnEx(stacklevel=1)
    filename, lineno, module, registry = _backstep_warnings.caller(1)
    warn_explicit(message, category, filename, lineno, module, registry)


def _warn_at(message, category, filename, lineno, module):
    # a warning at a line of a library's file (numpy's _methods.py), in that module's registry
    registry = _state["registries"].setdefault(module, {})
    warn_explicit(message, category, filename, lineno, module, registry)


class catch_warnings(object):
    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        self._record = record
        self._module = _module() if module is None else module
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        if self._module is not _module():
            args.append("module=%r" % (self._module,))
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = self._module.filters
        self._module.filters = self._filters[:]
        self._module._filters_mutated()
        self._showwarning = self._module.showwarning
        self._showwarnmsg_impl = self._module._showwarnmsg_impl
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            self._module._showwarnmsg_impl = log.append
            self._module.showwarning = self._module._showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        self._module.filters = self._filters
        self._module._filters_mutated()
        self._module.showwarning = self._showwarning
        self._module._showwarnmsg_impl = self._showwarnmsg_impl
