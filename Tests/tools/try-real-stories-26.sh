#!/usr/bin/env bash
# The issue-26 trial: real public stories, each read at a fixed commit, counted by storygraph
# (`report --format json`, and `check` for its exit code) and by an independent count
# (Tests/tools/count-story-26.py: regular expressions and a plain breadth-first search, nothing
# shared with the loaders). Prints one row per story and the share that agree.
#
#   Tests/tools/try-real-stories-26.sh [MIRRORS] [STORIES]
#
# MIRRORS holds one git directory per repository, MIRRORS/owner+name/repo (the search tool's
# `fetch` puts them in /work/.mirror; `git clone --mirror URL owner+name/repo` does as well).
# Each story in Tests/tools/real-stories-26.tsv is read out of its mirror at its commit into
# STORIES/NAME (default /work/trials/stories), outside this repository; nothing is committed.
# An ink story's whole folder is read, for its INCLUDEs.
# The binary is $STORYGRAPH, else .build/release/storygraph (swift build -c release).
# Exits 1 when any story disagrees.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mirrors=${1:-/work/.mirror}
stories=${2:-/work/trials/stories}
list=$here/real-stories-26.tsv
bin=${STORYGRAPH:-.build/release/storygraph}
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build -c release --product storygraph" >&2; exit 64; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
mkdir -p "$stories"
results=$(mktemp)
[ -n "${KEEP:-}" ] && echo "results in $results" >&2 || trap 'rm -f "$results"' EXIT

while IFS=$'\t' read -r name repo commit path format why examined; do
  case $name in ''|'#'*) continue ;; esac
  [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]] && continue
  git=$mirrors/${repo/\//+}/repo
  [ -d "$git/.git" ] && git=$git/.git
  dest=$stories/$name
  if [ ! -e "$dest/$path" ]; then
    if [ ! -d "$git" ]; then
      printf '%s\tMISSING\t%s\n' "$name" "no mirror of $repo at $git" >>"$results"; continue
    fi
    rm -rf "$dest"; mkdir -p "$dest"
    if [ "$format" = ink ]; then
      # The .ink files of the root file's folder and below (for its INCLUDEs), one by one:
      # a snapshot may lack large blobs elsewhere in the repository.
      dir=$(dirname "$path")
      git --git-dir="$git" ls-tree -r --name-only "$commit" -- "$dir" | grep -i '\.ink$' | while IFS= read -r f; do
        mkdir -p "$dest/$(dirname "$f")"
        git --git-dir="$git" show "$commit:$f" >"$dest/$f"
      done
    elif [ "$(git --git-dir="$git" cat-file -t "$commit:$path" 2>/dev/null)" = blob ]; then
      mkdir -p "$dest/$(dirname "$path")"
      git --git-dir="$git" show "$commit:$path" >"$dest/$path"
    else
      git --git-dir="$git" archive "$commit" -- "$path" | tar -x -C "$dest"
    fi
    [ -e "$dest/$path" ] || {
      printf '%s\tMISSING\t%s\n' "$name" "cannot read $path at $commit" >>"$results"; continue; }
  fi
  story=$dest/$path
  t0=$(date +%s.%N)
  report=$(cd "$dest" && timeout 600 "$bin" report "$path" --format json --color never 2>"$dest.stderr")
  code=$?
  t1=$(date +%s.%N)
  (cd "$dest" && timeout 600 "$bin" check "$path" --color never >/dev/null 2>&1)
  checkcode=$?
  dot=""
  [ "$format" = ink-json ] && dot=$(cd "$dest" && timeout 600 "$bin" map "$path" --format dot --color never 2>/dev/null | grep -o 'id="passage:[^"]*"' | sed 's/^id="passage://; s/"$//')
  indep=$(timeout 300 python3 "$here/count-story-26.py" "$format" "$story" 2>&1 | tail -1)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$format" "$code" "$checkcode" "$secs" \
    "$(printf '%s' "$report" | base64 -w0)" "$(printf '%s' "$indep" | base64 -w0)" \
    "$(head -c 300 "$dest.stderr" | tr '\n\t' '  ' | base64 -w0)" "$(printf '%s' "$dot" | base64 -w0)" "${examined:-}" >>"$results"
done <"$list"

python3 - "$results" <<'EOF'
import base64, json, re, sys

def b(s):
    return base64.b64decode(s).decode("utf-8", "replace") if s else ""

def sg_figures(fmt, r, dot):
    s = r["structure"]
    src = s.get("source") or {}
    unreachable = r.get("unreachable", [])
    broken = sum(1 for f in r.get("findings", []) if f["rule"] == "broken-link")
    if fmt == "ink-json":
        # A knot is there when any of its passages is (one entered only at its stitches has
        # no passage of its own: `K.s`), and reachable when any of them is.
        knots = {}
        for i in dot.split("\n"):
            head = i.split(".")[0]
            # Not the root's own containers: choices and gathers (`c-0`, `g-1`; `c` and
            # numbered paths in inkVersion 11), which no knot name can be.
            if i and head not in ("(root)", "c", "s", "b") and not re.match(r"^([cg]-\d+|\d+)$", head):
                knots[head] = knots.get(head, False) or i not in unreachable
        return {"knots": len(knots), "reachable_knots": sum(knots.values())}
    if fmt == "yarn":
        nodes = src.get("nodes", "-")
        # Nodes told unreachable: plain names, and the variants of a node group
        # (`Title#v1`…), whose group (`Title`) is no node of its own.
        ids = [u for u in unreachable if re.search(r"#v\d+$", u)
               or ("#" not in u and not any(x.startswith(u + "#v") for x in unreachable))]
        return {"passages": nodes, "reachable": nodes - len(ids) if isinstance(nodes, int) else "-",
                "endings": len(r.get("endings", [])), "broken": broken}
    if fmt == "ink":
        knots = src.get("knots", "-")
        ids = [u for u in unreachable if "." not in u]
        out = {"knots": knots, "reachable_knots": knots - len(ids) if isinstance(knots, int) else "-"}
        if fmt == "ink":
            for k in ("stitches", "functions", "choices", "gathers"):
                out[k] = src.get(k, "-")
        return out
    if fmt == "choicescript":
        scenes = src.get("scenes", "-")
        return {"scenes": scenes, "labels": src.get("labels", "-"),
                "finish_or_ending": src.get("finishes", 0) + src.get("endings", 0),
                "broken": broken}
    return {"passages": s["passages"], "reachable": s["passages"] - len(unreachable),
            "endings": len(r.get("endings", [])), "broken": broken}

def indep_figures(fmt, d):
    if fmt == "ink":
        return {k: d[k] for k in ("knots", "reachable_knots", "stitches", "functions", "choices", "gathers")}
    if fmt == "ink-json":
        return {k: d[k] for k in ("knots", "reachable_knots")}
    if fmt == "choicescript":
        return {"scenes": d["scenes"], "labels": d["labels"], "finish_or_ending": d["finish_or_ending"],
                "broken": d["broken_labels"] + d["broken_scenes"]}
    return {k: d[k] for k in ("passages", "reachable", "endings", "broken")}

rows, right, per = [], 0, {}
print("%-20s %-14s %4s %5s %7s  %-52s %-52s %s" % ("story", "format", "exit", "check", "seconds", "independent", "storygraph", "verdict"))
for line in open(sys.argv[1], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    name = f[0]
    if f[1] == "MISSING":
        print("%-20s %s" % (name, f[2])); continue
    fmt, code, check, secs = f[1], int(f[2]), int(f[3]), f[4]
    report, indep, err, dot = b(f[5]), b(f[6]), b(f[7]), b(f[8]) if len(f) > 8 else ""
    d = None
    try:
        d = json.loads(indep)
        mine = indep_figures(fmt, d)
    except Exception as e:
        mine = {"error": indep[:60]}
    try:
        sg = sg_figures(fmt, json.loads(report), dot)
    except Exception:
        sg = {"refused": err[:80]}
    invalid = d.get("invalid") if isinstance(d, dict) else None
    # What a hand examination added (the doc says why, story by story).
    examined = dict(x.split("=", 1) for x in (f[9] if len(f) > 9 else "").split(";") if "=" in x)
    ignore = set(examined.get("ignore", "").split(","))
    diff = [k for k in mine if k not in ignore and sg.get(k) != mine[k]]
    try:
        full = json.loads(report)
    except Exception:
        full = {}
    if "max_unreachable" in examined and len(full.get("unreachable", [])) > int(examined["max_unreachable"]):
        diff.append("%d unreachable claims (the story has a link storygraph does not follow)" % len(full["unreachable"]))
    if "forbid" in examined and any(x["rule"] == examined["forbid"] for x in full.get("findings", [])):
        diff.append("a false '%s' finding" % examined["forbid"])
    ok = (code == 0 and not diff and "error" not in mine) or (invalid and code == 65)
    verdict = ("refused by both: " + invalid) if ok and invalid else "same" if ok else ("exit %d: %s" % (code, err[:80]) if code else "differs: " + ", ".join(diff))
    fam = fmt.split("-")[0] if fmt != "ink-json" else "ink-json"
    per.setdefault(fam, [0, 0]); per[fam][1] += 1
    if ok:
        right += 1; per[fam][0] += 1
    fmtv = lambda m: " ".join("%s=%s" % (k[:6], v) for k, v in m.items())
    print("%-20s %-14s %4d %5d %7s  %-52s %-52s %s" % (name, fmt, code, check, secs, fmtv(mine), fmtv(sg), verdict))
    rows.append(ok)
n = len(rows)
print()
print("by format: " + ", ".join("%s %d/%d" % (k, v[0], v[1]) for k, v in sorted(per.items())))
print("agree: %d of %d (%.0f%%)" % (right, n, 100.0 * right / n if n else 0))
sys.exit(0 if right == n else 1)
EOF
