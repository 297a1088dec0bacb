#!/bin/sh
# SPDX-License-Identifier: MIT
# The pdn-replay -f html viewer in headless Chromium, feature by feature:
# the FEN at every ply of every game of every sample (towers and Laska
# included) against pdn-replay -a; stacks drawn as the FEN says; a link
# to a game and ply (#g=N&p=PLY), inside variations too; search and the
# result filter in the game list; a click on a variation move; NAG
# glyphs, comments without braces, clock and evaluation, [%csl] squares
# and [%cal] arrows; coordinates and the numbers switch; square numbers
# that scale with -z; the first mover named first (English); a captured
# king drawn crowned; the end of a game in words; the copied PDN replays
# to the same positions; modifier keys are left to the browser; a large
# archive's games in few elements, or on pages of part of it (-O). A
# driver script appended to the page writes what it saw into the page,
# which the browser dumps. Skipped (77) when no Chromium is installed.
. "${top_srcdir:-.}/tests/cli/setup.sh"
browser=$(find_browser)
[ -n "$browser" ] || { echo "SKIP: no Chromium (or PDN_NO_BROWSER set)"; exit 77; }
cd "$tmp"

# run PAGE DRIVER [FRAGMENT]: opens PAGE (in a window of $size, WxH, when
# set) with the script DRIVER appended
# (run at DOMContentLoaded, after every game is filed; it fills the array
# r) and writes r, one item a line, to got
run() {
    {
        cat "$1"
        cat <<'JS'
<script>document.addEventListener('DOMContentLoaded', function () {
var r = []; function fen() { return document.getElementById('fen').textContent; }
function key(k, o) { var e = {key: k, bubbles: true}; for (var x in o || {}) e[x] = o[x];
    document.dispatchEvent(new KeyboardEvent('keydown', e)); }
function n(s) { return document.querySelectorAll(s).length; }
try {
JS
        cat "$2"
        cat <<'JS'
} catch (e) { r.push('exception ' + e); }
var pre = document.createElement('pre'); pre.id = 'result';
pre.textContent = r.join('\n'); document.body.appendChild(pre); });</script>
JS
    } >t.html
    # shellcheck disable=SC2086
    page_result "file://$tmp/t.html${3:-}" got ${size:+--window-size=$size} || fail=1
}
same() { # same NAME: want and got must agree
    if ! diff -u want got >&2; then
        echo "FAIL: $1" >&2
        fail=1
    fi
}

# 1. every ply of every game of every sample, by the forward key: the
# page's FEN is pdn-replay -a's (towers, Laska, Stavropol, two-move and
# the other folk variants included); at the last ply of a stack game the
# board has one stack drawing per stack of the FEN
cat >every.js <<'JS'
for (var i = 0; i < P.count(); i++) {
    P.show(i, 0);
    var last = -1;
    while (P.state().k != last) {
        last = P.state().k;
        r.push(P.game() + '\t' + last + '\t' + fen());
        key('ArrowRight');
    }
    var f = fen(), s = n('#board .stack'), want = (f.match(/\(/g) || []).length;
    if (s != want) r.push('game ' + P.game() + ': ' + s + ' stacks drawn, ' + want + ' in the FEN');
    var tops = n('#board g.wm:not(.captured), #board g.bm:not(.captured), #board g.wk:not(.captured), #board g.bk:not(.captured)');
    var items = f.split(':').slice(1).join(',').replace(/^[WB]|,[WB]/g, ',').split(',').filter(Boolean).length;
    if (tops != items) r.push('game ' + P.game() + ': ' + tops + ' pieces drawn, ' + items + ' in the FEN');
}
JS
for f in "$top_srcdir"/samples/*.pdn; do
    pdn-replay -f html "$f" >page.html 2>/dev/null || true
    run page.html every.js
    pdn-replay -a "$f" 2>/dev/null | cut -f 1,2,4 >want || true
    same "$(basename "$f"): the page's positions are pdn-replay -a's"
done

# towers: 3. g3:e5 takes the top of the stack on f4: ringed, the taken man
# drawn small and crossed; the stack on e5 shows the man beneath
pdn-replay -f html "$top_srcdir/samples/folk-towers.pdn" >tw.html 2>/dev/null
cat >tw.js <<'JS'
r.push('capmark ' + n('#board .capmark') + ' taken ' + n('#board g.bm.captured') +
    ' stack ' + document.querySelector('#board .stack').getAttribute('data-under'));
JS
run tw.html tw.js '#g=1&p=5'
echo "capmark 1 taken 1 stack b" >want
same "towers: a stack's top taken"

cat >v.pdn <<'PDN'
[Event "Club"]
[White "Anna"]
[Black "Bob"]
[Result "*"]
[GameType "20"]

{Opening [%clock 1:30:00]} 1. 32-28 $1 {good [%eval +0.35] [%csl G28,R19]
[%cal G28-23,R19-23]} 19-23 $6 (1... 18-23 2. 33-29 $2 (2. 31-26 12-18) 17-21)
2. 28x19 14x23 *

[Event "Russian"]
[White "Carl"]
[Black "Dora"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0

[Event "U.S. National Tournament"]
[White "A. Cameron"]
[Black "M. F. Tinsley"]
[Result "1-0"]
[GameType "21"]

1. 9-14 24-19 2. 11-15 1-0

[Event "Kings"]
[White "Eva"]
[Black "Fred"]
[Result "*"]
[GameType "20"]
[FEN "W:W28:BK23,5"]

1. 28x19 *

[Event "Broken"]
[White "Gus"]
[Black "Hal"]
[Result "*"]
[GameType "20"]

1. 32-28 19-23 2. 28-22 *

[Event "Over"]
[Result "1-0"]
[GameType "20"]
[FEN "W:W28:B23"]

1. 28x19 1-0
PDN
expect_status 1 pdn-replay -f html -z 30 v.pdn
cp out v.html
pdn-replay -a v.pdn 2>/dev/null | cut -f 1,2,4 >fens
fen_at() { awk -F'\t' -v g="$1" -v p="$2" '$1 == g && $2 == p {print $3}' fens; }

# 2. a link to a game and ply; stepping keeps the address in step
cat >link.js <<'JS'
r.push('shown ' + P.game() + ' ' + P.state().k + ' ' + fen());
key('ArrowRight');
r.push('hash ' + location.hash);
JS
run v.html link.js '#g=2&p=3'
{
    echo "shown 2 3 $(fen_at 2 3)"
    echo "hash #g=2&p=4"
} >want
same "#g=2&p=3 shows game 2 after ply 3"

# on a phone (the moves under the board) a link to a late ply and a step
# leave the window where it is, with the board in view; on a short
# desktop window the moves box scrolls to the move
pdn-replay -f html "$top_srcdir/samples/international.pdn" >intl.html 2>/dev/null
cat >phone.js <<'JS'
key('ArrowLeft'); key('ArrowRight');
var m = document.getElementById('moves'), on = document.querySelector('#moves .on');
var b = m.getBoundingClientRect(), o = on.getBoundingClientRect();
r.push('window ' + window.scrollY + ' move ' + on.textContent + ' in box ' +
    (o.top >= Math.max(b.top, 0) - 1 && o.bottom <= Math.min(b.bottom, innerHeight) + 1));
JS
size=390,844 run intl.html phone.js '#g=1&p=18'
grep -q '^window 0 move 14-19 in box ' got ||
    { echo "FAIL: phone: the window moved: $(cat got)" >&2; fail=1; }
size=900,420 run intl.html phone.js '#g=1&p=18'
grep -q '^window 0 move 14-19 in box true' got ||
    { echo "FAIL: short window: the move not in view: $(cat got)" >&2; fail=1; }

# 3. the list: search (players, event, opening) and the result filter;
# English names the first mover (Black) first
cat >list.js <<'JS'
var q = document.getElementById('q'), res = document.getElementById('res');
function rows() {
    return Array.prototype.map.call(document.querySelectorAll('#rows .row'),
        function (a) { return a.firstChild.textContent; }).join(' | ');
}
r.push('all ' + rows());
q.value = 'dora'; P.filter(); r.push('dora ' + rows() + ' / ' + document.getElementById('count').textContent);
q.value = 'national tinsley'; P.filter(); r.push('two words ' + rows());
q.value = ''; res.value = 'F'; P.filter(); r.push('first won ' + rows());
res.value = ''; P.filter(); r.push('count ' + document.getElementById('count').textContent);
document.getElementById('g2').click();
r.push('head ' + document.getElementById('head').textContent);
r.push('sub ' + document.getElementById('sub').textContent);
JS
run v.html list.js
{
    echo "all 1. Anna – Bob  * | 2. Carl – Dora  1-0 | 3. M. F. Tinsley – A. Cameron  1-0 | 4. Eva – Fred  * | 5. Gus – Hal  * | 6. ?  1-0"
    echo "dora 2. Carl – Dora  1-0 / 1 of 6 games"
    echo "two words 3. M. F. Tinsley – A. Cameron  1-0"
    echo "first won 2. Carl – Dora  1-0 | 3. M. F. Tinsley – A. Cameron  1-0 | 6. ?  1-0"
    echo "count 6 games"
    echo "head 3. M. F. Tinsley – A. Cameron  1-0"
} >want
grep -v '^sub ' got >got2 || true
mv got2 got
same "search, result filter and the first mover first"
run v.html list.js
grep '^sub ' got | grep -q 'M. F. Tinsley (Black) won' ||
    { echo "FAIL: the result in words: $(grep '^sub' got)" >&2; fail=1; }

# 4. variations, NAGs, comments, eval (the clocks: viewer-page.sh), csl and cal
cat >var.js <<'JS'
var vs = document.querySelectorAll('#moves .var > .mv');
r.push('var moves ' + Array.prototype.map.call(vs, function (s) { return s.textContent; }).join(' '));
vs[0].click(); r.push('var1 ' + fen());
key('ArrowRight'); r.push('var2 ' + fen());
vs[2].click(); r.push('nested ' + fen());
key('ArrowLeft'); r.push('back ' + fen());
key('ArrowLeft'); r.push('main ' + fen() + ' ' + (P.state().L.parent ? 'variation' : 'main line'));
r.push('nags ' + Array.prototype.map.call(document.querySelectorAll('#moves .nag'), function (s) { return s.textContent; }).join(' '));
r.push('comments ' + Array.prototype.map.call(document.querySelectorAll('#moves .cm'), function (s) { return s.textContent; }).join('|'));
r.push('badges ' + Array.prototype.map.call(document.querySelectorAll('#moves .clk, #moves .evl'), function (s) { return s.textContent; }).join('|'));
P.go(P.state().L, 0);
while (P.state().L.parent) P.step(-1);
P.go(P.state().L, 1);
r.push('at ply 1: csl ' + n('#board .csl') + ' cal ' + n('#board .cal') + ' info ' + document.getElementById('info').textContent);
key('ArrowRight'); r.push('at ply 2: csl ' + n('#board .csl') + ' cal ' + n('#board .cal'));
r.push('font ' + document.querySelector('#board .sqn').getAttribute('font-size'));
JS
run v.html var.js
cat >var.pdn <<'PDN'
[GameType "20"]

1. 32-28 18-23 2. 33-29 *

[GameType "20"]

1. 32-28 18-23 2. 31-26 *
PDN
pdn-replay -a var.pdn 2>/dev/null | cut -f 1,2,4 >vfens
vfen() { awk -F'\t' -v g="$1" -v p="$2" '$1 == g && $2 == p {print $3}' vfens; }
{
    echo "var moves 18-23 33-29 31-26 12-18 17-21"
    echo "var1 $(vfen 1 2)"
    echo "var2 $(vfen 1 3)"
    echo "nested $(vfen 2 3)"
    echo "back $(vfen 1 2)"
    echo "main $(vfen 1 1) main line"
    echo "nags ! ?! ?"
    echo "comments Opening |good "
    echo "badges eval +0.35"
    echo "at ply 1: csl 2 cal 2 info eval +0.35"
    echo "at ply 2: csl 0 cal 0"
    echo "font 8.4"
} >want
same "variations, NAGs, comments and drawings"

# a link to a ply inside a variation: p=A.I.PLY is ply PLY of the I-th
# variation of the move at ply A, nested as deep as the variations go
# (the variation 18-23 33-29 stops there: 17-21 is not legal, a capture
# is; so does 31-26 in it; their positions are var.pdn's); stepping and
# clicking in a variation keep the address in step; a path
# that leads nowhere stops at its last step that does
cat >vlink.js <<'JS'
r.push('shown ' + fen() + ' / ' + document.getElementById('ply').textContent);
key('ArrowLeft');
r.push('step ' + location.hash + ' ' + fen());
var vs = document.querySelectorAll('#moves .var .var > .mv');
vs[0].click();
r.push('click ' + location.hash + ' ' + fen());
location.hash = '#g=1&p=4';
window.dispatchEvent(new HashChangeEvent('hashchange'));
r.push('main ' + fen());
location.hash = '#g=1&p=2.1.2.1.1';
window.dispatchEvent(new HashChangeEvent('hashchange'));
r.push('nested ' + fen() + ' / ' + document.getElementById('ply').textContent);
location.hash = '#g=1&p=3.1.1';
window.dispatchEvent(new HashChangeEvent('hashchange'));
r.push('nowhere ' + location.hash + ' ' + fen());
JS
run v.html vlink.js '#g=1&p=2.1.2'
{
    echo "shown $(vfen 1 3) / variation, ply 2 of 2"
    echo "step #g=1&p=2.1.1 $(vfen 1 2)"
    echo "click #g=1&p=2.1.2.1.1 $(vfen 2 3)"
    echo "main $(fen_at 1 4)"
    echo "nested $(vfen 2 3) / variation, ply 1 of 1"
    echo "nowhere #g=1&p=3 $(fen_at 1 3)"
} >want
same "links to plies inside variations"

# 5. coordinates on an algebraic board and the switch; a captured king;
# the end of a game in words; keys with a modifier are left alone
cat >misc.js <<'JS'
document.getElementById('g1').click();
r.push('coords ' + n('#board .crd') + ' label ' + document.getElementById('numsl').textContent);
var b = document.getElementById('nums'); b.checked = false; b.onchange();
r.push('switched off ' + n('#board .crd'));
b.checked = true; b.onchange();
key('ArrowRight', {ctrlKey: true}); r.push('ctrl ' + P.state().k);
key('ArrowRight'); r.push('plain ' + P.state().k + ' ' + document.getElementById('turn').textContent);
document.getElementById('g3').click(); key('End');
r.push('captured ' + n('#board g.bk.captured') + ' crowned ' + n('#board g.bk.captured polygon'));
document.getElementById('g4').click();
r.push('end ' + document.getElementById('endtext').textContent);
r.push('unplayed ' + n('#moves .mv.bad'));
r.push('numbers ' + n('#board .sqn'));
document.getElementById('g5').click();
r.push('over ' + document.getElementById('endtext').textContent);
key('End'); r.push('ply ' + document.getElementById('ply').textContent);
document.getElementById('g0').click();
var x1 = document.querySelector('#board .sqn').getAttribute('x');
document.getElementById('flip').click();
r.push('flip ' + (document.querySelector('#board .sqn').getAttribute('x') != x1));
r.push('title ' + document.querySelector('#board title').textContent);
JS
run v.html misc.js
{
    echo "coords 16 label coordinates"
    echo "switched off 0"
    echo "ctrl 0"
    echo "plain 1 Black to move"
    echo "captured 1 crowned 1"
    echo "end Illegal move 28-22 at ply 3: capture is compulsory. *: result unknown"
    echo "unplayed 1"
    echo "numbers 50"
    echo "over Black has no move at ply 1: White (the first mover) won. 1-0: White won"
    echo "ply ply 1 of 1 · Black has no move at ply 1: White (the first mover) won"
    echo "flip true"
    echo "title Start position, White to move"
} >want
same "coordinates, captured king, end in words, modifier keys"

# a draw rule: said in words at the ply it fired
printf '[GameType "21"]\n[FEN "B:WK32:BK1"]\n\n1. 1-5 32-27 2. 5-1 27-32 3. 1-5 32-27 4. 5-1 27-32 5. 1-5 *\n' >rep.pdn
pdn-replay -f html rep.pdn >rep.html 2>/dev/null
echo "r.push(document.getElementById('endtext').textContent);" >rep.js
run rep.html rep.js
grep -q '^A draw could be claimed at ply 8: threefold repetition' got ||
    { echo "FAIL: a draw rule in words: $(cat got)" >&2; fail=1; }

# markup in tags and comments stays text: no script of the game runs
printf '[Event "</script><script>window.bad=1</script>"]\n[White "<b>x"]\n[GameType "20"]\n\n{</script><img src=x onerror=window.bad=2>} 1. 32-28 *\n' >evil.pdn
pdn-replay -f html evil.pdn >evil.html 2>/dev/null
cat >evil.js <<'JS'
r.push('bad ' + (window.bad || 0) + ' imgs ' + n('img'));
r.push('sub ' + document.getElementById('sub').textContent);
r.push('cm ' + document.querySelector('#moves .cm').textContent);
JS
run evil.html evil.js
{
    echo "bad 0 imgs 0"
    echo "sub </script><script>window.bad=1</script> · 32-28"
    echo "cm </script><img src=x onerror=window.bad=2> "
} >want
same "markup in the game is shown as text"

# 6. the copied PDN: the page's PDN of game 1 replays to the same
# positions, variations included
cat >pdn.js <<'JS'
r.push(P.pdn());
JS
run v.html pdn.js
cp got copied.pdn
expect_status 0 pdn-replay -a copied.pdn
cut -f 1,2,4 out >got
awk -F'\t' '$1 == 1' fens >want
same "the copied PDN replays as the game"
tr '\n' ' ' <copied.pdn |
    grep -q '(1\.\.\. 18-23 2\. 33-29 \$2 (2\. 31-26 12-18) 2\.\.\. 17-21)' ||
    { echo "FAIL: variations in the copied PDN" >&2; cat copied.pdn >&2; fail=1; }
# 7. a large archive: games in elements of 1, 1, 2, 4, ... 128, then 256
# games each (an element costs the browser about a kilobyte besides its
# text), each read once and dropped; every game listed and reachable by
# its link; --games starts the page at its first game and ends it
i=0
while [ $i -lt 300 ]; do
    printf '[Round "%d"]\n[GameType "20"]\n\n1. %d-%d *\n\n' $i \
        $((31 + i % 5)) $((26 + i % 5))
    i=$((i + 1))
done >big.pdn
pdn-replay -f html big.pdn >big.html 2>/dev/null
echo "elements $(grep -c '<script type="text/x-pdn-games">' big.html) $(tail -1 big.html)" >got
echo "elements 10 </html>" >want
same "300 games in 10 elements, the page closed"
cat >big.js <<'JS'
r.push('count ' + P.count() + ' left ' + n('script[type="text/x-pdn-games"]'));
r.push('shown ' + P.game() + ' ' + fen());
JS
run big.html big.js '#g=300&p=1'
{
    echo "count 300 left 0"
    echo "shown 300 $(pdn-replay -n 300 big.pdn 2>/dev/null | cut -f 2)"
} >want
same "every game filed, the last one's link"
pdn-replay -f html --games 299- big.pdn >part.html 2>/dev/null
echo "$(grep -c '^<!DOCTYPE html>' part.html)" \
    $(grep -o '\[[0-9]*,"","",' part.html | sed 's/.*\[//; s/,.*//') \
    "$(tail -1 part.html)" >got
echo "1 299 300 </html>" >want
same "--games 299-: the page's head, games 299 and 300, its end"
echo "r.push('part ' + P.count() + ' ' + P.game() + ' ' + document.getElementById('count').textContent);" >part.js
run part.html part.js
echo "part 2 299 2 games" >want
same "--games 299-: a page of those games"
# 8. -O DIR: pages of 5000 games and their index; a link to the index
# goes on to the game's page, a link to a game of another page through
# the index to it
i=0
while [ $i -lt 5003 ]; do
    printf '[GameType "20"]\n\n1. %d-%d *\n\n' $((31 + i % 5)) $((26 + i % 5))
    i=$((i + 1))
done >b5.pdn
expect_status 0 pdn-replay -f html -O pages b5.pdn
# (a build with --enable-wasm writes pdn.js beside them: wasm-viewer.sh)
echo "$(wc -c <out) $(ls pages | grep -vx 'pdn\.js' | tr '\n' ' ')$(grep -o 'games [0-9]*–[0-9]*' pages/b5.html | tr '\n' ' ')" >got
echo "0 b5-p0001.html b5-p0002.html b5.html games 1–5000 games 5001–5003 " >want
same "-O: two pages and their index"
for f in pages/b5-p0001.html pages/b5-p0002.html; do
    cat >>"$f" <<'JS'
<script>document.addEventListener('DOMContentLoaded', function () {
var p = document.createElement('pre'); p.id = 'result';
p.textContent = location.pathname.replace(/.*\//, '') + ' ' + P.count() + ' ' +
    P.game() + ' ' + document.getElementById('fen').textContent + ' ' +
    document.getElementById('pages').textContent;
document.body.appendChild(p); });</script>
JS
done
page() { # page NAME#FRAGMENT: what the page it leads to shows
    page_result "file://$tmp/pages/$1" page.out || fail=1
    cat page.out
}
pdn-replay -n 5002 b5.pdn 2>/dev/null | cut -f 2 >fen2
pdn-replay -n 5 b5.pdn 2>/dev/null | cut -f 2 >fen1
{
    echo "b5-p0002.html 3 5002 $(cat fen2) games 5001–5003 ‹ previous pageall pages"
    echo "b5-p0001.html 5000 5 $(cat fen1) games 1–5000 all pagesnext page ›"
} >want
{
    page 'b5.html#g=5002&p=1'
    page 'b5-p0002.html#g=5&p=1'
} >got
same "-O: links through the index to a game's page"
exit $fail
