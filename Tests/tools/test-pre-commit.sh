#!/usr/bin/env bash
# `make test-pre-commit`: the hook of .pre-commit-hooks.yaml, run by the pre-commit framework
# (pinned from PyPI, in a throwaway virtualenv) with `pre-commit try-repo` on a fixture git
# repository: a commit of good stories passes; a story with a broken link is refused, the
# finding printed. STORYGRAPH: the binary to put on PATH (default: this checkout's debug build).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
binary=$(realpath "${STORYGRAPH:-.build/debug/storygraph}")
[ -x "$binary" ] || { echo "test-pre-commit: no $binary: build first" >&2; exit 1; }
PRE_COMMIT_VERSION=4.2.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "test-pre-commit: $*" >&2; exit 1; }

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "pre-commit==$PRE_COMMIT_VERSION"
mkdir "$work/bin"
ln -s "$binary" "$work/bin/storygraph"
export PATH="$work/bin:$work/venv/bin:$PATH" PRE_COMMIT_HOME="$work/cache" NO_COLOR=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid

fixture=$work/stories
git init -q "$fixture"
cd "$fixture"
cat > ferry.twee <<'TWEE'
:: StoryTitle
The Night Ferry

:: StoryData
{"ifid": "7A1C2E94-1F0B-4B8E-9D3A-2C6E5F4B8A10", "format": "Harlowe", "format-version": "3.3.8", "start": "Quay"}

:: Quay
The last ferry waits at the quay. [[Board it->Deck]] or [[stay ashore->Inn]].

:: Deck
The crossing is calm, and you reach the island at midnight.

:: Inn
You take a room and watch the ferry's lights go out across the water.
TWEE
git add ferry.twee
out=$(pre-commit try-repo "$repo" storygraph-check 2>&1) || fail "a good story was refused:"$'\n'"$out"
grep -q '^storygraph check\.*Passed$' <<< "$out" || fail "no 'Passed' line:"$'\n'"$out"
git commit -q -m "a good story"

# The same story with its link to the deck misspelt: refused, with the finding.
sed -i 's/\[\[Board it->Deck\]\]/[[Board it->Dekc]]/' ferry.twee
git add ferry.twee
status=0
out=$(pre-commit try-repo "$repo" storygraph-check 2>&1) || status=$?
[ "$status" -eq 1 ] || fail "a broken link gave exit status $status, not 1:"$'\n'"$out"
grep -q '^storygraph check\.*Failed$' <<< "$out" || fail "no 'Failed' line:"$'\n'"$out"
for line in \
  "ferry.twee:8:35: error: choice 'Board it' of passage 'Quay' leads to 'Dekc', which does not exist; did you mean 'Deck'? [broken-link]" \
  "ferry.twee:10:1: warning: ending 'Deck' cannot be reached from the start 'Quay' [unreachable-ending]" \
  "checked 1 story: 1 error, 1 warning, 0 info"; do
  grep -Fxq -- "$line" <<< "$out" || fail "no line '$line' in what pre-commit printed:"$'\n'"$out"
done
echo "$out"
echo "test-pre-commit: pre-commit $PRE_COMMIT_VERSION try-repo: the good story passed, the broken link was refused with its finding"
