#!/bin/sh
# SPDX-License-Identifier: MIT
# The pdn-replay -f html page in a real headless browser (Chromium): a
# driver script appended to the page (the page has no closing tags to
# place it after) waits for the page to be read, clicks the second game,
# steps with the arrow keys and the buttons, and writes the FEN shown at
# each step into the page, which the browser dumps; those FENs must equal
# pdn-replay -a's. tests/cli/viewer.sh tests the viewer feature by
# feature. Skipped (77) when no Chromium is installed.
. "${top_srcdir:-.}/tests/cli/setup.sh"

browser=$(find_browser)
[ -n "$browser" ] || { echo "SKIP: no Chromium (or PDN_NO_BROWSER set)"; exit 77; }

cat >"$tmp/v.pdn" <<'PDN'
[Event "Club <cup> & \"plate\""]
[White "Anna"]
[Black "Bob"]
[Result "*"]
[GameType "20"]

{Opening} 1. 32-28! $1 19-23 {sharp} (1... 18-23 2. 33-29) 2. 28x19 14x23 *

[Event "Second"]
[White "Carl"]
[Black "Dora"]
[Result "*"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. g3-h4 *

[Event "Kings"]
[White "Eva"]
[Black "Fred"]
[Result "*"]
[GameType "21"]
[FEN "W:W6,K30:B28,K20"]

1. 6-2 20-24 2. 2-7 /FEN "W:W5,K9:B14"/ 3. 9x18 *
PDN
cd "$tmp"
expect_status 0 pdn-replay -f html v.pdn
cp out page.html
cat page.html - >t.html <<'JS'
<script>
document.addEventListener('DOMContentLoaded', function () {
    var r = [];
    function fen() { return document.getElementById('fen').textContent; }
    function key(k) {
        document.dispatchEvent(new KeyboardEvent('keydown',
                                                 {key: k, bubbles: true}));
    }
    r.push('games ' + P.count());
    r.push('1 0 ' + fen());
    document.querySelector('#g1').click();
    r.push('2 0 ' + fen());
    key('ArrowRight'); r.push('2 1 ' + fen());
    key('ArrowRight'); r.push('2 2 ' + fen());
    key('ArrowRight'); r.push('2 3 ' + fen());
    key('ArrowLeft'); r.push('2 2 ' + fen());
    document.getElementById('fwd').click(); r.push('2 3 ' + fen());
    key('End'); r.push('2 5 ' + fen());
    document.getElementById('m4').click(); r.push('2 4 ' + fen());
    r.push('pieces ' + document.querySelectorAll('#board .wm, #board .bm, #board .wk, #board .bk').length);
    r.push('comment ' + document.querySelector('#g0').firstChild.textContent);
    document.querySelector('#g0').click();
    r.push('moves ' + document.getElementById('moves').textContent);
    // a promotion, kings and a setup command: every ply by the arrow key
    document.querySelector('#g2').click();
    for (var k = 0; k <= 4; k++) {
        r.push('3 ' + k + ' ' + fen());
        key('ArrowRight');
    }
    r.push('kings ' + document.querySelectorAll('#board .wk, #board .bk').length);
    var pre = document.createElement('pre');
    pre.id = 'result';
    pre.textContent = r.join('\n');
    document.body.appendChild(pre);
});
</script>
JS
page_result "file://$tmp/t.html" got || exit 1
# what the page must show: pdn-replay's own FEN at each ply
pdn-replay -a v.pdn >fens
fen_at() { # fen_at GAME PLY: pdn-replay's FEN there
    awk -F'\t' -v g="$1" -v p="$2" '$1 == g && $2 == p {print $4}' fens
}
{
    echo "games 3"
    for gp in "1 0" "2 0" "2 1" "2 2" "2 3" "2 2" "2 3" "2 5" "2 4"; do
        set -- $gp
        echo "$1 $2 $(fen_at "$1" "$2")"
    done
    echo "pieces 23"
    echo "comment 1. Anna – Bob  *"
    echo 'moves Opening 1. 32-28! 19-23 sharp 1... 18-23 2. 33-29 2. 28x19 14x23 *: result unknown'
    for p in 0 1 2 3 4; do
        echo "3 $p $(fen_at 3 "$p")"
    done
    echo "kings 1"
} >want
if ! diff -u want got >&2; then
    echo "FAIL: the page shows other positions than pdn-replay -a" >&2
    fail=1
fi
exit $fail
