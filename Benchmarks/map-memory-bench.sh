#!/usr/bin/env bash
# The map's memory estimate against the memory Graphviz's layout really takes (issue 28):
# for each generated story, `storygraph map` (release build, SVG, no ceiling) under
# /usr/bin/time -v, its maximum resident set beside the estimate `map` checks before
# Graphviz runs (read from the refusal under a 1 MiB ceiling), and estimate ÷ peak.
# Target: every ratio between 1 and 1.5 (never refused for less than it needs, never
# more than 1.5× too cautious).
# Usage: Benchmarks/map-memory-bench.sh [SHAPE...]   e.g. "gamebook 10000" "lattice 100 200"
# (default: gamebooks of 100, 400, 2,000, 5,000 and 10,000 passages, lattices 10×20,
# 20×20 and 50×100; the large ones take minutes of Graphviz each).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product storygraph >/dev/null
bin=$(swift build -c release --show-bin-path)/storygraph
if [ $# -eq 0 ]; then
    set -- "gamebook 100" "gamebook 400" "gamebook 2000" "gamebook 5000" "gamebook 10000" \
        "lattice 10 20" "lattice 20 20" "lattice 50 100"
fi
echo "== machine: $(nproc) cores, $(uptime | sed 's/.*load/load/'); Graphviz $(pkg-config --modversion libgvc 2>/dev/null || echo unknown)"
printf '| story | engine | boxes | edges | estimate | peak RSS | wall | estimate ÷ peak |\n|---|---|---:|---:|---:|---:|---:|---:|\n'
for shape in "$@"; do
    name=${shape// /-}
    # shellcheck disable=SC2086
    "$bin" generate $shape -o "$work/$name.json" --quiet
    refusal=$("$bin" map "$work/$name.json" -o "$work/$name.svg" --max-memory 1 2>&1 || true)
    read -r engine amount unit boxes edges < <(echo "$refusal" |
        sed -n 's/.*the map.s \([a-z]*\) layout would need about \([0-9.]*\) \([MG]iB\) (estimated from \([0-9]*\) boxes and \([0-9]*\) edges).*/\1 \2 \3 \4 \5/p')
    estimate=$(python3 -c "print($amount * (1024 if '$unit' == 'GiB' else 1))")
    /usr/bin/time -v "$bin" map "$work/$name.json" -o "$work/$name.svg" --max-memory 0 --quiet 2>"$work/time.txt" >/dev/null
    peak=$(awk '/Maximum resident/ {print $NF / 1024}' "$work/time.txt")
    wall=$(awk '/Elapsed/ {print $NF}' "$work/time.txt")
    python3 -c "print(f'| $shape | $engine | $boxes | $edges | {$estimate:,.0f} MiB | {$peak:,.0f} MiB | $wall | {$estimate / $peak:.2f} |')"
    rm -f "$work/$name.svg"
done
