#!/usr/bin/env bash
# Checks that a change leaves storygraph's results on Twine stories exactly as they were:
# `report --format json` (and its exit code and diagnostics) of each story, written by one
# binary into DIR, then compared byte for byte with another's. The stories: the Twine
# examples and fixtures of this repository, the real stories under STORIES that hold Twee
# or HTML, and Degrees of Lewdity (Tests/tools/fetch-dol.sh) when present. As in
# renpy-same-reports.sh, counts of searches that stopped at a budget or a wall-clock guard
# ("exact": false, "paths_exact": false, and each ending's paths when the path count is
# not exact) are masked; every other byte must be equal. The state search's own clock
# guard (twice --state-budget) still shows on a loaded machine: a story whose only
# difference is a state search "stopped_by": "seconds" on one side is such a case.
#
#   Tests/tools/twine-same-reports.sh record DIR [STORIES]    with $STORYGRAPH (before)
#   Tests/tools/twine-same-reports.sh compare DIR [STORIES]   with $STORYGRAPH (after)
#
# STORIES defaults to /work/trials/stories; STORYGRAPH to .build/release/storygraph.
# `compare` names each story that differs and exits 1 if any does, 0 when all are the same.
set -u
mode=${1:?usage: twine-same-reports.sh record|compare DIR [STORIES]}
dir=${2:?usage: twine-same-reports.sh record|compare DIR [STORIES]}
stories=${3:-/work/trials/stories}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin" >&2; exit 64; }
inputs=(Examples/*.twee Examples/clockwork.html Tests/Fixtures/folders/twee-project Tests/Fixtures/folders/two-twee
    Tests/Fixtures/twine-flow/*.twee Tests/Fixtures/twine-flow/notes-folder Tests/Fixtures/hostile/state/*.twee
    Tests/Fixtures/hostile/map/*.twee)
if [ -d "$stories" ]; then
    for story in "$stories"/*/; do
        find "$story" -maxdepth 3 \( -name '*.twee' -o -name '*.tw' -o -name '*.tw2' -o -name '*.html' \) | grep -q . &&
            inputs+=("${story%/}")
    done
fi
[ -d /work/trials/dol/game ] && inputs+=(/work/trials/dol/game)
masked() {
    python3 -c '
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
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
    report = json.loads(text)
    # Each ending'"'"'s path count comes from the same budgeted count as "paths".
    if isinstance(report, dict) and isinstance(report.get("paths"), dict) and report["paths"].get("exact") is False:
        for ending in report.get("endings") or []:
            if isinstance(ending, dict) and "paths" in ending:
                ending["paths"] = "(budget)"
    print(json.dumps(mask(report), sort_keys=True))
except ValueError:
    print(text)
' "$1"
}
mkdir -p "$dir"
status=0
for input in "${inputs[@]}"; do
    name=$(echo "$input" | tr '/' '_')
    out=$(mktemp)
    "$bin" report "$input" --format json --color never > "$out.json" 2> "$out.err"
    echo "exit $?" >> "$out.err"
    masked "$out.json" > "$out.masked"
    cat "$out.err" >> "$out.masked"
    case $mode in
    record) cp "$out.masked" "$dir/$name" ;;
    compare)
        if [ ! -f "$dir/$name" ]; then
            echo "$input: not recorded"
            status=1
        elif cmp -s "$out.masked" "$dir/$name"; then
            echo "$input: same"
        else
            echo "$input: DIFFERS (diff $dir/$name $out.masked)"
            cp "$out.masked" "$dir/$name.after"
            status=1
        fi
        ;;
    esac
    rm -f "$out" "$out.json" "$out.err" "$out.masked"
done
exit $status
