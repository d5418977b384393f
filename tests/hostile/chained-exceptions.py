# 50,000 chained exceptions: printed, not a stack overflow.
# exit: 1
# error: ValueError: 49999
# line: 12
# seconds: 20
err = None
for i in range(50000):
    try:
        raise ValueError(i) from err
    except ValueError as e:
        err = e
raise err
