#!/bin/sh
# SPDX-License-Identifier: MIT
# Saying what was checked: the closing summary (text on standard error
# unless -q, the last JSON record with --summary json, none with --summary none), the
# warning for an input with no games, the progress line (never when
# standard error is not a terminal unless --progress), and the scale-out options
# --games (a game range of a file) and --label (the name of standard input), whose
# findings keep the whole file's name, game numbers and lines.
. "${top_srcdir:-.}/tests/cli/setup.sh"

s=$top_srcdir/samples
in=$top_srcdir/tests/data/legal/json/input.pdn
re='^pdn-legal: 2 files, [0-9]* games, [0-9]* plies replayed, [0-9]* errors, [0-9]* warnings* in [0-9]*\.[0-9] s$'

# text summary: the one last line of standard error
pdn-legal "$s/english.pdn" "$in" > /dev/null 2> "$tmp/err" || true
tail -n 1 "$tmp/err" | grep -q "$re" || { echo "FAIL: no text summary: $(tail -n 1 "$tmp/err")" >&2; fail=1; }
games=$(pdn-legal -f json --summary json "$s/english.pdn" "$in" 2>/dev/null | tail -n 1 | sed 's/.*"games":\([0-9]*\).*/\1/')
want=$(( $(grep -c '^\[Event ' "$s/english.pdn") + $(grep -c '^\[Event ' "$in") ))
[ "$games" = "$want" ] || { echo "FAIL: the summary counts $games games, the inputs hold $want" >&2; fail=1; }
errors=$(pdn-legal -f json --summary json "$in" 2>/dev/null | tail -n 1 | sed 's/.*"errors":\([0-9]*\).*/\1/')
nerr=$(pdn-legal -f json "$in" 2>/dev/null | grep -c '"severity":"error"' || true)
[ "$errors" = "$nerr" ] || { echo "FAIL: the summary counts $errors errors, the output holds $nerr" >&2; fail=1; }
# -q: none; --summary none: none; --summary json: the last record, nothing on stderr
pdn-legal -q "$in" > /dev/null 2> "$tmp/err" || true
[ -s "$tmp/err" ] && { echo "FAIL: -q printed a summary" >&2; fail=1; }
pdn-legal --summary none "$s/english.pdn" > /dev/null 2> "$tmp/err" || true
[ -s "$tmp/err" ] && { echo "FAIL: --summary none printed a summary" >&2; fail=1; }
pdn-convert -f json --summary json "$s/english.pdn" > "$tmp/out" 2> "$tmp/err" || true
[ -s "$tmp/err" ] && { echo "FAIL: --summary json wrote to stderr" >&2; fail=1; }
tail -n 1 "$tmp/out" | grep -q '^{"type":"summary","file":null,"game":null,"files":1,"games":2,"plies":[1-9][0-9]*,"errors":0,"warnings":0,"seconds":[0-9.]*}$' ||
    { echo "FAIL: --summary json: last record $(tail -n 1 "$tmp/out")" >&2; fail=1; }

# an input with no games is a warning (status 1 with -W)
: > "$tmp/empty.pdn"
for t in pdn-validate pdn-legal pdn-replay pdn-convert; do
    set +e
    $t -W "$tmp/empty.pdn" > "$tmp/out" 2> "$tmp/err"
    st=$?
    set -e
    cat "$tmp/out" "$tmp/err" | grep -q "$tmp/empty.pdn: warning: no games found" ||
        { echo "FAIL: $t: no 'no games found' warning" >&2; fail=1; }
    [ "$st" = 1 ] || { echo "FAIL: $t -W on an empty file exited $st" >&2; fail=1; }
done

# the progress line: never on a pipe or file unless --progress, then erased
pdn-legal "$in" "$in" > /dev/null 2> "$tmp/err" || true
grep -q "$(printf '\r')" "$tmp/err" && { echo "FAIL: a progress line on a file" >&2; fail=1; }
i=0
while [ $i -lt 30 ]; do cat "$s/international.pdn"; i=$((i + 1)); done > "$tmp/many.pdn"
i=0
while [ $i -lt 300 ]; do cat "$tmp/many.pdn"; i=$((i + 1)); done > "$tmp/big.pdn"
pdn-legal --progress "$tmp/big.pdn" > /dev/null 2> "$tmp/err" || true
grep -q "$(printf '\r')" "$tmp/err" || { echo "FAIL: --progress drew no progress line" >&2; fail=1; }
grep -q 'games/s' "$tmp/err" || { echo "FAIL: --progress: the line gives no rate" >&2; fail=1; }
pdn-legal --progress --no-progress "$tmp/big.pdn" > /dev/null 2> "$tmp/err" || true
grep -q "$(printf '\r')" "$tmp/err" && { echo "FAIL: --no-progress after --progress still drew" >&2; fail=1; }

# -k: a range keeps the file's numbers and lines; the ranges of a file
# together give the findings of the whole file
pdn-legal "$in" > "$tmp/all" 2>/dev/null || true
n=$(grep -c '^\[Event ' "$in")
: > "$tmp/parts"
k=1
while [ $k -le "$n" ]; do
    pdn-legal --games $k-$((k + 2)) "$in" >> "$tmp/parts" 2>/dev/null || true
    k=$((k + 3))
done
cmp -s "$tmp/all" "$tmp/parts" || { echo "FAIL: --games ranges differ from the whole file" >&2; diff "$tmp/all" "$tmp/parts" >&2; fail=1; }
grep -q ' (game 8)$' "$tmp/all" || { echo "FAIL: the test input lost its game 8 finding" >&2; fail=1; }
pdn-legal --games 8 "$in" > "$tmp/one" 2>/dev/null || true
[ "$(cat "$tmp/one")" = "$(grep ' (game 8)$' "$tmp/all")" ] || { echo "FAIL: --games 8: $(cat "$tmp/one")" >&2; fail=1; }
pdn-legal --games 50- "$in" > "$tmp/out" 2>/dev/null || true
grep -q "warning: no game in the range 50- (the input has $n)" "$tmp/out" || { echo "FAIL: --games past the end: $(cat "$tmp/out")" >&2; fail=1; }
expect_status 2 pdn-legal --games 5-3 "$in"
expect_status 2 pdn-legal --games 0 "$in"
expect_status 2 pdn-legal --games x- "$in"
# -w with a range writes the range's games only
pdn-legal -q --games 2-3 -w "$tmp/ok" -x "$tmp/bad" "$in" > /dev/null 2>&1 || true
[ "$(cat "$tmp/ok" "$tmp/bad" | grep -c '^\[Event ')" = 2 ] || { echo "FAIL: --games 2-3 -w -x did not write two games" >&2; fail=1; }

# -L: standard input named as its file
pdn-legal --label "$in" < "$in" > "$tmp/lab" 2>/dev/null || true
(cd "$(dirname "$in")" && pdn-legal "$in") > "$tmp/all" 2>/dev/null || true
cmp -s "$tmp/all" "$tmp/lab" || { echo "FAIL: --label NAME on stdin differs from reading NAME" >&2; diff "$tmp/all" "$tmp/lab" | head >&2; fail=1; }
# folded warnings: the "N more games like ..." line is no warning of its
# own; the summary counts what -E shows and JSON holds
fin=$top_srcdir/tests/data/validate/fold/input.pdn
for t in pdn-validate; do
    $t "$fin" > "$tmp/out" 2> "$tmp/err" || true
    grep -q 'more games* like game' "$tmp/out" || { echo "FAIL: $t: the fold test input folds nothing" >&2; fail=1; }
    w=$(tail -n 1 "$tmp/err" | sed -n 's/.* \([0-9]*\) warnings* in .*/\1/p')
    want=$($t -E "$fin" 2>/dev/null | grep -c ': warning: ' || true)
    wjson=$($t -f json --summary json "$fin" 2>/dev/null | tail -n 1 | sed 's/.*"warnings":\([0-9]*\).*/\1/')
    [ "$w" = "$want" ] && [ "$wjson" = "$want" ] ||
        { echo "FAIL: $t: summary counts $w warnings (JSON $wjson), -E shows $want" >&2; fail=1; }
done
exit $fail
