#!/usr/bin/python3
"""Runs a notebook's code cells under python3 as Jupyter's "Run All" does, with the
IPython magics and shell lines removed: the oracle of tests/test-notebook.py.

Usage: run-cells.py NOTEBOOK.ipynb

Each code cell is compiled on its own and run in one namespace; a cell whose first line
is a cell magic (%%) is left out, and so is every line that starts (after indentation)
with % or !. When a cell's last statement is a bare expression not ended by ";", its
value's repr is printed unless it is None, as Jupyter displays it. An uncaught exception
ends the run with the traceback and exit status 1. As Jupyter's inline backend,
plt.show() and the end of every cell close the figures that are open (matplotlib with
its Agg backend: nothing is drawn).
"""
import ast
import io
import json
import os
import sys
import tokenize


def source(cell):
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else text


def without_magics(text):
    lines = text.split("\n")
    if lines and lines[0].lstrip().startswith("%%"):
        return None
    kept = []
    for line in lines:
        stripped = line.lstrip()
        if stripped.startswith("%") or stripped.startswith("!"):
            # an indented magic leaves its block a statement
            kept.append(line[:len(line) - len(stripped)] + "pass" if stripped != line else "")
        else:
            kept.append(line)
    return "\n".join(kept)


def quiet(code):
    """IPython shows nothing when the cell's last token (comments aside) is ";"."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline)
              if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                                tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT)]
    return bool(tokens) and tokens[-1].string == ";"


def main(path):
    with open(path, encoding="utf-8") as f:
        notebook = json.load(f)
    if any("matplotlib" in source(cell) for cell in notebook["cells"]):
        os.environ["MPLBACKEND"] = "Agg"
        import matplotlib.pyplot
        matplotlib.pyplot.show = inline_show
    namespace = {"__name__": "__main__"}
    number = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        number += 1
        code = without_magics(source(cell))
        if code is None:
            continue
        name = f"In [{number}]"
        tree = ast.parse(code, name)
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr) and not quiet(code):
            last = ast.Expression(tree.body.pop().value)
        try:
            exec(compile(tree, name, "exec"), namespace)
            if last is not None:
                value = eval(compile(last, name, "eval"), namespace)
                if value is not None:
                    print(repr(value))
        finally:
            close_figures()


def close_figures():
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")


def inline_show(*args, **kwargs):
    close_figures()


if __name__ == "__main__":
    main(sys.argv[1])
