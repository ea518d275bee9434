#!/usr/bin/env bash
# Side by side with ink's own compiler: for each public ink project below (fixed commit,
# root file), copies its .ink files out of a local mirror, runs `inklecate -s` and
# `storygraph report`, and prints ink's counts beside storygraph's, the times, and the exit
# codes of check, paths, map and fuzz. Nothing fetched is committed; the mirrors are git
# directories (the search tool's `fetch`, or `git clone --mirror`).
#
#   Tests/tools/try-real-ink.sh INKLECATE MIRRORS
#
# INKLECATE is inklecate (a .exe runs under mono; a .js under node). MIRRORS holds one
# folder per repository named owner+name, each with a git directory `repo` (or repo/.git).
# The binary is $STORYGRAPH, else .build/release/storygraph (swift build -c release).
# Exits 1 when any of knots, stitches, choices, gathers or diverts disagrees.
set -u
inklecate=${1:?usage: try-real-ink.sh INKLECATE MIRRORS}
mirrors=${2:?usage: try-real-ink.sh INKLECATE MIRRORS}
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build -c release" >&2; exit 64; }
case "$inklecate" in
  *.exe) ink=(mono "$inklecate") ;;
  *.js) ink=(node "$inklecate") ;;
  *) ink=("$inklecate") ;;
esac

# owner+name  commit  root file
projects=(
  "inkle+the-intercept 2a816b56e61ce4bf02bec1c638074645bdd871e3 Assets/Ink/TheIntercept.ink"
  "BasWasTaken+ForgottenTrails 0d068ccb512faa9577038d6a313554e252a5da06 ForgottenTrails_Godot/project/assets/ink_stories/MainGodot.ink"
  "Grouflon+AGBIC2020_Veiled 23cc32d94142a8a073ab737f0f76bcde59fa477a Assets/Ink/Veiled.ink"
  "JohnBainto+SERGAME-Group-4.0 c384edaf551a7bca95ae4a719149cc6d87c730f4 Assets/Text/main.ink"
  "RemyVim+ink-if-story-template ec38b1d8190777232f0861d91b16465b204fae8c src/ink/main.ink"
  "ivanov1234159+ink-book c3010ebeb7cbd1b60b1bdf0d71b134d75c529b8e src/main.ink"
  "jwynia+the-archived-city 3b392d28985817bbeece750351cb2aea8c6d0809 main.ink"
  "lingxz+drifter 9bd7469f76bf4fff62b8f85e54faac38fc98f137 main.ink"
  "tehsmeely+coup-of-fate 2c5eeafecca5a5c67af7aae9e2ece8762dd2d9b9 main.ink"
  "Darthnerda+the-crush 39dd338b3783532c6b251cefb1b242a2823d28ae main.ink"
  "lukechinworth+murder_at_m_hotel dcfc88caec1a2615c5f2f1bb4d9254542a63dea2 main.ink"
  "GerardGascon+El-Hilo 78fba0f73963eba67fbaeaa50dd859f2b4dea5c9 main.ink"
  "Chthonography+son_of_war d4ab885beff8405d9269cb0241fdcd4093653609 main.ink"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%d", (b - a) * 1000 }'; }
disagreements=0
printf '%-32s %-9s %6s %8s %8s %8s %8s %8s %8s %6s %6s  %s\n' project figure words knots stitches functions choices gathers diverts ms files "check/paths/map/fuzz"
for entry in "${projects[@]}"; do
  read -r repo commit root <<<"$entry"
  git=$mirrors/$repo/repo
  [ -d "$git/.git" ] && git=$git/.git
  [ -d "$git" ] || { echo "$repo: no mirror at $git" >&2; continue; }
  [ "$commit" = COMMIT ] && commit=$(git --git-dir="$git" rev-parse --verify --end-of-options HEAD)
  dir=$work/$repo
  mkdir -p "$dir"
  # Only the .ink files (some repositories hold blobs a mirror lacks).
  git --git-dir="$git" ls-tree -r --name-only --end-of-options "$commit" | grep -i '\.ink$' | while IFS= read -r f; do
    mkdir -p "$dir/$(dirname "$f")"
    git --git-dir="$git" show --end-of-options "$commit:$f" >"$dir/$f" 2>/dev/null
  done
  file=$dir/$root
  t0=$(now)
  inkout=$( (cd "$(dirname "$file")" && "${ink[@]}" -s "$(basename "$file")") 2>&1 | tr -d '\r\357\273\277')
  t1=$(now)
  sgjson=$("$bin" report "$file" --format json --color never 2>/dev/null)
  t2=$(now)
  # A full compile (inklecate -o) beside storygraph's load and checks (`check`).
  compileout=$( (cd "$(dirname "$file")" && "${ink[@]}" -o "$work/out.json" "$(basename "$file")") 2>&1 | tr -d '\r\357\273\277')
  t3=$(now)
  "$bin" check "$file" >/dev/null 2>&1
  t4=$(now)
  times="$(ms "$t0" "$t1")/$(ms "$t2" "$t3") ms inklecate -s/compile; $(ms "$t3" "$t4")/$(ms "$t1" "$t2") ms storygraph check/report"
  get() { printf '%s\n' "$inkout" | awk -v k="$1:" '$1 == k { print $2 }'; }
  sg() { printf '%s' "$sgjson" | python3 -c "import json,sys; d=json.load(sys.stdin)['structure'].get('source') or {}; print(d.get('$1','-'))" 2>/dev/null || echo -; }
  codes=""
  for cmd in check paths map fuzz; do
    case $cmd in
      map) "$bin" map "$file" --quiet -o "$work/map.svg" >/dev/null 2>&1 ;;
      paths) "$bin" paths "$file" --limit 10 >/dev/null 2>&1 ;;
      fuzz) "$bin" fuzz "$file" --runs 1000 --seed 1 >/dev/null 2>&1 ;;
      *) "$bin" "$cmd" "$file" >/dev/null 2>&1 ;;
    esac
    codes="$codes${codes:+/}$?"
  done
  printf '%-32s %-9s %6s %8s %8s %8s %8s %8s %8s %6s %6s\n' "${repo:0:32}" inklecate "$(get Words)" "$(get Knots)" "$(get Stitches)" "$(get Functions)" "$(get Choices)" "$(get Gathers)" "$(get Diverts)" "$(ms "$t0" "$t1")" ""
  printf '%-32s %-9s %6s %8s %8s %8s %8s %8s %8s %6s %6s  %s\n' "" storygraph "$(sg words)" "$(sg knots)" "$(sg stitches)" "$(sg functions)" "$(sg choices)" "$(sg gathers)" "$(sg diverts)" "$(ms "$t1" "$t2")" "$(sg files)" "$codes"
  # A story storygraph refuses (a load error, exit 65) where inklecate reports an ERROR
  # too (in -s, or in the full compile) is the same verdict, not a disagreement of counts.
  inkout="$inkout
$compileout"
  if [ "$(sg knots)" = - ] && printf '%s\n' "$inkout" | grep -q '^ERROR'; then
    printf '%-32s   %s\n' "" "refused by both: storygraph's load error and inklecate's ERROR below"
  else
  for k in Knots Stitches Choices Gathers Diverts; do
    lower=$(printf '%s' "$k" | tr 'A-Z' 'a-z')
    if [ "$(get "$k")" != "$(sg "$lower")" ]; then
      disagreements=$((disagreements + 1))
      printf '%-32s   %s: inklecate %s, storygraph %s\n' "" "$lower" "$(get "$k")" "$(sg "$lower")"
    fi
  done
  fi
  printf '%-32s   %s\n' "" "$times"
  errs=$(printf '%s\n' "$inkout" | grep -E '^ERROR' | sort -u | head -3)
  [ -n "$errs" ] && printf '%s\n' "$errs" | sed 's/^/    inklecate: /'
done
[ "$disagreements" -eq 0 ]
