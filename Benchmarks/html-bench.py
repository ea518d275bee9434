#!/usr/bin/env python3
"""The HTML report against the Graphviz layout it holds (issue 28), release build.

    Benchmarks/html-bench.py [STORYGRAPH_BINARY] [--runs N] [STORY...]

For each story (default: `storygraph generate gamebook 10000 --seed 1`, the case
Benchmarks/run names gamebook-10000, generated into Benchmarks/work/ when absent), runs
`storygraph report STORY --format html -o FILE --timings` RUNS times (default 3) and prints,
from the best run by wall time:
  page     the whole process: wall and CPU time (of the child, from getrusage) and peak RSS
  graphviz Graphviz's own time inside that same process (`--timings`' `  graphviz` line:
           agmemread + gvLayout + gvRenderData + frees of every map on the page), wall
           and CPU (the thread's: Graphviz runs on the caller's thread)
  ratio    page ÷ graphviz, by wall time and by CPU time: what storygraph adds around the
           layout (target ≤ 1.5). On a shared machine the CPU ratio is the steadier.
and `report` in the text format (no map) beside it, the analysis the page shares.
`dot -Tsvg` on `storygraph dot`'s output is printed too when the story is drawn as one
map (a page of a story past one readable layout draws chapters, each a layout of its
own: then the in-process figure is the only like-for-like peer).
"""
import os
import re
import shutil
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done, wall, cpu, after.ru_maxrss


def step(stderr, name):
    """(wall, CPU or None) seconds of a `--timings` step."""
    for line in stderr.splitlines():
        m = re.match(r"^(\s*\S.*?)\s+([\d.]+) ms(?:\s+cpu\s+([\d.]+) ms)?", line)
        if m and m.group(1) == name:
            return float(m.group(2)) / 1e3, (float(m.group(3)) / 1e3 if m.group(3) else None)
    return None


def main(argv):
    binary = os.path.join(HERE, "..", ".build", "release", "storygraph")
    runs = 3
    stories = []
    i = 0
    while i < len(argv):
        if argv[i] == "--runs":
            runs = int(argv[i + 1])
            i += 2
            continue
        if os.access(argv[i], os.X_OK) and not os.path.isdir(argv[i]) and not stories and i == 0:
            binary = argv[i]
        else:
            stories.append(argv[i])
        i += 1
    if not stories:
        work = os.path.join(HERE, "work")
        os.makedirs(work, exist_ok=True)
        case = os.path.join(work, "gamebook-10000.json")
        if not os.path.exists(case) or os.path.getsize(case) == 0:
            subprocess.run([binary, "generate", "gamebook", "10000", "--seed", "1", "-o", case, "--quiet"], check=True)
        stories = [case]
    print(f"storygraph: {binary}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print("| story | page wall | page CPU | peak RSS | graphviz wall | graphviz CPU | page ÷ graphviz (wall) "
          "| page ÷ graphviz (CPU) | report (text) wall | dot -Tsvg |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "page.html")
        for story in stories:
            best = None
            for _ in range(runs):
                done, wall, cpu, rss = timed([binary, "report", story, "--format", "html", "-o", out, "--timings"])
                if done.returncode not in (0, 1):
                    print(f"| {story} | failed (exit {done.returncode}): {done.stderr.strip()[:200]} |")
                    break
                graphviz = step(done.stderr, "  graphviz")
                if graphviz is None:
                    print(f"| {story} | no `  graphviz` line in --timings (an older build?) |")
                    break
                if best is None or wall < best[0]:
                    best = (wall, cpu, rss, graphviz)
            if best is None:
                continue
            text = min(timed([binary, "report", story, "-o", os.devnull])[1] for _ in range(runs))
            dot_figure = "chapters: not one layout"
            with open(out, encoding="utf-8", errors="replace") as page:
                chapters = 'id="map-overview"' in page.read()
            if not chapters and shutil.which("dot") is None:
                dot_figure = "no dot command"
            elif not chapters:
                dot_file = os.path.join(scratch, "map.dot")
                with open(dot_file, "w") as dot_out:
                    subprocess.run([binary, "dot", story, "--quiet"], check=True, stdout=dot_out)
                dot_figure = f"{min(timed(['dot', '-Tsvg', dot_file, '-o', os.devnull])[1] for _ in range(runs)):.2f} s"
            wall, cpu, rss, (gv_wall, gv_cpu) = best
            cpu_ratio = f"{cpu / gv_cpu:.2f}×" if gv_cpu else "–"
            print(
                f"| {os.path.basename(story.rstrip('/'))} | {wall:.2f} s | {cpu:.2f} s | {rss / 1024:.0f} MB "
                f"| {gv_wall:.2f} s | {gv_cpu or 0:.2f} s | {wall / gv_wall:.2f}× | {cpu_ratio} | {text:.2f} s "
                f"| {dot_figure} |"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
