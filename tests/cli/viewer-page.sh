#!/bin/sh
# SPDX-License-Identifier: MIT
# The pdn-replay -f html page as a reader meets it, in headless Chromium:
# the file's base name as title and heading (not the folders it was
# found in); tags that say "?" left out of the header and the list; a
# link to a game past the end said so; an illegal move in a variation
# labelled as such; text at least 4.5:1 against what it stands on, in
# light and dark mode. tests/cli/viewer.sh tests the positions shown. A
# driver script appended to the page writes what it saw into the page,
# which the browser dumps. Skipped (77) when no Chromium is installed.
. "${top_srcdir:-.}/tests/cli/setup.sh"
browser=$(find_browser)
[ -n "$browser" ] || { echo "SKIP: no Chromium (or PDN_NO_BROWSER set)"; exit 77; }
cd "$tmp"

# run PAGE DRIVER [FRAGMENT [FLAGS]]: opens PAGE (in a window of $size,
# WxH, when set) with the script DRIVER appended (run at
# DOMContentLoaded; it fills the array r) and writes r, a line an item,
# to got; FLAGS are more of the browser's (--force-dark-mode)
run() {
    {
        cat "$1"
        cat <<'JS'
<script>document.addEventListener('DOMContentLoaded', function () {
var r = []; function $(i) { return document.getElementById(i); }
function key(k, o, t) { var e = {key: k, bubbles: true}; for (var x in o || {}) e[x] = o[x];
    (t || document).dispatchEvent(new KeyboardEvent('keydown', e)); }
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
    page_result "file://$tmp/t.html${3:-}" got ${size:+--window-size=$size} ${4:-} || fail=1
}
same() { # same NAME: want and got must agree
    if ! diff -u want got >&2; then
        echo "FAIL: $1" >&2
        fail=1
    fi
}

mkdir -p 'my folders/club'
cat >'my folders/club/games.pdn' <<'PDN'
[Event "Club"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Anna"]
[Black "Bob"]
[Result "*"]
[Opening "?"]
[GameType "20"]

1. 32-28 {[%clock W0:28:09 B0:30:00]} 19-23 {[%clock W0:28:09 B0:29:01]}
(1... 18-23 2. 33-29 3-9 3. 31-27) 2. 28x19 14x23 *

[Event "Second"]
[White "Carl"]
[Black "Dora"]
[Result "*"]
[Date "1991.??.??"]
[Opening "Ouverture"]
[GameType "20"]

{[%clk 0:30:00]} 1. 31-27 {[%clk 0:29:00]} 17-22 *
PDN
pdn-replay -f html 'my folders/club/games.pdn' >page.html 2>/dev/null

# 1. the title and the heading: the file's base name
cat >name.js <<'JS'
r.push('title ' + document.title);
r.push('h1 ' + document.querySelector('#side h1').textContent);
JS
run page.html name.js
printf 'title games.pdn\nh1 games.pdn\n' >want
same "the page names the file, not its folders"

# 2. tags that say "?" are not shown: the header and the list rows;
# a date's unknown month and day neither
cat >tags.js <<'JS'
r.push('sub ' + $('sub').textContent);
r.push('row ' + document.querySelector('#g0 .ev').textContent);
P.show(1, 0);
r.push('sub ' + $('sub').textContent);
r.push('row ' + document.querySelector('#g1 .ev').textContent);
JS
run page.html tags.js
cat >want <<'EOF'
sub Club · *: result unknown
row Club
sub Second · 1991 · Ouverture · *: result unknown
row Second · 1991 · Ouverture
EOF
same "unknown tags are left out"

# 3. a link to a game past the end: said so, game 1 shown; a link to a
# game there: no message
cat >past.js <<'JS'
r.push('note ' + ($('note').hidden ? '' : $('note').textContent) + '|');
r.push('game ' + P.game());
JS
run page.html past.js '#g=99999'
printf 'note No game 99999: this file has 2 games; game 1 is shown.|\ngame 1\n' >want
same "a game past the end is said so"
run page.html past.js '#g=2'
printf 'note |\ngame 2\n' >want
same "a game there: no message"

# 4. an illegal move in a variation: "illegal here" and why; the moves
# after it not played; the main line's own wording stays
cat >vbad.js <<'JS'
Array.prototype.forEach.call(document.querySelectorAll('#moves .mv.bad'),
    function (s) { r.push(s.textContent + ' ' + s.title); });
JS
run page.html vbad.js
cat >want <<'EOF'
3-9 illegal here: the destination is occupied or out of reach
31-27 not played: a move before it in this variation is illegal
EOF
same "an illegal move in a variation"

# 5. clocks: each side's under the board, at the position shown (the
# side to move's marked), none in the moves; a time alone is the mover's
# (before the first move: both sides')
cat >clock.js <<'JS'
function clk() {
    return ($('clocks').hidden ? 'hidden' : Array.prototype.map.call(
        document.querySelectorAll('#clocks .clk'), function (s) {
            return s.textContent + (s.classList.contains('on') ? '*' : '');
        }).join('|'));
}
r.push('moves ' + n('#moves .clk') + ' ' + /clock/.test($('moves').textContent));
for (var k = 0; k <= 2; k++) { P.show(0, k); r.push('1 ' + k + ' ' + clk()); }
P.show(0, 0); key('ArrowRight'); r.push('key ' + clk());
for (k = 0; k <= 2; k++) { P.show(1, k); r.push('2 ' + k + ' ' + clk()); }
JS
run page.html clock.js
cat >want <<'EOF'
moves 0 false
1 0 hidden
1 1 White 0:28:09|Black 0:30:00*
1 2 White 0:28:09*|Black 0:29:01
key White 0:28:09|Black 0:30:00*
2 0 White 0:30:00*|Black 0:30:00
2 1 White 0:29:00|Black 0:30:00*
2 2 White 0:29:00*|Black 0:30:00
EOF
same "clocks under the board"

# 6. the keyboard: the list is one tab stop (a listbox); its arrows
# choose the game, the arrows elsewhere step the moves
cat >keys.js <<'JS'
r.push('tabstops ' + n('#list [tabindex="0"], #list a[href]:not([tabindex="-1"])') +
    ' list ' + $('list').tabIndex);
$('list').focus();
key('ArrowDown', {}, $('list'));
r.push('down ' + P.game() + ' ' + P.state().k + ' ' + $('list').getAttribute('aria-activedescendant'));
key('ArrowDown', {}, $('list'));
r.push('down again ' + P.game());
key('ArrowUp', {}, $('list'));
r.push('up ' + P.game() + ' ' + P.state().k);
key('End', {}, $('list'));
r.push('end ' + P.game() + ' ' + P.state().k);
$('fwd').focus();
key('ArrowDown', {}, $('fwd'));
r.push('moves ' + P.game() + ' ' + P.state().k);
JS
run page.html keys.js
cat >want <<'EOF'
tabstops 0 list 0
down 2 0 g1
down again 2
up 1 0
end 2 0
moves 2 1
EOF
same "the keyboard in the list and outside it"

# 7. the board sized to the window: on a desktop (1280x1000, 1280x800)
# most of its height, what is under it still in the window; on a phone (390x844) the
# width; there every button, move and row at least 44 by 44 px
cat >size.js <<'JS'
var b = $('board').getBoundingClientRect(), c = $('copy').getBoundingClientRect();
r.push('board ' + (b.width >= 0.6 * innerHeight ? 'large' : 'small ' + b.width) + ' ' +
    (c.bottom <= innerHeight ? 'fits' : 'below the window ' + c.bottom));
JS
size=1280,1000 run page.html size.js
echo "board large fits" >want
same "the board on a desktop"
size=1280,800 run page.html size.js
same "the board on a smaller desktop"
cat >phone.js <<'JS'
var b = $('board').getBoundingClientRect();
r.push('board ' + (b.width >= innerWidth - 48 && b.right <= innerWidth ? 'wide' : b.width + ' of ' + innerWidth));
var small = [];
Array.prototype.forEach.call(document.querySelectorAll(
    'button, select, #q, #moves .mv:not(.bad), .row, #controls label'), function (e) {
    var q = e.getBoundingClientRect();
    if (!q.width) return;
    if (q.width < 44 || q.height < 44) small.push((e.id || e.className || e.textContent) + ' ' +
        Math.round(q.width) + 'x' + Math.round(q.height));
});
r.push('small ' + small.join(', '));
JS
size=390,844 run page.html phone.js
printf 'board wide\nsmall \n' >want
same "touch targets on a phone"

# 8. contrast: every piece of text, in light and dark mode, at least
# 4.5:1 against the background it stands on (the selected row, a
# variation, an illegal move, the NAGs and the numbers included)
cat >contrast.js <<'JS'
function rgb(s) { var m = s.match(/[\d.]+/g).map(Number); return m; }
function lum(c) {
    return [0, 1, 2].map(function (i) {
        var v = c[i] / 255;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }).reduce(function (a, v, i) { return a + v * [0.2126, 0.7152, 0.0722][i]; }, 0);
}
function bg(e) {
    for (; e && e.nodeType == 1; e = e.parentNode) {
        var c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
}
P.show(0, 2);
var bad = 0, seen = 0;
Array.prototype.forEach.call(document.querySelectorAll(
    '#side h1, #count, .row, .row .ev, #head, #sub, #moves .mv, #moves .num, ' +
    '#moves .nag, #moves .cm, #status, #info, #fen, #endtext, #clocks span'),
    function (e) {
        if (!e.offsetWidth || !e.textContent.trim()) return;
        seen++;
        var a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
        var c = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (c < 4.5) { bad++; r.push((e.id || e.className) + ' "' +
            e.textContent.slice(0, 20) + '" ' + c.toFixed(2)); }
    });
r.push('low ' + bad + (seen > 20 ? '' : ' (only ' + seen + ' seen)'));
JS
printf 'low 0\n' >want
run page.html contrast.js
same "contrast, light mode"
run page.html contrast.js '' --force-dark-mode
same "contrast, dark mode"
cat >dark.js <<'JS'
r.push(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
JS
run page.html dark.js '' --force-dark-mode
echo dark >want
same "--force-dark-mode gives the page dark mode"

# 9. the evaluation graph under the board: a point for each ply with an
# [%eval] (White's view), its mark at the ply shown (in a variation, the
# ply it leaves), a click going to the ply under it, the keys moving
# along it; no graph in a game without evaluations; the board and what
# is under it still in the window on a desktop and a phone
cat >evals.pdn <<'PDN'
[Event "Analysed"]
[White "Anna"]
[Black "Bob"]
[Result "2-0"]
[GameType "20"]

1. 32-28 {[%eval 0.10]} 19-23 {[%eval 0.20]} 2. 28x19 {[%eval 1.00]}
14x23 {[%eval 0.00]} (2... 13x24 {[%eval 1.5]}) 3. 37-32 {[%eval -0.5]}
10-14 {[%eval #3]} 4. 41-37 {[%eval -6.25]} 2-0

[Event "Plain"]
[GameType "20"]

1. 32-28 19-23 *
PDN
pdn-replay -f html evals.pdn >evals.html 2>/dev/null
cat >graph.js <<'JS'
P.show(0, 3);
var g = $('evalg'), sv = g && g.querySelector('svg');
r.push('graph ' + (g && !g.hidden && sv && sv.getBoundingClientRect().width > 100 ? 'shown' : 'missing'));
r.push('points ' + sv.querySelector('polyline').getAttribute('points'));
r.push('mark ' + $('evm').getAttribute('x1') + ' now ' + sv.getAttribute('aria-valuenow'));
function click(f) {
    var q = sv.getBoundingClientRect();
    sv.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: q.left + f * q.width, clientY: q.top + 5}));
    return $('ply').textContent + ' mark ' + $('evm').getAttribute('x1');
}
r.push('click 1/7: ' + click(1 / 7));
r.push('click end: ' + click(0.999));
r.push('click start: ' + click(0.01));
sv.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
sv.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
r.push('keys: ' + $('ply').textContent);
P.show(0, '4.1.1');
r.push('variation mark ' + $('evm').getAttribute('x1'));
P.show(1, 0);
r.push('plain ' + ($('evalg').hidden ? 'hidden' : 'shown'));
JS
run evals.html graph.js
cat >want <<'WANT'
graph shown
points 57.1,31.3 114.3,30.5 171.4,24.5 228.6,32.0 285.7,35.8 342.9,2.0 400.0,62.0
mark 171.4 now 3
click 1/7: ply 1 of 7 mark 57.1
click end: ply 7 of 7 mark 400.0
click start: ply 0 of 7 mark 0.0
keys: ply 2 of 7
variation mark 171.4
plain hidden
WANT
same "the evaluation graph"
size=1280,800 run evals.html size.js '#g=0&p=3'
echo "board large fits" >want
same "the board and the graph on a smaller desktop"
size=390,844 run evals.html phone.js '#g=0&p=3'
printf 'board wide\nsmall \n' >want
same "the graph on a phone"

# An algebraic board keeps room for its coordinates where they are, the
# files below and the ranks on the left, none above or on the right.
cat >alg.pdn <<'PDN'
[GameType "25"]
1. c3-d4 f6-e5 *
PDN
pdn-replay -f html alg.pdn >alg.html 2>/dev/null
cat >margins.js <<'JS'
P.show(0, 1);
var b = document.getElementById('board'), v = b.getAttribute('viewBox').split(' ');
var sq = b.querySelectorAll('rect'), top = 1e9, right = 0, bottom = 0, left = 1e9;
Array.prototype.forEach.call(sq, function (e) {
    var x = +e.getAttribute('x'), y = +e.getAttribute('y');
    top = Math.min(top, y); left = Math.min(left, x);
    right = Math.max(right, x + +e.getAttribute('width'));
    bottom = Math.max(bottom, y + +e.getAttribute('height'));
});
r.push('top ' + top + ' right ' + (v[2] - right) + ' labelled ' +
    (left > 0 ? 'left' : '') + (v[3] - bottom > 0 ? ' bottom' : ''));
r.push('files ' + document.querySelectorAll('#board .crd').length);
JS
run alg.html margins.js
printf 'top 0 right 0 labelled left bottom\nfiles 16\n' >want
same "an algebraic board's margins: below and left only"

# Stacks (towers, Laska): each stays inside its square, on the top row
# too, and a king on a stack is one disc (its crown on it), not two that
# read as one more layer.
cat >stacks.pdn <<'PDN'
[GameType "25,W,8,8,A0,0,towers"]
[FEN "W:Wa1,c1(bw),Ke3(b):BKb8(wwbw),d8(w),h8"]
1. a1-b2 *
PDN
pdn-replay -f html stacks.pdn >stacks.html 2>/dev/null
cat >stacks.js <<'JS'
P.show(0, 0);
var b = document.getElementById('board'), out = 0, C = 0;
var sq = b.querySelector('rect'), C = +sq.getAttribute('width');
Array.prototype.forEach.call(b.querySelectorAll('g.stack'), function (g) {
    var top = g.nextElementSibling, all = g.querySelectorAll('circle');
    var cy = +all[0].getAttribute('cy'), row = Math.floor(cy / C) * C;
    Array.prototype.forEach.call(top.querySelectorAll('circle'), function (c) {
        all = Array.prototype.concat.call([], Array.prototype.slice.call(all), [c]); });
    Array.prototype.forEach.call(all, function (c) {
        var y = +c.getAttribute('cy'), r = +c.getAttribute('r');
        if (y - r < row - 0.01 || y + r > row + C + 0.01) out++;
    });
});
r.push('stacks ' + b.querySelectorAll('g.stack').length + ' outside ' + out);
var k = b.querySelector('g.stack + g.bk'), wk = b.querySelector('g.stack + g.wk');
r.push('king discs ' + k.querySelectorAll('circle').length + ' ' +
    wk.querySelectorAll('circle').length + ' crowned ' +
    k.querySelectorAll('polygon').length);
JS
run stacks.html stacks.js
printf 'stacks 4 outside 0\nking discs 2 2 crowned 1\n' >want
same "stacks inside their squares, a king on a stack one disc"

exit $fail
