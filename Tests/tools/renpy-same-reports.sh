#!/usr/bin/env bash
# Checks that a change leaves storygraph's results on real Ren'Py games exactly as they were:
# `report --format json` of every game folder under GAMES (as try-real-renpy.sh --fetch
# leaves them), written by one binary into DIR, then compared byte for byte with another's.
# The report's JSON holds no timings, but the simple-path and cycle searches stop at their
# budget of steps or at a wall-clock guard (twice --budget), whichever comes first: on a
# loaded machine the guard makes their counts vary from run to run of the same binary. So
# in an object marked "exact": false, "count", "total" and "search_steps" are masked before
# comparing, and so is every "paths" under an object marked "paths_exact": false (the state
# search's time limit) (and such games are named "same, budget-limited counts masked"); every other
# byte must be equal.
#
#   Tests/tools/renpy-same-reports.sh record DIR [GAMES]    with $STORYGRAPH (the binary before)
#   Tests/tools/renpy-same-reports.sh compare DIR [GAMES]   with $STORYGRAPH (the binary after)
#
# GAMES defaults to /work/trials/renpy/games; STORYGRAPH to .build/release/storygraph.
# `compare` prints each game that differs and exits 1 if any does, 0 when all are identical.
set -u
mode=${1:?usage: renpy-same-reports.sh record|compare DIR [GAMES]}
dir=${2:?usage: renpy-same-reports.sh record|compare DIR [GAMES]}
games=${3:-/work/trials/renpy/games}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin" >&2; exit 64; }
[ -d "$games" ] || { echo "no games at $games (Tests/tools/try-real-renpy.sh --fetch)" >&2; exit 64; }
# The report with the counts of searches that stopped at their budget masked.
masked() {
    python3 -c '
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().rsplit("\n", 2)
def mask(x, paths=False):
    if isinstance(x, dict):
        inexact = x.get("exact") is False
        paths = paths or x.get("paths_exact") is False
        return {k: ("(budget)" if (inexact and k in ("count", "total", "search_steps")) or (paths and k == "paths")
                    else mask(v, paths)) for k, v in x.items()}
    if isinstance(x, list):
        return [mask(v, paths) for v in x]
    return x
try:
    print(json.dumps(mask(json.loads(lines[0])), sort_keys=True))
except ValueError:
    print(lines[0])
print(lines[1:])
' "$1"
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$dir"
status=0
for game in "$games"/*/; do
    name=$(basename "$game")
    # Debian's games hold their game/ folder one level down (demo/, the_question/).
    base=$game
    [ -d "$game/game" ] || base=$(dirname "$(find "$game" -maxdepth 2 -type d -name game | head -1)")
    out=$scratch/$name.json
    "$bin" report "$base" --format json --color never > "$out" 2> "$scratch/$name.err"
    echo "exit $?" >> "$out"
    case $mode in
    record) cp "$out" "$dir/$name.json" ;;
    compare)
        if cmp -s "$out" "$dir/$name.json"; then echo "same     $name"
        elif [ "$(masked "$out")" = "$(masked "$dir/$name.json")" ]; then echo "same     $name (budget-limited counts masked)"
        else echo "DIFFERS  $name"; status=1; fi ;;
    *) echo "usage: renpy-same-reports.sh record|compare DIR [GAMES]" >&2; exit 64 ;;
    esac
done
exit $status
