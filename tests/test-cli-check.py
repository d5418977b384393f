#!/usr/bin/python3
"""`backstep check` run as a user would, its verdicts compared with torch.autograd.gradcheck.

Every script in tests/cli/check/ defines `f(*inputs)` (the root as a function of the
leaves), the list `inputs`, and then runs `f(*inputs).backward()` as a student would. The
oracle runs the same script under PyTorch 1.13 (/usr/bin/python3), then, for each leaf,
torch.autograd.gradcheck on f with that leaf alone requiring grad (float64, eps 1e-6,
atol 1e-5, rtol 1e-3) and gradcheck's own numerical Jacobian. Backstep's row for the leaf
must say ok exactly when gradcheck passes, and its numeric gradient must be gradcheck's.
The built command comes from $BACKSTEP (tests/meson.build sets it). Output is TAP.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback

BACKSTEP = os.environ.get("BACKSTEP")
PYTHON = "/usr/bin/python3"
TIMEOUT = 240
HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "cli", "check")

ORACLE = """\
import json, sys, warnings
import torch
from torch.autograd.gradcheck import _get_numerical_jacobian
warnings.simplefilter("ignore")
path = sys.argv[1]
ns = {"__name__": "__main__"}
exec(compile(open(path).read(), path, "exec"), ns)
f, inputs = ns["f"], ns["inputs"]
names = {id(v): k for k, v in ns.items() if isinstance(v, torch.Tensor)}
out = {}
for i, t in enumerate(inputs):
    copies = [u.detach().double() for u in inputs]
    copies[i].requires_grad_()
    ok = torch.autograd.gradcheck(f, tuple(copies), eps=1e-6, atol=1e-5, rtol=1e-3,
                                  raise_exception=False, check_undefined_grad=False)
    numeric = _get_numerical_jacobian(f, tuple(copies), eps=1e-6)[0][0]
    out[names[id(t)]] = {"ok": ok, "numeric": numeric.flatten().tolist()}
print(json.dumps(out))
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


def run(*args):
    return subprocess.run([BACKSTEP, *args], capture_output=True, text=True, timeout=TIMEOUT)


def oracle(path):
    p = subprocess.run([PYTHON, "-c", ORACLE, path], capture_output=True, text=True,
                       timeout=TIMEOUT)
    check(p.returncode == 0, f"PyTorch on {path}: {p.stderr}")
    return json.loads(p.stdout.splitlines()[-1])


def numbers(cell):
    """The elements shown in a cell: "[1, -6, …] (2×2)" or "3.5"."""
    head = cell.split("]")[0]
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|-?inf|nan", head)]


def table(stdout):
    """{backward call: {leaf: row cells}} from check's output."""
    calls, current = {}, None
    for line in stdout.splitlines():
        m = re.match(r"backward call (\d+), from ", line)
        if m:
            current = calls.setdefault(int(m.group(1)), {})
        elif line.startswith("  ") and not line.startswith("    ") and current is not None:
            cells = re.split(r"\s{2,}", line.strip())
            if cells[0] != "leaf" and not line.startswith("  not checked:"):
                current[cells[0]] = cells
    return calls


def close(a, b):
    # six significant digits are shown
    return abs(a - b) <= 2e-5 * abs(b) + 1e-9


def test_scripts_against_gradcheck(d):
    scripts = sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".py"))
    check(len(scripts) >= 6, f"too few scripts: {scripts}")
    n_mismatch = 0
    for name in scripts:
        path = os.path.join(SCRIPTS, name)
        expected = oracle(path)
        p = run("check", path)
        rows = table(p.stdout).get(1, {})
        check(set(rows) == set(expected), f"{name}: leaves {sorted(rows)}, PyTorch "
              f"{sorted(expected)}\n{p.stdout}")
        all_ok = True
        for leaf, want in expected.items():
            cells = rows[leaf]
            verdict = cells[4]
            check(verdict == ("ok" if want["ok"] else "MISMATCH"),
                  f"{name}: {leaf} is {verdict}, gradcheck says ok={want['ok']}\n{p.stdout}")
            shown = numbers(cells[2])
            check(shown and all(close(a, b) for a, b in zip(shown, want["numeric"])),
                  f"{name}: {leaf}'s numeric gradient {cells[2]}, PyTorch's "
                  f"{want['numeric']}")
            all_ok = all_ok and want["ok"]
        check(p.returncode == (0 if all_ok else 1), f"{name}: exit {p.returncode}: {p.stderr}")
        if not all_ok:
            n_mismatch += 1
            check("autograd's gradient differs from the finite differences" in p.stderr,
                  f"{name}: {p.stderr}")
    check(n_mismatch >= 3, "the scripts should include wrong custom Functions")


LOOP = """\
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(8, 3)
y = x.sum(dim=1, keepdim=True)
for it in range(3):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
w = torch.tensor([1.0, 2.0], requires_grad=True)
for i in range(2):
    l2 = (w * w).sum()
    l2.backward()
    w.data -= 0.1 * w.grad
    w.grad.zero_()
h = torch.zeros(2)
h.add_(w)
h.mul_(3)
(h * h).sum().backward()
z = w * 2
z[0] = 5.0
z.sum().backward()
g = torch.autograd.grad((w**3).sum(), w)
"""


def test_training_loop_and_inplace(d):
    """Every backward() call of a loop is checked, after optimizer steps, .data updates,
    in-place ops and an assignment into a view; torch.autograd.grad() is said to be left
    out."""
    path = write(d, "loop.py", LOOP)
    p = run("check", path)
    check(p.returncode == 0, f"exit {p.returncode}: {p.stderr}\n{p.stdout}")
    calls = table(p.stdout)
    check(sorted(calls) == [1, 2, 3, 4, 5, 6, 7, 8] and calls[8] == {},
          f"calls {sorted(calls)}\n{p.stdout}")
    check(sorted(calls[1]) == ["model.0.bias", "model.0.weight", "model.2.bias",
                               "model.2.weight"], f"{calls[1]}")
    for call in calls.values():
        for cells in call.values():
            check(cells[4] == "ok", f"{cells}\n{p.stdout}")
    # w*w after w.data -= 0.1 * w.grad: the gradient 2w at w = [0.8, 1.6]
    check(numbers(calls[5]["w"][2]) == [1.6, 3.2], calls[5]["w"])
    # z = 2w, then z[0] = 5: z[0] no longer depends on w
    check(numbers(calls[7]["w"][2]) == [0, 2], calls[7]["w"])
    check("backward call 8" in p.stdout and "torch.autograd.grad()" in p.stdout, p.stdout)


def test_one_call_and_errors(d):
    path = write(d, "loop.py", LOOP)
    p = run("check", "--backward", "5", path)
    check(p.returncode == 0 and list(table(p.stdout)) == [5], p.stdout + p.stderr)
    p = run("check", "--backward", "9", path)
    check(p.returncode == 1 and "no backward call 9" in p.stderr, p.stderr)
    p = run("check", "--backward", "0", path)
    check(p.returncode == 2 and "--backward" in p.stderr, p.stderr)
    p = run("check", "--max-elements", "4", path)
    check(p.returncode == 0 and "more than the 4 that are perturbed" in p.stdout, p.stdout)

    none = write(d, "none.py", "import torch\nprint(torch.ones(2) * 3)\n")
    p = run("check", none)
    check(p.returncode == 1 and "nothing to check" in p.stderr, p.stderr)

    raises = write(d, "raises.py", "import torch\nx = torch.tensor(2.0, requires_grad=True)\n"
                   "(x * x).backward()\nprint(undefined)\n")
    p = run("check", raises)
    check(p.returncode == 1 and "NameError: name 'undefined' is not defined" in p.stderr,
          p.stderr)
    rows = table(p.stdout).get(1, {})
    check(rows.get("x", [None] * 5)[4] == "ok" and numbers(rows["x"][2]) == [4],
          p.stdout)

    p = run("check", "--help")
    check(p.returncode == 0 and "gradcheck" in p.stdout and "--max-elements" in p.stdout,
          p.stdout)
    p = run("help")
    check("check FILE" in p.stdout, p.stdout)


TESTS = [
    test_scripts_against_gradcheck,
    test_training_loop_and_inplace,
    test_one_call_and_errors,
]


def main():
    if not BACKSTEP:
        print("1..0 # SKIP BACKSTEP is not set")
        return 0
    print(f"1..{len(TESTS)}", flush=True)
    failed = 0
    for number, test in enumerate(TESTS, 1):
        name = test.__name__[len("test_"):]
        with tempfile.TemporaryDirectory(prefix="backstep-check-") as d:
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
