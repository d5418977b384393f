# range beyond 2**63 (len raises as CPython, in and indexing work), sum of a long range
# without a list, str padding and format widths limited by memory, not counts.
# compare: exact
# needs: range with 64-bit bounds, in / [i] on it, sum(range), center/zfill/format widths
r = range(-9223372036854775807 - 1, 9223372036854775807)
print(5 in r, 9223372036854775806 in r, r[0], r[-1])
try:
    len(r)
except OverflowError as e:
    print("OverflowError", e)
print(sum(range(10**7)), len('x'.center(200000)), len('x'.zfill(300000)), len(format('x', '>200000')))

print('ab'.replace('a', 'xyz'), '-'.join(['a', 'b']))
