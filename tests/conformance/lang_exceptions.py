# Exceptions: try/except/finally, `as`, tuples of types, raise, re-raise in a handler,
# custom exception classes, assert, the messages CPython prints for common errors.
# compare: exact
# needs: ZeroDivisionError/IndexError/KeyError/ValueError/TypeError/AttributeError/NameError/
#   AssertionError/RuntimeError/Exception with CPython's messages, str(e) and repr(e),
#   type(e).__name__, class MyError(Exception), finally with return, bare raise
def divide(a, b):
    return a / b


for a, b in [(1, 2), (1, 0), (1.0, 0.0), (7, 2)]:
    try:
        print(divide(a, b))
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)

try:
    print(5 // 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    [1, 2, 3][5]
except IndexError as e:
    print("IndexError:", e)
try:
    {"a": 1}["b"]
except KeyError as e:
    print("KeyError:", e)
try:
    int("abc")
except ValueError as e:
    print("ValueError:", e)
try:
    "x" + 1
except TypeError as e:
    print("TypeError:", e)
try:
    None.foo
except AttributeError as e:
    print("AttributeError:", e)
try:
    undefined_name
except NameError as e:
    print("NameError:", e)
try:
    raise ValueError("custom message")
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)

try:
    raise RuntimeError("boom")
except Exception as e:
    print("caught", repr(e), str(e))
finally:
    print("finally runs")


def f():
    try:
        return "from try"
    finally:
        print("finally before return")


print(f())


class MyError(Exception):
    pass


try:
    raise MyError("mine")
except MyError as e:
    print(type(e).__name__, e, isinstance(e, Exception))

try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("AssertionError:", e)

try:
    try:
        raise KeyError("inner")
    except KeyError:
        raise ValueError("outer")
except ValueError as e:
    print("re-raised:", e)

try:
    try:
        raise IndexError("again")
    except IndexError:
        print("handling, then raising again")
        raise
except IndexError as e:
    print("outer caught:", e)


def check(x):
    if x < 0:
        raise ValueError(f"x must be non-negative, got {x}")
    return x ** 0.5


results = []
for x in [4, -1, 9]:
    try:
        results.append(check(x))
    except ValueError as e:
        results.append(str(e))
print(results)
