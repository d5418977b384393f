# Control flow: if/elif/else, while with break/continue, for over ranges, lists, tuples,
# strings and dicts, nested loops, conditional expressions, pass.
# compare: exact
# needs: if/elif/else, while, break, continue, pass, for over range(a, b, -step), tuple,
#   str, dict, nested loops with break, conditional expressions, print(end=, sep=)
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n % 2 == 0:
        return "even"
    else:
        return "odd"


print([classify(n) for n in [-3, 0, 4, 7]])

i = 0
total = 0
while True:
    i += 1
    if i % 3 == 0:
        continue
    if i > 10:
        break
    total += i
print(i, total)

for k in range(10, 0, -3):
    print(k, end=" ")
print()
for item in (1, "two", 3.0):
    print(item, end="|")
print()
for ch in "abc":
    print(ch * 2, end=",")
print()
for key in {"b": 1, "a": 2}:
    print(key, end=" ")
print()

found = None
for row in range(1, 5):
    for col in range(1, 5):
        if row * col == 6:
            found = (row, col)
            break
    if found:
        break
print("found", found)

n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz steps", steps)

for _ in range(3):
    pass
print("a", "b", sep="-", end="!\n")
print("x" if steps > 100 else "y", "big" if 0 else "small")
