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

# -i: every tag value its own name (UTF-8 kept, '/' and '%' escaped), a
# game without the tag in a name no value gives, files written whole at
# the end or not at all
game() { printf '[Event "%s"]\n[GameType "21"]\n\n1. 11-15 *\n\n' "$1"; }
{ game 'Москва'; game 'Ростов'; game 'Kyiv 1'; game 'Kyiv/1'; game 'Kyiv%2F1'
  game '%none'; game ''; printf '[Site "x"]\n[GameType "21"]\n\n1. 11-15 *\n\n'
  game '..'; game 'a:b' ; } > "$tmp/ev.pdn"
mkdir "$tmp/ev"
pdn-select -q --summary none -i "$tmp/ev/%{Event}.pdn" "$tmp/ev.pdn" || { echo "FAIL: -i by Event failed" >&2; fail=1; }
(cd "$tmp/ev" && ls -A) > "$tmp/names"
printf '%s\n' '%25none.pdn' '%2E..pdn' 'Kyiv 1.pdn' 'Kyiv%252F1.pdn' 'Kyiv%2F1.pdn' \
    '%none.pdn' 'a%3Ab.pdn' 'Москва.pdn' 'Ростов.pdn' | sort > "$tmp/want"
sort "$tmp/names" | cmp -s - "$tmp/want" || { echo "FAIL: -i names:" >&2; diff "$tmp/want" "$tmp/names" >&2; fail=1; }
[ "$(grep -c '^\[' "$tmp/ev/%none.pdn")" = 4 ] || { echo "FAIL: -i: %none.pdn should hold the two games without an Event value" >&2; fail=1; }
[ "$(cat "$tmp/ev"/* | wc -c)" = "$(wc -c < "$tmp/ev.pdn")" ] || { echo "FAIL: -i lost bytes" >&2; fail=1; }
# a name that cannot be written: nothing is written, no temporary is left
mkdir "$tmp/ev2" "$tmp/ev2/Ростов.pdn"
expect_status 2 pdn-select -i "$tmp/ev2/%{Event}.pdn" "$tmp/ev.pdn"
[ "$(ls -A "$tmp/ev2")" = "Ростов.pdn" ] || { echo "FAIL: -i wrote some files though one failed: $(ls -A "$tmp/ev2" | tr '\n' ' ')" >&2; fail=1; }
grep -q 'none of the' "$tmp/err" || { echo "FAIL: -i failure not reported: $(cat "$tmp/err")" >&2; fail=1; }

# shards: names sort past 9,999 shards, cat rebuilds the input
i=0
while [ $i -lt 10001 ]; do printf '[GameType "21"]\n\n1. 11-15 *\n\n'; i=$((i + 1)); done > "$tmp/many.pdn"
mkdir "$tmp/sh"
pdn-select -q --summary none --shard-games 1 -i "$tmp/sh/p%{shard}.pdn" "$tmp/many.pdn"
[ "$(ls "$tmp/sh" | head -n 1)" = p00001.pdn ] && [ "$(ls "$tmp/sh" | tail -n 1)" = p10001.pdn ] ||
    { echo "FAIL: shard names: $(ls "$tmp/sh" | head -n 1) ... $(ls "$tmp/sh" | tail -n 1)" >&2; fail=1; }
cat "$tmp/sh"/*.pdn | cmp -s - "$tmp/many.pdn" || { echo "FAIL: cat of the shards is not the input" >&2; fail=1; }
rm -rf "$tmp/sh"

# pdn-replay -O: two operands of one name write distinct pictures, and
# the names sort in game and ply order
mkdir "$tmp/a" "$tmp/b" "$tmp/svg"
cp "$s/english.pdn" "$tmp/a/x.pdn"
cp "$s/english.pdn" "$tmp/b/x.pdn"
pdn-replay -q -f svg -O "$tmp/svg" "$tmp/a/x.pdn" "$tmp/b/x.pdn"
n=$(ls "$tmp/svg" | wc -l)
[ "$n" = 4 ] || { echo "FAIL: pdn-replay -O: $n pictures of 4 games" >&2; fail=1; }
rm -f "$tmp/svg"/*
pdn-replay -q -a -f svg -O "$tmp/svg" "$tmp/a/x.pdn"
ls "$tmp/svg" > "$tmp/names"
pdn-replay -q -a "$tmp/a/x.pdn" | awk -F'\t' '{ printf "x-g%06d-p%04d.svg\n", $1, $2 }' > "$tmp/want"
cmp -s "$tmp/names" "$tmp/want" || { echo "FAIL: pdn-replay -O names do not sort in game and ply order" >&2; diff "$tmp/want" "$tmp/names" | head >&2; fail=1; }

exit $fail
