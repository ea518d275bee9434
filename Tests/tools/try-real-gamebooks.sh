#!/usr/bin/env bash
# The trial of storygraph on real public gamebook and CYOA data files (JSON, YAML, JS/TS
# object literals), at fixed commits. Nothing of theirs is stored in this repository: each
# file is read from a local clone (MIRROR/owner+name/repo, as the session's fetch tool
# leaves them, else a clone made under CACHE) into a temporary folder, loaded with
# `storygraph report --format json`, and counted independently with count-gamebook.py.
#
#   Tests/tools/try-real-gamebooks.sh            # one row per file
#
# Columns: file | exit code | storygraph sections/options/endings | independent count |
# verdict (same / differs / refused) | the inferred schema or the first error.
set -u
bin=${STORYGRAPH:-.build/debug/storygraph}
mirror=${MIRROR:-/work/.mirror}
cache=${CACHE:-${TMPDIR:-/tmp}/storygraph-gamebook-trial}
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$bin" ] || { echo "no storygraph binary at $bin; run swift build" >&2; exit 64; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# repo <TAB> commit <TAB> path <TAB> counter arguments (see count-gamebook.py)
cat > "$work/list" <<'LIST'
SEI-Remote-Code-Review/Always-Choose-Left	24e7b722131a7adbe0b03add52e954a07742d0ca	js/game-scenes.js	js|^\s*id:|nextText:\s*(-?[\d.]+)
caseynewman/name-generator	847c3018303490df999a9ae2101c07a48e29904a	src/components/StoryData/index.jsx	js|^\s*id:|nextSceneId:\s*['"]([^'"]*)
S0Etherington/se-specs-capstone	3f5ba514017220c5539744c2f8218e8ec44ca31e	src/story.js	js|^    \w+: ?\{|^            (\w+):
deltea/englishStory	0416c66a639ebefd158fffa7ccce270585be151a	data.js	js|^  "?[\w ']+"?: \{|location:\s*"([^"]*)"
askbk/CYOA	d2f54bcef54ec263ac4570ff46ac8b5f7f693d11	examples/adafruit-example/story.js	js|^\s+\d+: \{|"next":\s*(\d+)
askbk/CYOA	d2f54bcef54ec263ac4570ff46ac8b5f7f693d11	examples/the-red-letter/story.js	js|^\s+\d+: \{|"next":\s*(\d+)
chucknerd/Cosmic	0178b371ead186a7e1b92bdd9a6c16553603853f	script.js	js|^\s*id:|nextText:\s*(-?[\d.]+)
makaveddy/The-beginning	f2fc75503f9baf137d1b1a8f0642681192871773	src/scripts/storyScript.js	js|^\s*id:|nextText:\s*(-?[\d.]+)
Melody-Lisa/into-the-woods-game	9295d415c92d1f2fd9e181262b3f8dda43e2f06e	assets/css/js/textnodes.js	js|^\s*id:|nextText:\s*(-?[\d.]+)
Sebastians9517/project-unit-1	2a807b65c91f2054c18cf62da9f8bb6331561acc	unit-one-project/js/script.js	js|^\s*id:|nextText:\s*(-?[\d.]+)
primetimetank21/GFC-the_homie	b307f683e019657cb1349b85e21f5b7c3fcc2875	questions/textNodes.js	js|^\s*id:|nextText:\s*(-?[\d.]+)
kleene-games/kleene	05fd8c713722ab702d86e13a23350a7e38570af2	scenarios/dragon_quest.yaml	data|nodes|choice.options|next_node|endings|start_node
kleene-games/kleene	05fd8c713722ab702d86e13a23350a7e38570af2	lib/framework/authoring/TEMPLATES/basic.yaml	data|nodes|choice.options|next_node|endings|start_node
kleene-games/kleene	05fd8c713722ab702d86e13a23350a7e38570af2	lib/framework/authoring/TEMPLATES/intermediate.yaml	data|nodes|choice.options|next_node|endings|start_node
kleene-games/kleene	05fd8c713722ab702d86e13a23350a7e38570af2	lib/framework/authoring/TEMPLATES/minimal.yaml	data|nodes|choice.options|next_node|endings|start_node
gophercises/cyoa	070143bf424e1242dfe945eae43bfa4684ba6e91	gopher.json	data||options|arc
Wastack/adventure	602f89eed3b3d72135f0dba78d97c88e6f2f093b	engine/data/yaml/testdata/example.yml	data|entries|actions|target||start_node|name
Doomlazer/gooseb	8d6c5cd12c0af6f273b05eee7ee0af4a8989f6a2	books/Into the Jaws of Doom.json	none
Doomlazer/gooseb	8d6c5cd12c0af6f273b05eee7ee0af4a8989f6a2	books/Of Mice and Men.json	none
openface/storytime	b69564b64532e3886fd548fa59479ec75f41d80f	stories/3-birds/start.yml	none
LIST

clone() {
    local repo=$1 dir="$mirror/${1/\//+}/repo"
    if [ -d "$dir" ]; then echo "$dir"; return; fi
    dir="$cache/${repo/\//+}"
    [ -d "$dir" ] || git clone --quiet --bare --end-of-options "https://github.com/$repo.git" "$dir" >&2 || return 1
    echo "$dir"
}

printf '%s | %s | %s | %s | %s | %s\n' file exit storygraph independent verdict message
while IFS=$'\t' read -r repo commit path counter; do
    git_dir=$(clone "$repo") || { echo "$repo/$path | - | - | - | not fetched |"; continue; }
    file="$work/$(basename "$path")"
    git --git-dir "$git_dir" show --end-of-options "$commit:$path" > "$file" 2>/dev/null || { echo "$repo/$path | - | - | - | missing at $commit |"; continue; }
    json=$("$bin" report "$file" --format json --color never 2>"$work/err"); code=$?
    ours=$(printf '%s' "$json" | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
    print(d["structure"]["passages"], d["structure"]["choices"], len(d["endings"]))
except Exception:
    print("-")')
    IFS='|' read -r -a args <<< "$counter"
    theirs="-"
    if [ "${args[0]}" != none ]; then
        theirs=$(python3 "$here/count-gamebook.py" "$file" "${args[@]}" 2>/dev/null || echo "-")
    fi
    if [ "$code" != 0 ]; then verdict=refused
    elif [ "$ours" = "$theirs" ]; then verdict=same
    else verdict=differs; fi
    # The inferred schema is an info finding: `check` prints it.
    [ "$code" = 0 ] && "$bin" check "$file" --color never 2>>"$work/err" >/dev/null
    message=$(grep -m1 -E 'inferred:|error:' "$work/err" | sed "s|$work/||" | cut -c1-200)
    echo "$repo/$path | $code | $ours | $theirs | $verdict | $message"
done < "$work/list"
