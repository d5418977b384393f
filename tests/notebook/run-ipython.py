#!/usr/bin/python3
"""Runs a notebook's code cells in IPython as Jupyter's "Run All" does, each magic and shell
line replaced by "pass" (a line all the same, as IPython's own rewriting of it keeps the
cell's line numbers; a cell magic's cell is "pass" alone): the oracle of how
tests/test-notebook.py's notebooks read in Jupyter (IPython 8, Debian's ipython3).

Usage: run-ipython.py NOTEBOOK.ipynb

A cell's displayed value is printed on stdout as Jupyter shows it (its text/plain, without
the Out[n] prompt); the traceback of the first error goes to stderr, as IPython formats it
without colours, and ends the run with exit status 1.
"""
import importlib.util
import json
import os
import sys

from IPython.core.interactiveshell import InteractiveShell

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("run_cells", os.path.join(HERE, "run-cells.py"))
run_cells = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run_cells)


def main(path):
    with open(path, encoding="utf-8") as f:
        notebook = json.load(f)
    shell = InteractiveShell.instance(colors="NoColor")
    shell.displayhook.write_output_prompt = lambda: None
    shell.displayhook.write_format_data = \
        lambda data, metadata=None: print(data["text/plain"], flush=True)
    shell._showtraceback = \
        lambda etype, value, stb: sys.stderr.write(shell.InteractiveTB.stb2text(stb) + "\n")
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        if not shell.run_cell(without_magics(run_cells.source(cell)),
                              store_history=True).success:
            return 1
    return 0


def without_magics(text):
    lines = text.split("\n")
    if lines[0].lstrip().startswith("%%"):
        return "pass"
    return "\n".join(line[:len(line) - len(line.lstrip())] + "pass"
                     if line.lstrip()[:1] in ("%", "!") else line for line in lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
