#!/usr/bin/python3
"""numpy in scripts: what Backstep's numpy lacks is named, as issue 16 asks
(`AttributeError: Backstep's numpy has no 'fft'`), and what it refuses says so.

numpy itself has all of these, so they cannot be compared with python3 (the conformance
scripts numpy_*.py compare everything numpy does). The built command comes from $BACKSTEP.
Output is TAP.
"""
import os
import subprocess
import sys
import tempfile

BACKSTEP = os.environ.get("BACKSTEP")

# (statement, the exception it raises in Backstep)
CASES = [
    ("np.fft", "AttributeError: Backstep's numpy has no 'fft'"),
    ("np.linalg.svd", "AttributeError: Backstep's numpy has no 'linalg.svd'"),
    ("np.core.multiarray", "AttributeError: Backstep's numpy has no 'core.multiarray'"),
    ("np.histogram2d(a, a)", "AttributeError: Backstep's numpy has no 'histogram2d'"),
    ("a.choose([1])", "AttributeError: Backstep's numpy has no 'ndarray.choose'"),
    ("np.no_such_function", "AttributeError: module 'numpy' has no attribute "
     "'no_such_function'"),
    ("a.no_such_thing", "AttributeError: 'numpy.ndarray' object has no attribute "
     "'no_such_thing'"),
    ("np.zeros(3, dtype='complex64')", "TypeError: Backstep's numpy has no dtype 'complex64'"),
    ("np.exp(a, out=a)", "NotImplementedError: exp(out=...) is not supported by Backstep's "
     "numpy"),
    ("np.sum(a, where=a > 0)", "NotImplementedError: sum(where=...) is not supported by "
     "Backstep's numpy"),
    ("np.unique(a, axis=0)", "NotImplementedError: unique(axis=...) is not supported by "
     "Backstep's numpy"),
    ("a.reshape(3, order='F')", "NotImplementedError: reshape(order=...) other than 'C' is "
     "not supported by Backstep's numpy"),
    ("np.array(['a', 'b'])", "TypeError: Backstep's numpy has no arrays of str"),
    ("np.zeros(3, dtype=torch.float32)", "TypeError: Cannot interpret 'torch.float32' as a "
     "data type"),
]


def run(source):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        return subprocess.run([BACKSTEP, "run", path], capture_output=True, text=True,
                              timeout=60)
    finally:
        os.unlink(path)


def main():
    print(f"1..{len(CASES)}")
    failed = 0
    for i, (statement, expected) in enumerate(CASES, 1):
        r = run(f"import numpy as np\nimport torch\na = np.arange(3.0)\n{statement}\n")
        lines = r.stderr.strip().splitlines()
        got = lines[-1] if lines else ""
        if r.returncode == 1 and got == expected:
            print(f"ok {i} {statement}")
        else:
            failed += 1
            print(f"not ok {i} {statement}\n# want: {expected}\n# got:  {got} "
                  f"(exit {r.returncode})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
