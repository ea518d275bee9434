#!/usr/bin/env bash
# Exports the real public stories that Benchmarks/run times (issue 19), each from a local
# mirror at a fixed commit, into DEST. Nothing of them is committed here.
#
#   Benchmarks/realworld/fetch-bench-stories.sh DEST
#
# Each repository must be mirrored as a git directory: $MIRROR/<owner>+<name>/repo
# (MIRROR defaults to /work/.mirror), or cloned with `git clone --bare` to that path. A story
# whose mirror is absent is skipped with a line on stderr (CI has no network): the exit
# code is 0 all the same, and bench-real.py says which stories it did not find.
# Files are read one by one with `git show` (a mirror may lack the large binary blobs of
# its repository, which `git archive` would stop on).
set -u
shopt -s extglob
dest=${1:?usage: fetch-bench-stories.sh DEST}
mkdir -p "$dest"

# export_story NAME OWNER/REPO COMMIT PATH PATTERN: PATH is one file (exported as
# DEST/NAME/<its base name>) or a folder (its files matching PATTERN, globs split by commas, at their
# paths below it).
export_story() {
    local name=$1 repo=$2 commit=$3 path=$4 pattern=${5//,/|} file out n=0
    local git_dir="${MIRROR:-/work/.mirror}/${repo/\//+}/repo"
    if [ ! -d "$git_dir" ]; then
        echo "skipped $name: no mirror of $repo at $git_dir" >&2
        return 0
    fi
    if ! git --git-dir="$git_dir" cat-file -e --end-of-options "$commit^{commit}" 2>/dev/null; then
        echo "skipped $name: the mirror of $repo lacks commit $commit" >&2
        return 0
    fi
    rm -rf "${dest:?}/$name"
    mkdir -p "$dest/$name"
    if [ "$(git --git-dir="$git_dir" cat-file -t --end-of-options "$commit:$path")" = blob ]; then
        git --git-dir="$git_dir" show --end-of-options "$commit:$path" >"$dest/$name/${path##*/}"
        echo "exported $repo@${commit:0:10}:$path -> $dest/$name/${path##*/}" >&2
        return 0
    fi
    while IFS= read -r -d '' file; do
        # shellcheck disable=SC2254
        case "${file##*/}" in @($pattern)) ;; *) continue ;; esac
        out="$dest/$name/${file#"$path/"}"
        mkdir -p "$(dirname "$out")"
        git --git-dir="$git_dir" show --end-of-options "$commit:$file" >"$out"
        n=$((n + 1))
    done < <(git --git-dir="$git_dir" ls-tree -r -z --name-only --end-of-options "$commit" -- "$path")
    echo "exported $repo@${commit:0:10}:$path ($n files) -> $dest/$name/" >&2
}

# name | owner/repo | commit | file or folder | files of a folder
#  twine: of the issue-11 trial's stories, the largest whose start reaches more than a few
#         passages (184 passages, 272 links, 59 reached; after-the-bell's 295 and
#         you-quote-it's 349 passages hang on computed links: their starts reach 1 and 3)
#  ink: inkle's own The Intercept (one 1,686-line file)
#  choicescript: Snakeroot, the largest game of the ChoiceScript trial that randomtest
#         plays to the end (2,215 scene lines)
#  destini: a Destini app's StoryBrain.swift (the course's six-part story)
while IFS='|' read -r -a story; do
    [ "${#story[@]}" -eq 5 ] && export_story "${story[@]}"
done <<'LIST'
twine|Techy-Nature/ETHERTALE|ae3ae4078f7d17a916c7ec662b22a869ad81dc05|src|*.twee,*.tw,*.tw2
ink|inkle/the-intercept|2a816b56e61ce4bf02bec1c638074645bdd871e3|Assets/Ink/TheIntercept.ink|*.ink
choicescript|cerberuswrites/snakeroot|abb050ce4bfe26ca850592503ab509b13532937e|web/mygame|*.txt,*.png,*.jpg,*.gif
destini|4Leonid/Destini|513e00623f854cbdfae4a8421784630f76b1609b|Destini/Model/StoryBrain.swift|*.swift
LIST
