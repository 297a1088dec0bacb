#!/bin/sh
# SPDX-License-Identifier: MIT
# The viewer page as an analysis board (pdn-replay -f html built with
# --enable-wasm: libpdn's WebAssembly in the page), in headless Chromium
# from file://: on the page of each sample (one per variant, the folk
# variants and stacks included) tests/cli/wasm-viewer.js starts a new
# game and plays it by clicks on the board, moves picked from the
# binding's legal moves, with a variation; its downloaded PDN passes
# pdn-validate and pdn-legal and ends, by pdn-replay, in the FEN the page
# showed. On the International page also: the board editor refuses a man
# on its promotion row and takes a legal position, a comment and a mark,
# undo, and a capture of two paths between the same squares played by
# clicks and a choice; on the towers page, stacks made in the editor. The
# pages of -f html -O load one pdn.js written beside them (no copy a
# page), and the same game is played on one. The row above the list
# starts a new game from the start position. Skipped (77) without
# Chromium, python3, or a pdn-replay whose page has no WebAssembly.
. "${top_srcdir:-.}/tests/cli/setup.sh"
browser=$(find_browser)
[ -n "$browser" ] || { echo "SKIP: no Chromium (or PDN_NO_BROWSER set)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
cd "$tmp"
printf '[GameType "20"]\n\n1. 32-28 *\n' >one.pdn
pdn-replay -f html one.pdn >one.html 2>/dev/null
# the page's own script names the module in every build: the script
# that holds it is there only in a build with --enable-wasm
grep -q '<script id="libpdn-wasm">' one.html ||
    { echo "SKIP: pdn-replay's page has no WebAssembly (./configure --enable-wasm)"; exit 77; }

set --
for f in "$top_srcdir"/samples/*.pdn; do
    v=$(basename "$f" .pdn)
    pdn-replay -f html "$f" >"$v.html" 2>/dev/null || true
    {
        [ "$v" = international ] && echo '<script>var EDITOR = 1;</script>'
        [ "$v" = folk-towers ] && echo '<script>var STACKS = 1;</script>'
        echo '<script>'
        cat "$top_srcdir/tests/cli/wasm-viewer.js"
        echo '</script>'
    } >>"$v.html"
    set -- "$@" "file://$tmp/$v.html" "$tmp/$v.out"
done
# -O: the WebAssembly once, beside the pages, which load it
mkdir pages
pdn-replay -f html -O pages "$top_srcdir/samples/english.pdn" 2>/dev/null || true
page=pages/english-p0001.html
[ -s pages/pdn.js ] || { echo "FAIL: -O: no pages/pdn.js" >&2; fail=1; }
grep -q '<script id="libpdn-wasm" src="pdn.js"></script>' "$page" ||
    { echo "FAIL: -O: the page does not load pdn.js" >&2; fail=1; }
if grep -q 'base64' "$page"; then
    echo "FAIL: -O: the page holds the WebAssembly" >&2
    fail=1
fi
sed -n '/^<script id="libpdn-wasm">$/,/^<\/script>$/p' one.html | sed '1d;$d' >held.js
cmp -s held.js pages/pdn.js ||
    { echo "FAIL: -O: pdn.js is not the module a page holds" >&2; fail=1; }
{
    echo '<script>'
    cat "$top_srcdir/tests/cli/wasm-viewer.js"
    echo '</script>'
} >>"$page"
set -- "$@" "file://$tmp/$page" "$tmp/pages.out"
python3 "$top_srcdir/tests/cli/chromium.py" "$browser" result "$@" ||
    { echo "FAIL: the browser driver" >&2; exit 1; }

for f in "$top_srcdir"/samples/*.pdn; do
    v=$(basename "$f" .pdn)
    o=$v.out
    if grep '^error' "$o" >&2; then
        echo "FAIL: $v: the page" >&2
        fail=1
        continue
    fi
    grep -q '^variation 1$' "$o" || { echo "FAIL: $v: no variation made" >&2; fail=1; }
    sed -n 's/^pdn //p' "$o" |
        python3 -c 'import json, sys; sys.stdout.write(json.loads(sys.stdin.read()))' >"$v.pdn"
    grep -q '(' "$v.pdn" || { echo "FAIL: $v: no variation in the PDN" >&2; fail=1; }
    pdn-validate -q "$v.pdn" >/dev/null 2>&1 ||
        { echo "FAIL: $v: pdn-validate refuses the page's PDN" >&2; pdn-validate "$v.pdn" >&2 || :; fail=1; }
    pdn-legal -q "$v.pdn" >/dev/null 2>&1 ||
        { echo "FAIL: $v: pdn-legal refuses the page's PDN" >&2; pdn-legal "$v.pdn" >&2 || :; fail=1; }
    want=$(sed -n 's/^fen //p' "$o")
    got=$(pdn-replay "$v.pdn" 2>/dev/null | tail -n 1 | cut -f 2)
    [ "$want" = "$got" ] ||
        { echo "FAIL: $v: the page ends at $want, pdn-replay at $got" >&2; fail=1; }
done
if grep '^error' pages.out >&2 || ! grep -q '^variation 1$' pages.out; then
    echo "FAIL: -O: the game on a page of -O" >&2
    fail=1
fi
# the row above the list: a new game from the variant's start position
pdn-replay -f html "$top_srcdir/samples/english.pdn" >newrow.html 2>/dev/null || true
python3 "$top_srcdir/tests/cli/chromium.py" "$browser" eval \
    "file://$tmp/newrow.html" newrow.out \
    "window.P && P.A.M && document.getElementById('newrow') && (document.getElementById('newrow').click(), /new game/.test(document.getElementById('head').textContent))" \
    "document.getElementById('fen').textContent" ||
    { echo "FAIL: the browser driver (new game row)" >&2; fail=1; }
echo 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12' >want
echo >>newrow.out
diff -u want newrow.out >&2 || { echo "FAIL: the new game row" >&2; fail=1; }
cat >want <<'EOF'
editor refused true
editor accepted W:W33:B18 true
editor game true true true
undo true
start again true
multi-path true true
EOF
grep -e '^editor' -e '^undo' -e '^start' -e '^multi-path' international.out >got || :
diff -u want got >&2 || { echo "FAIL: the board editor and the edits" >&2; fail=1; }
echo 'stacks W:Wc3(bb):Bd6(W) 2' >want
grep '^stacks' folk-towers.out >got || :
diff -u want got >&2 || { echo "FAIL: stacks in the board editor" >&2; fail=1; }
exit $fail
