# "raise ... from e", uncaught: the cause's traceback, then "The above exception was the
# direct cause of the following exception:" and the new one.
# compare: traceback
# needs: explicit exception chaining printed
try:
    int("x")
except ValueError as e:
    raise RuntimeError("could not parse the size") from e
