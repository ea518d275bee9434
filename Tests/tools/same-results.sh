#!/usr/bin/env bash
# Checks that a change leaves storygraph's results exactly as they were: each case's JSON
# output and exit code, written by one binary into DIR (`record`), then compared with
# another's (`compare`). A set names the cases:
#
#   twine  `report` of the Twine examples and fixtures, of every story under STORIES
#          (default /work/trials/stories) holding Twee or HTML, and of Degrees of Lewdity
#          (/work/trials/dol/game, Tests/tools/fetch-dol.sh) when present
#   state  `test` of The Intercept and Snakeroot with their expectations in Benchmarks/expect/
#          (Snakeroot with --max-states 2000000, so both binaries stop at the same state) and
#          `report`/`test` of every example; the stories come from STORIES (default /tmp/eb,
#          as Benchmarks/realworld/fetch-bench-stories.sh leaves them)
#   renpy  `report` of every game folder under STORIES (default /work/trials/renpy/games,
#          as Tests/tools/try-real-renpy.sh --fetch leaves them)
#   load   `report` of the generated cases of Benchmarks/run in STORIES (default
#          Benchmarks/work: gamebook 100 … 100,000, lattices, tree 16, chain 100,000) and
#          of the JSON and YAML examples and fixtures, the hostile ones included
#
# and any further paths given are reported too. A case whose story is absent is skipped and
# said.
#
# Each case's standard error is compared too.
#
# A search that stopped at its budget or at a wall-clock guard explores as much as the
# machine's load allows, so two runs of one binary may differ there: inside an object
# marked "exact": false or "paths_exact": false, or stopped by "seconds", the counts are
# masked, and so is each ending's "paths" when the report's path count is not exact. A
# case equal only after masking is named "same (inexact counts masked)"; every other byte
# must be equal.
#
#   Tests/tools/same-results.sh SET record DIR [PATH...]    with $STORYGRAPH (the binary before)
#   Tests/tools/same-results.sh SET compare DIR [PATH...]   with $STORYGRAPH (the binary after)
#
# STORYGRAPH defaults to .build/release/storygraph. `compare` names each case that differs,
# keeps its output beside the recorded one (NAME.after), and exits 1 if any differs.
set -u
cd "$(dirname "$0")/../.."
usage="usage: same-results.sh twine|state|renpy|load record|compare DIR [PATH...]"
set_name=${1:?$usage}
mode=${2:?$usage}
dir=${3:?$usage}
shift 3
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin" >&2; exit 64; }
case $mode in record|compare) ;; *) echo "$usage" >&2; exit 64 ;; esac
masked() {
    python3 -c '
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
body, _, status = text.rpartition("\nexit ")
body, _, errors = body.rpartition("\n--- stderr ---\n")
COUNTS = {"states", "count", "total", "search_steps", "paths", "bytes", "evaluation_steps", "expanded_states"}
def mask(x, inexact=False):
    if isinstance(x, dict):
        inexact = (inexact or x.get("exact") is False or x.get("paths_exact") is False
                   or "seconds" in (x.get("stopped_by"), x.get("stopped")))
        return {k: ("(inexact)" if inexact and k in COUNTS else mask(v, inexact)) for k, v in x.items()}
    if isinstance(x, list):
        return [mask(v, inexact) for v in x]
    return x
try:
    doc = json.loads(body)
    # Every ending'"'"'s path count comes from the same budgeted search as "paths".
    if isinstance(doc, dict) and isinstance(doc.get("paths"), dict) and doc["paths"].get("exact") is False:
        for ending in doc.get("endings") or []:
            if isinstance(ending, dict) and "paths" in ending:
                ending["paths"] = "(inexact)"
    print(json.dumps(mask(doc), sort_keys=True))
except ValueError:
    print(body)
print(errors)
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
    local code=$?
    printf '\n--- stderr ---\n' >> "$out"
    cat "$scratch/$name.err" >> "$out"
    printf '\nexit %s\n' "$code" >> "$out"
    case $mode in
    record) cp "$out" "$dir/$name.json" ;;
    compare)
        if [ ! -f "$dir/$name.json" ]; then echo "MISSING  $name (not recorded)"; status=1
        elif cmp -s "$out" "$dir/$name.json"; then echo "same     $name"
        elif [ "$(masked "$out")" = "$(masked "$dir/$name.json")" ]; then echo "same     $name (inexact counts masked)"
        else echo "DIFFERS  $name (diff $dir/$name.json $dir/$name.json.after)"; cp "$out" "$dir/$name.json.after"; status=1; fi ;;
    esac
}
report() { # PATH
    one "report-$(echo "$1" | tr '/' '_')" report "$1" --format json --color never
}
case $set_name in
twine)
    stories=${STORIES:-/work/trials/stories}
    for input in Examples/*.twee Examples/clockwork.html Tests/Fixtures/folders/twee-project \
        Tests/Fixtures/folders/two-twee Tests/Fixtures/twine-flow/*.twee Tests/Fixtures/twine-flow/notes-folder \
        Tests/Fixtures/hostile/state/*.twee Tests/Fixtures/hostile/map/*.twee; do
        report "$input"
    done
    if [ -d "$stories" ]; then
        for story in "$stories"/*/; do
            find "$story" -maxdepth 3 \( -name '*.twee' -o -name '*.tw' -o -name '*.tw2' -o -name '*.html' \) |
                grep -q . && report "${story%/}"
        done
    else echo "skipped  the stories under $stories (absent)"; fi
    if [ -d /work/trials/dol/game ]; then report /work/trials/dol/game
    else echo "skipped  Degrees of Lewdity (no /work/trials/dol/game)"; fi ;;
state)
    stories=${STORIES:-/tmp/eb}
    intercept=$stories/ink/TheIntercept.ink
    snakeroot=$stories/choicescript/scenes
    if [ -e "$intercept" ]; then
        one test-the-intercept test "$intercept" --expect Benchmarks/expect/the-intercept.json --format json --quiet
        report "$intercept"
    else echo "skipped  The Intercept (no $intercept)"; fi
    if [ -e "$snakeroot" ]; then
        one test-snakeroot test "$snakeroot" --expect Benchmarks/expect/snakeroot.json --format json --quiet \
            --max-states 2000000
    else echo "skipped  Snakeroot (no $snakeroot)"; fi
    for story in Examples/*; do
        [ "$(basename "$story")" = diff ] && continue
        report "$story"
        [ -e "$story/storygraph.json" ] && one "test-$(basename "$story")" test "$story" --format json --quiet
    done ;;
renpy)
    games=${STORIES:-/work/trials/renpy/games}
    [ -d "$games" ] || { echo "no games at $games (Tests/tools/try-real-renpy.sh --fetch)" >&2; exit 64; }
    for game in "$games"/*/; do
        # Debian's games hold their game/ folder one level down (demo/, the_question/).
        base=${game%/}
        [ -d "$game/game" ] || base=$(dirname "$(find "$game" -maxdepth 2 -type d -name game | head -1)")
        report "$base"
    done ;;
load)
    cases=${STORIES:-Benchmarks/work}
    [ -d "$cases" ] || echo "skipped  the generated cases (no $cases: Benchmarks/run makes them)"
    for input in "$cases"/*.json Examples/*.json Examples/*.yaml Tests/Fixtures/gamebook/* \
        Tests/Fixtures/hostile/json/* Tests/Fixtures/hostile/gamebook/*; do
        [ -f "$input" ] && report "$input"
    done ;;
*) echo "$usage" >&2; exit 64 ;;
esac
for path in "$@"; do report "$path"; done
exit $status
