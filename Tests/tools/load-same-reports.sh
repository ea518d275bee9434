#!/usr/bin/env bash
# Checks that a change to the JSON/YAML loading, validation or graph build leaves
# storygraph's results exactly as they were: `report --format json` (its stdout, stderr and
# exit code) of each input, written by one binary into DIR, then compared byte for byte
# with another's. The inputs: the generated cases of Benchmarks/run in CASES (gamebook
# 100 … 100,000, lattices, tree 16, chain 100,000) and the JSON and YAML examples and
# fixtures of this repository, the hostile ones included.
#
#   Tests/tools/load-same-reports.sh record DIR CASES    with $STORYGRAPH (before)
#   Tests/tools/load-same-reports.sh compare DIR CASES   with $STORYGRAPH (after)
#
# STORYGRAPH defaults to .build/release/storygraph. `compare` names each input that
# differs and exits 1 if any does, 0 when all are the same.
set -u
mode=${1:?usage: load-same-reports.sh record|compare DIR CASES}
dir=${2:?usage: load-same-reports.sh record|compare DIR CASES}
cases=${3:?usage: load-same-reports.sh record|compare DIR CASES}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin" >&2; exit 64; }
inputs=("$cases"/*.json Examples/*.json Examples/*.yaml Tests/Fixtures/gamebook/* Tests/Fixtures/hostile/json/*
    Tests/Fixtures/hostile/gamebook/*)
mkdir -p "$dir"
status=0
for input in "${inputs[@]}"; do
    [ -f "$input" ] || continue
    name=$(echo "$input" | tr '/' '_')
    out=$(mktemp)
    "$bin" report "$input" --format json --color never > "$out" 2>&1
    echo "exit $?" >> "$out"
    case $mode in
    record) cp "$out" "$dir/$name" ;;
    compare)
        if [ ! -f "$dir/$name" ]; then
            echo "$input: not recorded"
            status=1
        elif cmp -s "$out" "$dir/$name"; then
            echo "$input: same"
        else
            echo "$input: DIFFERS (diff $dir/$name $dir/$name.after)"
            cp "$out" "$dir/$name.after"
            status=1
        fi
        ;;
    esac
    rm -f "$out"
done
exit $status
