#!/usr/bin/env bash
# The logic of the storygraph GitHub Action (action.yml at the repository root), kept in a
# script so a test can run it the way a runner does (Tests/StoryCLITests/ActionScriptTests.swift).
#
# It runs in $GITHUB_WORKSPACE with `storygraph` on PATH and reads its inputs from the
# environment (action.yml maps the action's inputs to these; never interpolated into code):
#   STORYGRAPH_STORIES  the stories (files or folders) to check, one per line (required)
#   STORYGRAPH_STRICT   "true": warnings fail the check too (check --strict)
#   STORYGRAPH_SARIF    where to write the SARIF log of `check` (default storygraph.sarif)
#   STORYGRAPH_EXPECT   a file of expectations for `storygraph test --expect` (optional)
# It writes `check --format sarif` to STORYGRAPH_SARIF, prints the findings, and runs
# `storygraph test` on the stories that have expectations: a `storygraph.json` beside the
# story (in the story's folder; for a folder story, inside it) with an "expect" key, or, for
# every story, STORYGRAPH_EXPECT. Outputs (to $GITHUB_OUTPUT): sarif, errors, warnings,
# infos, check-exit-code, tested (true/false), test-exit-code, exit-code; a summary of
# both to $GITHUB_STEP_SUMMARY. The exit code is check's when it is not 0, else test's.
set -uo pipefail

workspace=${GITHUB_WORKSPACE:-$PWD}
output=${GITHUB_OUTPUT:-/dev/null}
summary=${GITHUB_STEP_SUMMARY:-/dev/null}
cd "$workspace" || { echo "::error::cannot enter the workspace '$workspace'"; exit 64; }

stories=()
while IFS= read -r line; do
  line=${line#"${line%%[![:space:]]*}"}
  line=${line%"${line##*[![:space:]]}"}
  [ -n "$line" ] && stories+=("$line")
done <<< "${STORYGRAPH_STORIES:-}"
if [ ${#stories[@]} -eq 0 ]; then
  echo "::error::no story to check: set the 'stories' input to one or more story files or folders"
  exit 64
fi

strict=()
case ${STORYGRAPH_STRICT:-false} in
  true) strict=(--strict) ;;
  false | "") ;;
  *) echo "::error::the 'strict' input must be true or false, not '${STORYGRAPH_STRICT}'"; exit 64 ;;
esac
sarif=${STORYGRAPH_SARIF:-storygraph.sarif}
expect=${STORYGRAPH_EXPECT:-}
if [ -n "$expect" ] && [ ! -f "$expect" ]; then
  echo "::error::the 'expect' input names '$expect', which is not a file"
  exit 64
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
storygraph --version

# The SARIF log (stdout) for code scanning; the summary line goes to stderr.
mkdir -p "$(dirname "$sarif")"
check_status=0
storygraph check "${stories[@]}" "${strict[@]}" --format sarif > "$sarif" 2> "$scratch/sarif-stderr" || check_status=$?
# The findings as text, for the log and the step summary.
storygraph check "${stories[@]}" "${strict[@]}" > "$scratch/findings" 2>&1
cat "$scratch/findings"
checked=$(grep -E '^checked [0-9]+ stor(y|ies): [0-9]+ errors?, [0-9]+ warnings?, [0-9]+ info( \(.*\))?$' "$scratch/sarif-stderr" |
  tail -n 1)
read -r errors warnings infos <<< "$(sed -E 's/.*: ([0-9]+) errors?, ([0-9]+) warnings?, ([0-9]+) info( \(.*\))?$/\1 \2 \3/' <<< "$checked")"
[ -s "$sarif" ] || sarif=""

# The stories that have expectations: all of them with STORYGRAPH_EXPECT, else those with
# a storygraph.json beside them that has an "expect" key (a key, not a word in a string:
# inside a JSON string a quote is escaped, so `"expect":` matches only a key).
expectations() {
  local config
  if [ -d "$1" ]; then config="$1/storygraph.json"; else config="$(dirname "$1")/storygraph.json"; fi
  [ -f "$config" ] && grep -Eq '"expect"[[:space:]]*:' "$config"
}
tested=()
if [ -n "$expect" ]; then
  tested=("${stories[@]}")
else
  for story in "${stories[@]}"; do
    if expectations "$story"; then tested+=("$story"); fi
  done
fi
# `storygraph test` once per story (several STORY arguments would be one story of several
# files). The test exit code: an error's (64, 65, ...) when one had one, else 1 when an
# expectation failed, else 2 when one is unknown, else 0.
test_status=0
: > "$scratch/test"
for story in "${tested[@]}"; do
  echo "storygraph test $story" | tee -a "$scratch/test"
  code=0
  storygraph test "$story" ${expect:+--expect "$expect"} > "$scratch/one-test" 2>&1 || code=$?
  cat "$scratch/one-test" | tee -a "$scratch/test"
  case "$code:$test_status" in
    0:* | *:6[4-9] | *:7[0-9]) ;;
    1:* | 2:0) [ "$test_status" = 1 ] || test_status=$code ;;
    2:*) ;;
    *) test_status=$code ;;
  esac
done
status=$check_status
[ "$status" -eq 0 ] && status=$test_status

{
  echo "sarif=$sarif"
  echo "errors=${errors:-}"
  echo "warnings=${warnings:-}"
  echo "infos=${infos:-}"
  echo "check-exit-code=$check_status"
  if [ ${#tested[@]} -gt 0 ]; then echo "tested=true"; else echo "tested=false"; fi
  echo "test-exit-code=$test_status"
  echo "exit-code=$status"
} >> "$output"

# A file as a fenced block whose fence is longer than any run of '~' the file holds (a
# story's text can put one in a finding).
fenced() {
  local longest
  longest=$(grep -o '~*' "$1" | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }')
  local fence
  fence=$(printf '%*s' $((longest < 3 ? 3 : longest + 1)) '' | tr ' ' '~')
  echo "$fence text"
  cat "$1"
  echo "$fence"
}
{
  echo "## storygraph check"
  echo
  echo "${checked:-check wrote no summary}: exit code $check_status${sarif:+; SARIF log: \`$sarif\`}"
  echo
  fenced "$scratch/findings"
  if [ ${#tested[@]} -gt 0 ]; then
    echo
    echo "## storygraph test"
    echo
    echo "exit code $test_status"
    echo
    fenced "$scratch/test"
  fi
} >> "$summary"
exit "$status"
