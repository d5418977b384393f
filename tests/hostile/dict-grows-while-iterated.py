# Adding to a dict while iterating it: CPython's RuntimeError, not an endless loop.
# exit: 1
# error: RuntimeError: dictionary changed size during iteration
# line: 6
d = {0: 0}
for k in d:
    d[k + 1] = 0
