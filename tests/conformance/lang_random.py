# The random module gives CPython's numbers: seed, random, randint, uniform, choice.
# compare: exact
# needs: import random, random.seed(int), random(), randint(a, b), uniform(a, b), choice on
#   lists, strings and ranges, float repr of the results
import random

random.seed(42)
print(random.random(), random.randint(1, 10), random.uniform(-1, 1), random.choice(["a", "b", "c"]))
print([random.randint(0, 3) for _ in range(12)])
random.seed(0)
print(random.random(), random.random())
random.seed(1234)
print([round(random.random(), 6) for _ in range(5)])
print(random.choice("backstep"), random.choice(range(100)), random.randint(-5, 5))
random.seed(2**40 + 7)
print(random.randint(0, 10**6), random.uniform(0, 100))
