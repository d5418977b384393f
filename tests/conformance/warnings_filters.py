# Python's warnings module: filters hold compiled re patterns (message case-insensitive,
# module matched from its start) as CPython 3.11's, __warningregistry__ in the warning
# module's globals by action, catch_warnings(record=, module=, action=) and its repr
# needs: re, warnings
# compare: stderr
import sys
import warnings


def registry():
    try:
        return sorted(str(k) for k in __warningregistry__)
    except NameError:
        return "no registry"


print(warnings.filters)
warnings.filterwarnings("ignore", "spam.*eggs", UserWarning)
warnings.filterwarnings("error", module="__mai", category=RuntimeWarning)
warnings.filterwarnings("always", "^hello$", append=True)
print(warnings.filters[0], warnings.filters[1], warnings.filters[-1], sep="\n")
print(type(warnings.filters[1][1]).__name__, warnings.filters[1][1].flags,
      warnings.filters[1][1].pattern)
warnings.warn("SPAM and EGGS")
warnings.warn("spam no")
try:
    warnings.warn("boom", RuntimeWarning)
except RuntimeWarning as e:
    print("raised", repr(e))
for i in range(2):
    warnings.warn("hello")
    warnings.warn("hello!")
print(registry())
warnings.filterwarnings("ignore", "spam.*eggs", UserWarning)
print(len(warnings.filters))
warnings.filterwarnings("ignore", "spam.*eggs", UserWarning, append=True)
print(len(warnings.filters))
try:
    warnings.filterwarnings("ignore", "(")
except Exception as e:
    print(type(e).__name__, e)
try:
    warnings.filterwarnings("bogus")
except AssertionError as e:
    print("AssertionError", e)
warnings.resetwarnings()
print(warnings.filters, registry())

# a filter whose pattern is a str matches only that str, as the default filters do
warnings.filters.insert(0, ("ignore", "exact", UserWarning, None, 0))
warnings.warn("exact")
warnings.warn("exactly")
warnings.filters.insert(0, ("error", None, UserWarning, "__main__", 0))
try:
    warnings.warn("by module name")
except UserWarning as e:
    print("raised", e)
warnings.filters.pop(0)
warnings.filters.pop(0)
warnings.filters.insert(0, ("sometimes", None, Warning, None, 0))
try:
    warnings.warn("odd action")
except RuntimeError as e:
    print("RuntimeError", e)
warnings.filters.pop(0)


def in_function():
    warnings.warn("from a function")
    warnings.warn("level 2", stacklevel=2)


in_function()
in_function()
print(registry())

with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    warnings.warn("recorded 1")
    warnings.warn("recorded 2", DeprecationWarning)
print([str(w.message) for w in log], [w.category.__name__ for w in log], len(warnings.filters))

with warnings.catch_warnings(action="ignore"):
    warnings.warn("ignored by catch_warnings(action=)")
print(warnings.filters[:1])

cw = warnings.catch_warnings(module=warnings, record=True)
print(cw)
with cw as log:
    warnings.simplefilter("always")
    warnings.warn("recorded through module=")
print(len(log), str(log[0].message))


class FakeWarnings:
    """A stand-in module: catch_warnings swaps its filters and showwarning, not the real ones"""

    def __init__(self):
        self.filters = ["f"]
        self.showwarning = "show"
        self._showwarnmsg_impl = "impl"
        self._showwarning_orig = "orig"
        self.mutated = 0

    def _filters_mutated(self):
        self.mutated += 1

    def __repr__(self):
        return "<FakeWarnings>"


fake = FakeWarnings()
cw = warnings.catch_warnings(module=fake, record=True)
print(repr(cw))
with cw as log:
    fake._showwarnmsg_impl("appended to the log")
    print(fake.filters, fake.showwarning, log, fake.mutated)
    fake.filters.append("g")
    warnings.warn("shown: the real module is not recording")
print(fake.filters, fake.showwarning, fake._showwarnmsg_impl, fake.mutated, log)
try:
    cw.__exit__(None, None, None)
    cw2 = warnings.catch_warnings()
    cw2.__exit__(None, None, None)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    with cw:
        pass
except RuntimeError as e:
    print("RuntimeError", e)

warnings.simplefilter("once")
warnings.warn("once only")
warnings.warn("once only")
print(registry(), warnings.onceregistry)
warnings.warn_explicit("explicit once", UserWarning, "elsewhere.py", 7)
warnings.warn_explicit("explicit once", UserWarning, "elsewhere.py", 8)
print(warnings.onceregistry)
try:
    warnings.warn_explicit("bad", UserWarning, "x.py", 1, registry=[])
except TypeError as e:
    print("TypeError", e)
warnings.warn("from beyond", stacklevel=9)
print(sys.__warningregistry__)
