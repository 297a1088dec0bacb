#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-perft against the published perft tables (reference section 6), to a
# depth that separates each variant from its neighbours (Czech from English
# at 9, Spanish from Italian at 9, pool from Russian at 8, Spantsiretti
# from International at 7); -D totals; -u on a position with a duplicate
# capture; option and write errors.
. "${top_srcdir:-.}/tests/cli/setup.sh"

# check_table GAMETYPE DEPTH COUNTS...: the counts of depths 1..DEPTH.
check_table() {
    gt=$1
    depth=$2
    shift 2
    : > "$tmp/want"
    d=1
    for n in "$@"; do
        [ "$d" -le "$depth" ] || break
        printf '%s\t%s\n' "$d" "$n" >> "$tmp/want"
        d=$((d + 1))
    done
    if expect_status 0 pdn-perft -g "$gt" -d "$depth"; then
        if ! cmp -s "$tmp/out" "$tmp/want"; then
            echo "FAIL: pdn-perft -g $gt -d $depth differs from the table:" >&2
            diff "$tmp/want" "$tmp/out" | sed 's/^/  /' >&2
            fail=1
        fi
        # Timing lines on stderr, one per depth.
        n=$(grep -c '^pdn-perft: depth [0-9]*: [0-9.]* s, [0-9]* nodes/s$' "$tmp/err" || true)
        [ "$n" = "$depth" ] || { echo "FAIL: -g $gt: $n timing lines, expected $depth" >&2; fail=1; }
    fi
}

check_table 21 9 7 49 302 1469 7361 36768 179740 845931 3963680
check_table 20 6 9 81 658 4265 27117 167140
check_table 25 8 7 49 302 1469 7482 37986 190146 929899
check_table 26 8 7 49 302 1469 7473 37628 187302 907830
check_table 23 8 7 49 302 1469 7482 37986 190146 929896
check_table 22 9 7 49 302 1469 7361 36473 177532 828783 3860875
check_table 24 9 7 49 302 1469 7361 36473 177532 828783 3860866
check_table 29 9 7 49 302 1469 7361 36768 179740 845931 3963671
check_table 40 6 9 81 658 3874 21265 102431
check_table 27 5 11 121 1222 10053 79049
check_table 41 7 9 81 658 4265 27117 167140 1029319

# Names and full GameType values select the same rules.
for gt in russian "Russian draughts" "25,W,8,8,A0,0"; do
    if expect_status 0 pdn-perft -g "$gt" -d 5; then
        [ "$(tail -1 "$tmp/out")" = "$(printf '5\t7482')" ] ||
            { echo "FAIL: -g '$gt' -d 5: $(tail -1 "$tmp/out")" >&2; fail=1; }
    fi
done

# -D: one line per first move, their sum, and a total equal to the plain
# count of that depth.
for case in "21 6 36768 7" "20 5 27117 9" "25 6 37986 7" "40 5 21265 9" \
            "30 4 - 0" "31 4 - 0"; do
    set -- $case
    gt=$1 depth=$2 exp=$3 moves=$4
    expect_status 0 pdn-perft -g "$gt" -d "$depth" || continue
    plain=$(tail -1 "$tmp/out" | cut -f2)
    [ "$exp" = - ] || [ "$plain" = "$exp" ] ||
        { echo "FAIL: -g $gt -d $depth gave $plain" >&2; fail=1; }
    expect_status 0 pdn-perft -g "$gt" -d "$depth" -D || continue
    total=$(awk -F '\t' '$1 == "total" { print $2 }' "$tmp/out")
    sum=$(awk -F '\t' '$1 != "total" { s += $2 } END { print s }' "$tmp/out")
    nmoves=$(awk -F '\t' '$1 != "total"' "$tmp/out" | wc -l | tr -d ' ')
    [ "$total" = "$plain" ] ||
        { echo "FAIL: -g $gt -d $depth -D total $total, plain $plain" >&2; fail=1; }
    [ "$sum" = "$total" ] ||
        { echo "FAIL: -g $gt -D lines sum to $sum, total $total" >&2; fail=1; }
    [ "$moves" = 0 ] || [ "$nmoves" = "$moves" ] ||
        { echo "FAIL: -g $gt -D: $nmoves first moves, expected $moves" >&2; fail=1; }
done

# The first moves are written in the variant's short notation (in the
# generator's order, which is not part of the output's contract).
if expect_status 0 pdn-perft -g 25 -d 1 -D; then
    printf 'a3-b4\t1\nc3-b4\t1\nc3-d4\t1\ne3-d4\t1\ne3-f4\t1\ng3-f4\t1\ng3-h4\t1\ntotal\t7\n' > "$tmp/want"
    { grep -v '^total' "$tmp/out" | sort; grep '^total' "$tmp/out"; } > "$tmp/sorted"
    cmp -s "$tmp/sorted" "$tmp/want" ||
        { echo "FAIL: pdn-perft -g 25 -d 1 -D:" >&2; cat "$tmp/out" >&2; fail=1; }
fi

# Duplicates: the king on 38 takes 18, 19, 32 and 33 round a circle either
# way. Merged, that is one move among five; counted apart, two of six.
# The circular capture is written with its path.
circ=W:WK38:B18,19,32,33
expect_status 0 pdn-perft -g 20 -F "$circ" -d 1 &&
    { [ "$(cat "$tmp/out")" = "$(printf '1\t5')" ] ||
        { echo "FAIL: circular capture merged: $(cat "$tmp/out")" >&2; fail=1; }; }
expect_status 0 pdn-perft -g 20 -F "$circ" -d 1 -u &&
    { [ "$(cat "$tmp/out")" = "$(printf '1\t6')" ] ||
        { echo "FAIL: circular capture with -u: $(cat "$tmp/out")" >&2; fail=1; }; }
expect_status 0 pdn-perft -g 20 -F "$circ" -d 1 -D &&
    { grep -q "^38x27x13x24x38	1$" "$tmp/out" ||
        { echo "FAIL: circular capture not written with its path" >&2; fail=1; }; }
# English: the first duplicates occur deep; to depth 7 both counts agree.
expect_status 0 pdn-perft -g 21 -d 7 -u &&
    { [ "$(tail -1 "$tmp/out")" = "$(printf '7\t179740')" ] ||
        { echo "FAIL: English -u -d 7: $(tail -1 "$tmp/out")" >&2; fail=1; }; }
# A position with no legal move counts 0.
expect_status 0 pdn-perft -g 20 -F W:W46:B37,41 -d 2 &&
    { [ "$(cat "$tmp/out")" = "$(printf '1\t0\n2\t0')" ] ||
        { echo "FAIL: blocked position: $(cat "$tmp/out")" >&2; fail=1; }; }

# -j: the same output on 2 and 3 threads as on one, plain and divided,
# merged and with -u where duplicate captures lie at the first ply (the
# start position is then counted whole), at the second (a quiet white
# move, then the black king's circle) and deeper, and for a blocked
# position.
for args in "-g 21 -d 8" "-g 20 -d 6" "-g 21 -d 7 -D" "-g 20 -d 5 -D" \
            "-g 20 -d 2 -D" "-g 30 -d 6 -u" "-g 21 -d 9 -u" \
            "-g 20 -F W:WK38,49:B18,19,32,33,3,4 -d 6 -u" \
            "-g 20 -F W:WK38,49:B18,19,32,33,3,4 -d 6 -u -D" \
            "-g 20 -F W:W18,19,32,33,50:BK13,8,9 -d 6 -u" \
            "-g 20 -F W:W18,19,32,33,50:BK13,8,9 -d 6 -u -D" \
            "-g 20 -F W:W46:B37,41 -d 5" "-g 20 -F W:W46:B37,41 -d 5 -D"; do
    # shellcheck disable=SC2086
    expect_status 0 pdn-perft $args -j 1 || continue
    mv "$tmp/out" "$tmp/one"
    for j in 2 3; do
        # shellcheck disable=SC2086
        expect_status 0 pdn-perft $args -j $j &&
            { cmp -s "$tmp/out" "$tmp/one" ||
                { echo "FAIL: pdn-perft $args -j $j differs from -j 1:" >&2
                  diff "$tmp/one" "$tmp/out" | sed 's/^/  /' >&2; fail=1; }; }
    done
done
# The positions above do have duplicates where they are meant to.
expect_status 0 pdn-perft -g 20 -F W:W18,19,32,33,50:BK13,8,9 -d 2 -j 2 &&
    { [ "$(cat "$tmp/out")" = "$(printf '1\t8\n2\t22')" ] ||
        { echo "FAIL: duplicates at ply 2, merged: $(tail -1 "$tmp/out")" >&2; fail=1; }; }
expect_status 0 pdn-perft -g 20 -F W:W18,19,32,33,50:BK13,8,9 -d 2 -u -j 2 &&
    { [ "$(cat "$tmp/out")" = "$(printf '1\t8\n2\t26')" ] ||
        { echo "FAIL: duplicates at ply 2, -u: $(tail -1 "$tmp/out")" >&2; fail=1; }; }

# Usage errors: exit 2, a message and the hint.
for args in "-g nosuchgame" "-d 0" "-d 31" "-d x" "-g 20 -F W:W99:B1" "-F nonsense" \
            "-g" "extra" "-j 257" "-j x"; do
    # shellcheck disable=SC2086
    if expect_status 2 pdn-perft $args; then
        grep -q "^pdn-perft: " "$tmp/err" ||
            { echo "FAIL: pdn-perft $args: no message" >&2; fail=1; }
        grep -q "Try 'pdn-perft --help'" "$tmp/err" ||
            { echo "FAIL: pdn-perft $args: no hint" >&2; fail=1; }
        [ -s "$tmp/out" ] && { echo "FAIL: pdn-perft $args wrote to stdout" >&2; fail=1; }
    fi
done

# A write error on stdout is a system error.
if [ -w /dev/full ]; then
    set +e
    pdn-perft -d 2 >/dev/full 2>"$tmp/err"
    st=$?
    set -e
    [ "$st" = 2 ] || { echo "FAIL: pdn-perft >/dev/full exited $st" >&2; fail=1; }
    grep -q "write error" "$tmp/err" || { echo "FAIL: >/dev/full: no write error message" >&2; fail=1; }
fi
exit $fail
