#!/usr/bin/python3
"""Sources that CPython 3.11 refuses: `backstep run` must write the same SyntaxError (its
file and line, the line shown, the caret and the message) and exit as /usr/bin/python3
does. Brackets never closed, closing brackets that match none, unterminated strings, and
the later lexical error that CPython reports instead of the parser's. The built command
comes from $BACKSTEP. Output is TAP.
"""
import difflib
import os
import subprocess
import sys
import tempfile

BACKSTEP = os.environ.get("BACKSTEP")

SOURCES = [
    # a bracket never closed, with the parser stopping on a later line
    "x = [1, 2\ny = 3\n",
    "x = (1, 2\ny = 3\n",
    "x = {1, 2\ny = 3\n",
    "d = {'a': 1\ne = 2\n",
    "print('a'\nprint('b')\n",
    "x = foo(1, [2, 3\ny = 4\nz = 5\n",
    "x = (1\nif y\n    pass\n",
    "def f(a,\n      b\n    return a\n",
    "if True:\n    x = [1,\n         2\n    y = 3\n",
    "x = [\n    1,\n    2\n\nz = 1\n",
    "t = (1,\n     2\ns = 'abc'\n",
    # ... and on the bracket's own line, or at the end of the source
    "x = [1, 2\n",
    "x = (1 2\n",
    "x = {1: (2, 3\n",
    "print('a' 'b'\n",
    "def f(x:\n    return x\n",
    # the parser's error comes first: a bracket opened after it stays unreported
    "if x\n    y = [1\n",
    "f(1 = 2)\nz = (1\nw = 2\n",
    "if x:\ny = 1\nz = (1\n",
    "x = 5 +\ny = [\n",
    # brackets that close nothing or the wrong one
    "x = [1, 2)\n",
    "x = 1)\n",
    "x = ]\n",
    "x = {1: (2, 3}\n",
    "x = [1, 2\ny = 3\nz = 4)\n",
    "print(1 2)\nz = )\n",
    # unterminated strings, also after a syntax error on an earlier line
    "s = \"abc\n",
    "s = '''abc\n\nx = 1\n",
    "s = f\"abc\n",
    "x = = 1\ns = \"abc\n",
    "x = [1 2]\ns = 'abc\n",
    "def f(:\n    pass\n",
]


def run(command, path):
    return subprocess.run(command + [path], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONIOENCODING="utf-8"))


def main():
    print(f"1..{len(SOURCES)}")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="backstep-syntax-") as d:
        for i, source in enumerate(SOURCES, 1):
            path = os.path.join(d, f"case{i}.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(source)
            want = run(["/usr/bin/python3"], path)
            got = run([BACKSTEP, "run"], path)
            problems = []
            if want.returncode == 0:
                problems.append("python3 runs it: not a test of an error")
            for what, w, g in [("exit status", str(want.returncode), str(got.returncode)),
                               ("stdout", want.stdout, got.stdout),
                               ("stderr", want.stderr, got.stderr)]:
                if w != g:
                    diff = difflib.unified_diff(w.splitlines(), g.splitlines(), "python3",
                                                "backstep", lineterm="")
                    problems.append(f"{what} differs:\n" + "\n".join(diff))
            name = source.split("\n")[0]
            if problems:
                failed += 1
                print(f"not ok {i} {name}")
                print("# source: " + repr(source))
                for p in problems:
                    print("# " + p.replace("\n", "\n# "))
            else:
                print(f"ok {i} {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
