# Ints past 64 bits that a range or enumerate would give (CPython's are unbounded): Backstep's
# OverflowError at the statement, never a wrapped value
# exit: 1
# stdout: OverflowError integer overflow: Backstep's ints are 64-bit (Python's are unbounded)
# stdout: OverflowError integer overflow: Backstep's ints are 64-bit (Python's are unbounded)
# stdout: OverflowError Python int too large to convert to C ssize_t
# stdout: True 9223372036854775806
# stdout: 9223372036854775806 a
# stdout: 9223372036854775807 b
# error: OverflowError: integer overflow: Backstep's ints are 64-bit (Python's are unbounded)
# line: 19
r = range(-2**63, 2**63 - 1)
for f in [lambda: r.index(5), lambda: r[::-1], lambda: len(r)]:
    try:
        print(f())
    except OverflowError as e:
        print(type(e).__name__, e)
print(bool(r), next(reversed(r)))
for i, c in enumerate('abc', 2**63 - 2):
    print(i, c)
