# Caught, let go of, and the script goes on.
# args: --max-memory 64M
# stdout: MemoryError 1000
xs = []
try:
    while True:
        xs.append({len(xs): 'x'})
except MemoryError as e:
    xs = None
    kind = type(e).__name__
ys = [0] * 1000
print(kind, len(ys))
