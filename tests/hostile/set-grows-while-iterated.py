# The same with a set.
# exit: 1
# error: RuntimeError: Set changed size during iteration
# line: 6
s = {0}
for k in s:
    s.add(k + 1)
