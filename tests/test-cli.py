#!/usr/bin/python3
"""`backstep trace` and `backstep paths` run as a user would, checked against PyTorch.

The built command comes from $BACKSTEP (tests/meson.build sets it); PyTorch 1.13 under
/usr/bin/python3 is the oracle for the gradients. Output is TAP.
"""
import json
import re
import signal
import os
import subprocess
import sys
import tempfile
import time
import traceback

BACKSTEP = os.environ.get("BACKSTEP")
PYTHON = "/usr/bin/python3"
TIMEOUT = 240

# Seed 004's four lines, as the conformance suite runs them
SEED004 = os.path.join(os.path.dirname(os.path.abspath(__file__)), "conformance",
                       "seed004_four_lines.py")

# Seed 003 without retain_graph: the second backward raises.
SEED003 = """\
import torch
from torch.autograd import Variable
a = Variable(torch.rand(1, 4), requires_grad=True)
b = a**2
c = b*2
d = c.mean()
e = c.sum()
d.backward()
e.backward()
print("not reached")
"""

DIAMOND = """\
import torch
a = torch.tensor(3.0, requires_grad=True)
b = a * a
c = b + a
c.backward()
print(a.grad.item())
"""

SHARED = """\
import torch
w = torch.tensor(0.5, requires_grad=True)
h = torch.tensor(1.0)
for i in range(40):
    h = w * h + w
loss = h
loss.backward()
print(w.grad.item())
"""

DOUBLING = """\
import torch
w = torch.tensor(1.0, requires_grad=True)
h = w * 1
for i in range(70):
    h = (h + h) * 0.5
h.backward()
print(w.grad.item())
"""

TRAINING = """\
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x = torch.randn(32, 4)
y = x.sum(dim=1, keepdim=True)
for it in range(1000):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
print(round(loss.item(), 3))
"""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def write(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def run(*args, cwd=None):
    return subprocess.run([BACKSTEP, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT)


def torch_value(path, expression):
    """expression evaluated by PyTorch after the script ran, as a float."""
    code = f"exec(open({path!r}).read()); print(float({expression}))"
    p = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, timeout=TIMEOUT)
    check(p.returncode == 0, f"PyTorch: {p.stderr}")
    return float(p.stdout.splitlines()[-1])


def paths(path, *args):
    """backstep paths' lines, after checking it succeeded."""
    p = run("paths", path, *args)
    check(p.returncode == 0, f"paths {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p.stdout.splitlines()


def sum_of(line):
    """The total of a "sum of N paths = total ..." line."""
    check(line.startswith("sum of "), f"not a sum line: {line}")
    return float(line.split("=")[1])


def torch_output(path):
    """What the script prints under PyTorch: (exit status, stdout lines, last stderr line)."""
    p = subprocess.run([PYTHON, path], capture_output=True, text=True, timeout=TIMEOUT)
    err = [line for line in p.stderr.splitlines() if line.strip()]
    return p.returncode, p.stdout.splitlines(), err[-1] if err else ""


def parse_trace(text):
    events = [json.loads(line) for line in text.splitlines() if line]
    check(events and events[0]["type"] == "trace", "the first line is not the header")
    check(events[0]["format"] == "backstep-trace", "header format")
    for event in events[1:]:
        check("type" in event and isinstance(event.get("step"), int),
              f"an event without type or step: {event}")
    return events[0], events[1:]


def scalar(value):
    """A recorded 0-dim value: a number, or {"dtype", "shape": [], "data": [x]}."""
    if isinstance(value, dict):
        check(value["shape"] == [] and len(value["data"]) == 1, f"not a scalar: {value}")
        return value["data"][0]
    check(isinstance(value, (int, float)), f"not a number: {value}")
    return value


def close(a, b):
    return abs(a - b) <= 1e-5 + 1e-4 * abs(b)


# --- the tests --------------------------------------------------------------------------

def test_paths_seed004(d):
    w1_grad = torch_value(SEED004, "w1.grad")
    lines = paths(SEED004, "--of", "L", "--wrt", "w1")
    # the lines, verbatim
    check(lines[:2] == ["L ← x5 ← x3 ← w1 : (-1)·(2)·(1) = -2",
                        "L ← x5 ← x4 ← w1 : (-1)·(3)·(2) = -6"], f"paths: {lines}")
    check(len(lines) == 3, f"not a sum line last: {lines}")
    check(sum_of(lines[2]) == w1_grad == -8, f"{lines[2]}, PyTorch's w1.grad {w1_grad}")
    check(lines[2].endswith("= w1.grad ✓"), f"does not say it equals w1.grad: {lines[2]}")
    products = [float(line.rsplit("=", 1)[1]) for line in lines[:2]]
    check(sum(products) == sum_of(lines[2]), "the products do not add up to the sum")
    # --backward 1 is the same call; the script's print() output is not mixed in
    check(paths(SEED004, "--of", "L", "--wrt", "w1", "--backward", "1") == lines, "--backward 1")


def test_paths_diamond(d):
    """a * a: one op uses its input twice, so two paths go through it."""
    path = write(d, "diamond.py", DIAMOND)
    lines = paths(path, "--of", "c", "--wrt", "a")
    check(lines[:3] == ["c ← b ← a : (1)·(3) = 3", "c ← b ← a : (1)·(3) = 3",
                        "c ← a : (1) = 1"], f"paths: {lines}")
    check(lines[3].startswith("sum of 3 paths = "), lines[3])
    check(sum_of(lines[3]) == torch_value(path, "a.grad") == 7, lines[3])


def test_paths_shared_weights(d):
    """w used in every iteration: 2 paths per iteration, 80 in all, listed up to --limit."""
    path = write(d, "shared.py", SHARED)
    lines = paths(path, "--of", "loss", "--wrt", "w", "--limit", "3")
    check(len(lines) == 5, f"3 paths, a line for the rest and the sum: {lines}")
    check(all(" = " in line and line.startswith("loss ← ") for line in lines[:3]), lines)
    check(lines[3] == "… and more: 3 of 80 paths listed", lines[3])
    check(lines[4].startswith("sum of 80 paths = ") and "w.grad ✓" in lines[4], lines[4])
    check(close(sum_of(lines[4]), torch_value(path, "w.grad")), lines[4])
    # without a limit below the count, every path is listed
    check(len(paths(path, "--of", "loss", "--wrt", "w")) == 81, "not every path listed")


def test_paths_count_exact(d):
    """2^70 paths: counted exactly, beyond 64 bits, and summed without listing them."""
    path = write(d, "doubling.py", DOUBLING)
    lines = paths(path, "--of", "h", "--wrt", "w", "--limit", "1")
    check(lines[1] == f"… and more: 1 of {2 ** 70} paths listed", lines[1])
    check(lines[2].startswith(f"sum of {2 ** 70} paths = "), lines[2])
    check(close(sum_of(lines[2]), torch_value(path, "w.grad")), lines[2])


def test_paths_errors(d):
    path = SEED004
    cases = [
        (["paths", path, "--wrt", "w1"], 2, "--of and --wrt are required"),
        (["paths", path, "--of", "L", "--wrt", "w1", "--backward", "0"], 2, "--backward"),
        (["paths", path, "--of", "L", "--wrt", "w1", "--limit", "x"], 2, "--limit"),
        (["paths", "--of", "L", "--wrt", "w1"], 2, "no script given"),
        (["paths", path, "--of", "M", "--wrt", "w1"], 1, "no tensor named M"),
        (["paths", path, "--of", "L", "--wrt", "w9"], 1, "no tensor named w9"),
        (["paths", path, "--of", "L", "--wrt", "w1", "--backward", "3"], 1,
         "no backward call 3: the script made 1"),
        (["paths", path, "--of", "x5", "--wrt", "w1"], 1, "no backward call started from x5"),
        (["paths", os.path.join(d, "missing.py"), "--of", "L", "--wrt", "w1"], 1,
         "missing.py"),
    ]
    for args, status, message in cases:
        p = run(*args)
        check(p.returncode == status, f"{args[1:]}: exit {p.returncode}, not {status}")
        check(message in p.stderr, f"{args[1:]}: {p.stderr!r} does not say {message!r}")
        check(p.stdout == "", f"{args[1:]}: output {p.stdout!r}")


def test_paths_after_error(d):
    """Seed 003 raises at its second backward; the first one's paths are still there."""
    path = write(d, "seed003.py", SEED003)
    p = run("paths", path, "--of", "d", "--wrt", "a")
    check(p.returncode == 1, f"exit {p.returncode}")
    check("RuntimeError: Trying to backward through the graph a second time" in p.stderr,
          p.stderr)
    lines = p.stdout.splitlines()
    check(lines and lines[-1].startswith("sum of 1 path = ") and "a.grad ✓" in lines[-1],
          f"paths: {lines}")


def line_of(path, text):
    """The 1-based number of the script's line that is text."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    check(text in lines, f"{path} has no line {text!r}")
    return lines.index(text) + 1


def test_trace_seed004(d):
    path = SEED004
    with open(path, encoding="utf-8") as f:
        source = f.read().splitlines()
    p = run("trace", path)
    check(p.returncode == 0, f"exit {p.returncode}: {p.stderr}")
    header, events = parse_trace(p.stdout)
    check(header["budget_reached"] is False, "budget reached")
    nodes = {e["id"]: e for e in events if e["type"] == "node"}
    grad_fns = {e["id"]: e for e in events if e["type"] == "grad_fn"}
    by_name = {e["name"]: e for e in nodes.values() if e["name"] is not None}
    for field in ("id", "name", "op", "inputs", "shape", "dtype", "requires_grad", "line"):
        check(all(field in e for e in nodes.values()), f"a node without {field}")

    x3 = by_name["x3"]
    check(x3["op"] == "MulBackward0" and x3["line"] == line_of(path, "x3 = w1*x1"), f"x3: {x3}")
    check([nodes[i]["name"] for i in x3["inputs"]] == ["w1", "x1"], f"x3 inputs {x3}")
    check(x3["shape"] == [] and x3["dtype"] == "torch.float32", f"x3: {x3}")
    check(x3["requires_grad"] is True and x3["value"] == 1.0, f"x3: {x3}")
    check(by_name["w1"]["requires_grad"] is True and by_name["w1"]["op"] is None,
          f"w1: {by_name['w1']}")
    check(by_name["x1"]["requires_grad"] is False, "x1 requires grad")
    check(by_name["x5"]["op"] == "AddBackward0" and by_name["L"]["op"] == "RsubBackward1",
          "ops of x5 and L")
    # the two products inside x5 = w2*x3 + w3*x4 have no name
    x5_line = line_of(path, "x5 = w2*x3 + w3*x4")
    check(sum(1 for e in nodes.values() if e["name"] is None and e["line"] == x5_line) == 2,
          "unnamed products")

    # every line of code is a statement (the script has one per line), each a step up to
    # L.backward(); the backward pass's steps follow
    code = [n for n, line in enumerate(source, 1) if line.strip() and not line.startswith("#")]
    statements = [e for e in events if e["type"] == "statement"]
    check([e["line"] for e in statements] == code,
          f"statement lines {[e['line'] for e in statements]}, not {code}")
    n_forward = code.index(line_of(path, "L.backward()")) + 1
    check([e["step"] for e in statements[:n_forward]] == list(range(1, n_forward + 1)),
          "statements' steps")
    begins = [e for e in events if e["type"] == "backward_begin"]
    check(len(begins) == 1 and begins[0]["step"] == n_forward + 1, f"backward_begin {begins}")
    check(begins[0]["roots"] == [by_name["L"]["id"]], f"root {begins[0]}")

    # edges: upstream · local = contribution; the one into x3 carries ∂x5/∂x3 = w2 = 2
    edges = [e for e in events if e["type"] == "edge"]
    check(len(edges) == 9, f"{len(edges)} edges")
    steps = [e["step"] for e in edges]
    check(steps == sorted(set(steps)), "each edge is a step of its own")
    for e in edges:
        for field in ("from", "to", "upstream", "local", "contribution"):
            check(field in e, f"an edge without {field}")
        check(scalar(e["upstream"]) * scalar(e["local"]) == scalar(e["contribution"]),
              f"edge {e}")
    into_x3 = [e for e in edges if e["to"] == x3["grad_fn"]]
    check(len(into_x3) == 1, "one edge into x3")
    e = into_x3[0]
    check((scalar(e["upstream"]), scalar(e["local"]), scalar(e["contribution"])) == (-1, 2, -2),
          f"edge into x3: {e}")
    check(grad_fns[e["from"]]["name"] == "MulBackward0" and e["to_tensor"] == x3["id"], f"{e}")

    acc = [e for e in events if e["type"] == "accumulate" and e["tensor"] == by_name["w1"]["id"]]
    check(len(acc) == 1 and scalar(acc[0]["total"]) == torch_value(path, "w1.grad") == -8,
          f"w1 accumulate {acc}")
    check(sum(1 for e in events if e["type"] == "freed") == 4, "4 freed nodes")
    # print() output: in the trace only, as `backstep run` prints it
    prints = "".join(e["text"] for e in events if e["type"] == "print")
    check(prints == run("run", path).stdout, f"prints {prints!r}")
    check(not any(e["type"] == "error" for e in events), "an error event")


def test_trace_error(d):
    """Seed 003: the whole trace up to PyTorch's error, the error event, exit 1."""
    path = write(d, "seed003.py", SEED003)
    status, _, torch_last = torch_output(path)
    check(status == 1 and torch_last.startswith("RuntimeError: "), torch_last)
    message = torch_last[len("RuntimeError: "):]
    out = os.path.join(d, "seed003.jsonl")
    for args in (["-o", out], []):
        p = run("trace", path, *args)
        check(p.returncode == 1, f"exit {p.returncode}")
        err = [line for line in p.stderr.splitlines() if line.strip()]
        check(err[0] == "Traceback (most recent call last):" and err[-1] == torch_last,
              f"stderr: {p.stderr}")
        text = open(out, encoding="utf-8").read() if args else p.stdout
        _, events = parse_trace(text)
        errors = [e for e in events if e["type"] == "error"]
        check(len(errors) == 1, f"{len(errors)} error events")
        check(errors[0]["message"] == message, f"message {errors[0]['message']!r}")
        check(errors[0]["line"] == 9, f"line {errors[0]['line']}")
        # everything before it: the first backward whole, the second begun
        ends = [e for e in events if e["type"] == "backward_end"]
        check([e["ok"] for e in ends] == [True, False], f"backward ends {ends}")
        check(errors[0]["step"] == max(e["step"] for e in events), "the error is the last step")
        check(not any(e["type"] == "print" for e in events), "a print after the error")


def test_trace_output_file(d):
    path = SEED004
    out = os.path.join(d, "out.jsonl")
    p = run("trace", path, "-o", out)
    check(p.returncode == 0, p.stderr)
    check(p.stdout == run("run", path).stdout,
          f"with -o the script's output goes to stdout: {p.stdout!r}")
    q = run("trace", path)
    check(open(out, encoding="utf-8").read() == q.stdout, "file and stdout differ")
    check(os.listdir(d) == ["out.jsonl"], "a temporary file left")
    p = run("trace", path, "-o", os.path.join(d, "no", "such", "dir.jsonl"))
    check(p.returncode == 1 and p.stderr.startswith("backstep trace: "), p.stderr)
    p = run("trace", path, "--budget", "lots")
    check(p.returncode == 2 and "--budget" in p.stderr, p.stderr)
    p = run("trace", path, "--max-steps", "3")
    check(p.returncode == 1 and "raise it with --max-steps" in p.stderr, p.stderr)
    _, events = parse_trace(p.stdout)
    check(events[-1]["type"] == "error" and "step budget" in events[-1]["message"],
          f"the trace ends with {events[-1]}")


def test_trace_output_lost(d):
    """With stdout closed, trace -o reports the script's lost prints, as run does."""
    out = os.path.join(d, "out.jsonl")
    for args in (("run", SEED004), ("trace", SEED004, "-o", out)):
        p = subprocess.run([BACKSTEP, *args], stdout=subprocess.DEVNULL, capture_output=False,
                           stderr=subprocess.PIPE, text=True, timeout=TIMEOUT,
                           preexec_fn=lambda: os.close(1))
        check(p.returncode == 1 and p.stderr == f"backstep {args[0]}: cannot write the output: "
              "Bad file descriptor\n", f"{args[0]}: {p.returncode} {p.stderr!r}")


def test_trace_killed_while_writing(d):
    """trace -o killed (SIGTERM, SIGINT) at any moment leaves no temporary file."""
    path = write(d, "long.py", "import torch\nx = torch.ones(3, requires_grad=True)\n"
                 "for i in range(30000):\n    y = (x * 2.0).sum()\n")
    out = os.path.join(d, "out.jsonl")
    for i, delay in enumerate((0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4)):
        p = subprocess.Popen([BACKSTEP, "trace", path, "-o", out], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGTERM if i % 2 == 0 else signal.SIGINT)
        p.wait(timeout=TIMEOUT)
        left = sorted(f for f in os.listdir(d) if f not in ("long.py", "out.jsonl"))
        check(left == [], f"killed after {delay} s: {left} left")


def test_memory_cap(d):
    """Going over the memory budget is PyTorch's RuntimeError, naming the option."""
    path = write(d, "big.py", "import torch\nx = torch.zeros(1000, 1000)\n")
    for command in ("run", "trace"):
        p = run(command, path, "--max-memory", "1M")
        check(p.returncode == 1 and re.search(
                  r"\(Backstep's memory budget is 1\.0 MiB, of which [0-9.]+ (KiB|bytes) is in "
                  r"use; raise it with --max-memory\)$", p.stderr.rstrip()),
              f"{command}: {p.stderr}")
        check("RuntimeError: [enforce fail at alloc_cpu.cpp:75]" in p.stderr, p.stderr)


def test_trace_training_loop(d):
    """1,000 SGD iterations of a small MLP record; a small --budget is reported, not exceeded."""
    path = write(d, "train.py", TRAINING)
    _, torch_out, _ = torch_output(path)
    out = os.path.join(d, "train.jsonl")
    p = run("trace", path, "-o", out)
    check(p.returncode == 0, f"exit {p.returncode}: {p.stderr}")
    check(close(float(p.stdout), float(torch_out[-1])), f"loss {p.stdout} vs {torch_out}")
    with open(out, encoding="utf-8") as f:
        header = json.loads(f.readline())
        n_backward = sum(1 for line in f if line.startswith('{"type":"backward_begin"'))
    check(header["budget_reached"] is False, "the default budget was reached")
    check(n_backward == 1000, f"{n_backward} backward calls")

    budget = 256 * 1024
    p = run("trace", path, "--budget", "256K", "-o", out)
    check(p.returncode == 0, f"exit {p.returncode}: {p.stderr}")
    with open(out, encoding="utf-8") as f:
        header = json.loads(f.readline())
        budgets = [json.loads(line) for line in f if line.startswith('{"type":"budget"')]
    check(header["budget"] == budget and header["budget_reached"] is True, f"header {header}")
    check(len(budgets) == 1, f"{len(budgets)} budget events")
    check(budgets[0]["budget"] == budget and 0 < budgets[0]["used"] <= budget, f"{budgets}")


ADDRESSES = """\
import torch

class Box:
    pass

def f(x):
    return x

def gen():
    yield 1

b = Box()
same = b
t = torch.ones(2, requires_grad=True)
y = (t * 2).sum()
print(b, f, gen(), y.grad_fn, t.register_hook(lambda g: g))
print(hex(id(b)) in repr(b), id(b) == id(same), id(b) != id(Box()), id(t) == id(t))
print(hex(id(y.grad_fn)) in repr(y.grad_fn), hex(id(f)) in repr(f))
"""

# What a function's locals hold goes when it returns. `make` makes a tensor here; under
# python3 it makes an object whose __del__ prints its number: the oracle for the order.
RELEASED = """\
def f():
    a = make(1)
    b = make(2)
    c = [make(3), make(4)]
    d = (make(5), [make(6), make(7)])
    e = {"x": make(8), "y": make(9)}
    return 0

f()
x = [make(10), make(11)]
x = None
print("done")
"""


def test_trace_repeatable(d):
    """Two traces of one script are the same file: objects print the same addresses, and
    tensors released together are destroyed in the same (their binding) order."""
    here = os.path.dirname(os.path.abspath(__file__))
    released = write(d, "released.py", "import torch\n\ndef make(n):\n"
                     "    return torch.full((1,), float(n))\n\n" + RELEASED)
    scripts = [write(d, "addresses.py", ADDRESSES), released]
    scripts += [os.path.join(here, "..", "assets", "examples", name)
                for name in ("04-dynamic-net.py", "07-mlp-training.py", "14-rnn-vanishing.py")]
    scripts += [os.path.join(here, "corpus", name)
                for name in ("blitz_autograd.py", "d2l_mlp_scratch.py", "d2l_gru_scratch.py",
                             "makemore_wavenet.py", "uva_gcn_layer.py")]
    for path in scripts:
        traces = []
        for k in range(2):
            out = os.path.join(d, f"run{k}.jsonl")
            p = run("trace", path, "-o", out)
            check(p.returncode == 0, f"{path}: exit {p.returncode}: {p.stderr}")
            with open(out, "rb") as f:
                traces.append(f.read())
        check(traces[0] == traces[1], f"{os.path.basename(path)}: the two traces differ")

    p = run("run", scripts[0])
    check(p.returncode == 0, p.stderr)
    lines = p.stdout.splitlines()
    check(re.fullmatch(r"<__main__\.Box object at 0x[0-9a-f]+> <function f at 0x[0-9a-f]+> "
                       r"<generator object gen at 0x[0-9a-f]+> "
                       r"<SumBackward0 object at 0x[0-9a-f]+> "
                       r"<torch\.utils\.hooks\.RemovableHandle object at 0x[0-9a-f]+>",
                       lines[0]) is not None, lines[0])
    check(lines[1:3] == ["True True True True", "True True"], lines)

    # tensors go in the order CPython frees objects
    oracle = write(d, "oracle.py", "class Made:\n    def __init__(self, n):\n        self.n = n\n"
                   "    def __del__(self):\n        print(self.n)\n\n"
                   "def make(n):\n    return Made(n)\n\n" + RELEASED)
    code, expected, _ = torch_output(oracle)
    check(code == 0, "python3 oracle.py")
    out = os.path.join(d, "released.jsonl")
    check(run("trace", released, "-o", out).returncode == 0, "released.py")
    with open(out, encoding="utf-8") as f:
        events = [json.loads(line) for line in f]
    made = {e["id"]: e["value"] for e in events if e["type"] == "node" and e["op"] is None}
    gone = [str(int(made[e["tensor"]][0])) for e in events
            if e["type"] == "destroyed" and e["tensor"] in made]
    check(gone == expected[:-1] and len(gone) == 11, f"destroyed {gone}, CPython {expected}")


def test_usage(d):
    p = run("help")
    check(p.returncode == 0 and "trace FILE" in p.stdout and "paths FILE" in p.stdout, p.stdout)
    for command in ("trace", "paths"):
        p = run(command, "--help")
        check(p.returncode == 0 and f"backstep {command}" in p.stdout, p.stdout)
    p = run("trace")
    check(p.returncode == 2 and "no script given" in p.stderr, p.stderr)
    p = run("paths", "--help")
    check("--backward" in p.stdout and "--limit" in p.stdout and "--budget" in p.stdout, "help")


TESTS = [
    test_paths_seed004,
    test_paths_diamond,
    test_paths_shared_weights,
    test_paths_count_exact,
    test_paths_errors,
    test_paths_after_error,
    test_trace_seed004,
    test_trace_error,
    test_trace_output_file,
    test_trace_output_lost,
    test_trace_killed_while_writing,
    test_memory_cap,
    test_trace_training_loop,
    test_trace_repeatable,
    test_usage,
]


def main():
    if not BACKSTEP:
        print("1..0 # SKIP BACKSTEP is not set")
        return 0
    print(f"1..{len(TESTS)}", flush=True)
    failed = 0
    for number, test in enumerate(TESTS, 1):
        name = test.__name__[len("test_"):]
        with tempfile.TemporaryDirectory(prefix="backstep-cli-") as d:
            try:
                test(d)
                print(f"ok {number} {name}", flush=True)
            except Exception as error:  # noqa: BLE001 - every failure is reported as TAP
                failed += 1
                print(f"not ok {number} {name}", flush=True)
                detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
                for line in detail.splitlines():
                    print(f"# {line}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
