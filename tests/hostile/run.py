#!/usr/bin/env python3
"""Runs every script of tests/hostile/ under `backstep` and checks how it ends.

Each script is something a hostile or careless user could run (memory that grows without
end, a long C operation under --timeout, ...). Its first comment lines say what must happen:

  # command: run              the backstep subcommand (run, trace); default run
  # args: --max-memory 64M    options before the script
  # exit: 1                   the exit status
  # stdout: caught            each line of standard output, in order (none: empty)
  # error: MemoryError: ...   the last line of standard error, exactly ({script}: its path)
  # line: 4                   the line the error names ("line 4" or "{script}:4")
  # seconds: 5                wall-clock bound (killed past it: a failure)
  # memory: 200M              peak resident memory bound (a failure past it)

The sanitizer build (--sanitized) gets four times the time and memory plus 1 GiB: its
shadow memory and quarantine are not the script's. Every script's time and peak memory are
printed, as TAP comments.
"""
import os
import re
import sys
import time
import threading
import subprocess

UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def parse_header(path):
    spec = {"command": "run", "args": [], "exit": 0, "stdout": [], "error": None,
            "line": None, "seconds": 10.0, "memory": 256 << 20}
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if not raw.startswith("# "):
                break
            key, _, value = raw[2:].rstrip("\n").partition(": ")
            if key == "args":
                spec["args"] = value.split()
            elif key == "stdout":
                spec["stdout"].append(value)
            elif key in ("exit", "line"):
                spec[key] = int(value)
            elif key == "seconds":
                spec["seconds"] = float(value)
            elif key == "memory":
                spec["memory"] = int(float(value[:-1]) * UNITS[value[-1]])
            elif key in ("command", "error"):
                spec[key] = value
    return spec


def rss_bytes(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run_one(backstep, path, spec, sanitized):
    seconds = spec["seconds"] * (4 if sanitized else 1)
    memory = spec["memory"] * 4 + (1 << 30) if sanitized else spec["memory"]
    argv = [backstep, spec["command"], *spec["args"], path]
    start = time.monotonic()
    with open(os.devnull, "rb") as devnull:
        p = subprocess.Popen(argv, stdin=devnull, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    out_chunks, err_chunks = [], []

    def drain(stream, chunks):
        for chunk in iter(lambda: stream.read(65536), b""):
            chunks.append(chunk)

    threads = [threading.Thread(target=drain, args=(p.stdout, out_chunks)),
               threading.Thread(target=drain, args=(p.stderr, err_chunks))]
    for t in threads:
        t.start()
    problem = None
    status = None
    while status is None:
        pid, raw, usage = os.wait4(p.pid, os.WNOHANG)
        if pid != 0:
            status = os.waitstatus_to_exitcode(raw)
            break
        if time.monotonic() - start > seconds:
            problem = f"still running after {seconds:g} s"
        elif rss_bytes(p.pid) > memory:
            problem = f"resident memory over {memory >> 20} MiB"
        if problem:
            p.kill()
            _, raw, usage = os.wait4(p.pid, 0)
            status = os.waitstatus_to_exitcode(raw)
            break
        time.sleep(0.02)
    p.returncode = status
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    peak = usage.ru_maxrss * 1024
    out = b"".join(out_chunks).decode("utf-8", "replace")
    err = b"".join(err_chunks).decode("utf-8", "replace")
    if problem is None and peak > memory:
        problem = f"peak resident memory {peak >> 20} MiB over {memory >> 20} MiB"
    if problem is None and status != spec["exit"]:
        problem = f"exit status {status}, expected {spec['exit']}"
    expected_out = "".join(line + "\n" for line in spec["stdout"])
    if problem is None and out != expected_out:
        problem = f"stdout {out[-500:]!r}, expected {expected_out!r}"
    lines = err.rstrip("\n").split("\n")
    if problem is None and spec["error"] is not None:
        want = spec["error"].replace("{script}", path)
        if lines[-1] != want:
            problem = f"last line of stderr {lines[-1]!r}, expected {want!r}"
    if problem is None and spec["line"] is not None:
        n = spec["line"]
        pattern = rf'(File "{re.escape(path)}", line {n}, |{re.escape(path)}:{n}\b|at line {n}$)'
        tail = "\n".join(lines[-6:])
        if not re.search(pattern, tail, re.M):
            problem = f"the error does not name line {n}: {tail!r}"
    return problem, elapsed, peak, err


def main():
    sanitized = "--sanitized" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--sanitized"]
    backstep = args[0]
    here = os.path.dirname(os.path.abspath(__file__))
    scripts = sorted(f for f in os.listdir(here) if f.endswith(".py") and f != "run.py")
    print(f"1..{len(scripts)}")
    failed = 0
    for i, name in enumerate(scripts, 1):
        path = os.path.join(here, name)
        spec = parse_header(path)
        problem, elapsed, peak, err = run_one(backstep, path, spec, sanitized)
        print(f"# {name}: {elapsed:.2f} s, peak {peak / (1 << 20):.1f} MiB")
        if problem:
            failed += 1
            print(f"not ok {i} {name}: {problem}")
            for line in err.splitlines()[-8:]:
                print(f"#   {line}")
        else:
            print(f"ok {i} {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
