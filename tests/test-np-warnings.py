#!/usr/bin/python3
"""numpy's floating-point errors: each script of np-warnings/ must write the same stdout and
the same stderr (numpy's RuntimeWarnings, each "FILE:LINE: RuntimeWarning: MESSAGE" and its
line, shown once per line and message) under `backstep run` as under /usr/bin/python3 with
numpy 1.24. conformance/ compares stdout only, hence this test. The built command comes
from $BACKSTEP. Output is TAP.
"""
import difflib
import os
import subprocess
import sys

BACKSTEP = os.environ.get("BACKSTEP")
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "np-warnings")


def run(command, path):
    return subprocess.run(command + [path], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONIOENCODING="utf-8"))


def main():
    scripts = sorted(f for f in os.listdir(HERE) if f.endswith(".py"))
    print(f"1..{len(scripts)}")
    failed = 0
    for i, name in enumerate(scripts, 1):
        path = os.path.join(HERE, name)
        want = run(["/usr/bin/python3"], path)
        got = run([BACKSTEP, "run"], path)
        problems = []
        for what, w, g in [("exit status", str(want.returncode), str(got.returncode)),
                           ("stdout", want.stdout, got.stdout),
                           ("stderr", want.stderr, got.stderr)]:
            if w != g:
                diff = difflib.unified_diff(w.splitlines(), g.splitlines(), "python3",
                                            "backstep", lineterm="")
                problems.append(f"{what} differs:\n" + "\n".join(diff))
        if problems:
            failed += 1
            print(f"not ok {i} {name}")
            for p in problems:
                print("# " + p.replace("\n", "\n# "))
        else:
            print(f"ok {i} {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
