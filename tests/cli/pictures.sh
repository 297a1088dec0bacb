#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-replay pictures: every SVG is a well-formed document (xmllint, else
# Python's XML parser); -O writes one file per position named by game and
# ply; several positions on one stream are refused; kings, captured pieces,
# square numbers, flip and the side to move are in the drawing; and, where
# rsvg-convert and python3 exist, the rendered raster has dark pieces,
# light pieces and empty squares where the position says.
. "${top_srcdir:-.}/tests/cli/setup.sh"

if command -v xmllint >/dev/null 2>&1; then
    wellformed() { xmllint --noout "$@"; }
elif command -v python3 >/dev/null 2>&1; then
    wellformed() {
        python3 -c 'import sys, xml.etree.ElementTree as E
for f in sys.argv[1:]: E.parse(f)' "$@"
    }
else
    echo "SKIP: neither xmllint nor python3"
    exit 77
fi
check() { # check NAME: records a failure with NAME
    echo "FAIL: $1" >&2
    fail=1
}

cat >"$tmp/g.pdn" <<'PDN'
[Event "Club & <cup>"]
[White "Anna"]
[Black "Bob"]
[Result "*"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *

[Event "Kings"]
[White "Carl"]
[Black "Dora"]
[Result "*"]
[GameType "22"]
[FEN "W:W21,K10,30:B5,K28,12"]

*

[Event "Russian"]
[White "Eva"]
[Black "Fred"]
[Result "*"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 *
PDN
cd "$tmp"

# one position: one document, caption escaped, captured piece drawn
expect_status 0 pdn-replay -f svg -n 1 -p 3 g.pdn
cp out p3.svg
wellformed p3.svg || check "game 1 ply 3 is not well-formed"
grep -q 'Anna &#8211; Bob\|Anna – Bob, Club &amp; &lt;cup&gt;, after 2. 28x19' p3.svg ||
    check "caption of game 1 ply 3"
[ "$(grep -c 'class="bm captured"' p3.svg)" = 1 ] || check "one captured man"
[ "$(grep -c '<g class="wm"' p3.svg)" = 20 ] || check "20 white men"
grep -q 'Black to move' p3.svg || check "side to move"
# the 50 square numbers, drawn after the pieces
[ "$(sed -n '/class="numbers"/,/<\/g>/p' p3.svg | grep -c '<text')" = 50 ] ||
    check "50 square numbers"
awk '/class="pieces"/{p=NR} /class="numbers"/{n=NR} END{exit !(p && n > p)}' \
    p3.svg || check "numbers drawn over the pieces"

# kings: stacked discs with a crown; flip moves square 1
expect_status 0 pdn-replay -f svg -n 2 g.pdn
cp out k.svg
wellformed k.svg || check "kings diagram is not well-formed"
[ "$(grep -c '<g class="wk"' k.svg)" = 1 ] &&
    [ "$(grep -c '<g class="bk"' k.svg)" = 1 ] || check "one king each"
[ "$(grep -c '<polygon' k.svg)" = 2 ] || check "two crowns"
x1=$(grep -o '<text x="[0-9]*" y="[0-9]*">1</text>' k.svg | cut -d'"' -f2)
expect_status 0 pdn-replay -f svg -r -n 2 g.pdn
x1r=$(grep -o '<text x="[0-9]*" y="[0-9]*">1</text>' "$tmp/out" | cut -d'"' -f2)
[ -n "$x1" ] && [ -n "$x1r" ] && [ "$x1" != "$x1r" ] || check "-r moves square 1"

# a file of one game needs no -n; two games do, and standard input is not
# read ahead
expect_status 0 pdn-replay -f svg "$top_srcdir/samples/folk-towers.pdn"
[ "$(grep -c '^<svg' out)" = 1 ] && grep -q 'after 12... d4:f6' out ||
    check "-f svg on a one-game file"
expect_status 0 pdn-replay -f svg -t -a "$top_srcdir/samples/folk-towers.pdn"
[ "$(grep -c '^<svg x=' out)" = 25 ] || check "-f svg -t -a on a one-game file"
expect_status 2 pdn-replay -f svg - <"$top_srcdir/samples/folk-towers.pdn"

# several positions: refused on one stream, one file each with -O
expect_status 2 pdn-replay -f svg g.pdn
expect_status 2 pdn-replay -f svg -a -n 1 g.pdn
expect_status 2 pdn-replay -f board -O d g.pdn
expect_status 2 pdn-replay -f svg -z 3 -n 1 g.pdn
expect_status 2 pdn-replay -f svg -C red -n 1 g.pdn
# colour names are SVG's (any case); other words are refused
expect_status 2 pdn-replay -f svg -C foo,bar -n 1 g.pdn
expect_status 0 pdn-replay -f svg -C Ivory,darkgreen -n 1 g.pdn
grep -q 'fill="darkgreen"' out || check "-C with colour names"
expect_status 0 pdn-replay -f svg -a -O d -z 30 -C '#eeeeee,#4a7a4a' g.pdn
[ ! -s out ] || check "-O writes nothing to the output"
n=$(ls d | wc -l)
[ "$n" = 12 ] || check "-a -O d: $n files, expected 6 + 1 + 5"
# the names sort in game and ply order (ply 10 after ply 9)
expect_status 0 pdn-replay -f svg -a -O long "$top_srcdir/samples/international.pdn"
[ "$(ls long | sed -n '10,11p' | tr '\n' ' ')" = \
  'international-g000001-p0009.svg international-g000001-p0010.svg ' ] ||
    check "-O names sort: $(ls long | sed -n '10,11p' | tr '\n' ' ')"
for f in g-g000001-p0000.svg g-g000001-p0005.svg g-g000002-p0000.svg g-g000003-p0004.svg; do
    [ -f "d/$f" ] || check "no d/$f"
done
wellformed d/*.svg || check "-O files are not well-formed"
grep -q 'fill="#4a7a4a"' d/g-g000003-p0004.svg || check "-C colours"
grep -q 'width="30" height="30"' d/g-g000003-p0004.svg || check "-z 30"
[ "$(ls -a d | grep -c '^\.g')" = 0 ] || check "temporaries left in d"
touch nodir
expect_status 2 pdn-replay -f svg -a -O nodir g.pdn

# -t: one game's positions on one numbered sheet, or one sheet per game
expect_status 0 pdn-replay -f svg -t -a -n 1 g.pdn
cp out sheet.svg
wellformed sheet.svg || check "sheet is not well-formed"
[ "$(grep -c '^<svg x=' sheet.svg)" = 6 ] || check "6 diagrams on the sheet"
grep -q '>6\. after 3\. 33-28<' sheet.svg || check "numbered sheet caption"
grep -q 'class="title".*Anna – Bob, Club &amp; &lt;cup&gt;<' sheet.svg ||
    check "sheet title"
expect_status 2 pdn-replay -f svg -t -a g.pdn
expect_status 2 pdn-replay -f board -t -n 1 g.pdn
expect_status 0 pdn-replay -f svg -t -a -O s g.pdn
[ "$(ls s)" = "$(printf 'g-g000001.svg\ng-g000002.svg\ng-g000003.svg')" ] ||
    check "-t -O: one sheet per game"
wellformed s/*.svg || check "-t -O sheets are not well-formed"

# the raster: centre pixels of a few squares after 2. d4:f6 g7:e5
if command -v rsvg-convert >/dev/null 2>&1 && command -v python3 >/dev/null; then
    rsvg-convert d/g-g000003-p0004.svg -o r.png || check "rsvg-convert failed"
    python3 - r.png <<'PY' || check "rendered raster"
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
pos, idat = 8, b''
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[ctype]
raw, rows, prev, i = zlib.decompress(idat), [], bytearray(w * bpp), 0
for y in range(h):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + w * bpp])
    i += 1 + w * bpp
    for x in range(len(line)):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        p = a + b - c
        pred = [0, a, b, (a + b) // 2,
                a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c)
                else b if abs(p - b) <= abs(p - c) else c][f]
        line[x] = (line[x] + pred) & 255
    rows.append(line)
    prev = line
cell, margin = 30, 18          # -z 30; algebraic margin cell * 6 / 10
top = margin + 12 + 6           # and the caption: font 12 (cell * 4 / 10)
def grey(sq):
    f, r = ord(sq[0]) - 97, int(sq[1]) - 1
    x, y = margin + f * cell + cell // 2, top + (7 - r) * cell + cell // 2
    px = rows[y][x * bpp:x * bpp + 3]
    return sum(px) // 3
want = {'a1': 'light', 'e5': 'dark', 'h8': 'dark', 'c3': 'empty',
        'd4': 'empty', 'g7': 'empty'}
bad = 0
for sq, kind in want.items():
    g = grey(sq)
    ok = {'light': g > 200, 'dark': g < 70, 'empty': 70 <= g <= 200}[kind]
    if not ok:
        print('FAIL: %s: grey %d, expected %s' % (sq, g, kind))
        bad = 1
sys.exit(bad)
PY
else
    echo "no rsvg-convert or python3: raster not checked"
fi

# the picture in man/ and the README is what pdn-replay draws today
expect_status 0 pdn-replay -f svg -n 1 -p 17 "$top_srcdir/samples/international.pdn"
cmp -s out "$top_srcdir/man/diagram-international.svg" ||
    check "man/diagram-international.svg differs from pdn-replay's"

# a captured king is drawn as a king (faded, crowned)
cat >ck.pdn <<'PDN'
[GameType "20"]
[FEN "W:W28:BK23,5"]

1. 28x19 *
PDN
expect_status 0 pdn-replay -f svg -n 1 ck.pdn
[ "$(grep -c 'class="bk captured"' out)" = 1 ] || check "captured king"
[ "$(grep -c '<polygon' out)" = 1 ] || check "captured king's crown"
expect_status 0 pdn-replay -f svg -t -a -n 1 ck.pdn
[ "$(grep -c 'class="bk captured"' out)" = 1 ] || check "captured king (-t)"

# towers and Laska: the pieces under a stack's top are drawn (as the FEN
# says), in the text board too; a stack that loses its top is marked
towers=$top_srcdir/samples/folk-towers.pdn
expect_status 0 pdn-replay -f svg -n 1 -p 22 "$towers"
wellformed out || check "towers diagram is not well-formed"
[ "$(grep -o 'data-under="[wbWB]*"' out | tr '\n' ' ')" = \
  'data-under="w" data-under="ww" data-under="ww" data-under="b" ' ] ||
    check "towers ply 22: stacks c7(b) d4(ww) c3(w) h6(ww)"
expect_status 0 pdn-replay -f svg -n 1 -p 5 "$towers"
[ "$(grep -c 'class="capmark"' out)" = 1 ] &&
    [ "$(grep -c 'class="bm captured"' out)" = 1 ] ||
    check "towers ply 5: the top taken from f4 is marked"
expect_status 0 pdn-replay -f board -n 1 -p 22 "$towers"
grep -q '^stacks: c3 b(w), d4 b(ww), h6 b(ww), c7 b(b)$' out ||
    check "towers text board lists the stacks"
expect_status 0 pdn-replay -f svg -n 1 "$top_srcdir/samples/folk-laska.pdn"
n=$(grep -c 'class="stack"' out)
[ "$n" = "$(pdn-replay "$top_srcdir/samples/folk-laska.pdn" 2>/dev/null |
    tr -cd '(' | wc -c)" ] && [ "$n" -gt 0 ] || check "Laska stacks ($n)"

# a caption too long for its diagram shrinks to 9 px, then is cut with an
# ellipsis; a sheet title shrinks too
long=$(printf 'Player%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
printf '[White "%s"]\n[Black "%s"]\n[Event "%s"]\n[GameType "20"]\n\n1. 32-28 *\n' \
    "$long" "$long" "$long" >long.pdn
expect_status 0 pdn-replay -f svg -n 1 -z 20 long.pdn
wellformed out || check "long caption: not well-formed"
grep -q 'class="caption" x="[0-9]*" y="[0-9]*" font-size="9" text-anchor="middle">Player.*…</text>' out ||
    check "long caption cut: $(grep -o 'class="caption".*' out | cut -c1-80)"
expect_status 0 pdn-replay -f svg -t -a -n 1 -z 20 long.pdn
grep -q 'class="title" x="[0-9]*" y="[0-9]*" font-size="9" font-weight="bold" text-anchor="middle">Player.*…</text>' out ||
    check "long sheet title cut"

# English: the first mover (Black) is named first, as the result is
# written, in captions and sheet titles
expect_status 0 pdn-replay -f svg -n 1 -p 2 "$top_srcdir/samples/english.pdn"
grep -q '>M. F. Tinsley – A. Cameron, U.S. National Tournament, after 1... 24-19<' out ||
    check "English caption: $(grep -o 'class="caption"[^<]*' out)"
expect_status 0 pdn-replay -f svg -t -a -n 1 -z 20 "$top_srcdir/samples/english.pdn"
grep -q 'class="title".*>M. F. Tinsley – A. Cameron, U.S. National Tournament<' out ||
    check "English sheet title"

# board -U: Unicode men and kings
expect_status 0 pdn-replay -f board -U -n 2 g.pdn
grep -q '⛁' out && grep -q '⛃' out && grep -q '⛀' out || check "-U pieces"
exit $fail
