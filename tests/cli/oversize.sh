#!/bin/sh
# SPDX-License-Identifier: MIT
# A game over the reader's size limit (a 2 MB comment), between two normal
# games. From a file (and from standard input redirected from it) every tool
# that copies games writes it whole, byte for byte: pdn-convert, pdn-fix,
# pdn-select (plain, -x, --sort, -i shards), pdn-legal -w/-x, at -j 1 and 2.
# From a pipe all of them behave alike: status 2, an error naming the game
# and its size, the game left out (never cut inside its comment, never
# "(null)"), the next game still written. --max-game-size raises the limit
# (then the pipe gives the game whole), and lowers it.
. "${top_srcdir:-.}/tests/cli/setup.sh"

for t in pdn-convert pdn-fix pdn-select pdn-legal; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not built"; exit 77; }
done

a='[Event "a"]
[GameType "20"]
[Result "*"]

1. 32-28 19-23 *
'
c='[Event "c"]
[GameType "20"]
[Result "*"]

1. 32-28 19-23 2. 28x19 14x23 *
'
{ printf '%s\n' "$a"
  printf '[Event "big"]\n[GameType "20"]\n[Result "*"]\n\n1. 32-28 {'
  awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%0100d", 0 }'
  printf '} 19-23 *\n\n'
  printf '%s' "$c"; } >"$tmp/in.pdn"
printf '%s\n' "$a" >"$tmp/a.pdn"
printf '%s' "$c" >"$tmp/c.pdn"
size=$(wc -c <"$tmp/in.pdn")
# game 2 alone, as written (from its tag line to the blank line after it)
head -c $((size - $(wc -c <"$tmp/c.pdn"))) "$tmp/in.pdn" | tail -c +$(($(wc -c <"$tmp/a.pdn") + 1)) >"$tmp/big.pdn"
big=$(wc -c <"$tmp/big.pdn")
[ "$big" -gt 2000000 ] || { echo "FAIL: the test game is $big bytes" >&2; exit 1; }

# has FILE: the output holds the game over the limit whole, from its tag
# line on.
has() {
    n=$(grep -n '^\[Event "big"\]$' "$1" | cut -d: -f1)
    [ -n "$n" ] && tail -n +"$n" "$1" | head -c "$big" | cmp -s - "$tmp/big.pdn"
}

for j in 1 2; do
    # byte for byte where the tool copies every game as it is
    for t in "pdn-select" "pdn-fix" "pdn-select --sort Event"; do
        # shellcheck disable=SC2086
        expect_status 1 $t -j $j "$tmp/in.pdn" || continue
        cmp -s "$tmp/out" "$tmp/in.pdn" ||
            { echo "FAIL: $t -j $j: the file's games not copied byte for byte" >&2; fail=1; }
        # shellcheck disable=SC2086
        expect_status 1 $t -j $j <"$tmp/in.pdn" || continue
        cmp -s "$tmp/out" "$tmp/in.pdn" ||
            { echo "FAIL: $t -j $j < FILE: not copied byte for byte" >&2; fail=1; }
    done
    # pdn-convert rewrites the others, and copies the game it cannot read
    expect_status 1 pdn-convert -j $j "$tmp/in.pdn" || true
    has "$tmp/out" && grep -q '^\[Event "c"\]' "$tmp/out" ||
        { echo "FAIL: pdn-convert -j $j: the game over the limit is not whole" >&2; fail=1; }
done
# pdn-legal -x alone: the game goes to the file of illegal games whole
# (with the blank line before it: the end of game 1's line goes to -w)
expect_status 1 pdn-legal -g 20 -x "$tmp/bad.pdn" "$tmp/in.pdn" || true
{ printf '\n'; cat "$tmp/big.pdn"; } | cmp -s - "$tmp/bad.pdn" ||
    { echo "FAIL: pdn-legal -x: the game over the limit is not whole" >&2; fail=1; }
# shards concatenate to the input
mkdir "$tmp/s"
expect_status 1 pdn-select --shard-games 1 -i "$tmp/s/s-%{shard}.pdn" "$tmp/in.pdn" || true
cat "$tmp"/s/s-*.pdn | cmp -s - "$tmp/in.pdn" ||
    { echo "FAIL: pdn-select --shard-games: the shards are not the input" >&2; fail=1; }

# From a pipe: one behaviour everywhere.
for t in "pdn-select" "pdn-fix" "pdn-convert" "pdn-legal -x -" "pdn-select --sort Event"; do
    set +e
    # shellcheck disable=SC2086
    cat "$tmp/in.pdn" | $t >"$tmp/out" 2>"$tmp/err"
    st=$?
    set -e
    [ "$st" = 2 ] || { echo "FAIL: $t on a pipe: status $st, expected 2" >&2; fail=1; }
    grep -q "game 2 is over the size limit (20000[0-9][0-9] bytes, more than --max-game-size 1048576): left out" "$tmp/err" ||
        { echo "FAIL: $t on a pipe: no error naming game 2 and its size" >&2; sed 's/^/  /' "$tmp/err" >&2; fail=1; }
    ! grep -q '(null)' "$tmp/err" || { echo "FAIL: $t on a pipe: (null) in a message" >&2; fail=1; }
    ! grep -q '00000000\|\[Event "big"\]' "$tmp/out" ||
        { echo "FAIL: $t on a pipe: a part of the game is written" >&2; fail=1; }
    case $t in
    pdn-legal*) ;; # games 1 and 3 are legal: not for -x
    *) grep -q '^\[Event "a"\]' "$tmp/out" && grep -q '^\[Event "c"\]' "$tmp/out" ||
        { echo "FAIL: $t on a pipe: games 1 and 3 not both written" >&2; fail=1; } ;;
    esac
done
# pdn-select and pdn-fix leave the others as they were
cat "$tmp/in.pdn" | pdn-select 2>/dev/null >"$tmp/out" || true
cat "$tmp/a.pdn" "$tmp/c.pdn" | cmp -s - "$tmp/out" ||
    { echo "FAIL: pdn-select on a pipe: games 1 and 3 not as written" >&2; fail=1; }

# --max-game-size: a larger limit reads it whole, from a pipe too
for t in "pdn-select" "pdn-fix"; do
    set +e
    # shellcheck disable=SC2086
    cat "$tmp/in.pdn" | $t --max-game-size 4M >"$tmp/out" 2>"$tmp/err"
    st=$?
    set -e
    [ "$st" = 0 ] && cmp -s "$tmp/out" "$tmp/in.pdn" ||
        { echo "FAIL: $t --max-game-size 4M on a pipe: status $st or not the input" >&2; sed 's/^/  /' "$tmp/err" >&2; fail=1; }
done
# a smaller one makes a small game too long, still copied whole
expect_status 1 pdn-select --max-game-size 1K "$tmp/in.pdn" || true
grep -q 'game longer than 1024 bytes (game 2)' "$tmp/err" && cmp -s "$tmp/out" "$tmp/in.pdn" ||
    { echo "FAIL: --max-game-size 1K: no limit error, or not copied whole" >&2; fail=1; }
for bad in 0 1023 2G 5X -1; do
    expect_status 2 pdn-convert --max-game-size "$bad" "$tmp/a.pdn" || true
    grep -q 'invalid size' "$tmp/err" || { echo "FAIL: --max-game-size $bad: no usage error" >&2; fail=1; }
done
exit $fail
