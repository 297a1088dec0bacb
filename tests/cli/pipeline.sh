#!/bin/sh
# SPDX-License-Identifier: MIT
# What a pipeline user relies on (issue 28): output that is never broken
# by what is written into it (the JSON summary beside the JSON records,
# else on standard error; reports on standard error when games go to
# standard output), -i names that keep every tag value apart, and shard
# and picture names that sort.
. "${top_srcdir:-.}/tests/cli/setup.sh"

s=$top_srcdir/samples

# --summary json: never a line inside PDN or FEN output
for t in "pdn-select" "pdn-convert" "pdn-replay" "pdn-legal -w -"; do
    $t --summary json "$s/english.pdn" > "$tmp/out" 2> "$tmp/err" || true
    grep -q '"type":"summary"' "$tmp/out" && { echo "FAIL: $t --summary json: the summary record in the output" >&2; fail=1; }
    grep -q '^{"type":"summary"' "$tmp/err" || { echo "FAIL: $t --summary json: no summary record on stderr" >&2; fail=1; }
done
# ... and the last JSON record when the output holds records
for t in "pdn-select -f json" "pdn-convert -f json" "pdn-replay -f json" "pdn-legal -f json" "pdn-validate -f json"; do
    $t --summary json "$s/english.pdn" > "$tmp/out" 2> "$tmp/err" || true
    tail -n 1 "$tmp/out" | grep -q '^{"type":"summary"' || { echo "FAIL: $t --summary json: not the last record" >&2; fail=1; }
    [ -s "$tmp/err" ] && { echo "FAIL: $t --summary json wrote to stderr: $(head -n 2 "$tmp/err")" >&2; fail=1; }
done

# pdn-legal -w -: the games on standard output, the report on stderr
in=$top_srcdir/tests/data/legal/json/input.pdn
expect_status 1 pdn-legal -q -w - "$s/english.pdn" "$in"
pdn-legal -q -w "$tmp/good.pdn" "$s/english.pdn" "$in" > /dev/null || true
cmp -s "$tmp/out" "$tmp/good.pdn" || { echo "FAIL: pdn-legal -w - differs from -w FILE" >&2; fail=1; }
grep -q ': error: ' "$tmp/out" && { echo "FAIL: pdn-legal -w -: findings among the games" >&2; fail=1; }
grep -q 'input.pdn:10:19: error: ' "$tmp/err" || { echo "FAIL: pdn-legal -w -: no report on stderr" >&2; fail=1; }
pdn-legal -w - "$s/english.pdn" | cmp -s - "$s/english.pdn" || { echo "FAIL: pdn-legal -w - differs from its clean input" >&2; fail=1; }
pdn-legal --summary none -f json -x - "$in" 2> "$tmp/err" > "$tmp/out" || true
jq -c . "$tmp/err" > /dev/null || { echo "FAIL: pdn-legal -f json -x -: stderr is not JSON records" >&2; fail=1; }
grep -q '^\[Event ' "$tmp/out" || { echo "FAIL: pdn-legal -x -: no games on stdout" >&2; fail=1; }
expect_status 2 pdn-legal -w - -x - "$in"

exit $fail
