#!/usr/bin/env python3
"""Times storygraph on real public stories, and the authors' own tools beside it (issue 19,
items 3 and 4). Called by Benchmarks/run after fetch-bench-stories.sh has exported the
stories into STORIES; see Benchmarks/README.md.

    bench-real.py STORIES BENCH_BINARY STORYGRAPH_BINARY [--quick]
    bench-real.py --check-story STORYGRAPH_BINARY NAME PATH   (one story's check: exit 0 or 3)

Each story is first checked against what it is claimed to be (format, passages, choices,
endings, passages the start reaches, as storygraph reads it at the commit exported): one
that is absent is skipped with a line saying so (CI has no network), one that is not what
it claims is not timed, and the script exits 3 at the end. Then, release build:
  load    in-process (storygraph-bench --ops load): read, parse, validate, build the graph
  report  `storygraph report --format json` (the whole command)
  check   `storygraph check` (the whole command)
  map     `storygraph map -o FILE.svg` (the whole command)
  fuzz    `storygraph fuzz --runs 10000` (the whole command; fuzz's own runs/s beside)
Side by side, same machine, same story, interleaved:
  ChoiceScript's randomtest (node, TOOL/randomtest.js) against `storygraph fuzz` on the
    ChoiceScript game: runs per second by each tool's own clock and by CPU time;
  ink's compiler (inklecate under mono, or inklecate.js under node) against storygraph
    loading the same project: wall and CPU time of the whole process, and in-process.
The tools are found at $CHOICESCRIPT (default /work/tools/choicescript) and $INKLECATE
(default /work/tools/ink/inklecate.exe); an absent tool is a line, not a failure.
Every figure is printed with the CPU time beside the wall time: on a shared machine the
wall time of a process waits for the others, its CPU time much less.
"""
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from compare import settle_check  # noqa: E402  (Benchmarks/compare.py)

# What each story is, read by storygraph at the commit fetch-bench-stories.sh exports:
# the figures of `storygraph report --format json` (structure.passages, structure.choices,
# structure.endings, passages minus unreachable.count, format).
STORIES = [
    # name, folder or file below STORIES, what it is, claims
    # ETHERTALE's figures grew as the Twine reader learnt the story's flow: widget bodies and
    # what every passage shows (StoryCaption…) are included fragments, custom macros and
    # computed targets are followed (184 passages, 272 choices, 59 endings in December's
    # first reading); no passage is claimed unreachable (147 are unknown: computed links).
    ("twine", "twine", "ETHERTALE (Twine, SugarCube, 68 Twee files)",
     {"format": "twee", "passages": 251, "choices": 835, "endings": 31, "reached": 251}),
    ("ink", "ink/TheIntercept.ink", "The Intercept (ink, inkle's own game, 1,686 lines)",
     {"format": "ink", "passages": 425, "choices": 643, "endings": 4, "reached": 422}),
    ("choicescript", "choicescript", "Snakeroot (ChoiceScript, 10 scenes, 2,215 lines)",
     {"format": "choicescript", "passages": 208, "choices": 397, "endings": 1, "reached": 207}),
    ("destini", "destini/StoryBrain.swift", "a Destini app (Swift StoryBrain.swift)",
     {"format": "destini", "passages": 6, "choices": 12, "endings": 3, "reached": 6}),
]
FUZZ_RUNS = 10_000


def timed(command, timeout=600, cwd=None):
    """Runs a command; returns (completed process, wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done, wall, cpu


def seconds(s):
    return f"{s * 1e3:.3g} ms" if s < 1 else f"{s:.3g} s"


def rate(r):
    return f"{r / 1e6:.3g} M" if r >= 1e6 else (f"{r / 1e3:.3g} k" if r >= 1e3 else f"{r:.3g}")


def check_story(storygraph, path, claims):
    done, _, _ = timed([storygraph, "report", path, "--format", "json", "--quiet"])
    if done.returncode not in (0, 1):
        return [f"storygraph report exited {done.returncode}: {done.stderr.strip()[-300:]}"], {}
    report = json.loads(done.stdout)
    s = report["structure"]
    unreachable = report["unreachable"]
    unreachable = unreachable["count"] if isinstance(unreachable, dict) else len(unreachable)
    figures = {"format": report.get("format"), "passages": s["passages"], "choices": s["choices"],
               "endings": s["endings"], "reached": s["passages"] - unreachable}
    problems = [f"{key} {figures[key]}, not {want}" for key, want in claims.items() if figures[key] != want]
    return problems, figures


def story_summary(figures):
    return (f"{figures['format']}, {figures['passages']} passages, {figures['choices']} choices, "
            f"{figures['endings']} endings, start reaches {figures['reached']}")


def median_run(command, reps, ok=(0,), timeout=600):
    """Median wall and CPU seconds of `reps` runs of a command (each must exit in `ok`)."""
    walls, cpus, last = [], [], None
    for _ in range(reps):
        done, wall, cpu = timed(command, timeout)
        if done.returncode not in ok:
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-200:]}")
        walls.append(wall)
        cpus.append(cpu)
        last = done
    return statistics.median(walls), statistics.median(cpus), last


def fuzz_rate(stderr):
    """fuzz's own runs per second (`… (3.81 M runs/s, …)`)."""
    m = re.search(r"\(([0-9.]+) ([kM]?) ?runs/s", stderr)
    if not m:
        return None
    return float(m.group(1)) * {"": 1, "k": 1e3, "M": 1e6}[m.group(2)]


def in_process_load(bench, path):
    done, _, _ = timed([bench, path, "--ops", "load", "--reps", "5", "--budget-ms", "1500"])
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if record.get("op") == "load" and "median_ms" in record:
                return record["median_ms"] / 1e3
    return None


def randomtest_side_by_side(storygraph, game, reps, runs, work):
    """randomtest against fuzz on the same game: each tool's runs per second."""
    tool = os.environ.get("CHOICESCRIPT", "/work/tools/choicescript")
    if not os.path.exists(os.path.join(tool, "randomtest.js")) or shutil.which("node") is None:
        return [f"| ChoiceScript randomtest | skipped: no randomtest.js at {tool} or no node | | | |"]
    # randomtest reads web/<game>/scenes of its own folder: play a copy of the tool.
    copy = os.path.join(work, "choicescript-tool")
    if not os.path.isdir(copy):
        shutil.copytree(tool, copy, ignore=shutil.ignore_patterns(".git", "web"))
        shutil.copytree(os.path.join(tool, "web"), os.path.join(copy, "web"),
                        ignore=shutil.ignore_patterns("mygame"))
    shutil.rmtree(os.path.join(copy, "web", "sg-bench"), ignore_errors=True)
    shutil.copytree(os.path.join(game, "scenes"), os.path.join(copy, "web", "sg-bench", "scenes"))
    rt_own, rt_wall, rt_cpu, sg_own, sg_wall, sg_cpu = [], [], [], [], [], []
    # `--policy state` evaluates the conditions as randomtest does: the honest comparison.
    st_own, st_wall, st_cpu = [], [], []
    fuzz_runs = runs * 1000
    for _ in range(reps):
        done, wall, cpu = timed(["node", "randomtest.js", f"num={runs}", "game=sg-bench", "seed=0",
                                 "showChoices=false", "showCoverage=false"], timeout=900, cwd=copy)
        if "RANDOMTEST PASSED" not in done.stdout:
            return [f"| ChoiceScript randomtest | failed: {done.stdout.strip()[-120:]} | | | |"]
        m = re.search(r"^Time: ([0-9.]+)s", done.stdout, re.M)
        rt_own.append(runs / float(m.group(1)) if m else runs / wall)
        rt_wall.append(runs / wall)
        rt_cpu.append(runs / cpu)
        done, wall, cpu = timed([storygraph, "fuzz", game, "--runs", str(fuzz_runs), "--seed", "0", "--jobs", "1"], timeout=900)
        sg_own.append(fuzz_rate(done.stderr) or fuzz_runs / wall)
        sg_wall.append(fuzz_runs / wall)
        sg_cpu.append(fuzz_runs / cpu)
        done, wall, cpu = timed([storygraph, "fuzz", game, "--runs", str(fuzz_runs), "--seed", "0", "--jobs", "1",
                                 "--policy", "state"], timeout=900)
        st_own.append(fuzz_rate(done.stderr) or fuzz_runs / wall)
        st_wall.append(fuzz_runs / wall)
        st_cpu.append(fuzz_runs / cpu)
    m = statistics.median
    return [
        f"| ChoiceScript: randomtest, {runs:,} runs (node) | {rate(m(rt_own))} runs/s | {rate(m(rt_wall))} runs/s | {rate(m(rt_cpu))} runs/s | |",
        f"| ChoiceScript: `storygraph fuzz`, {fuzz_runs:,} runs, one core | {rate(m(sg_own))} runs/s | {rate(m(sg_wall))} runs/s | {rate(m(sg_cpu))} runs/s | |",
        f"| fuzz ÷ randomtest (conditions ignored) | {m(sg_own) / m(rt_own):,.0f}× | {m(sg_wall) / m(rt_wall):,.0f}× | {m(sg_cpu) / m(rt_cpu):,.0f}× | {reps} runs each, interleaved |",
        f"| ChoiceScript: `storygraph fuzz --policy state`, {fuzz_runs:,} runs, one core | {rate(m(st_own))} runs/s | {rate(m(st_wall))} runs/s | {rate(m(st_cpu))} runs/s | |",
        f"| fuzz --policy state ÷ randomtest (both evaluate conditions; target ≥ 1,000×) | {m(st_own) / m(rt_own):,.0f}× | {m(st_wall) / m(rt_wall):,.0f}× | {m(st_cpu) / m(rt_cpu):,.0f}× | {reps} runs each, interleaved |",
    ]


def inklecate_side_by_side(bench, storygraph, ink_file, reps, work):
    """ink's compiler against storygraph loading the same project."""
    inklecate = os.environ.get("INKLECATE", "/work/tools/ink/inklecate.exe")
    if inklecate.endswith(".exe"):
        runner = ["mono", inklecate] if shutil.which("mono") else None
    elif inklecate.endswith(".js"):
        runner = ["node", inklecate] if shutil.which("node") else None
    else:
        runner = [inklecate]
    if runner is None or not os.path.exists(inklecate):
        return [f"| ink: inklecate | skipped: no {inklecate} (or no mono/node to run it) | | | |"]
    out = os.path.join(work, "inklecate-out.json")
    ink_wall, ink_cpu, sg_wall, sg_cpu = [], [], [], []
    for _ in range(reps):
        done, wall, cpu = timed(runner + ["-o", out, ink_file])
        if done.returncode != 0:
            return [f"| ink: inklecate | failed (exit {done.returncode}): {(done.stdout + done.stderr).strip()[-120:]} | | | |"]
        ink_wall.append(wall)
        ink_cpu.append(cpu)
        # The whole storygraph process that reads the project and builds its graph (`dot`
        # adds writing the map's text; it is the command with the least on top of loading).
        done, wall, cpu = timed([storygraph, "dot", ink_file, "--quiet"])
        sg_wall.append(wall)
        sg_cpu.append(cpu)
    load = in_process_load(bench, ink_file)
    m = statistics.median
    rows = [
        f"| ink: `inklecate -o` (compile, {' '.join(os.path.basename(r) for r in runner)}) | — | {seconds(m(ink_wall))} | {seconds(m(ink_cpu))} | |",
        f"| ink: `storygraph dot` (load, build, DOT text: the whole process) | — | {seconds(m(sg_wall))} | {seconds(m(sg_cpu))} | |",
        f"| inklecate ÷ storygraph, whole processes (target ≥ 10×) | — | {m(ink_wall) / m(sg_wall):.3g}× | {m(ink_cpu) / m(sg_cpu):.3g}× | {reps} runs each, interleaved |",
    ]
    if load:
        rows.append(f"| inklecate's whole process ÷ storygraph's in-process load ({seconds(load)}) | — | {m(ink_wall) / load:.3g}× | {m(ink_cpu) / load:.3g}× | load: median of 5, storygraph-bench |")
    return rows


def main(argv):
    if len(argv) >= 1 and argv[0] == "--check-story":
        # bench-real.py --check-story STORYGRAPH_BINARY NAME PATH: check one story against
        # the claims of NAME and exit 0 when it is what they say, 3 when it is not.
        storygraph, name, path = argv[1:4]
        claims = next(c for n, _, _, c in STORIES if n == name)
        problems, figures = check_story(storygraph, path, claims)
        settle_check(f"real story {name}", problems, lambda: story_summary(figures))
        return
    if len(argv) < 3:
        sys.exit(__doc__)
    stories, bench, storygraph = argv[:3]
    quick = "--quick" in argv
    reps = 1 if quick else 3
    work = tempfile.mkdtemp(prefix="sg-bench-real-")
    out, refused = [], []
    out += ["", "| real story | passages · choices · endings · reached | load (in-process) | report --format json | check | map (SVG) | fuzz 10,000 runs | fuzz runs/s |",
            "|---|---|---|---|---|---|---|---|"]
    print("\n".join(out), flush=True)
    found = {}
    for name, relative, title, claims in STORIES:
        path = os.path.join(stories, relative)
        if not os.path.exists(path):
            line = f"| {title} | skipped: not fetched (no mirror; Benchmarks/realworld/fetch-bench-stories.sh) | | | | | | |"
            out.append(line)
            print(line, flush=True)
            continue
        problems, figures = check_story(storygraph, path, claims)
        if problems:
            refused.append(name)
            sys.stderr.write(f"real story {name} is not what it claims: " + "; ".join(problems) + "\n")
            line = f"| {title} | NOT TIMED: not what it claims ({'; '.join(problems)}) | | | | | | |"
            out.append(line)
            print(line, flush=True)
            continue
        sys.stderr.write(f"real story {name}: ok ({story_summary(figures)})\n")
        found[name] = path
        try:
            load = in_process_load(bench, path)
            report = median_run([storygraph, "report", path, "--format", "json", "--quiet"], reps + 2)
            check = median_run([storygraph, "check", path, "--quiet"], reps + 2, ok=(0, 1))
            svg = os.path.join(work, f"{name}.svg")
            drawn = median_run([storygraph, "map", path, "-o", svg, "--quiet"], reps)
            fuzz = median_run([storygraph, "fuzz", path, "--runs", str(FUZZ_RUNS), "--seed", "1"], reps + 2, ok=(0, 1))
        except (RuntimeError, subprocess.TimeoutExpired) as failure:
            line = f"| {title} | failed: {str(failure)[:200]} | | | | | | |"
            out.append(line)
            print(line, flush=True)
            continue
        cell = lambda r: f"{seconds(r[0])} (CPU {seconds(r[1])})"
        own = fuzz_rate(fuzz[2].stderr)
        line = (f"| {title} | {figures['passages']} · {figures['choices']} · {figures['endings']} · {figures['reached']} | "
                f"{seconds(load) if load else '—'} | {cell(report)} | {cell(check)} | {cell(drawn)} | {cell(fuzz)} | "
                f"{rate(own) + ' runs/s' if own else '—'} |")
        out.append(line)
        print(line, flush=True)

    side = ["", "| side by side (same story, same machine) | tool's own clock | wall | CPU | note |", "|---|---|---|---|---|"]
    print("\n".join(side), flush=True)
    if "choicescript" in found:
        rows = randomtest_side_by_side(storygraph, found["choicescript"], reps, 100 if quick else 1000, work)
    else:
        rows = ["| ChoiceScript randomtest | skipped: the ChoiceScript game was not fetched or not checked | | | |"]
    print("\n".join(rows), flush=True)
    side += rows
    if "ink" in found:
        rows = inklecate_side_by_side(bench, storygraph, found["ink"], reps + 2, work)
    else:
        rows = ["| ink: inklecate | skipped: the ink project was not fetched or not checked | | | |"]
    print("\n".join(rows), flush=True)
    side += rows
    out += side
    with open(os.path.join(os.path.dirname(os.path.abspath(stories)), "real-table.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    if refused:
        sys.stderr.write(f"not timed, not what they claim: {', '.join(refused)}\n")
        sys.exit(3)


if __name__ == "__main__":
    main(sys.argv[1:])
