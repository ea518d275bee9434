#!/usr/bin/env python3
"""Load + build against the C scan (issue 28: "load + build ≤ 2× the C scan on every
generated shape"), by wall clock and by the process's CPU time, in the same run.

    Benchmarks/load-bench.py STORYGRAPH_BENCH CEILING CASES_DIR [ROUNDS]

CASES_DIR holds the generated cases of `Benchmarks/run` (gamebook-100.json …). Each
round runs `--ops load` of both tools on every case, in alternating order; a figure is
the median of every run of every round. The CPU time is the better figure on a machine
other jobs load: the wall clock counts their time too.
"""
import json
import statistics
import subprocess
import sys

CASES = ["gamebook-100", "gamebook-2000", "gamebook-10000", "gamebook-100000",
         "lattice-10x20", "lattice-100x200", "tree-16", "chain-100000"]


def run(command):
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if record.get("op") == "load":
            return record
    raise RuntimeError(f"no load line from {command}")


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 64
    bench, ceiling, folder = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    tools = {"storygraph": bench, "C": ceiling}
    wall = {(c, t): [] for c in CASES for t in tools}
    cpu = {(c, t): [] for c in CASES for t in tools}
    results = {}
    for r in range(rounds):
        for case in CASES:
            order = list(tools) if r % 2 == 0 else list(reversed(tools))
            for tool in order:
                record = run([tools[tool], f"{folder}/{case}.json", "--ops", "load", "--reps", "15",
                              "--budget-ms", "1500"])
                wall[(case, tool)] += record["samples_ms"]
                cpu[(case, tool)].append(record["cpu_median_ms"])
                results.setdefault(case, {})[tool] = record["result"]
    print("| case | storygraph wall ms | C wall ms | ratio (wall) | storygraph CPU ms | C CPU ms | ratio (CPU) | same result |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for case in CASES:
        sw, cw = (statistics.median(wall[(case, t)]) for t in tools)
        sc, cc = (statistics.median(cpu[(case, t)]) for t in tools)
        same = "yes" if results[case]["storygraph"] == results[case]["C"] else \
            f"no: {results[case]['storygraph']} / {results[case]['C']}"
        print(f"| {case} | {sw:.3f} | {cw:.3f} | {sw / cw:.2f}× | {sc:.3f} | {cc:.3f} | {sc / cc:.2f}× | {same} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
