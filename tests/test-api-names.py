#!/usr/bin/python3
"""The name lists in src/lang/bs-api-names-data.c are PyTorch 1.13's and matplotlib 3.6's:
tools/api-names.py run against the oracle writes the file as it is."""
import pathlib
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
written = subprocess.run([sys.executable, str(root / "tools" / "api-names.py")],
                         capture_output=True, text=True, check=True).stdout
kept = (root / "src" / "lang" / "bs-api-names-data.c").read_text()
if written != kept:
    sys.exit("src/lang/bs-api-names-data.c differs from what tools/api-names.py writes "
             "from this machine's PyTorch and matplotlib")
print("ok: %d names" % written.count('",'))
