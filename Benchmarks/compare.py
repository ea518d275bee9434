#!/usr/bin/env python3
"""Runs storygraph, networkx, igraph and the C ceiling side by side on the generated cases
and prints the table (Markdown). Called by Benchmarks/run, which builds, generates the
cases and installs the peers first; see Benchmarks/README.md.

    compare.py WORK_DIR BENCH_BINARY STORYGRAPH_BINARY CEILING_BINARY [--quick]

Tools are interleaved: each round runs every tool once on a case, in a rotating order, and
each figure is the median of every run of every round. An operation a tool does not have
is said so in words, never given a number.
"""
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ["storygraph", "networkx", "igraph", "C"]
NOT_BUILT = "n/a (not built yet)"

# (case, story file in WORK_DIR, operations). `dot` is storygraph's own (no peer draws).
CASES = [
    ("gamebook 2,000", "gamebook-2000.json", ["load", "scc", "cycles", "dot"]),
    ("gamebook 10,000", "gamebook-10000.json", ["load", "scc", "cycles", "dot"]),
    ("gamebook 100,000", "gamebook-100000.json", ["load", "scc", "playthroughs", "dot", "report"]),
    ("lattice 100×200", "lattice-100x200.json", ["load", "scc", "paths", "playthroughs"]),
    ("lattice 10×20", "lattice-10x20.json", ["paths", "simple_paths"]),
    ("tree 16", "tree-16.json", ["load", "scc", "paths"]),
    ("chain 100,000", "chain-100000.json", ["load", "scc", "paths"]),
]
ONLY_STORYGRAPH = {"dot", "report"}

# What each case claims to be, checked on the story before anything is timed: a case
# that is not what its name says stops the run (the gamebook figures of an earlier run
# were measured on a story whose start reached 4 of its 100,000 passages).
#   passages: exact count; reachable: least share the start reaches; endings: share range;
#   loops: least number of cyclic components; acyclic: no loop at all; paths: exact count.
CLAIMS = {
    "gamebook": {"reachable": 0.95, "endings": (0.04, 0.15), "loops": 1},
    # A room no room of the layer before picks is out of reach: on a wide lattice each
    # layer's reached share settles at the root of s = 1 - e^(-2s), 79.7% (seed 1 of
    # 100x200: 79.9%), so "about 80%" is claimed as at least 75%.
    "lattice": {"reachable": 0.75, "acyclic": True},
    "tree": {"reachable": 1.0, "acyclic": True},
    "chain": {"reachable": 1.0, "acyclic": True, "paths": 1},
}


def claims_for(file_name):
    """The shape and size a case's file name claims (`gamebook-100000.json`)."""
    shape, _, size = file_name.removesuffix(".json").partition("-")
    claim = dict(CLAIMS.get(shape, {}))
    if shape in ("gamebook", "chain") and size.isdigit():
        claim["passages"] = int(size)
    if shape == "tree" and size.isdigit():
        claim["passages"] = 2 ** (int(size) + 1) - 1
        claim["paths"] = 2 ** int(size)
    if shape == "lattice" and "x" in size:
        width, layers = (int(n) for n in size.split("x"))
        claim["passages"] = 1 + width * layers
    return claim


def check_case(storygraph, story, file_name):
    """Measures the story with `storygraph report` and returns what does not match its
    claims (an empty list when the case is what it says), and the figures measured."""
    done = subprocess.run([storygraph, "report", story, "--format", "json", "--quiet"],
                          capture_output=True, text=True)
    if done.returncode not in (0, 1):
        return [f"storygraph report exited {done.returncode}: {done.stderr.strip()[-300:]}"], {}
    report = json.loads(done.stdout)
    passages = report["structure"]["passages"]
    unreachable = report["unreachable"]["count"] if isinstance(report["unreachable"], dict) else len(report["unreachable"])
    figures = {
        "passages": passages,
        "reachable": (passages - unreachable) / passages if passages else 0.0,
        "endings": report["structure"]["endings"] / passages if passages else 0.0,
        "loops": report["loops"]["count"] if isinstance(report["loops"], dict) else len(report["loops"]),
        "paths": int(report["paths"]["total"]),
        "exact": report["paths"]["exact"],
    }
    problems = []
    claim = claims_for(file_name)
    if "passages" in claim and figures["passages"] != claim["passages"]:
        problems.append(f"{figures['passages']:,} passages, not {claim['passages']:,}")
    if "reachable" in claim and figures["reachable"] < claim["reachable"]:
        problems.append(f"the start reaches {figures['reachable']:.1%} of the passages (claimed at least {claim['reachable']:.0%})")
    if "endings" in claim and not claim["endings"][0] <= figures["endings"] <= claim["endings"][1]:
        low, high = claim["endings"]
        problems.append(f"{figures['endings']:.1%} of the passages are endings (claimed {low:.0%} to {high:.0%})")
    if "loops" in claim and figures["loops"] < claim["loops"]:
        problems.append(f"{figures['loops']} loops (claimed at least {claim['loops']})")
    if claim.get("acyclic") and figures["loops"] > 0:
        problems.append(f"{figures['loops']} loops in a shape that claims none")
    if "paths" in claim and (not figures["exact"] or figures["paths"] != claim["paths"]):
        problems.append(f"{figures['paths']:,} paths{'' if figures['exact'] else ' (not exact)'}, not {claim['paths']:,}")
    return problems, figures
LIMITS = {"path-limit": 1_000_000, "cycle-limit": 100_000, "step-cap": 1000}
RUNS = {"storygraph": 100_000, "C": 100_000, "networkx": 10_000, "igraph": 10_000}
ROUNDS, REPS, BUDGET_MS, TIMEOUT_S = 3, 5, 1500, 240
IGRAPH_CYCLES_TIMEOUT_S = 60


def run_tool(command, timeout):
    """Runs one tool; returns its JSON lines by operation, and whether it timed out."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        out, timed_out = done.stdout, False
        if done.returncode != 0:
            sys.stderr.write(f"warning: {' '.join(command)} exited {done.returncode}: {done.stderr[-500:]}\n")
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        timed_out = True
    lines = {}
    for line in out.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            lines[record["op"]] = record
    return lines, timed_out


class Harness:
    def __init__(self, work, bench, storygraph, ceiling, quick):
        self.work, self.bench, self.storygraph, self.ceiling = work, bench, storygraph, ceiling
        self.python = sys.executable
        self.rounds = 1 if quick else ROUNDS
        listed = subprocess.run([bench, "--list"], capture_output=True, text=True, check=True).stdout
        self.storygraph_ops = {line.split("\t")[0] for line in listed.splitlines() if line}

    def command(self, tool, story, ops):
        common = ["--ops", ",".join(ops), "--reps", str(REPS), "--budget-ms", str(BUDGET_MS)]
        limits = sum(([f"--{k}", str(v)] for k, v in LIMITS.items()), []) + ["--runs", str(RUNS[tool])]
        if tool == "storygraph":
            return [self.bench, story] + common
        if tool == "C":
            return [self.ceiling, story] + common + limits
        return [self.python, os.path.join(HERE, "peers.py"), tool, story] + common + limits

    def ops_for(self, tool, ops):
        if tool == "storygraph":
            return [op for op in ops if op in self.storygraph_ops]
        return [op for op in ops if op not in ONLY_STORYGRAPH]

    def measure_case(self, story, ops):
        """{tool: {op: {"samples": [...], "result": str, "per_second": [...]} or {"note": str}}}"""
        figures = {tool: {} for tool in TOOLS}
        for tool in TOOLS:
            for op in ops:
                if tool != "storygraph" and op in ONLY_STORYGRAPH:
                    figures[tool][op] = {"note": "—"}
                elif tool == "storygraph" and op not in self.storygraph_ops:
                    figures[tool][op] = {"note": NOT_BUILT}
        for round_number in range(self.rounds):
            order = TOOLS[round_number % len(TOOLS):] + TOOLS[:round_number % len(TOOLS)]
            for tool in order:
                wanted = [op for op in self.ops_for(tool, ops) if "note" not in figures[tool].get(op, {})]
                if not wanted:
                    continue
                lines, timed_out = run_tool(self.command(tool, story, wanted), TIMEOUT_S)
                for op in wanted:
                    record = lines.get(op)
                    if record is None:
                        figures[tool][op] = {"note": f"> {TIMEOUT_S} s" if timed_out else "failed"}
                    elif "unsupported" in record:
                        figures[tool][op] = {"note": "n/a (" + record["unsupported"] + ")"}
                    elif "error" in record:
                        figures[tool][op] = {"note": "error: " + record["error"][:60]}
                    else:
                        entry = figures[tool].setdefault(op, {"samples": [], "per_second": [], "cpu": []})
                        entry["samples"] += record["samples_ms"]
                        # The process's CPU time (storygraph-bench and ceiling.c give it):
                        # the fairer figure on a machine other jobs load.
                        if "cpu_median_ms" in record:
                            entry["cpu"].append(record["cpu_median_ms"])
                        entry["result"] = record["result"]
                        if "per_second" in record:
                            entry["per_second"].append(record["per_second"])
        return figures

    def igraph_cycles(self, story):
        """igraph's simple_cycles cannot stop at a count: one run, with a timeout."""
        began = time.perf_counter()
        lines, timed_out = run_tool(
            [self.python, os.path.join(HERE, "peers.py"), "igraph", story, "--ops", "cycles", "--reps", "1",
             "--igraph-cycles"], IGRAPH_CYCLES_TIMEOUT_S)
        if timed_out or "cycles" not in lines:
            return {"note": f"> {IGRAPH_CYCLES_TIMEOUT_S} s (no count limit; all cycles)"}
        record = lines["cycles"]
        return {"samples": record["samples_ms"], "result": record["result"], "per_second": []}

    def map_100(self):
        """In-process render against `dot -Tsvg` on the same DOT text, interleaved."""
        story = os.path.join(self.work, "gamebook-100.json")
        dot_file = os.path.join(self.work, "gamebook-100.dot")
        with open(dot_file, "w") as f:
            subprocess.run([self.storygraph, "dot", story], stdout=f, check=True)
        inprocess, command_line = [], []
        for _ in range(3 if self.rounds > 1 else 1):
            lines, _ = run_tool([self.bench, story, "--ops", "render", "--reps", "5"], TIMEOUT_S)
            inprocess += lines["render"]["samples_ms"]
            for _ in range(5):
                began = time.perf_counter()
                subprocess.run(["dot", "-Tsvg", dot_file, "-o", os.devnull], check=True)
                command_line.append((time.perf_counter() - began) * 1e3)
        return statistics.median(inprocess), statistics.median(command_line), len(inprocess)


def big_maps(bench, storygraph, work, quick):
    """Big gamebook maps (chart style), one run each, capped: the whole `storygraph map`
    command with its default `--engine auto` (what a user gets), and plain `dot` in-process
    for reference."""
    plan = [(2000, "auto", 180), (10000, "auto", 180), (2000, "dot", 120)]
    if quick:
        plan = [(2000, "auto", 60)]
    rows = ["", "| big map (chart style) | engine | time | SVG |", "|---|---|---|---|"]
    print("\n".join(rows), flush=True)
    for passages, engine, cap in plan:
        story = os.path.join(work, f"gamebook-{passages}.json")
        if engine == "auto":
            svg_file = os.path.join(work, f"gamebook-{passages}.svg")
            began = time.perf_counter()
            try:
                done = subprocess.run([storygraph, "map", story, "-o", svg_file], capture_output=True, text=True, timeout=cap)
                seconds = time.perf_counter() - began
                if done.returncode != 0:
                    # A map past the renderer's limits is refused with the size and the alternatives.
                    message = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
                    row = f"| gamebook {passages:,} | {engine} | refused in {seconds:.1f} s (exit {done.returncode}) | {message.split(': error: ')[-1]} |"
                    rows.append(row)
                    print(row, flush=True)
                    continue
                with open(svg_file, encoding="utf-8") as f:
                    drawn = f.read().count('class="node passage')
                picked = done.stderr.strip().splitlines()[0] if done.stderr.strip() else ""
                figure = f"{seconds:.1f} s (whole command)"
                svg = f"{os.path.getsize(svg_file)} bytes, {drawn} passages drawn; {picked}"
            except subprocess.TimeoutExpired:
                figure, svg = f"> {cap} s (stopped)", "—"
        else:
            lines, timed_out = run_tool([bench, story, "--ops", "render", "--reps", "1", "--engine", engine], cap)
            record = lines.get("render")
            if record is None or "error" in record:
                figure, svg = (f"> {cap} s (stopped)", "—") if timed_out else ("failed", (record or {}).get("error", "")[:60])
            else:
                figure, svg = f"{record['median_ms'] / 1e3:.1f} s (render only)", record["result"]
        row = f"| gamebook {passages:,} | {engine} | {figure} | {svg} |"
        rows.append(row)
        print(row, flush=True)
    return rows


def parse_timings(stderr):
    """`report --timings` lines (`load   2214.3 ms`) as {step: ms}; nested steps (indented)
    are left out of the sum, so `total` is the whole of the command's own clock."""
    steps = {}
    for line in stderr.splitlines():
        m = re.match(r"^(\S+)\s+([0-9.]+) ms(?:\s+cpu\s+[0-9.]+ ms)?$", line)
        if m:
            steps[m.group(1)] = float(m.group(2))
    return steps


def targets(harness, measured, work, quick):
    """Issue 19's targets, each as a ratio or time measured in this run: rows of a table."""
    rows = ["", "| target (issue 19) | measured in this run | verdict |", "|---|---|---|"]
    cores = os.cpu_count() or 1

    def verdict(ok):
        return "met" if ok else "not met"

    # (a) load + build, gamebook 100,000, against the C scan (from the table above).
    row = measured.get(("gamebook 100,000", "load"))
    if row and "samples" in (row.get("storygraph") or {}) and "samples" in (row.get("C") or {}):
        sg, c = median_ms(row["storygraph"]), median_ms(row["C"])
        rows.append(f"| load + build, gamebook 100,000: ≤ 2× the C scan | {sg:.0f} ms against {c:.1f} ms: {sg / c:.3g}× | {verdict(sg / c <= 2)} |")
        if row["storygraph"].get("cpu") and row["C"].get("cpu"):
            sg, c = statistics.median(row["storygraph"]["cpu"]), statistics.median(row["C"]["cpu"])
            rows.append(f"| … by CPU time | {sg:.0f} ms against {c:.1f} ms: {sg / c:.3g}× | {verdict(sg / c <= 2)} |")
    # (b) `report --format json` on gamebook 100,000, by its own --timings.
    story = os.path.join(work, "gamebook-100000.json")
    if os.path.exists(story):
        totals, renders, loads = [], [], []
        for _ in range(1 if quick else 3):
            done = subprocess.run([harness.storygraph, "report", story, "--format", "json", "--timings"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            steps = parse_timings(done.stderr)
            totals.append(sum(v for k, v in steps.items() if k not in ("paths", "cycles")))
            renders.append(steps.get("render", float("nan")))
            loads.append(steps.get("load", float("nan")) + steps.get("graph", 0))
        total, render, load = statistics.median(totals), statistics.median(renders), statistics.median(loads)
        rows.append(f"| `report --format json`, gamebook 100,000: < 300 ms in all | {total:.0f} ms by `--timings` (load + graph {load:.0f} ms) | {verdict(total < 300)} |")
        rows.append(f"| … of which writing the JSON: < 50 ms | {render:.1f} ms (`render`) | {verdict(render < 50)} |")
    # (c) playthroughs against the C ceiling, per core, and how they scale with cores.
    for case, file_name in (("gamebook 100,000", "gamebook-100000.json"), ("lattice 100×200", "lattice-100x200.json")):
        story = os.path.join(work, file_name)
        if not os.path.exists(story) or "playthroughs_1" not in harness.storygraph_ops:
            continue
        one, every, ceiling = [], [], []
        for round_number in range(1 if quick else 3):
            commands = [("sg", [harness.bench, story, "--ops", "playthroughs_1,playthroughs", "--reps", str(REPS), "--budget-ms", str(BUDGET_MS)]),
                        ("C", harness.command("C", story, ["playthroughs"]))]
            for tool, command in commands[round_number % 2:] + commands[:round_number % 2]:
                lines, _ = run_tool(command, TIMEOUT_S)
                if tool == "sg":
                    one += [lines["playthroughs_1"]["per_second"]] if "playthroughs_1" in lines else []
                    every += [lines["playthroughs"]["per_second"]] if "playthroughs" in lines else []
                else:
                    ceiling += [lines["playthroughs"]["per_second"]] if "playthroughs" in lines else []
        if not (one and every and ceiling):
            continue
        one, every, ceiling = statistics.median(one), statistics.median(every), statistics.median(ceiling)
        rows.append(f"| playthroughs, {case}: one core within 1.25× of C's one core | {one / 1e6:.3g} M steps/s against C's {ceiling / 1e6:.3g} M: C ÷ storygraph {ceiling / one:.3g}× | {verdict(ceiling / one <= 1.25)} |")
        rows.append(f"| playthroughs, {case}: linear in cores ({cores}) | {every / 1e6:.3g} M steps/s on {cores} cores: {every / one:.3g}× one core | {verdict(every / one >= 0.9 * cores)} (ideal {cores}×) |")
    print("\n".join(rows), flush=True)
    return rows


def median_ms(entry):
    return statistics.median(entry["samples"])


def show(entry, op):
    if entry is None:
        return "—"
    if "note" in entry:
        return entry["note"]
    if op == "playthroughs" and entry["per_second"]:
        return f"{statistics.median(entry['per_second']) / 1e6:.3g} M steps/s"
    ms = median_ms(entry)
    return f"{ms / 1e3:.3g} s" if ms >= 1000 else f"{ms:.3g} ms"


def value(entry, op):
    """Seconds per unit of work (so that bigger is slower for every operation)."""
    if entry is None or "note" in entry:
        return None
    if op == "playthroughs" and entry["per_second"]:
        return 1 / statistics.median(entry["per_second"])
    return median_ms(entry)


def cpu_value(entry, op):
    """The median CPU time of the runs (storygraph-bench and ceiling.c give it), for the
    ratio to C on a machine other jobs share; None where not given or a rate is compared."""
    if entry is None or "note" in entry or not entry.get("cpu") or op == "playthroughs":
        return None
    return statistics.median(entry["cpu"])


def ratio(slow, fast):
    if slow is None or fast is None or fast == 0:
        return "—"
    return f"{slow / fast:.3g}×"


def agreement(row, op):
    """The answer the tools gave: for counts, whether every exact answer agrees."""
    answers = {tool: row[tool]["result"] for tool in TOOLS if row.get(tool) and "result" in row[tool]}
    if not answers:
        return ""
    if op not in ("scc", "paths", "simple_paths", "cycles"):
        first = next(iter(answers.values()))
        return first if len(first) <= 40 else first[:37] + "…"
    exact = {tool: text.split(" ")[0] for tool, text in answers.items() if "wrapped" not in text}
    wrapped = [tool for tool, text in answers.items() if "wrapped" in text]
    numbers = set(exact.values())
    if len(numbers) > 1:
        return "DISAGREE: " + "; ".join(f"{tool}: {text}" for tool, text in answers.items())
    number = numbers.pop() if numbers else "?"
    shown = number if len(number) <= 15 else f"{int(number):.3e} ({len(number)} digits)"
    unit = {"scc": "components", "paths": "paths", "simple_paths": "paths", "cycles": "cycles"}[op]
    note = f"; {', '.join(wrapped)} wrapped mod 2^128" if wrapped else ""
    return f"{shown} {unit}, all agree{note}"


def summary(figures):
    """What a checked case is, in one line (a path count only when it is exact: a budgeted
    lower bound depends on the machine)."""
    paths = f"{figures['paths']:,} paths" if figures["exact"] else "more paths than the budget counts"
    return (f"{figures['passages']:,} passages, start reaches {figures['reachable']:.1%}, "
            f"{figures['endings']:.1%} endings, {figures['loops']} loops, {paths}")


def settle_check(label, problems, figures):
    """Ends a one-case check: exit 3 with what differs, or print `LABEL: ok (FIGURES)`."""
    if problems:
        sys.stderr.write(f"{label} is not what it claims: " + "; ".join(problems) + "\n")
        sys.exit(3)
    print(f"{label}: ok ({figures()})")


def main(argv):
    if len(argv) >= 1 and argv[0] == "--check-case":
        # compare.py --check-case STORYGRAPH_BINARY STORY [NAME]: check one case and exit
        # 0 when it is what its name claims, 3 when it is not.
        storygraph, story = argv[1], argv[2]
        name = argv[3] if len(argv) > 3 else os.path.basename(story)
        problems, figures = check_case(storygraph, story, name)
        settle_check(f"case {name}", problems, lambda: summary(figures))
        return
    if len(argv) < 4:
        sys.exit(__doc__)
    work, bench, storygraph, ceiling = argv[:4]
    quick = "--quick" in argv
    harness = Harness(work, bench, storygraph, ceiling, quick)
    out = []
    out.append("| case | operation | storygraph | networkx | igraph | C | networkx ÷ storygraph | igraph ÷ storygraph | storygraph ÷ C | storygraph ÷ C by CPU | networkx ÷ C | answer |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    cases = [(case, file_name, ops) for case, file_name, ops in CASES
             if not (quick and os.path.getsize(os.path.join(work, file_name)) > 3_000_000)]
    # Every case is checked before anything is timed (the 100-passage map's gamebook too);
    # one that is not what it says stops the run.
    for case, file_name, _ in cases + [("gamebook 100 (map)", "gamebook-100.json", [])]:
        problems, figures = check_case(storygraph, os.path.join(work, file_name), file_name)
        if problems:
            sys.stderr.write(f"case {case} ({file_name}) is not what it claims: " + "; ".join(problems) + "\n")
            sys.exit(3)
        sys.stderr.write(f"case {case}: ok ({summary(figures)})\n")
    print("\n".join(out), flush=True)
    measured = {}
    for case, file_name, ops in cases:
        story = os.path.join(work, file_name)
        began = time.perf_counter()
        figures = harness.measure_case(story, ops)
        if "cycles" in ops and file_name == "gamebook-2000.json":
            figures["igraph"]["cycles"] = harness.igraph_cycles(story)
        for op in ops:
            row = {tool: figures[tool].get(op) for tool in TOOLS}
            measured[(case, op)] = row
            v = {tool: value(row[tool], op) for tool in TOOLS}
            line = (f"| {case} | {op} | " + " | ".join(show(row[t], op) for t in TOOLS) + " | "
                    f"{ratio(v['networkx'], v['storygraph'])} | {ratio(v['igraph'], v['storygraph'])} | "
                    f"{ratio(v['storygraph'], v['C'])} | "
                    f"{ratio(cpu_value(row['storygraph'], op), cpu_value(row['C'], op))} | "
                    f"{ratio(v['networkx'], v['C'])} | {agreement(row, op)} |")
            out.append(line)
            print(line, flush=True)
        sys.stderr.write(f"[{case}: {time.perf_counter() - began:.0f} s]\n")

    inprocess, command_line, samples = harness.map_100()
    render = ["", "| 100-passage map (gamebook 100, chart) | median |", "|---|---|",
              f"| storygraph, in-process render (DOT made beforehand) | {inprocess:.1f} ms |",
              f"| `dot -Tsvg` on the same DOT text (process, incl. start-up) | {command_line:.1f} ms |",
              f"| in-process ÷ command line | {inprocess / command_line:.2f}× (target ≤ 1.1×; {samples} runs each) |"]
    print("\n".join(render), flush=True)
    out += render
    out += big_maps(bench, storygraph, work, quick)
    out += targets(harness, measured, work, quick)
    with open(os.path.join(work, "table.md"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
