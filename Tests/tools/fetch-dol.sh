#!/usr/bin/env bash
# Exports the largest public Twine story storygraph is tried on, Degrees of Lewdity
# (SugarCube, ~12,200 passages in 564 Twee files, 25 MB), at a fixed commit, into DEST
# (default /work/trials/dol); nothing of it is committed here. The upstream repository
# could not be mirrored here; this is a public fork of it that carries a translation of
# the passages' text (same files, same passages, same macros), DuckFlit/Degrees-Of-Lewdity-RUS.
#
#   Tests/tools/fetch-dol.sh [DEST]
#
# The repository must already be mirrored as a git directory:
# $MIRROR/DuckFlit+Degrees-Of-Lewdity-RUS/repo (MIRROR defaults to /work/.mirror; the
# search tool's `fetch`, or `git clone --bare`). Exports its `game` folder (Twee and
# JavaScript). Then: Benchmarks/dol-bench.sh DEST/game
set -eu
dest=${1:-/work/trials/dol}
commit=a6b3ba420a265f0b1e647444b9c269cb40181741
git_dir="${MIRROR:-/work/.mirror}/DuckFlit+Degrees-Of-Lewdity-RUS/repo"
[ -d "$git_dir" ] || { echo "no mirror of DuckFlit/Degrees-Of-Lewdity-RUS at $git_dir" >&2; exit 1; }
mkdir -p "$dest"
rm -rf "${dest:?}/game"
git --git-dir="$git_dir" archive --format=tar "$commit" game | tar -x -C "$dest"
echo "exported DuckFlit/Degrees-Of-Lewdity-RUS@${commit:0:10}:game ($(find "$dest/game" -name '*.twee' | wc -l) Twee files) -> $dest/game"
