# An uncaught Python exception raised in a nested call: exit status 1, "ValueError: ..." last.
# compare: traceback
# needs: raise in a function called from a method, traceback through frames, exit status 1
class Model:
    def check(self, lr):
        if lr <= 0:
            raise ValueError(f"learning rate must be positive, got {lr}")
        return lr


m = Model()
print(m.check(0.1))
print(m.check(-1))
