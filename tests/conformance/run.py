#!/usr/bin/python3
"""Conformance: each script here must print the same under `backstep run` and under
/usr/bin/python3 with PyTorch 1.13.

Usage:
  run.py BACKSTEP [NAME...]   run every script (or the named ones); TAP on stdout
  (BACKSTEP_CONFORMANCE_DIR=DIR runs the scripts of DIR instead of this folder's)
  run.py --list               print the features each script needs (its "# needs:" header)
  run.py --python-only        run the scripts under python3 only: they must exit 0 and
                              print the same twice (checks the scripts themselves)

A script whose header has "known failure: REASON" (the lecture corpus: a script that waits
for something Backstep lacks) is reported as TAP's "not ok ... # TODO REASON" while it
still differs, and as "ok" with a note to drop the line once it agrees.

What "the same" means:
  * the exit statuses are equal;
  * stdout has the same lines. Each line is split into number tokens and the text between
    them. Text must match exactly, integers exactly, and floats (a token with a decimal
    point or an exponent) to float32 tolerance: |got - want| <= ATOL + RTOL * |want| with
    RTOL = 1e-4 and ATOL = 1e-5. float32 carries about 7 significant digits (eps 1.2e-7);
    sums, matmuls and training loops computed in a different order than PyTorch's kernels
    drift by far less than 1e-4 relative, and ATOL covers results that are zero up to
    roundoff (1e-9 against -3e-9). A script whose header has "# compare: exact" (pure
    Python, where CPython's results are exact) compares every number exactly;
  * addresses in "<... object at 0x7f...>" are masked, as they differ from run to run;
  * when both fail, the last line of stderr (the exception, "RuntimeError: <message>") is
    compared exactly too. A script whose header has "# compare: traceback" compares the
    whole traceback exactly: its frames in the script, each with the line and CPython 3.11's
    "^^^^"/"~~^~~" markers, and the exception; the frames of PyTorch's own Python files,
    which Backstep does not have, are left out of python3's. A script whose header has
    "# compare: stderr" compares the whole of stderr exactly (its warnings).
"""
import concurrent.futures
import difflib
import os
import re
import subprocess
import sys

RTOL = 1e-4
ATOL = 1e-5
TIMEOUT = 300
# The scripts: this folder, or another one (the classroom examples) named by the variable
HERE = os.path.abspath(os.environ.get("BACKSTEP_CONFORMANCE_DIR")
                       or os.path.dirname(os.path.abspath(__file__)))
PYTHON = "/usr/bin/python3"

NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.])")
ADDRESS = re.compile(r"object at 0x[0-9a-fA-F]+")


def scripts(names=None):
    found = sorted(f for f in os.listdir(HERE) if f.endswith(".py") and f != "run.py")
    if not names:
        return found
    wanted = [n if n.endswith(".py") else n + ".py" for n in names]
    missing = [n for n in wanted if n not in found]
    if missing:
        sys.exit(f"run.py: no such script: {', '.join(missing)}")
    return wanted


def header(name):
    """The script's leading comment block: description, "compare:" and "needs:" lines."""
    lines = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            if "-*- coding" not in line:
                lines.append(line[1:].strip())
    return lines


def needs(name):
    text = " ".join(header(name))
    match = re.search(r"needs:(.*)", text)
    return match.group(1).strip() if match else ""


def exact(name):
    return any(line == "compare: exact" for line in header(name))


def known_failure(name):
    for line in header(name):
        if line.startswith("known failure:"):
            return line[len("known failure:"):].strip()
    return None


def traceback_compared(name):
    return any(line == "compare: traceback" for line in header(name))


def stderr_compared(name):
    return (os.path.exists(os.path.join(HERE, name))
            and any(line == "compare: stderr" for line in header(name)))


def script_traceback(stderr, path):
    """The traceback without the frames of other files than the script (PyTorch's)."""
    out = []
    skipping = False
    for line in stderr.splitlines():
        if line.startswith("  File "):
            skipping = not line.startswith(f'  File "{path}"')
        elif not line.startswith("    "):
            skipping = False
        if not skipping:
            out.append(line)
    return out


def run(argv):
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8", OMP_NUM_THREADS="1")
    try:
        p = subprocess.run(argv, cwd=HERE, env=env, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {TIMEOUT} s"
    except OSError as e:
        return None, "", f"cannot run {argv[0]}: {e}"
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    return p.returncode, ADDRESS.sub("object at 0x…", out), err


def split(line):
    """[text, number, text, number, ..., text]"""
    parts = []
    pos = 0
    for m in NUMBER.finditer(line):
        parts += [line[pos:m.start()], m.group()]
        pos = m.end()
    return parts + [line[pos:]]


def same_number(got, want, exact_only):
    if got == want:
        return True
    if exact_only or not any(c in want + got for c in ".eE"):
        return False
    g, w = float(got), float(want)
    return abs(g - w) <= ATOL + RTOL * abs(w)


def same_line(got, want, exact_only):
    if got == want:
        return True
    a, b = split(got), split(want)
    if len(a) != len(b):
        return False
    for i, (x, y) in enumerate(zip(a, b)):
        if i % 2 == 0 and x != y:
            return False
        if i % 2 == 1 and not same_number(x, y, exact_only):
            return False
    return True


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def compare(name, got, want):
    """Returns a list of diagnostic lines; empty when the runs agree."""
    got_status, got_out, got_err = got
    want_status, want_out, want_err = want
    if want_status is None:
        return [f"python3: {want_err}"]
    if got_status is None:
        return [f"backstep: {got_err}"]
    problems = []
    if got_status < 0:
        problems.append(f"backstep was killed by signal {-got_status}")
    elif got_status != want_status:
        problems.append(f"exit status {got_status}, python3 exits {want_status}")
    got_lines, want_lines = got_out.splitlines(), want_out.splitlines()
    exact_only = exact(name)
    mismatch = len(got_lines) != len(want_lines) or any(
        not same_line(g, w, exact_only) for g, w in zip(got_lines, want_lines))
    if mismatch:
        diff = list(difflib.unified_diff(want_lines, got_lines, "python3", "backstep",
                                         lineterm="", n=2))
        problems.append("stdout differs (numbers compared exactly):" if exact_only else
                        "stdout differs (numbers within float32 tolerance count as equal):")
        problems += diff[:60] + (["..."] if len(diff) > 60 else [])
    if got_status and want_status and last_line(got_err) != last_line(want_err):
        problems.append(f"error: backstep: {last_line(got_err)!r}")
        problems.append(f"       python3:  {last_line(want_err)!r}")
    elif got_status and want_status and traceback_compared(name):
        path = os.path.join(HERE, name)
        got_tb, want_tb = script_traceback(got_err, path), script_traceback(want_err, path)
        if got_tb != want_tb:
            problems.append("traceback differs:")
            problems += list(difflib.unified_diff(want_tb, got_tb, "python3", "backstep",
                                                  lineterm="", n=2))
    if stderr_compared(name) and got_err != want_err:
        problems.append("stderr differs:")
        problems += list(difflib.unified_diff(want_err.splitlines(), got_err.splitlines(),
                                              "python3", "backstep", lineterm="", n=2))
    if problems and got_err.strip():
        problems.append("backstep's stderr:")
        problems += got_err.splitlines()[-15:]
    return problems


def conformance(backstep, names):
    todo = scripts(names)
    print(f"1..{len(todo)}", flush=True)
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for name in todo:
            path = os.path.join(HERE, name)
            jobs[name] = (pool.submit(run, [backstep, "run", path]),
                          pool.submit(run, [PYTHON, path]))
        failed = 0
        for i, name in enumerate(todo, 1):
            got, want = (job.result() for job in jobs[name])
            problems = compare(name, got, want)
            reason = known_failure(name)
            if reason is not None and problems:
                print(f"not ok {i} {name} # TODO {reason}")
            else:
                failed += bool(problems)
                print(f"{'not ok' if problems else 'ok'} {i} {name}")
                if reason is not None:
                    print(f"# {name} agrees now: drop its 'known failure' line")
            for line in problems:
                print(f"# {line}")
            sys.stdout.flush()
    return 1 if failed else 0


def python_only(names):
    status = 0
    for name in scripts(names):
        path = os.path.join(HERE, name)
        first, second = run([PYTHON, path]), run([PYTHON, path])
        problems = compare(name, second, first)
        if first[0] != 0 and not name.startswith("errors_uncaught"):
            problems.append(f"exit status {first[0]}: {last_line(first[2])}")
        print(f"{'FAIL' if problems else 'ok'}   {name}")
        for line in problems:
            print(f"       {line}")
        status |= bool(problems)
    return status


def main(argv):
    if len(argv) >= 1 and argv[0] == "--list":
        for name in scripts(argv[1:]):
            print(f"{name}: {needs(name)}")
        return 0
    if len(argv) >= 1 and argv[0] == "--python-only":
        return python_only(argv[1:])
    if len(argv) < 1 or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    return conformance(os.path.abspath(argv[0]), argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
