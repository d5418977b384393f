#!/usr/bin/env python3
"""Runs a command once, its output discarded, and prints its wall seconds, CPU seconds
(user + system) and peak resident memory (MiB): `measure.py CMD ARGS...`."""
import resource
import subprocess
import sys
import time

start = time.monotonic()
status = subprocess.call(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
if status != 0:
    sys.exit(f"{sys.argv[1:]} exited with {status}")
print(f"{wall:.4f} {usage.ru_utime + usage.ru_stime:.4f} {usage.ru_maxrss / 1024:.1f}")
