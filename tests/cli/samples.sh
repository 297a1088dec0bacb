#!/bin/sh
# SPDX-License-Identifier: MIT
# The README quick start: every sample validates and replays cleanly, and
# the samples cover all fifteen variants.
. "${top_srcdir:-.}/tests/cli/setup.sh"

cd "$top_srcdir/samples"
n=$(ls *.pdn | wc -l)
[ "$n" -ge 15 ] || { echo "FAIL: only $n samples" >&2; fail=1; }
expect_status 0 pdn-validate *.pdn || cat "$tmp/out" >&2
[ -s "$tmp/out" ] && { echo "FAIL: pdn-validate printed findings:" >&2; cat "$tmp/out" >&2; fail=1; }
expect_status 0 pdn-legal *.pdn || cat "$tmp/out" >&2
[ -s "$tmp/out" ] && { echo "FAIL: pdn-legal printed findings:" >&2; cat "$tmp/out" >&2; fail=1; }
# Every game replays to its end (at least 18 plies): one line per game.
games=$(cat *.pdn | grep -c '^\[Event ')
expect_status 0 pdn-replay *.pdn || true
[ "$(wc -l < "$tmp/out")" = "$games" ] || { echo "FAIL: pdn-replay: not one line per game" >&2; fail=1; }
expect_status 0 pdn-replay -a --with-filename *.pdn || true
[ "$(grep -c '^[a-z-]*\.pdn	[0-9]*	0	' "$tmp/out")" = "$games" ] || { echo "FAIL: pdn-replay -a: not one start per game" >&2; fail=1; }
[ "$(grep -c '^[a-z-]*\.pdn	[0-9]*	18	' "$tmp/out")" = "$games" ] || { echo "FAIL: pdn-replay -a: a game has no ply 18" >&2; fail=1; }
# The real game in english.pdn reaches the position published with it.
pdn-replay -n 1 english.pdn | grep -q 'B:WK5,20,21,23,31:B6,10,11,12,13,K25$' ||
    { echo "FAIL: english.pdn game 1 does not reach its published position" >&2; fail=1; }
# Converting to the other notation and back gives the same moves.
for f in *.pdn; do
    pdn-convert -s compat "$f" > "$tmp/a" 2>/dev/null || { echo "FAIL: convert $f" >&2; fail=1; }
    pdn-convert -s compat -m alg "$f" | pdn-convert -s compat -m num > "$tmp/b" 2>/dev/null || true
    pdn-convert -s compat -m num "$f" | pdn-convert -s compat -m alg > "$tmp/c" 2>/dev/null || true
    case $f in
    russian.pdn|brazilian.pdn|czech.pdn|turkish.pdn|spantsiretti.pdn|folk-*.pdn) ref=$tmp/c ;;
    *) ref=$tmp/b ;;
    esac
    pdn-replay -a "$f" | cut -f 4 > "$tmp/p1"
    pdn-replay -a "$ref" | cut -f 4 > "$tmp/p2"
    cmp -s "$tmp/p1" "$tmp/p2" || { echo "FAIL: $f: notation round trip changes the positions" >&2; fail=1; }
    cmp -s "$tmp/a" "$ref" || { echo "FAIL: $f: notation round trip changes the text" >&2; diff "$tmp/a" "$ref" >&2 || true; fail=1; }
done
exit $fail
