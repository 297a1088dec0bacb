#!/bin/sh
# SPDX-License-Identifier: MIT
# The engine client against a real engine: Scan 3.1 from
# ../shared/engines (GPL-3, run as a separate process), built once into
# the build tree (tests/engine/scan/). A game of the corpus analysed by
# pdn-analyse, a 4-game match of Scan against itself from two openings,
# each read back by pdn-legal. Skipped without ../shared or a C++
# compiler.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared
src=$shared/engines/scan
[ -f "$src/build.sh" ] || { echo "SKIP: no Scan in $shared/engines"; exit 77; }
cache=$top_builddir/tests/engine/scan
if [ ! -x "$cache/scan" ]; then
    command -v "${CXX:-g++}" >/dev/null || { echo "SKIP: no C++ compiler"; exit 77; }
    rm -rf "$cache.tmp"
    sh "$src/build.sh" "$cache.tmp" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; exit 1; }
    rm -rf "$cache"
    mv "$cache.tmp" "$cache"
fi

# analysis of a game (its first 30 plies) at depth 4
awk '/^\[Event /{n++} n>1{exit} {print}' "$shared/corpus/international/bruno__BrunoVsScan31.pdn" >"$tmp/game.pdn"
expect_status 0 pdn-analyse --engine "./scan hub" --engine-dir "$cache" --depth 4 \
    --report json -o "$tmp/an.pdn" "$tmp/game.pdn"
grep -q '"complete":true' "$tmp/out" || { echo "FAIL: analysis" >&2; cat "$tmp/out" "$tmp/err" >&2; fail=1; }
[ "$(grep -o '\[%eval ' "$tmp/an.pdn" | wc -l)" -ge 20 ] || { echo "FAIL: evals" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/an.pdn"
expect_status 0 pdn-validate "$tmp/an.pdn"

# Scan against itself: two openings, both colours
cat >"$tmp/open.pdn" <<'PDN'
[Event "a"]
1. 32-28 18-23 *

[Event "b"]
1. 33-29 17-22 *
PDN
expect_status 0 pdn-match --engine "./scan hub" --engine-dir "$cache" \
    --engine "./scan hub" --engine-dir "$cache" \
    --depth 3 --openings "$tmp/open.pdn" --games 4 --max-plies 120 -o "$tmp/m.pdn"
cat "$tmp/out"
[ "$(grep -c '^\[Event "pdn-match"\]' "$tmp/m.pdn")" = 4 ] || { echo "FAIL: 4 games" >&2; fail=1; }
grep -q '^\[Termination "\(abandoned\|time forfeit\|rules infraction\)"\]' "$tmp/m.pdn" && { echo "FAIL: Scan failed" >&2; cat "$tmp/m.pdn" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/m.pdn"
exit $fail
