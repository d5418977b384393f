#!/usr/bin/python3
"""Notebooks run as a user would: `backstep run|trace|paths|export NOTEBOOK.ipynb`.

The fixture tests/notebook/lecture.ipynb (magics, shell lines, markdown and raw cells, an
error in cell 3) must print under `backstep run` what its code cells print under
/usr/bin/python3 with the magics removed, run as Jupyter runs them
(tests/notebook/run-cells.py); malformed notebooks get a message saying where. TAP output.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback

BACKSTEP = os.path.abspath(os.environ.get("BACKSTEP", "backstep"))
PYTHON = "/usr/bin/python3"
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "notebook", "lecture.ipynb")
RUN_CELLS = os.path.join(HERE, "notebook", "run-cells.py")
RUN_IPYTHON = os.path.join(HERE, "notebook", "run-ipython.py")
TIMEOUT = 240

spec = importlib.util.spec_from_file_location("conformance", os.path.join(HERE, "conformance",
                                                                          "run.py"))
conformance = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conformance)
# numbers to float32 tolerance, the last line of the errors exactly (no header to read)
conformance.exact = lambda name: False
conformance.traceback_compared = lambda name: False


def run(argv, cwd=None):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def notebook(cells, nbformat=4, **top):
    nb = {"cells": [{"cell_type": kind, "metadata": {}, "source": text,
                     **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                    for kind, text in cells],
          "metadata": {}, "nbformat": nbformat, "nbformat_minor": 5, **top}
    return json.dumps(nb, indent=1)


def write(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def test_fixture_as_python(tmp):
    got = run([BACKSTEP, "run", FIXTURE])
    want = run([PYTHON, RUN_CELLS, FIXTURE])
    problems = conformance.compare("lecture.ipynb", got, want)
    check(not problems, "\n".join(problems))
    check(got[0] == 1 and want[0] == 1, f"exit statuses {got[0]} and {want[0]}: the error "
          "in cell 3 ends both runs")


def test_fixture_notes_and_traceback(tmp):
    status, out, err = run([BACKSTEP, "run", FIXTURE])
    for note in ["In [1], line 1: skipped the line magic %matplotlib inline",
                 "In [2], line 1: skipped the shell command !pip install torch",
                 "In [2], line 8: skipped the line magic %time w * 2",
                 "In [4]: skipped the cell magic %%time and the cell's code"]:
        check(f"{FIXTURE}: {note}\n" in err, f"no note {note!r} in:\n{err}")
    # as Jupyter shows it (IPython 8): the cell, its line and the lines around it
    check("RuntimeError                              Traceback (most recent call last)\n"
          "Cell In [3], line 3\n"
          "      1 L.backward()\n"
          "      2 print(w1.grad, w2.grad, w3.grad)\n"
          "----> 3 L.backward()\n"
          "      4 print('not reached')\n\n" in err,
          f"the traceback does not point at cell In [3], line 3:\n{err}")
    check("%" not in out and "not run" not in out, f"a magic ran:\n{out}")


def test_trace_cells(tmp):
    out = os.path.join(tmp, "lecture.jsonl")
    status, _, err = run([BACKSTEP, "trace", FIXTURE, "-o", out])
    check(status == 1, f"trace exits {status}: {err}")
    events = [json.loads(line) for line in open(out, encoding="utf-8")]
    cells = [e for e in events if e["type"] == "scope_begin" and e["kind"] == "cell"]
    check([c["label"] for c in cells] == ["In [1]", "In [2]", "In [3]"],
          f"cell scopes {[c['label'] for c in cells]}")
    # the loop of cell 2 is a scope inside it
    loops = [e for e in events if e["type"] == "scope_begin" and e["kind"] == "loop_iteration"]
    check(len(loops) == 2 and all(l["parent"] == cells[1]["id"] for l in loops),
          f"loop scopes {loops}")
    # statements carry the lines of the cell view that the editor shows
    # (its header line "# In [k]:" comes just before it)
    for cell in cells:
        statements = [e for e in events if e["type"] == "statement"
                      and cell["span"][0] <= e["line"] < cell["span"][2]]
        check(statements, f"no statement in {cell}")
    first = min(e["line"] for e in events if e["type"] == "statement")
    check(first == cells[0]["line"] + 1, f"In [1]'s first statement on line {first}: "
          "the line after its magic")
    names = {e["name"] for e in events if e["type"] == "node" and e["name"]}
    check({"w1", "x3", "x5", "L"} <= names, f"tensor names {names}")


def test_paths_and_export(tmp):
    path = write(tmp, "paths.ipynb", notebook([
        ("markdown", "Two paths"),
        ("code", ["%load_ext autoreload\n", "import torch\n",
                  "w1 = torch.tensor(2.0, requires_grad=True)\n", "x3 = w1 * 1.0\n",
                  "x4 = w1 * 2.0\n"]),
        ("code", "L = 1 - (2 * x3 + 3 * x4)\nL.backward()\nw1.grad"),
    ]))
    status, out, err = run([BACKSTEP, "paths", path, "--of", "L", "--wrt", "w1"])
    check(status == 0 and out.rstrip().endswith("sum of 2 paths = -8 = w1.grad ✓"),
          f"paths: {status} {out} {err}")
    png = os.path.join(tmp, "graph.png")
    status, out, err = run([BACKSTEP, "export", path, "-o", png])
    check(status == 0, f"export: {status} {err}")
    with open(png, "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "export did not write a PNG")
    status, out, err = run([BACKSTEP, "run", path])
    check((status, out) == (0, "tensor(-8.)\n"), f"run: {status} {out!r} {err}")


def test_display_rules(tmp):
    path = write(tmp, "display.ipynb", notebook([
        ("code", "x = 3\nx"),            # shown
        ("code", "x + 1;"),              # ";" hides it
        ("code", "None"),                # None is not shown
        ("code", "print('p')"),          # print's None neither
        ("code", "x = 4"),               # an assignment shows nothing
        ("code", "'a' * 2\n[x, 'b']"),   # only the last expression
        ("code", "# only a comment"),
    ]))
    got = run([BACKSTEP, "run", path])
    want = run([PYTHON, RUN_CELLS, path])
    check(want == (0, "3\np\n[4, 'b']\n", ""), f"python3: {want}")
    check(got == want, f"backstep: {got}")


def test_syntax_error_cell(tmp):
    # Jupyter compiles each cell when it runs it: the cells before run and print, the
    # SyntaxError of a later cell ends the run, nothing after it runs; also when the
    # statement that does not end is the last of its cell. IPython compiles allowing
    # incomplete input: a cell that ends inside a bracket, a block, a triple-quoted string
    # or after a line continuation says "incomplete input" after its last line (or at the
    # string); one that fails before its end says what CPython says.
    cases = [
        ("syntax.ipynb", [("code", "print(1)"), ("markdown", "Then"), ("code", "x = 2\nx"),
                          ("code", "y = 3\nx = (1 +\n"), ("code", "print(4)")],
         "1\n2\n", "  Cell In [3], line 2\n    x = (1 +\n"),
        ("spanning.ipynb", [("code", "print(1)"), ("code", "for i in range(2):\n"),
                            ("code", "    print(i)")],
         "1\n", "  Cell In [2], line 1\n"),
        ("call.ipynb", [("code", "print(1)"), ("code", "y = 2\nz = max(1,\n  2")], "1\n",
         "  Cell In [2], line 3\n    2\n     ^\nSyntaxError: incomplete input"),
        ("blank-end.ipynb", [("code", "print(1)"), ("code", "d = {'a': 1,\n\n")], "1\n",
         "  Cell In [2], line 2\n    \n    ^\nSyntaxError: incomplete input"),
        ("string.ipynb", [("code", "print(1)"), ("code", "s = r\'\'\'abc\ndef\n")], "1\n",
         "  Cell In [2], line 1\n    s = r\'\'\'abc\n        ^\nSyntaxError: incomplete input"),
        ("continued.ipynb", [("code", "print(1)"), ("code", "x = 1 +\\\n")], "1\n",
         "  Cell In [2], line 1\n    x = 1 +\\\n            ^\nSyntaxError: incomplete input"),
        ("try.ipynb", [("code", "print(1)"), ("code", "try:\n    x = 1\n")], "1\n",
         "  Cell In [2], line 2\n    x = 1\n         ^\nSyntaxError: incomplete input"),
        ("not-at-end.ipynb", [("code", "print(1)"), ("code", "x = 1 +\nprint(x)")], "1\n",
         "  Cell In [2], line 1\n    x = 1 +\n           ^\nSyntaxError: invalid syntax"),
    ]
    for name, cells, printed, where in cases:
        path = write(tmp, name, notebook(cells))
        got = run([BACKSTEP, "run", path])
        want = run([PYTHON, RUN_IPYTHON, path])
        check(want[:2] == (1, printed), f"IPython: {want}")
        check(got[:2] == want[:2], f"{name}: backstep {got}, IPython {want}")
        check(without_notes(got[2], path).rstrip("\n") == want[2].rstrip("\n"),
              f"{name}: backstep says\n{got[2]}\nIPython\n{want[2]}")
        check(got[2].startswith(where), f"traceback: {got[2]}")


def test_figures_per_cell(tmp):
    # Jupyter's inline backend shows the figures open when a cell ends, and closes them:
    # cell 2's new figure is number 1 again, and so is cell 3's
    path = write(tmp, "figures.ipynb", notebook([
        ("code", "import matplotlib.pyplot as plt\nplt.plot([1, 2]);"),
        ("code", "fig = plt.figure()\nprint(fig.number)\nplt.plot([3, 1])\nplt.show()\n"
                 "plt.plot([1, 1]);"),
        ("code", "print(plt.figure().number)"),
        ("code", "print('no figure')"),
    ]))
    got = run([BACKSTEP, "run", path, "--plots", os.path.join(tmp, "plots")])
    want = run([PYTHON, RUN_CELLS, path])
    check(want == (0, "1\n1\nno figure\n", ""), f"python3: {want}")
    check(got == want, f"backstep: {got}")
    check(sorted(os.listdir(os.path.join(tmp, "plots")))
          == [f"figure-{n}.png" for n in range(1, 5)], os.listdir(os.path.join(tmp, "plots")))
    out = os.path.join(tmp, "figures.jsonl")
    status, _, err = run([BACKSTEP, "trace", path, "-o", out])
    check(status == 0, f"trace: {status} {err}")
    cell, shown = None, []
    for event in (json.loads(line) for line in open(out, encoding="utf-8")):
        if event["type"] == "scope_begin" and event["kind"] == "cell":
            cell = event["label"]
        elif event["type"] == "scope_end":
            cell = None
        elif event["type"] == "figure":
            shown.append((cell, event["title"], event["at_end"]))
    check(shown == [("In [1]", "Figure 1", True), ("In [2]", "Figure 1", False),
                    ("In [2]", "Figure 1", True), ("In [3]", "Figure 1", True)],
          f"figures {shown}")


def without_notes(err, path):
    return "".join(line for line in err.splitlines(keepends=True)
                   if not line.startswith(f"{path}: In ["))


def test_ipython_wording(tmp):
    # what Jupyter shows (IPython 8 run on the same cells): the values displayed, the
    # traceback with the cells' lines, a SyntaxError naming its cell
    cases = [
        ("frames.ipynb", [
            ("code", "def f(x, y=2, *rest, scale: float = 1.0, **options):\n"
                     "    return g(x)\n\n\ndef g(x):\n    return x / 0\n"),
            ("markdown", "Now call it"),
            ("code", "a = 1\nb = 2\n\nc = 3\nd = 4\nf(4)\ne = 5\nf = 6\ng = 7\n"),
        ]),
        ("method.ipynb", [
            ("code", "%matplotlib inline\nclass Net:\n    def forward(self, x):\n"
                     "        if x > 1:\n            raise ValueError(f'x is {x}')\n"
                     "        return x\n\nNet().forward(1)"),
            ("code", "print('next')\nnet = Net()\nfor i in range(10):\n    net.forward(i)"),
        ]),
        # a blank cell does not run and has no number
        ("blank.ipynb", [
            ("code", "print(1)"),
            ("code", ""),
            ("code", " \n\n"),
            ("code", "# only a comment"),
            # its leading blank lines are not counted: the error is on line 1
            ("code", "\n  \nx = 1 / 0"),
            ("code", ""),
        ]),
        ("syntax.ipynb", [
            ("code", "print(1)\n(1, 'two')"),
            ("code", "x = 2\nx = = 1\nprint(x)"),
            ("code", "print(3)"),
        ]),
        ("display.ipynb", [
            ("code", "import torch\ntorch.tensor([1.5, 2.0])"),
            ("code", "'text'"),
            ("code", "{'a': 1, 'b': [1, 2]}"),
            ("code", "x = 1;"),
            ("code", "3.0 * 2"),
            # long containers break over lines within 79 columns, the outermost first
            ("code", "list(range(40))"),
            ("code", "{'a': list(range(30)), 'b': 'x' * 50, 'c': (1,)}"),
            ("code", "[torch.zeros(30), torch.ones(20)]"),
            ("code", "[(i, [i] * 12) for i in range(6)]"),
            ("code", "a = [1, 'two']\na.append(a)\na, (), [], {}, (a,)"),
            ("code", "list(range(1005))"),
            ("code", "{i: str(i) * i for i in range(12)}"),
            # a class by its module and name
            ("code", "class A:\n    pass\n\nclass E(ValueError):\n    pass\n\n[A, E, int]"),
            # a function with its signature
            ("code", "def f(x, y=2, *args, scale: float = 1.5, **kw) -> float:\n    return x\n\n"
                     "def g(a, /, b, *, c=None):\n    pass\n\n"
                     "class Net:\n    def forward(self, x: 'torch.Tensor'):\n        pass\n\n"
                     "f, g, lambda t: t, Net.forward"),
        ]),
    ]
    for name, cells in cases:
        path = write(tmp, name, notebook(cells))
        status, out, err = run([BACKSTEP, "run", path])
        want = run([PYTHON, RUN_IPYTHON, path])
        check((status, out) == want[:2], f"{name}: backstep {(status, out)}, IPython {want}")
        check(without_notes(err, path).rstrip("\n") == want[2].rstrip("\n"),
              f"{name}: backstep says\n{err}\nIPython\n{want[2]}")


def test_default_object_display(tmp):
    # an object with object's repr shows as IPython's <__main__.A at 0x7f...>
    path = write(tmp, "object.ipynb", notebook([("code", "class A:\n    pass\n\nA()")]))
    for argv in [[BACKSTEP, "run", path], [PYTHON, RUN_IPYTHON, path]]:
        status, out, err = run(argv)
        check(status == 0 and re.fullmatch(r"<__main__\.A at 0x[0-9a-f]+>\n", out),
              f"{argv[0]}: {status} {out!r} {err}")


MALFORMED = [
    ("bad-json.ipynb", '{"nbformat": 4,\n "cells": [}\n',
     "bad-json.ipynb: not a JSON file: 2:12: Parse error: "),
    ("not-object.ipynb", "[1, 2]", "not-object.ipynb: not a Jupyter notebook: the JSON is "
     "not an object"),
    ("no-nbformat.ipynb", '{"cells": []}', 'no-nbformat.ipynb: not a Jupyter notebook: no '
     '"nbformat" number'),
    ("nbformat3.ipynb", notebook([("code", "1")], nbformat=3),
     "nbformat3.ipynb: nbformat: 3 (Backstep reads nbformat 4"),
    ("markdown-only.ipynb", notebook([("markdown", "# A"), ("raw", "b")]),
     "markdown-only.ipynb: cells: 2 cells and none of code: nothing to run"),
    ("bad-source.ipynb", notebook([("code", "1"), ("code", ["x = 1\n", 2])]),
     "bad-source.ipynb: cells[1].source[1]: expected a string"),
    ("bad-kind.ipynb", notebook([("heading", "1")]),
     'bad-kind.ipynb: cells[0].cell_type: "heading" is not code, markdown or raw'),
    ("r.ipynb", notebook([("code", "1")], metadata={"kernelspec": {"language": "R"}}),
     "r.ipynb: metadata: a notebook in R, not Python"),
    ("binary.ipynb", '{"nbformat": 4,\n"cells": "\xff"}'.encode("latin-1").decode("utf-8",
                                                                                    "replace"),
     None),
]


def test_ipython_syntax(tmp):
    # IPython's help requests are skipped with a note, as magics are; a shell command's or a
    # magic's output assigned is refused by name, after the cells before it ran
    path = write(tmp, "ipython.ipynb", notebook([
        ("code", "import torch\ntorch.zeros?\n?torch.ones\nprint(1)"),
        ("code", "files = !ls\nprint(files)"),
    ]))
    status, out, err = run([BACKSTEP, "run", path])
    check(status == 1 and out == "1\n", f"{status} {out!r} {err}")
    for note in ["In [1], line 2: skipped the help request torch.zeros?",
                 "In [1], line 3: skipped the help request ?torch.ones"]:
        check(f"{path}: {note}\n" in err, f"no note {note!r} in:\n{err}")
    check(err.endswith("  Cell In [2], line 1\n    files = !ls\n            ^\nSyntaxError: "
                       "IPython's files = !ls (a shell command's output assigned) is not run "
                       "by Backstep\n"), err)


def test_window_argument(tmp):
    # `backstep lecture.ipynb` opens the window on the notebook, as `backstep x.py` does
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    p = subprocess.run([BACKSTEP, FIXTURE], capture_output=True, text=True, timeout=TIMEOUT,
                       env=env)
    check(p.returncode == 1 and p.stderr.startswith("backstep: no display to open the window "
                                                    "on\n"), f"{p.returncode} {p.stderr}")


def test_malformed(tmp):
    for name, text, message in MALFORMED:
        path = write(tmp, name, text)
        for command in ["run", "trace", "paths", "export"]:
            argv = [BACKSTEP, command, name]
            argv += {"paths": ["--of", "L", "--wrt", "w"],
                     "export": ["-o", os.path.join(tmp, "x.png")]}.get(command, [])
            status, out, err = run(argv, cwd=tmp)
            check(status == 1, f"{command} {name}: exit status {status}: {err}")
            if message is not None:
                check(err.startswith(f"backstep {command}: {message}"),
                      f"{command} {name}: {err!r}")
            check(out == "", f"{command} {name} printed {out!r}")


def test_not_utf8(tmp):
    path = os.path.join(tmp, "latin1.ipynb")
    with open(path, "wb") as f:
        f.write(b'{"nbformat": 4,\n"cells": [{"cell_type": "code", "source": "\xe9"}]}')
    status, out, err = run([BACKSTEP, "run", path])
    check(status == 1 and err == f"backstep run: {path}:2:44: error: invalid UTF-8 (byte 0xe9): "
          "scripts must be UTF-8 text\n", err)


TESTS = [test_fixture_as_python, test_fixture_notes_and_traceback, test_trace_cells,
         test_paths_and_export, test_display_rules, test_syntax_error_cell,
         test_figures_per_cell, test_ipython_wording, test_default_object_display,
         test_ipython_syntax, test_window_argument, test_malformed, test_not_utf8]


def main():
    print(f"1..{len(TESTS)}", flush=True)
    failed = 0
    for i, test in enumerate(TESTS, 1):
        with tempfile.TemporaryDirectory() as tmp:
            try:
                test(tmp)
                print(f"ok {i} {test.__name__}", flush=True)
            except Exception:
                failed += 1
                print(f"not ok {i} {test.__name__}")
                for line in traceback.format_exc().splitlines():
                    print(f"# {line}")
                sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
