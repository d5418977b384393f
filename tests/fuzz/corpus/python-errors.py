for src in ['del undefined', 'x = x', 'min([])', '{[]: 1}', 'sorted([1, "a"])',
            'isinstance(1, 5)', '"abc" * -1', 'int("9" * 5000)', 'round(1e308, -400)',
            'super()', 'None()', '(1)(2)', '[][0]', '{}[0]', '1 / 0.0', '1 % 0',
            '"%s %s" % (1,)', 'float("nan") < 1', 'list(range(3))[::0]']:
    pass
def f(a, b=1, *args, c, **kw):
    return a, b, args, c, kw
print(f(1, c=2))
print(f(1, 2, 3, c=4, d=5))
f()
