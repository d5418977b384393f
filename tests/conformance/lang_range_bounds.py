# range at the ends of 64 bits: len() past 2**63 - 1 raises CPython's OverflowError, and
# indexing, slicing, reversing, membership and truth work without the length; integer
# constants whose steps leave 64 bits (2**63 - 1, -2**63) fold as CPython folds them
# compare: exact
M = 2**63 - 1
m = -2**63
print(M, m, -9223372036854775808, 2**64 // 2**2 - 1, -(2**63), 0x7fffffffffffffff, ~-2**63)
print((2**70 - 2**70) + 5, 2**100 // 2**40, -2**126 // 2**64 + 2, (1 << 64) >> 2, 2**64 % 7)
cases = [
    lambda: len(range(-2**63, 2**63-1)),
    lambda: len(range(m, M)),
    lambda: len(range(0, M)),
    lambda: len(range(-1, M)),
    lambda: len(range(M, m, -1)),
    lambda: len(range(m, M, 2)),
    lambda: len(range(m, M, 3)),
    lambda: range(m, M)[2**62],
    lambda: range(m, M)[-1],
    lambda: range(m, M)[0],
    lambda: range(m, M)[M],
    lambda: range(m, M)[m],
    lambda: range(5)[M],
    lambda: range(5)[m],
    lambda: 5 in range(m, M),
    lambda: M in range(m, M),
    lambda: m in range(m, M),
    lambda: range(m, M).count(5),
    lambda: range(0, M).index(5),
    lambda: range(m, M).index(m),
    lambda: range(m, M).index(M),
    lambda: list(range(M - 2, M)),
    lambda: range(M - 2, M)[1],
    lambda: range(m, M)[::2],
    lambda: range(m, M)[1:3],
    lambda: range(m, M)[-3:],
    lambda: range(m, M)[5:1],
    lambda: range(10)[::-1],
    lambda: range(10)[8:2:-3],
    lambda: range(10)[::0],
    lambda: bool(range(m, M)),
    lambda: bool(range(M, m)),
    lambda: next(reversed(range(m, M))),
    lambda: list(reversed(range(M, m, -M))),
    lambda: list(reversed(range(0, m, m))),
    lambda: list(reversed(range(M, m, m))),
    lambda: list(reversed(range(10, 0, -3))),
    lambda: list(reversed(range(0))),
    lambda: range(m, M) == range(m, M),
    lambda: sum(1 for _ in zip(range(m, M), range(3))),
    lambda: range(0, M, 2**62)[1],
    lambda: list(range(M, m, -M)),
    lambda: range(M, m, -M)[1],
    lambda: len(range(M, m, -M)),
    lambda: range(m, M, M)[2],
    lambda: list(range(m, M, M)),
    lambda: list(enumerate('ab', M - 1)),
    lambda: repr(range(m, M)),
    lambda: list(range(m, m + 3)),
]
for i, c in enumerate(cases):
    try:
        print(i, c())
    except Exception as e:
        print(i, type(e).__name__, e)
