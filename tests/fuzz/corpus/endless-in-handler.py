try:
    raise ValueError('x')
except ValueError:
    while True:
        pass
