#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-stats on the golden fixtures (tests/data/stats): the score tables add
# up (every scored game gives its points once), several files give a total
# block (text) and a total record (JSON, always), standard input equals a
# file, unreadable games are counted with status 1, an output that is an
# input is refused, and the options' usage errors.
. "${top_srcdir:-.}/tests/cli/setup.sh"

data=$top_srcdir/tests/data/stats
ev=$data/event/input.pdn
intl=$data/international/input.pdn

# Points: 1 per decided English game of a table (1/2 + 1/2 for a draw),
# 2 per International game (2/1/0).
pdn-stats --top 0 "$ev" > "$tmp/out"
# the points column stands before the cross table's '|'
points() { awk '/^    [ 0-9]*\. / { for (i = 1; i <= NF; i++) if ($i == "|") p += $(i - 1) } END { print p }' "$1"; }
sum=$(points "$tmp/out")
[ "$sum" = 5 ] || { echo "FAIL: English tables: $sum points for 5 scored games" >&2; fail=1; }
pdn-stats "$intl" > "$tmp/out"
sum=$(points "$tmp/out")
[ "$sum" = 6 ] || { echo "FAIL: International table: $sum points for 3 games" >&2; fail=1; }
grep -q '^       1\. Dupont, L\. .* 4  |   x    2    2$' "$tmp/out" ||
    { echo "FAIL: International table: Dupont should lead with 4, 2 against each" >&2; fail=1; }
# the cross table is symmetric: what one scored against the other and
# what the other scored against the one make the game's points
pdn-stats -f json "$ev" | head -n 1 > "$tmp/json"
if command -v python3 > /dev/null; then
    python3 -c 'import json, sys
for t in json.loads(open(sys.argv[1]).readline())["tables"]:
    pl = {p["player"]: p for p in t["players"]}
    for a, p in pl.items():
        assert sum(o["points"] for o in p["opponents"].values()) == p["points"], a
        for b, o in p["opponents"].items():
            back = pl[b]["opponents"][a]
            assert back["games"] == o["games"], (a, b)
            assert o["points"] + back["points"] == o["games"], (a, b)' "$tmp/json" ||
        { echo "FAIL: the cross table does not add up" >&2; fail=1; }
fi

# Several files: a block each, then the total.
pdn-stats "$ev" "$intl" > "$tmp/out"
grep -q '^total: 9 games$' "$tmp/out" || { echo "FAIL: no total block of 9 games" >&2; fail=1; }
grep -q '^  variants: English (21) 6, International (20) 3$' "$tmp/out" ||
    { echo "FAIL: total variants" >&2; fail=1; }
pdn-stats -f json "$ev" "$intl" > "$tmp/out"
[ "$(wc -l < "$tmp/out")" = 3 ] || { echo "FAIL: json: $(wc -l < "$tmp/out") records, not 3" >&2; fail=1; }
[ "$(grep -c '^{"type":"stats","file":"' "$tmp/out")" = 2 ] || { echo "FAIL: json: per-file records" >&2; fail=1; }
tail -n 1 "$tmp/out" | grep -q '^{"type":"total","file":null,"game":null,"games":9,' ||
    { echo "FAIL: json: the last record is not the total" >&2; fail=1; }
if command -v python3 > /dev/null; then
    python3 -c 'import json, sys
for l in open(sys.argv[1]): json.loads(l)' "$tmp/out" || { echo "FAIL: json: invalid" >&2; fail=1; }
fi

# Standard input is a file named <stdin>.
pdn-stats "$ev" 2>/dev/null | sed 1d > "$tmp/a"
pdn-stats < "$ev" 2>/dev/null | sed 1d > "$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: stdin differs from the file" >&2; fail=1; }

# An unreadable game is counted, reported, left out: status 1.
{ cat "$ev"; printf '\n[Event "Broken"]\n[White "X"]\n1. 11-15 (24-19 *\n'; } > "$tmp/broken.pdn"
expect_status 1 pdn-stats "$tmp/broken.pdn" || true
grep -q '^.*broken.pdn: 7 games (1 could not be read)$' "$tmp/out" ||
    { echo "FAIL: unreadable game not counted: $(head -1 "$tmp/out")" >&2; fail=1; }
grep -q 'broken.pdn:[0-9]*:[0-9]*: error: ' "$tmp/err" ||
    { echo "FAIL: unreadable game not reported" >&2; fail=1; }

# Safe output, usage errors.
cp "$ev" "$tmp/in.pdn"
expect_status 2 pdn-stats -o "$tmp/in.pdn" "$tmp/in.pdn" || true
cmp -s "$tmp/in.pdn" "$ev" || { echo "FAIL: -o over the input changed it" >&2; fail=1; }
expect_status 2 pdn-stats --opening-plies 0 "$ev" || true
grep -q "^pdn-stats: --opening-plies: invalid number '0'; expected 1-40" "$tmp/err" || { echo "FAIL: --opening-plies 0: $(head -1 "$tmp/err")" >&2; fail=1; }
expect_status 2 pdn-stats -f csv "$ev" || true
grep -q "valid values: text, json" "$tmp/err" || { echo "FAIL: -f csv: $(head -1 "$tmp/err")" >&2; fail=1; }
exit $fail
