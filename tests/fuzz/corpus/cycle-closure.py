def outer():
    def inner():
        return inner
    return inner
x = outer()
print(x() is x)
