#!/usr/bin/env bash
# Side by side with Ren'Py's own lint (issue 30): for each game of the list (public GitHub
# games at fixed commits, and Debian's own), runs Debian's `renpy <game> lint`, an
# independent count (Tests/tools/renpy-count.py) and storygraph (`check`, `report`), and
# prints lint's flow errors and figures beside storygraph's (renpy-side-by-side.py).
#
#   Tests/tools/try-real-renpy.sh --fetch [LIST] WORK     fetch the games into WORK/games
#   Tests/tools/try-real-renpy.sh [LIST] WORK             compare (lint is kept in WORK/lint)
#
# LIST is Tests/tools/real-renpy-games.tsv by default. --fetch needs network and git ($GIT_BASE,
# https://github.com by default, is where owner/name.git is cloned from): each
# repository is cloned without checkout into WORK/repos/owner+name and its commit checked out
# into WORK/games/owner+name, sparsely (the scripts and data, not the images, sounds, movies
# or fonts: lint's flow errors and figures do not read them; lint then also reports the files
# it cannot load). The debian:PACKAGE rows are copied from /usr/share/games/renpy (apt-get
# install renpy renpy-thequestion renpy-demo; Debian bookworm has 8.0.3). Nothing fetched
# is kept in this repository. The comparison needs /usr/games/renpy (lint runs through
# Tests/tools/renpy-lint.py) and the binary $STORYGRAPH, else .build/debug/storygraph (without
# it, lint and the count only). Exits 1 when lint and storygraph disagree.
set -u
here=$(cd "$(dirname "$0")" && pwd)
fetch=0
if [ "${1:-}" = "--fetch" ]; then fetch=1; shift; fi
if [ $# -ge 2 ]; then list=$1; work=$2; else list=$here/real-renpy-games.tsv; work=${1:?usage: try-real-renpy.sh [--fetch] [LIST] WORK}; fi

if [ "$fetch" = 1 ]; then
    mkdir -p "$work/repos" "$work/games"
    grep -v '^#' "$list" | while IFS=$'\t' read -r repo commit base _ _; do
        name=${repo//\//+}; name=${name//:/+}
        dest=$work/games/$name
        case $repo in
        debian:*)
            [ -d "/usr/share/games/renpy/$base" ] || { echo "$repo: /usr/share/games/renpy/$base is missing (apt-get install ${repo#debian:})" >&2; continue; }
            rm -rf "$dest"; mkdir -p "$dest"
            cp -r "/usr/share/games/renpy/$base" "$dest/$base"
            continue ;;
        esac
        git=$work/repos/$name
        if [ ! -d "$git" ]; then
            git clone -q --filter=blob:none --no-checkout --end-of-options "${GIT_BASE:-https://github.com}/$repo.git" "$git" || { echo "$repo: clone failed" >&2; continue; }
        fi
        # checkout takes no --end-of-options: it is given the commit's id (hex, never an option).
        oid=$(git -C "$git" rev-parse --verify --end-of-options "$commit^{commit}") || { echo "$repo: no commit $commit" >&2; continue; }
        git -C "$git" sparse-checkout set --no-cone '/*' '!*.png' '!*.jpg' '!*.jpeg' '!*.webp' '!*.gif' \
            '!*.ogg' '!*.mp3' '!*.wav' '!*.opus' '!*.flac' '!*.webm' '!*.mp4' '!*.ogv' '!*.avi' '!*.mkv' \
            '!*.ttf' '!*.otf' '!*.rpa' '!*.rpyc' '!*.rpyb' '!*.zip' '!*.psd' '!*.exe' '!*.dll' '!*.so' || continue
        git -C "$git" checkout -q "$oid" || { echo "$repo: checkout failed" >&2; continue; }
        rm -rf "$dest"; mkdir -p "$dest"
        # A copy without .git: Ren'Py writes its caches and saves into the game.
        (cd "$git" && find . -path ./.git -prune -o -type f -print0 | xargs -0 -r cp --parents -t "$dest")
    done
    exit 0
fi
exec python3 "$here/renpy-side-by-side.py" "$list" "$work" --markdown
