#!/usr/bin/env python3
"""`storygraph report` with its default budgets against the 300 ms target (issue 28), release
build, on the small real stories and the generated 100,000-passage gamebook.

    Benchmarks/report-bench.py STORIES [STORYGRAPH_BINARY] [--baseline OTHER_BINARY] [--runs N]

STORIES is the folder Benchmarks/realworld/fetch-bench-stories.sh exported (a story not
there is a line saying so); the gamebook is `storygraph generate gamebook 100000 --seed 1`,
generated into a temporary folder. For each story and each binary (the baseline first, then
STORYGRAPH_BINARY, interleaved run by run, RUNS times, default 7), the whole process of
`report --format json` (and `report` in text for the real stories) is timed: the median of
the wall time and of the CPU time (user + system of the child, every thread's, from
getrusage). On a shared machine the wall time waits for the others; the CPU time much less,
and it is never below what a quiet machine would take on one core: a CPU time ≤ 300 ms is a
report that answers in 300 ms on this machine when it is quiet.

Beside each figure: the ratio to the target (≤ 1 is met), the state search as `--timings`
tells it (states explored, states a second of CPU time, complete or the bound that stopped
it), which searches the default budgets cut (from the JSON: paths.exact, cycles.exact,
state.complete), and whether the runs gave byte-identical output (the budgets are counted in
steps, so they must).
"""
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "realworld"))
from importlib import import_module  # noqa: E402

STORIES = import_module("bench-real").STORIES
TARGET = 0.300


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode()[-300:]}")
    return done, wall, cpu


def ms(s):
    return f"{s * 1e3:.0f} ms"


def state_line(stderr):
    """`--timings`' state search line, shortened: states, rate, how it ended."""
    m = re.search(r"^state search: ([\d,]+) states in [^,]+, ([\d,]+) states a second of CPU time \(.*?\); (.*)$",
                  stderr, re.M)
    if not m:
        return "no state search"
    end = m.group(3)
    end = "complete" if end == "complete" else "stopped: " + end.replace("stopped at its bound of ", "")
    return f"{m.group(1)} states, {m.group(2)} states/s CPU, {end}"


def cut(report):
    """The searches the budgets cut, from the JSON report."""
    said = []
    paths = report.get("paths", {})
    if paths.get("exact") is False:
        said.append("paths")
    if report.get("cycles", {}).get("exact") is False:
        said.append("cycles")
    state = report.get("state")
    if state is not None and not state.get("complete", True):
        said.append(f"state ({state.get('stopped_by')})")
    return ", ".join(said) or "none"


def main(argv):
    runs = 7
    baseline = None
    positional = []
    i = 0
    while i < len(argv):
        if argv[i] == "--runs":
            runs = int(argv[i + 1])
            i += 2
        elif argv[i] == "--baseline":
            baseline = argv[i + 1]
            i += 2
        else:
            positional.append(argv[i])
            i += 1
    if not positional:
        sys.exit(__doc__)
    stories = positional[0]
    binary = positional[1] if len(positional) > 1 else os.path.join(HERE, "..", ".build", "release", "storygraph")
    binaries = ([("before", baseline)] if baseline else []) + [("this", binary)]
    work = tempfile.mkdtemp(prefix="sg-report-bench-")
    gamebook = os.path.join(work, "gamebook-100000.json")
    with open(gamebook, "wb") as f:
        subprocess.run([binary, "generate", "gamebook", "100000", "--seed", "1"], stdout=f, check=True)
    cases = []
    for name, relative, title, _ in STORIES:
        path = os.path.join(stories, relative)
        if not os.path.exists(path):
            print(f"| {title} | skipped: not fetched (Benchmarks/realworld/fetch-bench-stories.sh) |")
            continue
        cases.append((title + ", `report --format json`", [path, "--format", "json"]))
        cases.append((title + ", `report` (text)", [path]))
    cases.append(("`generate gamebook 100000 --seed 1`, `report --format json`", [gamebook, "--format", "json"]))

    load = os.getloadavg()
    print(f"\n{runs} runs of each, interleaved; load average {load[0]:.1f} at the start\n")
    print("| story, command | binary | wall (median) | CPU (median) | CPU ÷ 300 ms | state search (`--timings`) "
          "| searches the budgets cut | output identical |")
    print("|---|---|---|---|---|---|---|---|")
    for title, arguments in cases:
        walls = {label: [] for label, _ in binaries}
        cpus = {label: [] for label, _ in binaries}
        outputs = {label: set() for label, _ in binaries}
        last = {}
        for _ in range(runs):
            for label, path in binaries:
                done, wall, cpu = timed([path, "report", *arguments, "--quiet"])
                walls[label].append(wall)
                cpus[label].append(cpu)
                outputs[label].add(done.stdout)
                last[label] = done.stdout
        for label, path in binaries:
            timing = subprocess.run([path, "report", *arguments, "--quiet", "--timings"], capture_output=True, text=True)
            searched = state_line(timing.stderr)
            said = cut(json.loads(last[label])) if "json" in arguments else "—"
            cpu = statistics.median(cpus[label])
            print(f"| {title} | {label} | {ms(statistics.median(walls[label]))} | {ms(cpu)} | {cpu / TARGET:.2f} "
                  f"| {searched} | {said} | {'yes' if len(outputs[label]) == 1 else 'NO: ' + str(len(outputs[label])) + ' outputs'} |",
                  flush=True)
    load = os.getloadavg()
    print(f"\nload average {load[0]:.1f} at the end")


if __name__ == "__main__":
    main(sys.argv[1:])
