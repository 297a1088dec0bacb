#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-replay's options for book diagrams: --plies (a list of plies, as
# -a), --page (a sheet the size of an A4 or letter page, its grid fitted
# to it), --no-numbers and --no-last-move, checked by the SVG's content
# (element counts, sizes, positions on the page) and, where rsvg-convert
# exists, by rendering it.
. "${top_srcdir:-.}/tests/cli/setup.sh"
cd "$tmp"
check() { # check NAME: records a failure with NAME
    echo "FAIL: $1" >&2
    fail=1
}
intl=$top_srcdir/samples/international.pdn
rus=$top_srcdir/samples/russian.pdn

# --plies: the positions of -a at the plies listed, open ranges too
pdn-replay -a -n 1 "$intl" >all 2>/dev/null
expect_status 0 pdn-replay -n 1 --plies 0,10,15- "$intl"
awk -F'\t' '$2 == 0 || $2 == 10 || $2 >= 15' all >want
cmp -s want out || check "--plies 0,10,15-: $(cut -f 2 out | tr '\n' ' ')"
[ "$(wc -l <want)" -ge 4 ] || check "--plies: the sample game is too short"
expect_status 0 pdn-replay -n 1 -a --plies -2 "$intl"
[ "$(cut -f 2 out | tr '\n' ' ')" = "0 1 2 " ] || check "--plies -2"
for bad in x 3-2 '' 1,,2; do
    expect_status 2 pdn-replay --plies "$bad" "$intl"
    grep -q "^pdn-replay: --plies: invalid list" err || check "--plies '$bad': $(cat err)"
done
expect_status 2 pdn-replay --plies 1 -p 1 "$intl"
expect_status 2 pdn-replay -f html --plies 1 "$intl"
# none of the plies in the game: an error, as -p's
expect_status 1 pdn-replay -n 1 --plies 500- "$intl"
grep -q 'error: --plies: none of the plies listed: the game has only [0-9]* plies (game 1)' err ||
    check "--plies past the end: $(cat err)"

# --page a4: one sheet of 210 by 297 mm, the ten diagrams on it, every one
# inside the page's margins; letter: 8.5 by 11 in
sheet() { # sheet PAGE: the sheet of game 1's plies 0-5 and 10-13 to out
    expect_status 0 pdn-replay -f svg -t -n 1 --plies 0-5,10-13 --page "$1" "$intl"
}
inside() { # inside W H: every diagram of out lies within the page W by H
    # the grid: translate(X,Y) scale(S), each diagram at translate(x,y)
    # and <svg ... width height>
    tr '\n' ' ' <out | sed 's/<g transform="translate/\n&/g' |
        sed -n 's/^<g transform="translate(\([0-9]*\),\([0-9]*\))"> <svg x="0" y="0" width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2 \3 \4/p
                s/^<g transform="translate(\([0-9]*\),\([0-9]*\)) scale(\([0-9.]*\))">.*/G \1 \2 \3/p' |
        awk -v W="$1" -v H="$2" '
            $1 == "G" { x0 = $2; y0 = $3; s = $4; next }
            { n++; r = x0 + s * ($1 + $3); b = y0 + s * ($2 + $4)
              if (x0 + s * $1 < 150 || r > W - 150 || b > H - 150) bad++ }
            END { print n + 0, bad + 0 }'
}
sheet a4
grep -q '^<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 2100 2970"' out ||
    check "--page a4: $(head -1 out)"
[ "$(grep -c '<svg x=' out)" = 10 ] || check "--page a4: $(grep -c '<svg x=' out) diagrams"
[ "$(inside 2100 2970)" = "10 0" ] || check "--page a4: diagrams off the page: $(inside 2100 2970)"
if command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert out >a4.png || check "--page a4: rsvg-convert fails"
    # the PNG header: width and height (96 dpi: 794 by 1123)
    [ "$(od -An -tu1 -j16 -N8 a4.png | tr -s ' ' | sed 's/^ //')" = "0 0 3 26 0 0 4 99" ] ||
        check "--page a4: rendered $(od -An -tu1 -j16 -N8 a4.png)"
fi
sheet letter
grep -q '^<svg xmlns="http://www.w3.org/2000/svg" width="8.5in" height="11in" viewBox="0 0 2159 2794"' out ||
    check "--page letter: $(head -1 out)"
[ "$(inside 2159 2794)" = "10 0" ] || check "--page letter: $(inside 2159 2794)"
# two diagrams: larger, one above the other
expect_status 0 pdn-replay -f svg -t -n 1 --plies 0,10 --page a4 "$intl"
s2=$(sed -n 's/.*scale(\([0-9.]*\)).*/\1/p' out)
sheet a4
s10=$(sed -n 's/.*scale(\([0-9.]*\)).*/\1/p' out)
awk -v a="$s2" -v b="$s10" 'BEGIN { exit !(a > b) }' ||
    check "--page: two diagrams ($s2) no larger than ten ($s10)"
expect_status 2 pdn-replay -f svg -n 1 --page a4 "$intl"
expect_status 2 pdn-replay -f svg -t -n 1 --page a5 "$intl"
grep -q 'valid values: a4, letter' err || check "--page a5: $(cat err)"

# --no-numbers: no square numbers (numeric boards), no files and ranks
# (algebraic boards); the text board loses its panel of numbers
expect_status 0 pdn-replay -f svg -n 1 -p 3 "$intl"
[ "$(grep -c '<g class="numbers"' out)" = 1 ] || check "numbers drawn by default"
expect_status 0 pdn-replay -f svg -n 1 -p 3 --no-numbers "$intl"
[ "$(grep -c '<g class="numbers"' out)" = 0 ] || check "--no-numbers: numbers drawn"
expect_status 0 pdn-replay -f svg -n 1 -p 3 "$rus"
[ "$(grep -c '<g class="coords"' out)" = 1 ] || check "coordinates drawn by default"
w1=$(sed -n '1s/.* width="\([0-9]*\)".*/\1/p' out)
expect_status 0 pdn-replay -f svg -n 1 -p 3 --no-numbers "$rus"
[ "$(grep -c '<g class="coords"' out)" = 0 ] || check "--no-numbers: coordinates drawn"
w2=$(sed -n '1s/.* width="\([0-9]*\)".*/\1/p' out)
[ "$w2" -lt "$w1" ] || check "--no-numbers: the margin for coordinates stays ($w2, $w1)"
if command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert out >nonum.png || check "--no-numbers: rsvg-convert fails"
fi
# the board's rows: pieces, then the numbers (numeric boards); ranks
# before them and a line of files after them (algebraic boards)
rows() { grep -E "^ *([0-9]+ +)?[bwBW.]( +[bwBW.])*( +[0-9]+)*\$" out | wc -l; }
numbered() { grep -cE "^ *[0-9]+ +[bwBW.]|[bwBW.] +[0-9]+|^ +a b c" out || true; }
expect_status 0 pdn-replay -f board -n 1 -p 3 "$intl"
[ "$(rows) $(numbered)" = "10 10" ] || check "text board: $(rows) rows, $(numbered) numbered"
expect_status 0 pdn-replay -f board -n 1 -p 3 --no-numbers "$intl"
[ "$(rows) $(numbered)" = "10 0" ] || check "--no-numbers: text board $(rows) rows, $(numbered) numbered"
expect_status 0 pdn-replay -f board -n 1 -p 3 "$rus"
[ "$(rows) $(numbered)" = "8 9" ] || check "text board: $(rows) rows, $(numbered) with ranks or files"
expect_status 0 pdn-replay -f board -n 1 -p 3 --no-numbers "$rus"
[ "$(rows) $(numbered)" = "8 0" ] || check "--no-numbers: text board $(rows) rows, $(numbered) with ranks or files"
expect_status 0 pdn-replay -f html --no-numbers "$intl"
grep -q 'NONUM=1' out || check "--no-numbers: the page's switch"
expect_status 2 pdn-replay -f fen --no-numbers "$intl"

# --no-last-move: no path, shading or captured piece; the caption stays.
# Ply 5 of the game is a capture (31x22)
expect_status 0 pdn-replay -f svg -n 1 -p 5 "$intl"
[ "$(grep -c '<g class="last"' out) $(grep -c 'captured' out)" = "1 1" ] ||
    check "the last move marked by default"
expect_status 0 pdn-replay -f svg -n 1 -p 5 --no-last-move "$intl"
[ "$(grep -c '<g class="last"' out) $(grep -c 'captured' out)" = "0 0" ] ||
    check "--no-last-move: still marked"
grep -q '>.*after 3\. 31x22<' out || check "--no-last-move: the caption"
expect_status 0 pdn-replay -f svg -t -n 1 --plies 1-4 --no-last-move --no-numbers --page a4 "$intl"
[ "$(grep -c '<g class="last"' out) $(grep -c '<g class="numbers"' out) $(grep -c '<svg x=' out)" = "0 0 4" ] ||
    check "a book sheet: marks, numbers or diagrams"
expect_status 2 pdn-replay -f board --no-last-move "$intl"
exit $fail
