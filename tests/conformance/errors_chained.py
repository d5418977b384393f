# Chained exceptions: an error raised while another is handled (in an except or a finally
# block) keeps it as __context__; "raise ... from" sets __cause__ (None hides the context).
# compare: exact
# needs: __context__, __cause__, __suppress_context__, raise from, finally chaining
def load(table, key):
    try:
        return table[key]
    except KeyError:
        return 1 / 0


try:
    load({}, "w")
except ZeroDivisionError as e:
    print(type(e.__context__).__name__, e.__cause__, e.__suppress_context__)

try:
    try:
        raise KeyError("a")
    except KeyError as k:
        raise ValueError("bad value") from k
except ValueError as v:
    print(repr(v.__cause__), repr(v.__context__), v.__suppress_context__)

try:
    try:
        raise KeyError("a")
    except KeyError:
        raise ValueError("quiet") from None
except ValueError as v:
    print(v.__cause__, repr(v.__context__), v.__suppress_context__)

try:
    try:
        1 / 0
    finally:
        raise RuntimeError("cleanup failed")
except RuntimeError as r:
    print(repr(r.__context__))

try:
    raise ValueError("x") from 3
except TypeError as t:
    print(t)

try:
    raise ValueError("y") from KeyError
except ValueError as v:
    print(repr(v.__cause__))

# re-raising an exception already in the chain does not make a loop
try:
    raise ValueError("a")
except ValueError as a:
    first = a
try:
    try:
        raise KeyError("b")
    except KeyError as b:
        try:
            raise first
        except ValueError as again:
            raise b
except KeyError as k:
    print(repr(k.__context__), repr(k.__context__.__context__))
