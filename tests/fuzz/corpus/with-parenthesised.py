class C:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return len(a) > 5
with (C() as a, C(), C() as b,):
    pass
with (C()) as c, (C()):
    pass
with ([C()][0] as d):
    pass
with (
    C() as e,
    C() as f
):
    pass
try:
    with (C(), 1):
        pass
except TypeError as e:
    print(e)
