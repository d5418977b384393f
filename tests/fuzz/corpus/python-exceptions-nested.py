def f(n):
    try:
        if n == 0:
            raise ValueError('bottom')
        f(n - 1)
    finally:
        pass

for i in range(50):
    try:
        f(i)
    except ValueError as e:
        x = e
raise x
