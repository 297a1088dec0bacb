#!/bin/sh
# SPDX-License-Identifier: MIT
# libpdn in WebAssembly (wasm/pdn.js, make wasm): the binding in node
# (tests/cli/wasm-binding.js: moves with their paths and captures, a board
# played and taken back, game over and a draw rule, the board editor's
# check, a game read, edited and written) against the tools: every
# variant's legal moves from its start position as pdn-perft -D writes
# them, perft to depth 4 as pdn-perft counts it, the edited games accepted
# by pdn-validate and pdn-legal with the binding's final FEN; then perft to
# depth 4 of every variant in headless Chromium, through the page's
# binding under a Content-Security-Policy that allows WebAssembly but no
# eval nor inline script, against pdn-perft. The variants are those of
# lib/variant/gametype.c's tables. Skipped (77) when wasm/pdn.js is not
# built (emcc absent, or make wasm not run); the Chromium part is left
# out without Chromium or python3 (tests/cli/chromium.py drives it).
. "${top_srcdir:-.}/tests/cli/setup.sh"
js="$top_builddir/wasm/pdn.js"
if [ ! -f "$js" ]; then
    if command -v emcc >/dev/null 2>&1; then
        echo "SKIP: wasm/pdn.js not built (make wasm, or ./configure --enable-wasm)"
    else
        echo "SKIP: emscripten's emcc not found: no wasm/pdn.js"
    fi
    exit 77
fi
command -v node >/dev/null 2>&1 || { echo "SKIP: no node"; exit 77; }
cd "$tmp"

{
    sed -n '/^static const std_type std_types/,/^};/p' \
        "$top_srcdir/lib/variant/gametype.c"
    sed -n '/^static const char \*const folk_names/,/^};/p' \
        "$top_srcdir/lib/variant/gametype.c"
} | grep -o '"[a-z-]*"' | tr -d '"' >variants
# lidraughts' numbers too
printf '96\n97\n98\n' >>variants
[ "$(wc -l <variants)" -ge 30 ] || { echo "FAIL: variant list: $(cat variants)" >&2; exit 1; }

set +e
node "$top_srcdir/tests/cli/wasm-binding.js" "$js" "$tmp" >node.out 2>&1
st=$?
set -e
if [ "$st" != 0 ] || grep -q FAIL node.out; then
    cut -c1-400 node.out >&2
    echo "FAIL: the binding in node (exit $st)" >&2
    fail=1
fi

while read -r v; do
    pdn-perft -g "$v" -d 1 -D 2>/dev/null | grep -v '^total' | cut -f 1 |
        sort >want
    sort "moves-$v" >got 2>/dev/null || : >got
    cmp -s want got ||
        { echo "FAIL: $v: legalMoves differ from pdn-perft -D" >&2; diff want got >&2; fail=1; }
    pdn-perft -g "$v" -d 4 2>/dev/null | tail -n 1 | cut -f 2 >want
    cmp -s want "perft-$v" ||
        { echo "FAIL: $v: perft 4 is $(cat "perft-$v" 2>/dev/null), pdn-perft says $(cat want)" >&2; fail=1; }
done <variants

# the games written by the binding: valid, legal, and ending where the
# binding said
for g in game setup; do
    if ! pdn-validate -q "$g.pdn" >/dev/null 2>&1; then
        echo "FAIL: $g.pdn: pdn-validate" >&2; pdn-validate "$g.pdn" >&2 || :; fail=1
    fi
    if ! pdn-legal -q "$g.pdn" >/dev/null 2>&1; then
        echo "FAIL: $g.pdn: pdn-legal" >&2; pdn-legal "$g.pdn" >&2 || :; fail=1
    fi
    pdn-replay "$g.pdn" 2>/dev/null | tail -n 1 | cut -f 2 >want
    cmp -s want "$g.fen" ||
        { echo "FAIL: $g.pdn: final FEN $(cat "$g.fen"), pdn-replay: $(cat want)" >&2; fail=1; }
done

# Chromium: perft through the binding in the page, under a
# Content-Security-Policy that allows no inline script and no eval, only
# WebAssembly ('wasm-unsafe-eval'), as pdn-db serve's pages have it
browser=$(find_browser)
if [ -z "$browser" ] || ! command -v python3 >/dev/null 2>&1; then
    echo "no Chromium or no python3: the browser part is left out"
    exit $fail
fi
cat >perft.html <<'HTML'
<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src file: 'wasm-unsafe-eval'">
</head><body><script src="pdn.js"></script><script src="perft.js"></script></body></html>
HTML
{
    printf 'var V = "%s".split(" ");\n' "$(tr '\n' ' ' <variants | sed 's/ $//')"
    cat <<'JS'
PdnModule().then(function (M) {
    var r = [];
    V.forEach(function (v) {
        try { r.push(v + '\t' + M.perft(v, '', 4)); }
        catch (e) { r.push(v + '\texception ' + e); }
    });
    var p = document.createElement('pre');
    p.id = 'result';
    p.textContent = r.join('\n') + '\n';
    document.body.appendChild(p);
}, function (e) {
    var p = document.createElement('pre');
    p.id = 'result';
    p.textContent = 'no module: ' + e + '\n';
    document.body.appendChild(p);
});
JS
} >perft.js
cp "$js" pdn.js
# the driver waits for the page's own answer (the element #result,
# written once the module is compiled and every perft is done), with a
# generous bound, rather than for --dump-dom's virtual time, which a
# starved machine can use up while the WebAssembly is still compiling
python3 "$top_srcdir/tests/cli/chromium.py" "$browser" result \
    "file://$tmp/perft.html" "$tmp/perft.out" ||
    { echo "FAIL: the browser driver" >&2; exit 1; }
sed '/^$/d' perft.out >got
[ -s got ] || echo "error: no result in the page" >got
while read -r v; do
    printf '%s\t%s\n' "$v" "$(pdn-perft -g "$v" -d 4 2>/dev/null | tail -n 1 | cut -f 2)"
done <variants >want
if ! diff -u want got >&2; then
    echo "FAIL: perft 4 in Chromium differs from pdn-perft" >&2
    fail=1
fi
exit $fail
