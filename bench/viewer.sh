#!/bin/sh
# SPDX-License-Identifier: MIT
# The viewer page of a large archive in headless Chromium (make
# bench-viewer): pdn-replay -f html on the Open Checkers Archive (or the
# file given as third argument), then the page's size, when the first game
# is shown and when the page is loaded (performance.now(), from the
# navigation), the JavaScript heap after loading (performance.memory),
# and the private memory of the renderer process (Private_Clean +
# Private_Dirty of /proc/PID/smaps_rollup) every half second for 8 s with
# the page open, next to the same for the first page of -O (pages of 5000
# games) and a page of one small game. Then, when wasm/pdn.js is built
# (make wasm), the analysis board's binding in Chromium: the time of a
# legal move list (legalMoves) of every variant's start position, the
# mean of 200 calls after a first one. Skips (77) without Chromium or the
# archive.
# Usage: bench/viewer.sh BUILDDIR SRCDIR [FILE.pdn]
set -eu
build=${1:-.}
src=${2:-.}
pdn=${3:-$src/../shared/corpus/english/oca__OCA_2.0.pdn}
# the tests' setup: its temporary directory and find_browser
top_srcdir=$src
. "$src/tests/cli/setup.sh"
browser=$(find_browser)
[ -n "$browser" ] || { echo "SKIP: no Chromium (or PDN_NO_BROWSER set)"; exit 77; }
[ -f "$pdn" ] || { echo "SKIP: no $pdn"; exit 77; }

# private memory (MB) of the renderers of profile $1
renderer_mb() {
    total=0
    for p in $(ps -eo pid,args | grep -- '--type=renderer' | grep -F "$1" |
               grep -v grep | awk '{print $1}'); do
        kb=$(awk '/^Private_(Clean|Dirty)/ {s += $2} END {print s + 0}' \
             "/proc/$p/smaps_rollup" 2>/dev/null || echo 0)
        total=$((total + kb))
    done
    echo $((total / 1024))
}

# timing: a probe at the top of the head reports at the load event
probe() { # probe PAGE OUT
    awk '{print} /^<head>$/ && !done {
        print "<script>window.addEventListener(\"load\", function () {" \
              "var p = document.createElement(\"pre\"); p.id = \"probe\";" \
              "p.textContent = \"first game shown at \" +" \
              " P.shownAt().toFixed(0) + \" ms, loaded at \" +" \
              " performance.now().toFixed(0) + \" ms, JavaScript heap \" +" \
              " (performance.memory.usedJSHeapSize / 1048576).toFixed(1) +" \
              " \" MB\"; document.body.appendChild(p); });</script>"
        done = 1 }' "$1" >"$2"
}

# memory: the page held open (remote debugging keeps headless running)
series() { # series PAGE PROFILE
    "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$2" \
        --remote-debugging-port=0 "file://$1" >/dev/null 2>&1 &
    pid=$!
    n=0
    out=
    while [ $n -lt 16 ]; do
        sleep 0.5
        out="$out $(renderer_mb "$2")"
        n=$((n + 1))
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    echo "$out"
}

start=$(date +%s.%N)
"$build/tools/pdn-replay" -f html "$pdn" >"$tmp/page.html" 2>/dev/null || true
end=$(date +%s.%N)
echo "page: $(wc -c <"$tmp/page.html") bytes, written in" \
    "$(echo "$end - $start" | bc) s"
probe "$tmp/page.html" "$tmp/probe.html"
"$browser" --headless --no-sandbox --disable-gpu --enable-precise-memory-info \
    --user-data-dir="$tmp/p1" --dump-dom "file://$tmp/probe.html" \
    2>/dev/null | grep '<pre id="probe">' | sed 's/.*<pre id="probe">//; s/<.*//'
echo "renderer private MB, every 0.5 s:$(series "$tmp/page.html" "$tmp/p2")"
# -O: pages of 5000 games; the first of them
"$build/tools/pdn-replay" -f html -O "$tmp/pages" "$pdn" 2>/dev/null || true
first=$(ls "$tmp/pages" | grep -- '-p0001\.html$' | head -1)
echo "-O: $(ls "$tmp/pages" | grep -c -- '-p[0-9]*\.html$') pages of" \
    "$(ls -l "$tmp/pages" | awk '/-p[0-9]*\.html$/ {printf "%s ", $5}')bytes"
echo "its first page:              $(series "$tmp/pages/$first" "$tmp/p4")"
printf '[GameType "20"]\n\n1. 32-28 *\n' >"$tmp/one.pdn"
"$build/tools/pdn-replay" -f html "$tmp/one.pdn" >"$tmp/one.html" 2>/dev/null
echo "one small game:              $(series "$tmp/one.html" "$tmp/p3")"

# the analysis board: the page with libpdn's WebAssembly (--enable-wasm)
# against the same page without it (its last script cut), five times
# each in turns: the first game must show as soon
if grep -q 'var PdnModule' "$tmp/page.html" && command -v python3 >/dev/null 2>&1; then
    from=$(awk '/^<script>$/ { s = NR } /^var PdnModule = / { print s; exit }' "$tmp/page.html")
    to=$(awk -v s="$from" 'NR > s && /^<\/script>$/ { print NR; exit }' "$tmp/page.html")
    sed "${from},${to}d" "$tmp/page.html" >"$tmp/nowasm.html"
    for f in page nowasm; do
        awk '{print} /^<head>$/ && !done {
            print "<script>window.addEventListener(\"load\", function () {" \
                  "var p = document.createElement(\"pre\"); p.id = \"result\";" \
                  "p.textContent = P.shownAt().toFixed(0) + \" \" +" \
                  " performance.now().toFixed(0); document.body.appendChild(p); });</script>"
            done = 1 }' "$tmp/$f.html" >"$tmp/$f-probe.html"
    done
    set --
    for i in 1 2 3 4 5; do
        set -- "$@" "file://$tmp/page-probe.html" "$tmp/with$i" \
            "file://$tmp/nowasm-probe.html" "$tmp/without$i"
    done
    if python3 "$src/tests/cli/chromium.py" "$browser" result "$@"; then
        med() { awk '{print $'"$2"'}' "$tmp/$1"[1-5] | sort -n | sed -n 3p; }
        echo "analysis board: first game shown at $(med with 1) ms (median of 5)," \
            "loaded at $(med with 2) ms; without the WebAssembly" \
            "$(med without 1) ms, $(med without 2) ms"
    fi
fi

# the analysis board: legal move lists in Chromium through wasm/pdn.js
if [ -f "$build/wasm/pdn.js" ] && command -v python3 >/dev/null 2>&1; then
    cp "$build/wasm/pdn.js" "$tmp/pdn.js"
    {
        echo '<!DOCTYPE html><html><head><meta charset="utf-8"><script src="pdn.js"></script></head><body><script>'
        printf 'var V = "%s".split(" ");\n' "$(
            { sed -n '/^static const std_type std_types/,/^};/p' "$src/lib/variant/gametype.c"
              sed -n '/^static const char \*const folk_names/,/^};/p' "$src/lib/variant/gametype.c"
            } | grep -o '"[a-z-]*"' | tr -d '"' | tr '\n' ' ' | sed 's/ $//')"
        cat <<'JS'
PdnModule().then(function (M) {
    var r = [], worst = 0;
    V.forEach(function (v) {
        var n = M.legalMoves(v, '').length, t0 = performance.now();
        for (var i = 0; i < 200; i++) M.legalMoves(v, '');
        var ms = (performance.now() - t0) / 200;
        worst = Math.max(worst, ms);
        r.push(v + ': ' + n + ' moves in ' + ms.toFixed(3) + ' ms');
    });
    r.push('slowest: ' + worst.toFixed(3) + ' ms');
    var p = document.createElement('pre'); p.id = 'result';
    p.textContent = r.join('\n'); document.body.appendChild(p);
});
</script></body></html>
JS
    } >"$tmp/moves.html"
    python3 "$src/tests/cli/chromium.py" "$browser" result \
        "file://$tmp/moves.html" "$tmp/moves.out" &&
        echo "legal move lists in Chromium (wasm/pdn.js, $(gzip -9c "$build/wasm/pdn.js" | wc -c) bytes gzipped):" &&
        sed 's/^/  /' "$tmp/moves.out"
fi
