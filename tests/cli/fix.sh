#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-fix on the golden fixtures (tests/data/fix): the output reads back
# with the same reader, game for game, and a second run finds nothing to
# repair and changes no byte; -e writes no PDN; -j 2 equals -j 1; an output
# that is an input is refused; a game whose code page is unclear is copied
# byte for byte.
. "${top_srcdir:-.}/tests/cli/setup.sh"

data=$top_srcdir/tests/data/fix
games() { pdn-replay -q "$1" 2>/dev/null | wc -l; }
for dir in "$data"/*/; do
    name=$(basename "$dir")
    in=$dir/input.pdn
    args=
    [ -f "$dir/args" ] && args=$(cat "$dir/args")
    case $args in *-e*|*--games*) continue ;; esac
    # $args is split into words on purpose.
    pdn-fix $args "$in" > "$tmp/out" 2> "$tmp/err" || true
    # read back: as many games, none unreadable
    [ "$(games "$in")" = "$(games "$tmp/out")" ] ||
        { echo "FAIL: $name: $(games "$in") games in, $(games "$tmp/out") out" >&2; fail=1; }
    pdn-convert -q "$tmp/out" > /dev/null 2>&1 ||
        { echo "FAIL: $name: the output does not read back cleanly" >&2; fail=1; }
    # a second run: no note, no change
    pdn-fix $args "$tmp/out" > "$tmp/again" 2> "$tmp/err2" || true
    if grep -q ': note: ' "$tmp/err2"; then
        echo "FAIL: $name: a second run repairs again:" >&2
        grep ': note: ' "$tmp/err2" | head -3 >&2
        fail=1
    fi
    cmp -s "$tmp/out" "$tmp/again" ||
        { echo "FAIL: $name: a second run changes the output" >&2; fail=1; }
    # threads change nothing
    pdn-fix -j 2 $args "$in" > "$tmp/j2" 2> "$tmp/errj2" || true
    cp "$tmp/err" "$tmp/errj1"
    untime "$tmp/errj1" "$tmp/errj2"
    cmp -s "$tmp/out" "$tmp/j2" && cmp -s "$tmp/errj1" "$tmp/errj2" ||
        { echo "FAIL: $name: -j 2 differs from -j 1" >&2; fail=1; }
    # -e: the same findings on stdout, no PDN
    pdn-fix -e $args "$in" > "$tmp/dry" 2> /dev/null || true
    sed 's/^pdn-fix: //' "$tmp/err" | grep ': note: ' > "$tmp/notes" || true
    grep ': note: ' "$tmp/dry" > "$tmp/drynotes" || true
    cmp -s "$tmp/notes" "$tmp/drynotes" ||
        { echo "FAIL: $name: -e lists other repairs" >&2; fail=1; }
    grep -q '^\[' "$tmp/dry" && { echo "FAIL: $name: -e wrote PDN" >&2; fail=1; }
done

# A file with nothing to repair comes out byte for byte, CR LF included.
sed 's/$/\r/' "$data/clean/input.pdn" > "$tmp/crlf.pdn"
pdn-fix --summary none "$tmp/crlf.pdn" > "$tmp/out" 2> "$tmp/err"
cmp -s "$tmp/crlf.pdn" "$tmp/out" || { echo "FAIL: a clean CR LF file changed" >&2; fail=1; }
[ -s "$tmp/err" ] && { echo "FAIL: a clean file got findings: $(head -1 "$tmp/err")" >&2; fail=1; }
# A repaired game of a CR LF file keeps CR LF line ends.
sed 's/$/\r/' "$data/dates/input.pdn" > "$tmp/crlf.pdn"
pdn-fix -q "$tmp/crlf.pdn" > "$tmp/out" 2> /dev/null
[ "$(grep -c "$(printf '\r')\$" "$tmp/out")" = "$(wc -l < "$tmp/out")" ] ||
    { echo "FAIL: a repaired CR LF file has LF line ends" >&2; fail=1; }

# The game whose code page is unclear is copied byte for byte.
awk '/^\[Event "Match"\]/ { p = 1 } p' "$data/encoding/input.pdn" > "$tmp/unsure.pdn"
pdn-fix "$tmp/unsure.pdn" > "$tmp/out" 2> "$tmp/err"
cmp -s "$tmp/unsure.pdn" "$tmp/out" || { echo "FAIL: an unclear code page was changed" >&2; fail=1; }
grep -q "code page is unclear" "$tmp/err" || { echo "FAIL: no warning for an unclear code page" >&2; fail=1; }
# Read from standard input, each game decides alone: the same repairs.
pdn-fix < "$data/encoding/input.pdn" > "$tmp/stdin.out" 2> /dev/null
pdn-fix "$data/encoding/input.pdn" > "$tmp/file.out" 2> /dev/null
cmp -s "$tmp/stdin.out" "$tmp/file.out" || { echo "FAIL: stdin and file differ" >&2; fail=1; }

# A game over the reader's limits is copied whole from the file (status 1
# for its error); from standard input it cannot be: status 2.
{ printf '[Event "a"]\n[Date "1841-??-??"]\n[GameType "21"]\n\n1. 11-15 24-19 *\n\n'
  printf '[Event "b"]\n[GameType "21"]\n\n1. 11-15 {'
  awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%0100d", 0 }'
  printf '} 24-19 *\n\n[Event "c"]\n[GameType "21"]\n\n1. 11-15 24-19 *\n'; } > "$tmp/big.pdn"
expect_status 1 pdn-fix -o "$tmp/big.out" "$tmp/big.pdn" || true
awk 'NR > 4' "$tmp/big.pdn" > "$tmp/big.tail"
awk 'NR > 4' "$tmp/big.out" | cmp -s - "$tmp/big.tail" ||
    { echo "FAIL: a game over the size limit was not copied whole" >&2; fail=1; }
# Standard input redirected from the file can be read again: the same.
expect_status 1 pdn-fix < "$tmp/big.pdn" || true
cmp -s "$tmp/out" "$tmp/big.out" ||
    { echo "FAIL: a game over the size limit on stdin from a file was not copied whole" >&2; fail=1; }
# A pipe cannot: the game is left out (never cut), status 2, games a and c
# still repaired.
set +e; cat "$tmp/big.pdn" | pdn-fix > "$tmp/pipe.out" 2> "$tmp/err"; st=$?; set -e
[ "$st" = 2 ] && grep -q 'game 2 is over the size limit (2000052 bytes, more than --max-game-size 1048576): left out' "$tmp/err" ||
    { echo "FAIL: a game over the limit on a pipe: status $st" >&2; cat "$tmp/err" >&2; fail=1; }
grep -q '^\[Event "c"\]' "$tmp/pipe.out" && ! grep -q '^\[Event "b"\]' "$tmp/pipe.out" ||
    { echo "FAIL: a game over the limit on a pipe: not left out alone" >&2; fail=1; }

# Safe outputs: an input as output is refused, and left as it was.
cp "$data/dates/input.pdn" "$tmp/in.pdn"
expect_status 2 pdn-fix -o "$tmp/in.pdn" "$tmp/in.pdn" || true
cmp -s "$tmp/in.pdn" "$data/dates/input.pdn" || { echo "FAIL: -o over the input changed it" >&2; fail=1; }
expect_status 0 pdn-fix -q -o "$tmp/fixed.pdn" "$tmp/in.pdn" || true
[ -s "$tmp/out" ] && { echo "FAIL: -o also wrote to stdout" >&2; fail=1; }
grep -q '^\[Date "1841\.??\.??"\]' "$tmp/fixed.pdn" || { echo "FAIL: -o: no repaired date" >&2; fail=1; }
# -W: the warning of an ambiguous date is a problem
expect_status 1 pdn-fix -W -e "$data/dates-ambiguous/input.pdn" || true
exit $fail
