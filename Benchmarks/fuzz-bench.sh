#!/usr/bin/env bash
# Speed of storygraph's fuzzer, from a release build (issue 4):
#  1. a generated gamebook of 10,000 passages: choices per second over all cores, with
#     coverage counting on (storygraph always counts coverage); target ≥ 100 M/s on 2 cores;
#  2. 10,000,000 runs of the Destini-shaped example (Examples/lighthouse.json): target < 2 s;
#  3. the ceiling: the simplest C loop over the same CSR arrays (Benchmarks/fuzz_ceiling.c,
#     cc -O2), one core, with and without coverage counting.
# Usage: Benchmarks/fuzz-bench.sh [GAMEBOOK_RUNS]   (run from anywhere; needs python3, cc)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product storygraph >/dev/null
bin=$(swift build -c release --show-bin-path)/storygraph
"$bin" generate gamebook 10000 --seed 1 -o "$work/gamebook.json" 2>/dev/null
cc -O2 -o "$work/fuzz_ceiling" Benchmarks/fuzz_ceiling.c

# The same slots storygraph plays: choices of non-endings, in order; endings have none.
python3 - "$work/gamebook.json" >"$work/arrays.txt" <<'PY'
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

echo "== machine: $(nproc) cores; $(swift --version 2>/dev/null | head -1)"
echo "== 1. gamebook of 10,000 passages, $runs runs, seed 1 (storygraph, all cores, coverage on)"
for jobs in 1 "$(nproc)"; do
    printf 'jobs %s: ' "$jobs"
    "$bin" fuzz "$work/gamebook.json" --runs "$runs" --jobs "$jobs" 2>&1 >/dev/null | grep '^fuzz:'
done
echo "== 2. Destini example, 10,000,000 runs (storygraph, all cores)"
start=$(date +%s.%N)
"$bin" fuzz Examples/lighthouse.json --runs 10000000 2>&1 >/dev/null | grep '^fuzz:'
end=$(date +%s.%N)
echo "wall time of the whole command (load, fuzz, exact odds, print): $(python3 -c "print(f'{$end - $start:.3f}')") s"
echo "== 3. C ceiling over the same arrays, $runs runs"
"$work/fuzz_ceiling" "$work/arrays.txt" "$runs"
"$work/fuzz_ceiling" "$work/arrays.txt" "$runs" coverage
