#!/usr/bin/env bash
# Tries every story source in a folder the way a new user would, and prints one row per file:
# file, exit code, passages drawn, first diagnostic.
#
#   Tests/tools/try-real-sources.sh FOLDER [EXPECTED]
#   Tests/tools/try-real-sources.sh --projects FOLDER [EXPECTED]
#   Tests/tools/try-real-sources.sh --fetch LIST FOLDER
#
# EXPECTED (optional) is a file of "name<TAB>passages" lines, or a LIST (below); with it, a
# last column says whether the passages drawn match, and the script exits 1 when any does not.
# --projects tries each folder directly inside FOLDER as one app project (`map FOLDER/x`:
# storygraph finds the file that holds the story), named owner+repo.
# --fetch clones each repository of LIST (Tests/tools/real-app-sources.tsv: repo, commit,
# story file, passages by an independent count, 0 for a story storygraph refuses) into
# FOLDER/owner+repo at its fixed commit; nothing of theirs is kept in this repository.
# The binary is $STORYGRAPH, else .build/debug/storygraph (run `swift build` first).
set -u
if [ "${1:-}" = "--fetch" ]; then
    list=${2:?usage: try-real-sources.sh --fetch LIST FOLDER}; into=${3:?usage: try-real-sources.sh --fetch LIST FOLDER}
    mkdir -p "$into"
    grep -v '^#' "$list" | while IFS=$'\t' read -r repo commit _ _; do
        dir="$into/${repo/\//+}"
        [ -d "$dir/.git" ] || git clone -q --end-of-options "https://github.com/$repo.git" "$dir" || continue
        # checkout takes no --end-of-options: it is given the commit's id (hex, never an option).
        oid=$(git -C "$dir" rev-parse --verify --end-of-options "$commit^{commit}") || continue
        git -C "$dir" checkout -q "$oid"
    done
    exit 0
fi
projects=0
if [ "${1:-}" = "--projects" ]; then projects=1; shift; fi
folder=${1:?usage: try-real-sources.sh [--projects] FOLDER [EXPECTED]}
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
        # "name<TAB>passages", or a LIST line "owner/repo<TAB>commit<TAB>file<TAB>passages".
        want=$(awk -F'\t' -v n="$name" '!/^#/ { k = $1; gsub("/", "+", k); if (NF >= 4 && k == n) print $4; else if (NF == 2 && $1 == n) print $2 }' "$expected")
        [ "$want" = "0" ] && [ "$code" != "0" ] && want=$passages
        if [ -z "$want" ]; then verdict="(no expectation)"
        elif [ "$want" = "$passages" ]; then verdict="ok"
        else verdict="WANT $want"; mismatches=$((mismatches + 1)); fi
    fi
    printf '%-72s %4s %8s %s %s\n' "${name:0:72}" "$code" "$passages" "${first:-—}" "$verdict"
done < <(if [ "$projects" = 1 ]; then find "$folder" -mindepth 1 -maxdepth 1 -type d -print0 | sort -z
          else find "$folder" -type f \( -name '*.swift' -o -name '*.m' -o -name '*.mm' -o -name '*.json' \) -print0 | sort -z; fi)
[ "$mismatches" -eq 0 ]
