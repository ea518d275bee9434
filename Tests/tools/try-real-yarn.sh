#!/usr/bin/env bash
# Runs check, report, paths, map and fuzz on every Yarn project in a folder (one
# sub-folder each: Tests/tools/real-yarn-projects.sh makes it) and prints one row per
# project: each command's exit code and wall time, and the story's passages, paths and
# endings from `report --format json`.
#
#   Tests/tools/try-real-yarn.sh FOLDER
#
# The binary is $STORYGRAPH, else .build/release/storygraph (run `swift build -c release`;
# times are only meaningful for a release build). Exit code 1 when a command crashed or
# was refused (an exit code other than 0 or 1).
set -u
folder=${1:?usage: try-real-yarn.sh FOLDER}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build -c release" >&2; exit 64; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Runs one command quietly; prints "exit/seconds" (it runs in a subshell: the caller
# reads the exit code from what it prints).
timed() {
    local start end code
    start=$(date +%s.%N)
    timeout 120 "$bin" "$@" --quiet --color never >"$out/stdout" 2>"$out/stderr"
    code=$?
    end=$(date +%s.%N)
    printf '%s/%.2fs' "$code" "$(echo "$end - $start" | bc)"
}

failed=0
printf '%-26s %9s %9s %9s %9s %9s %6s %8s %5s\n' project check report paths map fuzz pass paths end
for project in "$folder"/*/; do
    project=${project%/}
    name=$(basename "$project")
    c=$(timed check "$project")
    r=$(timed report "$project" --format json)
    figures=$(python3 -c 'import json,sys
try:
    o = json.load(open(sys.argv[1])); print(o["structure"]["passages"], o["paths"]["total"], len(o["endings"]))
except Exception: print("- - -")' "$out/stdout")
    p=$(timed paths "$project" --limit 100000)
    m=$(timed map "$project" -o "$out/map.svg")
    f=$(timed fuzz "$project" --runs 10000)
    read -r passages paths endings <<<"$figures"
    for result in "$c" "$r" "$p" "$m" "$f"; do [ "${result%%/*}" -le 1 ] || failed=1; done
    printf '%-26s %9s %9s %9s %9s %9s %6s %8s %5s\n' "${name:0:26}" "$c" "$r" "$p" "$m" "$f" "$passages" "$paths" "$endings"
done
exit "$failed"
