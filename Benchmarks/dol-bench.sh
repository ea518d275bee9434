#!/usr/bin/env bash
# One benchmark row: `storygraph report` on the largest public Twine story (Degrees of
# Lewdity, Tests/tools/fetch-dol.sh) against a naive scan of the same files measured in
# the same run: a Python regex pass that reads every .twee file and finds the passage
# headers and the `[[links]]` (what a user's first script would do). Prints each time
# (best of RUNS, wall and CPU), the ratio report / scan, and `report --timings`' steps.
#
#   Benchmarks/dol-bench.sh [FOLDER] [RUNS]
#
# FOLDER defaults to /work/trials/dol/game; the binary is $STORYGRAPH, else
# .build/release/storygraph (`swift build -c release --product storygraph`). A story
# that is absent is a line saying so, exit 0 (CI has no network).
set -u
folder=${1:-/work/trials/dol/game}
runs=${2:-3}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -d "$folder" ] || { echo "dol: no story at $folder (Tests/tools/fetch-dol.sh); skipped"; exit 0; }
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build -c release --product storygraph" >&2; exit 64; }
python3 - "$folder" "$runs" "$bin" <<'PY'
import os, re, resource, subprocess, sys, time
folder, runs, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3]
HEADER = re.compile(r"^::\s*([^\[\{\n]+)", re.M)
LINK = re.compile(r"\[\[(.*?)\]\]")

def naive():
    passages = links = size = 0
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".twee"):
                text = open(os.path.join(root, name), encoding="utf-8", errors="replace").read()
                size += len(text.encode())
                passages += len(HEADER.findall(text))
                links += len(LINK.findall(text))
    return passages, links, size

def timed(run):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu0 = time.process_time()
    start = time.perf_counter()
    result = run()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (time.process_time() - cpu0) + (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result

def report():
    out = subprocess.run([binary, "report", folder, "--format", "json", "--color", "never"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out.returncode

scan, rep = [], []
for _ in range(runs):  # interleaved, so both see the same load
    scan.append(timed(naive))
    rep.append(timed(report))
s = min(scan, key=lambda r: r[0]); r = min(rep, key=lambda r: r[0])
passages, links, size = s[2]
print(f"dol: {passages} headers, {links} [[links]], {size / 1e6:.1f} MB of Twee")
print(f"naive scan   wall {s[0]:.2f} s  cpu {s[1]:.2f} s")
print(f"report       wall {r[0]:.2f} s  cpu {r[1]:.2f} s  (exit {r[2]})")
print(f"ratio report/scan: {r[0] / s[0]:.2f}x wall, {r[1] / s[1]:.2f}x cpu (target <= 3x)")
t = subprocess.run([binary, "report", folder, "--timings", "--color", "never"], capture_output=True, text=True)
steps = [line for line in (t.stderr + t.stdout).splitlines() if re.search(r"\d+(\.\d+)? ?(ms|s)\b", line) and ("load" in line or "state" in line or "lint" in line or "cycle" in line or "total" in line)]
for line in steps[:12]:
    print("  " + line.strip())
PY
