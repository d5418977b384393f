class Node:
    def __init__(self):
        self.me = self

n = Node()
def f():
    return f
print(f()() is f)
