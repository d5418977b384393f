# One statement that builds a huge list in C.
# args: --max-memory 64M
# exit: 1
# error: MemoryError: the script's objects, tensors, autograd graph and trace went over Backstep's memory budget of 64.0 MiB; raise it with --max-memory
# line: 6
xs = list(range(10 ** 12))
