# object.__init__ and BaseException.__init__ as CPython declares them
class Plain:
    pass


class Point:
    def __init__(self, x):
        super().__init__()
        self.x = x


class Strict:
    def __init__(self, x):
        super().__init__(x)


class AppError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg, code)
        self.code = code


class Quiet(Exception):
    pass


tries = [lambda: Plain(1), lambda: Plain(x=1), lambda: Point(3).x, lambda: Strict(1),
         lambda: object.__init__(Plain(), 2), lambda: object.__init__(Plain()),
         lambda: AppError("m", 3).args, lambda: str(AppError("m", 3)),
         lambda: AppError("m", 3).code, lambda: Quiet().args, lambda: Quiet(1, 2).args,
         lambda: str(Quiet("only")), lambda: Exception.__init__(AppError("a", 1), x=1),
         lambda: object.__init__(), lambda: BaseException.__init__(Quiet(), 5)]
for f in tries:
    try:
        print(f())
    except TypeError as e:
        print("TypeError:", e)

e = Quiet()
Exception.__init__(e, "late", 2)
print(e.args, repr(e))
