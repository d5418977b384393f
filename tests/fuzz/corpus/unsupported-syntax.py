async def f():
    await g()

def gen():
    yield 1

x = (y := 2)
match x:
    case 1:
        pass
