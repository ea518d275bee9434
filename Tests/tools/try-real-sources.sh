#!/usr/bin/env bash
# Tries every story source in a folder the way a new user would, and prints one row per file:
# file, exit code, passages drawn, first diagnostic.
#
#   Tests/tools/try-real-sources.sh FOLDER [EXPECTED]
#
# EXPECTED (optional) is a file of "name<TAB>passages" lines; with it, a last column says
# whether the passages drawn match, and the script exits 1 when any does not.
# The binary is $STORYGRAPH, else .build/debug/storygraph (run `swift build` first).
set -u
folder=${1:?usage: try-real-sources.sh FOLDER [EXPECTED]}
expected=${2:-}
bin=${STORYGRAPH:-.build/debug/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build" >&2; exit 64; }

mismatches=0
printf '%-72s %4s %8s %s\n' file exit passages "first diagnostic"
while IFS= read -r -d '' file; do
    name=$(basename "$file")
    err=$(mktemp)
    # `map --format dot` is the future-proof command; count the passage nodes it draws
    # (the exporter marks each with a `passage` class).
    dot=$(timeout 60 "$bin" map "$file" --format dot --color never 2>"$err")
    code=$?
    passages=$(printf '%s\n' "$dot" | grep -c 'class="passage' || true)
    first=$(grep -m1 -E ':[0-9]+:[0-9]+: |error|warning' "$err" | cut -c1-160)
    rm -f "$err"
    verdict=""
    if [ -n "$expected" ]; then
        want=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$expected")
        if [ -z "$want" ]; then verdict="(no expectation)"
        elif [ "$want" = "$passages" ]; then verdict="ok"
        else verdict="WANT $want"; mismatches=$((mismatches + 1)); fi
    fi
    printf '%-72s %4s %8s %s %s\n' "${name:0:72}" "$code" "$passages" "${first:-—}" "$verdict"
done < <(find "$folder" -type f \( -name '*.swift' -o -name '*.m' -o -name '*.mm' -o -name '*.json' \) -print0 | sort -z)
[ "$mismatches" -eq 0 ]
