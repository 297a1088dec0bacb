#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-fix and pdn-stats on real archives of ../shared (skipped without it):
# the Russian championship of 1947 written in CP1251, KOI8-R and CP866
# (made here with iconv from its UTF-8) comes back with its names, from a
# file and game by game from standard input, and pdn-convert reads the same
# names (one decision of the reader for every tool); the Latin-1 files of the
# corpus get their accented names; the Open Checkers Archive gets every
# date and the GameType of the games only English explains, reads back
# legal, and a second run repairs nothing; pdn-stats counts it whole.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared
corpus=$shared/corpus
ussr=$corpus/russian/fmjd__ussr1947.pdn
oca=$corpus/english/oca__OCA_2.0.pdn
for f in "$ussr" "$oca"; do
    [ -f "$f" ] || { echo "FAIL: $f is missing" >&2; exit 1; }
done
names() { tr -d '\r' < "$1" | grep -E '^\[(White|Black|Event) '; }

names "$ussr" > "$tmp/want"
if command -v iconv > /dev/null; then
    for cp in CP1251 KOI8-R CP866; do
        iconv -f UTF-8 -t "$cp" "$ussr" > "$tmp/in.pdn"
        pdn-fix "$tmp/in.pdn" > "$tmp/out" 2> "$tmp/err"
        names "$tmp/out" | cmp -s - "$tmp/want" || { echo "FAIL: $cp: names differ" >&2; fail=1; }
        n=$(grep -c "note: text read as $cp " "$tmp/err" || true)
        [ "$n" = 153 ] || { echo "FAIL: $cp: $n of 153 games read as $cp" >&2; fail=1; }
        pdn-fix -q < "$tmp/in.pdn" 2> /dev/null | names /dev/stdin | cmp -s - "$tmp/want" ||
            { echo "FAIL: $cp from standard input: names differ" >&2; fail=1; }
        # the reader's decision, the same in every tool
        pdn-convert -q "$tmp/in.pdn" 2> /dev/null | names /dev/stdin | cmp -s - "$tmp/want" ||
            { echo "FAIL: $cp: pdn-convert reads other names" >&2; fail=1; }
    done
fi

for f in international/gamescheckers__Cannes_Open_Tournament_2002.pdn \
         international/gamescheckers__nk2003-amsterdam.pdn \
         italian/gamescheckers__40champ-1996.pdn; do
    [ -f "$corpus/$f" ] || { echo "FAIL: $f is missing" >&2; fail=1; continue; }
    pdn-fix "$corpus/$f" > "$tmp/out" 2> "$tmp/err"
    grep -q "note: text read as Latin-1 " "$tmp/err" || { echo "FAIL: $f: not read as Latin-1" >&2; fail=1; }
    # every tag line with a byte above 0x7F, as Latin-1 says, is in the
    # output (its value trimmed)
    LC_ALL=C grep -a '^\[.*[^ -~]' "$corpus/$f" | iconv -f LATIN1 -t UTF-8 |
        sed 's/ *"\] *$/"]/' | sort -u > "$tmp/lat"
    while IFS= read -r l; do
        grep -qxF "$l" "$tmp/out" || { echo "FAIL: $f: '$l' not in the output" >&2; fail=1; }
    done < "$tmp/lat"
done

pdn-fix -e -f json "$oca" > "$tmp/notes"
n=$(grep -c '"repair":"date"' "$tmp/notes" || true)
[ "$n" = 22621 ] || { echo "FAIL: OCA: $n of 22621 dates repaired" >&2; fail=1; }
n=$(grep -c '"repair":"gametype"' "$tmp/notes" || true)
[ "$n" -gt 20000 ] || { echo "FAIL: OCA: $n GameType tags added" >&2; fail=1; }
pdn-fix -q -o "$tmp/oca.pdn" "$oca" 2> /dev/null
[ -z "$(pdn-legal -q "$tmp/oca.pdn")" ] || { echo "FAIL: OCA: the repaired archive is not legal" >&2; fail=1; }
[ "$(pdn-fix -e "$tmp/oca.pdn" | grep -c ': note: ')" = 0 ] ||
    { echo "FAIL: OCA: a second run repairs again" >&2; fail=1; }
pdn-stats -q -f json "$oca" | tail -n 1 > "$tmp/total"
grep -q '"games":22621,"unreadable":0,"variants":{"English (21)":22621}' "$tmp/total" ||
    { echo "FAIL: OCA stats: $(cut -c1-160 "$tmp/total")" >&2; fail=1; }
exit $fail
