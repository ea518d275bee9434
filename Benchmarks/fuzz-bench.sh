#!/usr/bin/env bash
# Speed of storygraph's fuzzer, from a release build (issues 4 and 28):
#  1. generated stories (gamebooks of 10,000 and 100,000 passages, lattices 10 × 20 and
#     100 × 200): choices per second on one core and on every core, with coverage
#     counting on (storygraph always counts coverage), by the wall clock and by each
#     worker's own CPU time (on a shared machine the wall clock waits for other
#     processes); the scaling (all cores ÷ one) and one core ÷ the C ceiling;
#  2. 10,000,000 runs of the Destini-shaped example (Examples/lighthouse.json): target < 2 s;
#  3. the ceiling: the simplest C loop over the same CSR arrays (Benchmarks/fuzz_ceiling.c,
#     cc -O2), one core, with coverage counting, in the same run;
#  4. under each story, the fuzz's own steps from `fuzz --timings` (set-up on one thread,
#     runs, merge of the workers' counters, the report's tables), median wall / process
#     CPU in ms for each --jobs: the serial part that keeps the wall clock from scaling.
# Targets (issue 28): 2 cores ≥ 1.8× one core; one core ≤ 1.25× the C ceiling.
# Usage: Benchmarks/fuzz-bench.sh [RUNS] [REPS]   (run from anywhere; needs python3, cc)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
reps=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product storygraph >/dev/null
bin=$(swift build -c release --show-bin-path)/storygraph
cc -O2 -o "$work/fuzz_ceiling" Benchmarks/fuzz_ceiling.c
cores=$(nproc)

echo "== machine: $cores cores; $(swift --version 2>/dev/null | head -1)"
echo "== 1. $runs runs, seed 1, coverage on; median of $reps, interleaved; load before: $(uptime | sed 's/.*load average: //')"
printf '| story | C, 1 core (M/s by CPU) | jobs 1 (M/s wall; by CPU) | jobs %s (M/s wall; each worker by CPU) | jobs %s ÷ jobs 1 (wall; CPU) | jobs 1 ÷ C (by CPU) |\n|---|---:|---:|---:|---:|---:|\n' "$cores" "$cores"
for shape in "gamebook 10000" "gamebook 100000" "lattice 10 20" "lattice 100 200"; do
    name=${shape// /-}
    # shellcheck disable=SC2086
    "$bin" generate $shape --seed 1 -o "$work/$name.json" --quiet
    # The same slots storygraph plays: choices of non-endings, in order; endings have none.
    python3 - "$work/$name.json" >"$work/$name.arrays" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
ps = s["passages"]; index = {p["id"]: i for i, p in enumerate(ps)}
offsets, targets = [0], []
for p in ps:
    choices = p.get("choices", [])
    ending = bool(p.get("ending")) or all(c.get("restart") for c in choices)
    if not ending:
        for c in choices:
            if not c.get("restart"):
                targets.append(index.get(c.get("to"), -1))
    offsets.append(len(targets))
print(len(ps), len(targets), index[s["start"]])
print(" ".join(map(str, offsets)))
print(" ".join(map(str, targets)))
PY
    : >"$work/$name.log"
    for _ in $(seq "$reps"); do
        { echo -n "C "; "$work/fuzz_ceiling" "$work/$name.arrays" "$runs" coverage; } >>"$work/$name.log"
        for jobs in 1 "$cores"; do
            "$bin" fuzz "$work/$name.json" --runs "$runs" --jobs "$jobs" --timings 2>"$work/err" >/dev/null || true
            { echo -n "J$jobs "; grep '^fuzz:' "$work/err"; } >>"$work/$name.log"
            sed -n "s/^fuzz \([a-z-]*\) *\([0-9.]*\) ms  cpu *\([0-9.]*\) ms/P$jobs \1 \2 \3/p" "$work/err" >>"$work/$name.log"
        done
    done
    python3 - "$shape" "$cores" "$work/$name.log" <<'PY'
import re, statistics, sys
shape, cores, log = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().splitlines()
def rate(text):
    value, unit = re.match(r"([0-9.]+) ?([kMG]?)", text).groups()
    return float(value) * {"": 1, "k": 1e3, "M": 1e6, "G": 1e9}[unit] / 1e6
c = statistics.median(float(re.search(r"([0-9.]+) M choices per CPU second", l).group(1)) for l in log if l.startswith("C "))
def runs(tag):
    wall, cpu, each = [], [], []
    for l in log:
        if not l.startswith(tag + " "):
            continue
        wall.append(rate(re.search(r"runs/s, ([0-9.]+ ?[kMG]?) choices/s", l).group(1)))
        workers = [(rate(r), float(s)) for r, s in re.findall(r"([0-9.]+ ?[kMG]?) in ([0-9.]+) s", l.split("CPU second:")[1])]
        each.append([r for r, _ in workers])
        # All workers' choices over all their CPU seconds.
        cpu.append(sum(r * s for r, s in workers) / sum(s for _, s in workers))
    return statistics.median(wall), statistics.median(cpu), each[len(each) // 2]
w1, c1, _ = runs("J1")
wn, cn, each = runs("J" + cores)
print(f"| {shape} | {c:.1f} | {w1:.1f}; {c1:.1f} | {wn:.1f}; {', '.join(f'{x:.1f}' for x in each)} | {wn / w1:.2f}×; {cn * len(each) / c1:.2f}× | {c / c1:.2f}× |")
# The fuzz's own steps (`fuzz --timings`): median wall and process CPU in ms, per jobs.
phases = {}
for l in log:
    if l.startswith("P"):
        jobs, name, wall, cpu = l.split()
        phases.setdefault((name, jobs[1:]), []).append((float(wall), float(cpu)))
steps = "  ".join(
    f"{name} j{jobs} {statistics.median(w for w, _ in v):.1f}/{statistics.median(c for _, c in v):.1f}"
    for (name, jobs), v in sorted(phases.items(), key=lambda kv: (["set-up", "runs", "merge", "result"].index(kv[0][0]), kv[0][1])))
print(f"|   steps, ms wall/CPU: {steps} | | | | | |")
PY
done
echo "load after: $(uptime | sed 's/.*load average: //')"
echo "== 2. Destini example, 10,000,000 runs (storygraph, all cores)"
start=$(date +%s.%N)
"$bin" fuzz Examples/lighthouse.json --runs 10000000 2>&1 >/dev/null | grep '^fuzz:'
end=$(date +%s.%N)
echo "wall time of the whole command (load, fuzz, exact odds, print): $(python3 -c "print(f'{$end - $start:.3f}')") s"
