#!/usr/bin/python3
"""Counts test cases across meson test logs and prints `N passed, N failed`.

TAP tests count each `ok` / `not ok` line; other tests count once.
"""
import json
import re
import sys

passed = failed = 0
failures = []
for path in sys.argv[1:]:
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as e:
        print(f"cannot read {path}: {e}")
        failed += 1
        continue
    for line in lines:
        if not line.strip():
            continue
        entry = json.loads(line)
        result = entry.get("result")
        name = entry.get("name")
        tap = [l for l in (entry.get("stdout") or entry.get("stdo") or "").splitlines()
               if re.match(r"(not )?ok \d+", l)]
        cases_ok = [l for l in tap if l.startswith("ok ")]
        cases_bad = [l for l in tap if l.startswith("not ok")
                     and "# TODO" not in l and "# SKIP" not in l]
        if tap:
            passed += len(cases_ok)
            failed += len(cases_bad)
            failures += [f"{path}: {name}: {l}" for l in cases_bad]
            # a crash after some cases passed still fails the test
            if result not in ("OK", "EXPECTEDFAIL") and not cases_bad:
                failed += 1
                failures.append(f"{path}: {name}: {result}")
        elif result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            failed += 1
            failures.append(f"{path}: {name}: skipped")
        else:
            failed += 1
            failures.append(f"{path}: {name}: {result}")

for f in failures:
    print(f)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
