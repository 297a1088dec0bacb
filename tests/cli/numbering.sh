#!/bin/sh
# SPDX-License-Identifier: MIT
# A bare GameType number of an algebraic board ("25") says nothing of how
# numeric squares are numbered: a game whose FEN can be placed only with
# square 1 on b8 (International's way, not the type's a1), and that is
# legal throughout from there, is read in that numbering with one warning
# that says so, by every tool that replays. A full GameType is believed;
# a game possible in the usual numbering keeps it, silently.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-legal >/dev/null 2>&1 || { echo "SKIP: pdn-legal not built"; exit 77; }

# White on 21-32, Black on 1-12: numbered from a1 both sides would stand on
# their promotion rows; from b8 it is the start, and the moves fit it.
game() {
    printf '[Event "t"]\n[GameType "%s"]\n[FEN "%s"]\n[Result "*"]\n\n%s *\n' "$1" "$2" "$3"
}
game 25 W:W21-32:B1-12 '1. 22-18 11-15 2. 18:11 8:15' >"$tmp/short.pdn"
game 25,W,8,8,A0,0 W:W21-32:B1-12 '1. 22-18 11-15 2. 18:11 8:15' >"$tmp/full.pdn"
game 25 W:W21:B12 '1. 21-25' >"$tmp/both.pdn"

for t in pdn-legal pdn-validate pdn-replay pdn-fix pdn-convert pdn-stats; do
    command -v $t >/dev/null 2>&1 || continue
    expect_status 0 $t "$tmp/short.pdn" || continue
    cat "$tmp/out" "$tmp/err" >"$tmp/all"
    n=$(grep -c 'FEN possible only with square 1 on b8, not a1: replayed as Russian (25,W,8,8,A2,0)' "$tmp/all" || true)
    [ "$n" = 1 ] ||
        { echo "FAIL: $t: $n warnings of the other numbering, not 1" >&2; cat "$tmp/all" >&2; fail=1; }
    ! grep -q 'error:' "$tmp/all" ||
        { echo "FAIL: $t: an error in a game of the other numbering" >&2; cat "$tmp/all" >&2; fail=1; }
done
# a Variant tag names no numbering either
sed 's/GameType "25"/Variant "Russian"/' "$tmp/short.pdn" >"$tmp/variant.pdn"
expect_status 0 pdn-legal "$tmp/variant.pdn" || true
grep -q 'replayed as Russian (25,W,8,8,A2,0)' "$tmp/out" ||
    { echo "FAIL: Variant Russian: not read in the other numbering" >&2; cat "$tmp/out" >&2; fail=1; }
# a full GameType names its numbering: still an error (with the hint)
expect_status 1 pdn-legal "$tmp/full.pdn" || true
grep -q 'error: white man on its promotion row' "$tmp/out" ||
    { echo "FAIL: a full GameType reinterpreted" >&2; cat "$tmp/out" >&2; fail=1; }
grep -q 'warning: setup illegal as Russian (25), but legal as Russian (25,W,8,8,A2,0): wrong GameType?' "$tmp/out" ||
    { echo "FAIL: a full GameType: no hint of the other numbering" >&2; cat "$tmp/out" >&2; fail=1; }
# possible as numbered from a1: read so, silently
expect_status 0 pdn-legal "$tmp/both.pdn" || true
! grep -q 'warning' "$tmp/out" ||
    { echo "FAIL: a setup of the usual numbering: warned" >&2; cat "$tmp/out" >&2; fail=1; }
# the moves decide too: a setup of the other numbering whose moves are
# illegal there stays an error
game 25 W:W21-32:B1-12 '1. 22-19' >"$tmp/bad.pdn"
expect_status 1 pdn-legal "$tmp/bad.pdn" || true
! grep -q 'FEN possible only' "$tmp/out" ||
    { echo "FAIL: an illegal game read in the other numbering" >&2; cat "$tmp/out" >&2; fail=1; }
exit $fail
