# A list that only grows: a MemoryError at the line that grew it, within the budget.
# args: --max-memory 64M
# exit: 1
# error: MemoryError: the script's objects, tensors, autograd graph and trace went over Backstep's memory budget of 64.0 MiB; raise it with --max-memory
# line: 8
xs = []
while True:
    xs.append([len(xs)])
