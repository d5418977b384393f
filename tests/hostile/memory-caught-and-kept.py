# Caught and ignored while still growing: stopped a quarter past the budget.
# args: --max-memory 64M
# exit: 1
# error: backstep: stopped at {script}:8 (the memory budget of 64.0 MiB; raise it with --max-memory)
xs = []
while True:
    try:
        xs.append([0])
    except MemoryError:
        pass
