# with statements: Python 3.10's parenthesised items, several managers, exceptions that
# __exit__ sees or suppresses, and objects that are not context managers.
# compare: exact
# needs: with (a as b, c as d), __enter__/__exit__, torch.no_grad/enable_grad, type names in
#   TypeError messages
import torch


class Tag:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress


with (Tag("a") as a, Tag("b") as b):
    print("body", a, b)

with (
    Tag("c") as c,
    Tag("d"),
    Tag("e") as e,
):
    print("body", c, e)

with (Tag("f")):
    print("one item in parentheses")

with (Tag("g")) as g:
    print("a parenthesised expression, then as:", g)

with (Tag("h", suppress=True), Tag("i")):
    raise ValueError("suppressed by h")
print("after the suppressed error")

try:
    with (Tag("j") as j, Tag("k") as k):
        raise KeyError(j + k)
except KeyError as err:
    print("caught", err)

x = torch.tensor([1.0, 2.0], requires_grad=True)
with (torch.no_grad(), Tag("l") as l):
    y = x * 2
    with (torch.enable_grad()):
        z = x * 3
print(y.requires_grad, z.requires_grad, l)


class OnlyEnter:
    def __enter__(self):
        return self


class OnlyExit:
    def __exit__(self, *args):
        return False


for make in (OnlyEnter, OnlyExit, lambda: (1, 2), lambda: 3):
    try:
        with make():
            pass
    except TypeError as err:
        print("TypeError:", err)


class Plain:
    pass


for bad in (lambda: Plain() + 1, lambda: len(Plain()), lambda: Plain()[0],
            lambda: iter(Plain()), lambda: Plain().missing):
    try:
        bad()
    except (TypeError, AttributeError) as err:
        print(type(err).__name__ + ":", err)
