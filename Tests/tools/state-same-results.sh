#!/usr/bin/env bash
# Checks that a change to the state search's set-up leaves every result as it was (issue 29):
# `test --format json` on The Intercept and Snakeroot with their expectations in
# Benchmarks/expect/ (Snakeroot with --max-states 2000000, so that both binaries stop at the
# same state), on every example with expectations, and `report --format json` on every
# example and on the extra stories given, written by one binary into DIR, then compared
# byte for byte with another's. A search stopped by a clock (its "stopped_by" is
# "seconds", or an object marked "exact": false, and then each ending's "paths" when the
# path search is one) explores as much as the machine's load allows, so that two runs of
# one binary differ: those counts are masked before comparing, and such cases are named "same,
# clock-limited counts masked"; every other byte must be equal.
#
#   Tests/tools/state-same-results.sh record DIR [STORY...]   with $STORYGRAPH (the binary before)
#   Tests/tools/state-same-results.sh compare DIR [STORY...]  with $STORYGRAPH (the binary after)
#
# STORIES (default /tmp/eb, as Benchmarks/realworld/fetch-bench-stories.sh leaves them) holds
# ink/TheIntercept.ink and choicescript/scenes; a case whose story is absent is skipped and
# said. STORYGRAPH defaults to .build/release/storygraph. `compare` exits 1 if any differs.
set -u
cd "$(dirname "$0")/../.."
mode=${1:?usage: state-same-results.sh record|compare DIR [STORY...]}
dir=${2:?usage: state-same-results.sh record|compare DIR [STORY...]}
shift 2
stories=${STORIES:-/tmp/eb}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin" >&2; exit 64; }
masked() {
    python3 -c '
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
body, _, status = text.rpartition("\nexit ")
clock = False
def mask(x, inexact=False):
    global clock
    if isinstance(x, dict):
        stopped = x.get("stopped_by") == "seconds" or x.get("stopped") == "seconds"
        inexact = inexact or x.get("exact") is False or x.get("paths_exact") is False or stopped
        clock = clock or stopped
        return {k: ("(clock)" if inexact and k in ("states", "count", "total", "search_steps", "paths", "bytes",
                    "evaluation_steps", "expanded_states")
                    else mask(v, inexact)) for k, v in x.items()}
    if isinstance(x, list):
        return [mask(v, inexact) for v in x]
    return x
try:
    doc = json.loads(body)
    # The path search stopped by its clock guard: the count of paths of every ending is a bound
    # that moves with the load too.
    if isinstance(doc, dict) and isinstance(doc.get("paths"), dict) and doc["paths"].get("exact") is False:
        for ending in doc.get("endings", []):
            if isinstance(ending, dict) and "paths" in ending:
                ending["paths"] = "(clock)"
    print(json.dumps(mask(doc), sort_keys=True))
except ValueError:
    print(body)
print("exit", status)
' "$1"
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$dir"
status=0
one() { # NAME COMMAND...
    local name=$1
    shift
    local out=$scratch/$name.json
    "$bin" "$@" > "$out" 2> "$scratch/$name.err"
    printf '\nexit %s\n' "$?" >> "$out"
    case $mode in
    record) cp "$out" "$dir/$name.json" ;;
    compare)
        if cmp -s "$out" "$dir/$name.json"; then echo "same     $name"
        elif [ "$(masked "$out")" = "$(masked "$dir/$name.json")" ]; then echo "same     $name (clock-limited counts masked)"
        else echo "DIFFERS  $name"; status=1; fi ;;
    *) echo "usage: state-same-results.sh record|compare DIR [STORY...]" >&2; exit 64 ;;
    esac
}
intercept=$stories/ink/TheIntercept.ink
snakeroot=$stories/choicescript/scenes
if [ -e "$intercept" ]; then
    one test-the-intercept test "$intercept" --expect Benchmarks/expect/the-intercept.json --format json --quiet
    one report-the-intercept report "$intercept" --format json --color never
else echo "skipped  The Intercept (no $intercept)"; fi
if [ -e "$snakeroot" ]; then
    one test-snakeroot test "$snakeroot" --expect Benchmarks/expect/snakeroot.json --format json --quiet \
        --max-states 2000000
else echo "skipped  Snakeroot (no $snakeroot)"; fi
for story in Examples/*; do
    name=$(basename "$story")
    [ "$name" = diff ] && continue
    one "report-$name" report "$story" --format json --color never
    [ -e "$story/storygraph.json" ] && one "test-$name" test "$story" --format json --quiet
done
for story in "$@"; do
    one "report-$(basename "$story")" report "$story" --format json --color never
done
exit $status
