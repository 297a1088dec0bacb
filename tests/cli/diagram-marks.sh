#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-replay -f svg draws the [%csl] squares and [%cal] arrows of the
# comments that stand at the position (after its move, before the next,
# the game's at the end), in the viewer's colours: on one diagram, on a
# sheet (-t) and on book diagrams (--no-last-move); squares under the
# pieces, arrows over them; unknown colours and squares off the board
# left out.
. "${top_srcdir:-.}/tests/cli/setup.sh"
cd "$tmp"
check() { # check NAME: records a failure with NAME
    echo "FAIL: $1" >&2
    fail=1
}
cat >m.pdn <<'PDN'
[Event "Book"]
[GameType "20"]
[Result "*"]

{[%csl Y32]} 1. 32-28 {good [%csl G28,R19,B23,X30,R99] [%cal G28-23,R19-23]}
19-23 2. 28x19 14x23 {[%cal Y37-32]} *

[Event "Russian"]
[GameType "25"]
[Result "*"]

1. c3-d4 {[%csl Rd4,Gh9] [%cal Bd4-e5]} *
PDN
# what a diagram holds: the marks' elements, a line each, by kind and
# colour
marks() {
    sed -n '/<g class="cs[l]">/,/<\/g>/{s/.*<rect .*fill="\(#[0-9a-f]*\)".*/csl \1/p}
            /<g class="ca[l]">/,/^<\/g>/{s/.*<line .*stroke="\(#[0-9a-f]*\)".*/cal \1/p}' "$1"
}

# ply 1: three squares (X is no colour, 99 no square) and two arrows
expect_status 0 pdn-replay -f svg -n 1 -p 1 m.pdn
cp out p1.svg
printf 'csl #20a040\ncsl #e03030\ncsl #2060e0\ncal #20a040\ncal #e03030\n' >want
marks p1.svg >got
cmp -s want got || check "ply 1: $(tr '\n' ' ' <got)"
# the green square is on 28, where the last move's shading is
sq28=$(sed -n 's/.*<rect x="\([0-9]*\)" y="\([0-9]*\)" width="44" height="44" fill="#f6f669".*/\1 \2/p' p1.svg | tail -1)
gr=$(sed -n 's/.*<rect x="\([0-9]*\)" y="\([0-9]*\)" width="40" height="40" fill="#20a040".*/\1 \2/p' p1.svg)
[ -n "$sq28" ] && [ "$(echo "$sq28" | awk '{print $1 + 2, $2 + 2}')" = "$gr" ] ||
    check "the green square is not on 28: '$gr', 28 at '$sq28'"
# squares under the pieces, arrows over them and the numbers
order=$(grep -o 'class="\(csl\|pieces\|numbers\|cal\)"' p1.svg | tr '\n' ' ')
[ "$order" = 'class="csl" class="pieces" class="numbers" class="cal" ' ] ||
    check "order: $order"

# the start: the comment before the first move; the end: the comment
# after the last; ply 2 none
expect_status 0 pdn-replay -f svg -n 1 -p 0 m.pdn
[ "$(marks out | tr '\n' ' ')" = "csl #e0c020 " ] || check "ply 0: $(marks out)"
expect_status 0 pdn-replay -f svg -n 1 m.pdn
[ "$(marks out | tr '\n' ' ')" = "cal #e0c020 " ] || check "the end: $(marks out)"
expect_status 0 pdn-replay -f svg -n 1 -p 2 m.pdn
[ -z "$(marks out)" ] || check "ply 2: $(marks out)"

# a sheet of book diagrams: the marks of each
expect_status 0 pdn-replay -f svg -a -t --no-last-move -n 1 m.pdn
[ "$(grep -c '<g class="csl">' out) $(grep -c '<g class="cal">' out)" = "2 2" ] ||
    check "sheet: $(grep -c '<g class="csl">' out) csl, $(grep -c '<g class="cal">' out) cal"

# algebraic squares (h9 is off the board)
expect_status 0 pdn-replay -f svg -n 2 -p 1 m.pdn
[ "$(marks out | tr '\n' ' ')" = "csl #e03030 cal #2060e0 " ] ||
    check "Russian: $(marks out | tr '\n' ' ')"

# marks that name no square: no group at all
printf '[GameType "20"]\n\n1. 32-28 {[%%csl Ga] [%%cal G28-] [%%csl]} *\n' >e.pdn
expect_status 0 pdn-replay -f svg e.pdn
! grep -q 'class="c[as]l"' out || check "empty marks drew a group"

# the SVG is well formed, where a checker exists
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout p1.svg || check "p1.svg is not well formed"
fi
exit $fail
