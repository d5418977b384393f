# Lists, tuples and comprehensions: nested comprehensions with conditions, slicing, unpacking,
# range/enumerate/zip, len/min/max/sum/sorted, membership, repr of nested containers.
# compare: exact
# needs: list comprehensions (nested, with if), list/tuple literals and repr, slices with
#   steps and negative indices, slice assignment, tuple unpacking, list methods (append,
#   extend, pop, insert, index, count, reverse, sort), + and * on lists, in / not in, list()
squares = [x * x for x in range(10)]
evens = [x for x in squares if x % 2 == 0]
pairs = [(i, j) for i in range(3) for j in range(i)]
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
transposed = [[row[i] for row in matrix] for i in range(3)]
print(squares)
print(evens, pairs)
print(matrix, transposed)
print([[1 if i == j else 0 for j in range(3)] for i in range(3)])

xs = list(range(10))
print(xs[2:5], xs[:3], xs[7:], xs[-3:], xs[::2], xs[::-1], xs[8:2:-2], xs[-1], xs[5:100])
ys = xs[:]
ys[1:3] = [10, 20, 30]
print(ys, len(ys), xs == list(range(10)))

a, b = 1, 2
a, b = b, a
(c, d), e = (3, 4), 5
first, second, third = "xyz"
print(a, b, c, d, e, first, third)

t = (1, "two", 3.0, None, True)
print(t, t[1], len(t), (1,), (), tuple([1, 2]), list((3, 4)))

names = ["w1", "w2", "w3"]
values = [1.0, 2.0, 3.0]
for i, (name, value) in enumerate(zip(names, values)):
    print(i, name, value)
for i, name in enumerate(names, start=1):
    print(i, name, end="; ")
print()
print(list(zip(names, values)), list(enumerate("ab")))

nums = [5, 3, 8, 1, 9, 2]
print(len(nums), min(nums), max(nums), sum(nums), sorted(nums), sum(nums) / len(nums))
print(3 in nums, 4 in nums, 4 not in nums, "a" in "cat", [1, 2] + [3], [0] * 4, 2 * [1, 2])

nums.append(7)
nums.extend([0, 4])
last = nums.pop()
nums.insert(0, 6)
print(nums, last, nums.index(8), nums.count(1))
nums.sort()
print(nums)
nums.reverse()
print(nums, nums.pop(0))
nested = [[1, [2, 3]], ["four", (5, 6.5)]]
print(nested, nested[1][1][0], len(nested[0][1]))
print(list(range(5, 0, -1)), list(range(2, 11, 3)), list(range(0)))
