# An error raised while handling another, uncaught: both tracebacks, joined by CPython's
# "During handling of the above exception, another exception occurred:".
# compare: traceback
# needs: implicit exception chaining printed, tracebacks through a finally block
def f():
    try:
        return [1][2]
    finally:
        print("cleanup")
        raise KeyError("k")
f()
