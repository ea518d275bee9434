#!/usr/bin/env bash
# `storygraph test` on real public stories (issue 29): The Intercept (inkle's ink story) and
# Snakeroot (a ChoiceScript game), each with the expectations in Benchmarks/expect/, with a
# release build. Prints the states explored, states a second (of the search's own CPU time,
# from `--timings`, and over the whole command by wall clock: load, search and output),
# whether the search completed, and each verdict, beside inkcheck's
# published figure of about 6,700 states a second on The Intercept (a figure its authors
# publish, not one measured here: inkcheck is not run).
#
#   Benchmarks/expect-bench.sh [STORIES]     (STORIES: a folder to export the stories into)
#
# STORYGRAPH=PATH measures that binary instead of building one; ONLY=TEXT runs only the
# stories whose name holds TEXT.
#
# REPEAT=N (default 1) runs each story's `test` N times and gives the median of the search's
# CPU seconds and of its setup (the model and tables, before the first state is expanded):
# a search of a few milliseconds is too short to quote from one run.
#
# The stories come from local mirrors at fixed commits (Benchmarks/realworld/
# fetch-bench-stories.sh); one whose mirror is absent is skipped and said.
set -u
cd "$(dirname "$0")/.."
stories=${1:-${TMPDIR:-/tmp}/storygraph-expect-bench}
Benchmarks/realworld/fetch-bench-stories.sh "$stories" 2>/dev/null
# STORYGRAPH=PATH measures that binary (another build, to compare) instead of building this one.
if [ -n "${STORYGRAPH:-}" ]; then
    bin=$STORYGRAPH
else
    swift build -c release --product storygraph >/dev/null || exit 70
    bin=.build/release/storygraph
fi
# The search may use 60 seconds and 1 GiB (its default bound of bytes) of states.
budget=(--max-states 100000000 --state-budget 60)
inkcheck=6700
repeat=${REPEAT:-1}

run() {
    local name=$1 story=$2 expect=$3
    # ONLY=TEXT runs only the stories whose name holds TEXT (ONLY=Intercept: the short one).
    case $name in *"${ONLY:-}"*) ;; *) return ;; esac
    if [ ! -e "$story" ]; then
        echo "$name: skipped (no story at $story; mirror it, see Benchmarks/realworld/fetch-bench-stories.sh)"
        return
    fi
    local start end json runs=()
    for _ in $(seq "$repeat"); do
        start=$(date +%s.%N)
        json=$("$bin" test "$story" --expect "$expect" --format json --quiet --timings "${budget[@]}" 2>/dev/null)
        end=$(date +%s.%N)
        runs+=("$start $end $json")
    done
    python3 - "$name" "$inkcheck" "${runs[@]}" <<'PY'
import json, statistics, sys
name, inkcheck = sys.argv[1], int(sys.argv[2])
runs = []
for arg in sys.argv[3:]:
    start, end, text = arg.split(" ", 2)
    runs.append((float(end) - float(start), json.loads(text)))
seconds = statistics.median(r[0] for r in runs)
doc = runs[0][1]
states = doc["search"]["states"]
rate = states / seconds
cpu = statistics.median(r[1]["search"]["seconds"] for r in runs)
setup = statistics.median(r[1]["search"]["setup_seconds"] for r in runs)
cpu_rate = states / cpu
explore_rate = states / (cpu - setup) if cpu > setup else 0
complete = "complete" if doc["search"]["complete"] else "stopped by " + str(doc["search"]["stopped_by"])
of = f"median of {len(runs)} runs: " if len(runs) > 1 else ""
print(f"{name}: {states:,} states; {of}search {cpu * 1000:,.1f} ms of CPU = {cpu_rate:,.0f} states/s "
      f"({cpu_rate / inkcheck:.0f}x inkcheck's published {inkcheck:,}/s on The Intercept); "
      f"setup {setup * 1000:,.1f} ms of it, after it {explore_rate:,.0f} states/s ({explore_rate / inkcheck:.0f}x); "
      f"whole command {seconds:.2f} s by wall clock = {rate:,.0f} states/s; search {complete}")
for e in doc["expectations"]:
    print(f"  {e['verdict']:<8} {e['name']}: {e['reason']}")
PY
}

run "The Intercept (ink)" "$stories/ink/TheIntercept.ink" Benchmarks/expect/the-intercept.json
run "Snakeroot (ChoiceScript)" "$stories/choicescript/scenes" Benchmarks/expect/snakeroot.json
# Each counterexample replayed in the story's own runtime, when the runtime is at hand:
# $INKJS (inkjs bundled for node, see Tests/tools/replay-ink-counterexamples.js) and
# $CHOICESCRIPT (a copy of dfabulich/choicescript).
replay() {
    local story=$1 expect=$2 script=$3 tool=$4 game=$5
    [ -e "$story" ] && [ -n "$tool" ] && [ -e "$tool" ] || return 0
    "$bin" test "$story" --expect "$expect" --format json --quiet "${budget[@]}" >"$stories/verdicts.json" 2>/dev/null
    node "$script" "$tool" "$game" "$stories/verdicts.json"
}
replay "$stories/ink/TheIntercept.ink" Benchmarks/expect/the-intercept.json Tests/tools/replay-ink-counterexamples.js \
    "${INKJS:-}" "$stories/ink/TheIntercept.ink"
replay "$stories/choicescript/scenes" Benchmarks/expect/snakeroot.json Tests/tools/replay-choicescript-counterexamples.js \
    "${CHOICESCRIPT:-}" "$stories/choicescript"
