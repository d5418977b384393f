#!/usr/bin/python3
"""`backstep quiz` run as a user would, its answers piped to standard input.

The .grad totals it asks are answered with the numbers PyTorch 1.13 (/usr/bin/python3)
gives for the same script, and must all be judged right; wrong, unreadable and given-up
answers, the end of the answers, a script that raises and usage errors behave as
`backstep quiz --help` says. The built command comes from $BACKSTEP (tests/meson.build
sets it). Output is TAP.
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
TIMEOUT = 120

# seed 004's graph, with a leaf used twice (w1) and a tensor leaf (b)
SCRIPT = """\
import torch
x1 = torch.tensor(1.0)
x2 = torch.tensor(2.0)
w1 = torch.tensor(1.5, requires_grad=True)
w2 = torch.tensor(-2.0, requires_grad=True)
w3 = torch.tensor(3.0, requires_grad=True)
b = torch.tensor([0.5, -1.0], requires_grad=True)
x3 = w1 * x1
x4 = w1 * x2
x5 = w2 * x3 + w3 * x4
L = 1 - x5 + (b * b).sum()
L.backward()
"""

ORACLE = """
import json
print(json.dumps({n: t.grad.tolist() for n, t in
                  [("w1", w1), ("w2", w2), ("w3", w3), ("b", b)]}))
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


def quiz(answers, *args):
    return subprocess.run([BACKSTEP, "quiz", *args], input=answers, capture_output=True,
                          text=True, timeout=TIMEOUT)


def prompts(stdout):
    """The questions asked, in order (each line "  Question = ? answer")."""
    return [m.group(1) for m in re.finditer(r"^  (.*\?) ", stdout, re.M)]


def test_grad_totals_from_pytorch(d):
    """--ask=grad asks each leaf's .grad after its accumulation; PyTorch's numbers are
    right, a tensor's shape first, then its values."""
    path = write(d, "graph.py", SCRIPT)
    p = subprocess.run([PYTHON, "-c", SCRIPT + ORACLE], capture_output=True, text=True,
                       timeout=TIMEOUT)
    check(p.returncode == 0, p.stderr)
    grads = json.loads(p.stdout)

    # first, every question given up: which leaf is asked when
    first = quiz("?\n" * 20, "--ask=grad", path)
    asked = prompts(first.stdout)
    check(first.returncode == 1 and "Score: 0 of 4 right." in first.stdout,
          f"exit {first.returncode}\n{first.stdout}{first.stderr}")
    answers = []
    for question in asked:
        leaf = re.match(r"(?:Shape of |Values of )?(\w+)\.grad", question).group(1)
        value = grads[leaf]
        if question.startswith("Shape of"):
            # a right shape asks the values next
            answers.append(str(len(value)))
            answers.append(", ".join(repr(v) for v in value))
        else:
            answers.append(repr(value))
    check(sorted(set(re.match(r"(?:Shape of |Values of )?(\w+)", q).group(1) for q in asked))
          == ["b", "w1", "w2", "w3"], asked)

    p = quiz("\n".join(answers) + "\n", "--ask=grad", path)
    check(p.returncode == 0, f"exit {p.returncode}\n{p.stdout}{p.stderr}")
    check(p.stdout.count("Right") == len(asked) + 1 and "Wrong" not in p.stdout, p.stdout)
    check("Score: 5 of 5 right." in p.stdout, p.stdout)
    check("Right: [2] is the shape. Now its values." in p.stdout, p.stdout)
    # the answers are shown after their questions when they come from a pipe
    check(f"w1.grad after this accumulation = ? {grads['w1']!r}\n" in p.stdout, p.stdout)


def test_verdicts_and_end_of_answers(d):
    """The first edge, L = (1 - x5) + sum(b * b): its local gradient ∂L/∂(1 - x5) is 1
    (PyTorch's AddBackward0 passes the gradient on unchanged). An unreadable answer is asked again,
    a wrong one is said wrong with the tolerance, ? reveals, and when the answers run out
    the quiz stops with the score and exit status 1."""
    path = write(d, "graph.py", SCRIPT)
    p = quiz("one\n1\n5\n?\n", path)
    check(p.returncode == 1, f"exit {p.returncode}\n{p.stdout}{p.stderr}")
    lines = p.stdout.splitlines()
    check(lines[0].startswith("Step ") and "line 12: L.backward(), through AddBackward0 of L"
          in lines[0], p.stdout)
    check("Write a number (2, -0.5, 1/3), or None if no gradient flows." in p.stdout,
          p.stdout)
    check("Right: 1 is within 1% of 1." in p.stdout, p.stdout)
    check("Wrong: 5 is not within 1% of 1." in p.stdout, p.stdout)
    check(p.stdout.count("Revealed: ") == 1, p.stdout)
    check("No more answers: the quiz stops at step" in p.stdout, p.stdout)
    check(lines[-1] == "Score: 1 of 3 right.", p.stdout)


def test_script_errors_and_usage(d):
    twice = write(d, "twice.py", "import torch\nx = torch.tensor(2.0, requires_grad=True)\n"
                  "y = x * x\ny.backward()\ny.backward()\n")
    p = quiz("?\n" * 10, "--ask=grad", twice)
    check(p.returncode == 1 and "Score: 0 of 1 right." in p.stdout, p.stdout + p.stderr)
    check("RuntimeError: Trying to backward through the graph a second time" in p.stderr,
          p.stderr)

    plain = write(d, "plain.py", "import torch\nprint(torch.ones(2) * 3)\n")
    p = quiz("", plain)
    check(p.returncode == 0 and "Nothing to ask" in p.stdout
          and "Score: 0 of 0 right." in p.stdout and "tensor" not in p.stdout,
          p.stdout + p.stderr)

    p = quiz("1\n", "-")
    check(p.returncode == 2 and "give the script as a file" in p.stderr, p.stderr)
    p = quiz("", "--ask=local,bogus", plain)
    check(p.returncode == 2 and "not 'bogus'" in p.stderr, p.stderr)
    p = quiz("", "--help")
    check(p.returncode == 0 and "--ask=WHAT" in p.stdout and "Exit status" in p.stdout,
          p.stdout)
    p = subprocess.run([BACKSTEP, "help"], capture_output=True, text=True, timeout=TIMEOUT)
    check("quiz FILE" in p.stdout, p.stdout)


TESTS = [
    test_grad_totals_from_pytorch,
    test_verdicts_and_end_of_answers,
    test_script_errors_and_usage,
]


def main():
    if not BACKSTEP:
        print("1..0 # SKIP BACKSTEP is not set")
        return 0
    print(f"1..{len(TESTS)}", flush=True)
    failed = 0
    for number, test in enumerate(TESTS, 1):
        name = test.__name__[len("test_"):]
        with tempfile.TemporaryDirectory(prefix="backstep-quiz-") as d:
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
