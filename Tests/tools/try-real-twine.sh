#!/usr/bin/env bash
# Tries every Twine story in a folder the way a new user would (`report` and `map`), and
# prints one row per story: file, exit code, passages, links by kind, first diagnostic.
#
#   Tests/tools/try-real-twine.sh FOLDER [EXPECTED]
#
# Each .twee/.tw/.html/.htm file is one story; a sub-folder is one multi-file Tweego
# project. EXPECTED (optional) is a file of "name<TAB>passages" lines; with it, a last
# column says whether the passage count matches, and the script exits 1 when any does not.
# The binary is $STORYGRAPH, else .build/debug/storygraph (run `swift build` first).
set -u
folder=${1:?usage: try-real-twine.sh FOLDER [EXPECTED]}
expected=${2:-}
bin=${STORYGRAPH:-.build/debug/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build" >&2; exit 64; }

mismatches=0
printf '%-58s %4s %4s %-40s %s\n' story exit pass "links (kind=count)" "first diagnostic"
while IFS= read -r -d '' story; do
    name=$(basename "$story")
    err=$(mktemp)
    # `report` must read it too (its exit code counts); `map --format dot` is what is drawn:
    # each passage node has a `passage` class, each link edge `choice KIND`.
    timeout 60 "$bin" report "$story" --format json --color never >/dev/null 2>"$err"
    code=$?
    dot=$(timeout 60 "$bin" map "$story" --format dot --color never 2>>"$err")
    mapcode=$?
    [ "$mapcode" -gt "$code" ] && code=$mapcode
    passages=$(printf '%s\n' "$dot" | grep -c 'class="passage' || true)
    kinds=$(printf '%s\n' "$dot" | grep -oE 'class="choice[^"]*"' | awk -F'[" ]' '{ k = ($3 == "" ? "choice" : $3); n[k]++ } END { for (k in n) print k "=" n[k] }' | sort | paste -sd, -)
    first=$(grep -m1 -E ':[0-9]+:[0-9]+: |error|warning' "$err" | sed "s|^$folder/*||" | cut -c1-150)
    rm -f "$err"
    verdict=""
    if [ -n "$expected" ]; then
        want=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$expected")
        if [ -z "$want" ]; then verdict="(no expectation)"
        elif [ "$want" = "$passages" ]; then verdict="ok"
        else verdict="WANT $want"; mismatches=$((mismatches + 1)); fi
    fi
    printf '%-58s %4s %4s %-40s %s %s\n' "${name:0:58}" "$code" "$passages" "${kinds:-—}" "${first:-—}" "$verdict"
done < <(find "$folder" -mindepth 1 -maxdepth 1 \( -type d -o -name '*.twee' -o -name '*.tw' -o -name '*.tw2' -o -name '*.html' -o -name '*.htm' \) -print0 | sort -z)
[ "$mismatches" -eq 0 ]
