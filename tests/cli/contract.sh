#!/bin/sh
# SPDX-License-Identifier: MIT
# One contract for every tool (issue 28): operands that are not inputs,
# input that is not PDN, options that contradict or do nothing refused
# with a usage error (status 2), the common options of pdn-stats, and the
# JSON records of pdn-select and pdn-stats.
. "${top_srcdir:-.}/tests/cli/setup.sh"

s=$top_srcdir/samples
tools="pdn-validate pdn-legal pdn-replay pdn-convert pdn-select pdn-stats"

# a directory operand is an error, not "1 file, 1 game"
mkdir "$tmp/dir"
for t in $tools; do
    expect_status 2 $t "$tmp/dir"
    grep -q "$tmp/dir: Is a directory" "$tmp/err" || { echo "FAIL: $t on a directory: $(head -n 1 "$tmp/err")" >&2; fail=1; }
    grep -q '1 game' "$tmp/err" && { echo "FAIL: $t counted a directory as a game" >&2; fail=1; }
done
# garbage or a binary file: no variant verdict
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "%c", (i * 7919) % 251 + 1; printf "%c", 0 }' > "$tmp/garbage.pdn"
for t in pdn-legal pdn-replay pdn-select pdn-stats; do
    extra=
    [ $t = pdn-select ] && extra="-L legal"
    $t $extra "$tmp/garbage.pdn" > "$tmp/out" 2> "$tmp/err" || true
    grep -q 'replayed as' "$tmp/out" "$tmp/err" && { echo "FAIL: $t gave garbage a variant verdict" >&2; fail=1; }
done

# pdn-stats takes the common options: -j, -E, --label, --summary,
# --progress, --games
ev=$top_srcdir/tests/data/select/player/input.pdn
pdn-stats -f json "$ev" > "$tmp/j1" 2>/dev/null
pdn-stats -j 2 -f json "$ev" > "$tmp/j2" 2>/dev/null
cmp -s "$tmp/j1" "$tmp/j2" || { echo "FAIL: pdn-stats -j 2 differs from -j 1" >&2; fail=1; }
expect_status 0 pdn-stats -E "$ev"
pdn-stats --label my.pdn < "$ev" 2>/dev/null | grep -q '^my.pdn: 6 games$' || { echo "FAIL: pdn-stats --label" >&2; fail=1; }
pdn-stats -f json --summary json "$ev" 2> "$tmp/err" | tail -n 1 | grep -q '^{"type":"summary",.*"games":6,' ||
    { echo "FAIL: pdn-stats --summary json: not the last record" >&2; fail=1; }
[ -s "$tmp/err" ] && { echo "FAIL: pdn-stats -f json --summary json wrote to stderr" >&2; fail=1; }
pdn-stats --summary json "$ev" 2>&1 >/dev/null | grep -q '^{"type":"summary"' || { echo "FAIL: pdn-stats --summary json (text): not on stderr" >&2; fail=1; }
pdn-stats --games 2-3 "$ev" 2>/dev/null | grep -q ': 2 games$' || { echo "FAIL: pdn-stats --games 2-3" >&2; fail=1; }
expect_status 0 pdn-stats --progress --no-progress "$ev"
pdn-stats --top 1 "$ev" 2>/dev/null | grep -q -- '-T 0' && { echo "FAIL: pdn-stats speaks of -T 0" >&2; fail=1; }
# --games: a list of ranges; pdn-select takes it
[ "$(pdn-select --games 1,3-4,6- -f json "$ev" 2>/dev/null | jq -r .game | tr '\n' ' ')" = "1 3 4 6 " ] ||
    { echo "FAIL: pdn-select --games 1,3-4,6-" >&2; fail=1; }
[ "$(pdn-select --games 2,5 -k "$ev" 2>/dev/null)" = 2 ] || { echo "FAIL: pdn-select --games 2,5 -k" >&2; fail=1; }
expect_status 2 pdn-select --games 1,,3 "$ev"
expect_status 2 pdn-legal --games 3-1,5 "$ev"
# pdn-stats on an empty file: "no games found", no figures
: > "$tmp/empty.pdn"
expect_status 1 pdn-stats -W "$tmp/empty.pdn"
grep -q 'empty.pdn: warning: no games found' "$tmp/err" || { echo "FAIL: pdn-stats: no 'no games found'" >&2; fail=1; }
grep -q 'min 0' "$tmp/out" && { echo "FAIL: pdn-stats on an empty file gives figures" >&2; fail=1; }
pdn-stats -f json "$tmp/empty.pdn" 2>/dev/null | grep '"type":"stats"' | grep -q '"plies":{"min":null' || { echo "FAIL: pdn-stats -f json on an empty file gives plies figures" >&2; fail=1; }
# pdn-stats -f json: its findings are records of the output, and every record has a game member
pdn-stats -f json "$tmp/garbage.pdn" > "$tmp/out" 2> "$tmp/err" || true
grep -q '"type":"finding"' "$tmp/out" || { echo "FAIL: pdn-stats -f json: findings not among the records" >&2; fail=1; }
jq -e 'has("game")' "$tmp/out" > /dev/null || { echo "FAIL: pdn-stats -f json: a record without game" >&2; fail=1; }

# pdn-select -f json: findings, -H notes and unreadable games as records
sel=$top_srcdir/tests/data/select/player/input.pdn
pdn-select -q -f json "$tmp/garbage.pdn" > "$tmp/out" 2> "$tmp/err" || true
grep -q '^{"type":"finding",' "$tmp/out" || { echo "FAIL: pdn-select -f json: findings not records" >&2; fail=1; }
grep -q '^{"type":"game",.*"error":{' "$tmp/out" || { echo "FAIL: pdn-select -f json garbage: no error record" >&2; fail=1; }
grep -q '"tags":{}' "$tmp/out" && { echo "FAIL: pdn-select -f json garbage: an empty tags record" >&2; fail=1; }
pdn-select -H -f json --summary none "$sel" "$sel" > "$tmp/out" 2> "$tmp/err"
[ -s "$tmp/err" ] && { echo "FAIL: pdn-select -H -f json: text on stderr: $(head -n 1 "$tmp/err")" >&2; fail=1; }
[ "$(grep -c '^{"type":"duplicate",.*"kind":"same","of":{"file":"[^"]*","game":[0-9]*}}$' "$tmp/out")" = 6 ] ||
    { echo "FAIL: pdn-select -H -f json: not 6 duplicate records" >&2; fail=1; }
# the -H note does not look like FILE:LINE; the summary counts the games selected
pdn-select -H "$sel" "$sel" 2>&1 > /dev/null | grep -q 'note: same game as game 1 of .*input.pdn (game 1)$' ||
    { echo "FAIL: pdn-select -H note" >&2; fail=1; }
pdn-select -P Tinsley "$sel" 2>&1 >/dev/null | grep -q '^pdn-select: 1 file, 6 games, 3 selected, ' || { echo "FAIL: the summary does not count the games selected" >&2; fail=1; }
pdn-select -f json --summary json -P Tinsley "$sel" | tail -n 1 | grep -q '"selected":3,' || { echo "FAIL: the JSON summary does not count the games selected" >&2; fail=1; }
# the line and byte offset of each selected game
pdn-select -f json "$sel" | jq -r '"\(.line) \(.offset)"' | while read -r l o; do
    [ "$(sed -n "${l}p" "$sel" | cut -c1-6)" = '[Event' ] && [ "$(tail -c +$((o + 1)) "$sel" | head -c 6)" = '[Event' ] ||
        { echo "FAIL: pdn-select -f json: line $l / offset $o is not where a game starts" >&2; exit 1; }
done || fail=1

# options that contradict each other or do nothing: usage errors
e=$s/english.pdn
expect_status 2 pdn-convert -N N2 -m alg "$e"
for a in "-z 30" "-U" "-C red,blue" "-r"; do
    # shellcheck disable=SC2086
    expect_status 2 pdn-replay $a "$e"
    grep -q "only, not of -f fen" "$tmp/err" || { echo "FAIL: pdn-replay $a: $(head -n 1 "$tmp/err")" >&2; fail=1; }
done
expect_status 2 pdn-replay -f json -U "$e"
expect_status 2 pdn-replay -f board -z 30 "$e"
expect_status 0 pdn-replay -f board -U -r "$e"
expect_status 2 pdn-replay -f svg -n 1 -C foo,bar "$e"
expect_status 0 pdn-replay -f svg -n 1 -p 0 -C 'Wheat,#123' "$e"
expect_status 2 pdn-select -Q "$e"
expect_status 1 pdn-select -Q -M kings "$e"
expect_status 2 pdn-perft -F W:W46:B37,41 -d 1
expect_status 0 pdn-perft -g 20 -F W:W46:B37,41 -d 1

# pdn-replay: one column layout whatever the number of files
pdn-replay "$e" > "$tmp/one" 2>/dev/null
pdn-replay "$e" "$e" > "$tmp/two" 2>/dev/null
[ "$(cut -f 1 "$tmp/two" | sort -u | tr '\n' ' ')" = "1 2 " ] || { echo "FAIL: pdn-replay: two files change the columns" >&2; fail=1; }
pdn-replay --with-filename "$e" | cut -f 1 | sort -u | grep -qx "$e" || { echo "FAIL: pdn-replay --with-filename: no file column" >&2; fail=1; }
pdn-replay --with-filename --no-filename "$e" "$e" | cmp -s - "$tmp/two" || { echo "FAIL: pdn-replay --no-filename" >&2; fail=1; }
pdn-replay -f board --with-filename -n 1 "$e" | head -n 1 | grep -q "^$e: game 1, ply" || { echo "FAIL: pdn-replay -f board --with-filename" >&2; fail=1; }

# pdn-select -T NAME~=ERE: tag names and values in any case
[ "$(pdn-select -k -T 'event~=CLUB' "$sel" 2>/dev/null)" = 1 ] || { echo "FAIL: pdn-select -T event~=CLUB" >&2; fail=1; }
[ "$(pdn-select -k -T 'event=Club' "$sel" 2>/dev/null)" = 0 ] || { echo "FAIL: pdn-select -T event=Club matched a tag Event" >&2; fail=1; }
expect_status 2 pdn-select -T '~=x' "$sel"

# pdn-convert --width N: move text lines of at most N columns (but for
# comments), the games unchanged
for f in "$s"/*.pdn; do
    pdn-convert -q --summary none "$f" > "$tmp/a" 2>/dev/null || true
    pdn-convert -q --summary none --width 30 "$f" > "$tmp/w" 2>/dev/null || true
    pdn-convert -q --summary none < "$tmp/w" > "$tmp/b" 2>/dev/null || true
    cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: $f: --width 30 changes the games" >&2; fail=1; }
    awk '{ inside = d > 0 || index($0, "{") > 0; d += gsub(/[{]/, "{") - gsub(/[}]/, "}")
           if (!inside && length($0) > 30 && !/^\[/) bad = 1 } END { exit bad }' "$tmp/w" ||
        { echo "FAIL: $f: --width 30 left a long line outside comments" >&2; fail=1; }
done
[ "$(pdn-convert --width 30 "$e" 2>/dev/null | wc -l)" -gt $(($(pdn-convert "$e" 2>/dev/null | wc -l) + 10)) ] || { echo "FAIL: --width 30 did not fold" >&2; fail=1; }
# --no-move-numbers: none outside comments, the games unchanged
for f in "$s"/*.pdn; do
    pdn-convert -q --summary none "$f" > "$tmp/a" 2>/dev/null || true
    pdn-convert -q --summary none --no-move-numbers "$f" > "$tmp/n" 2>/dev/null || true
    pdn-convert -q --summary none < "$tmp/n" > "$tmp/b" 2>/dev/null || true
    cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: $f: --no-move-numbers changes the games" >&2; fail=1; }
    awk '{ inside = d > 0 || index($0, "{") > 0; d += gsub(/[{]/, "{") - gsub(/[}]/, "}")
           if (!inside && !/^\[/ && /(^|[ (])[0-9]+\.(\.\.)?( |$)/) bad = 1 } END { exit bad }' "$tmp/n" ||
        { echo "FAIL: $f: --no-move-numbers left a move number" >&2; fail=1; }
done
grep -q ' 2\. ' "$tmp/a" || { echo "FAIL: the last sample has no move number to drop" >&2; fail=1; }
expect_status 2 pdn-convert --no-move-numbers -f json "$e"
expect_status 2 pdn-convert --width 5 "$e"
expect_status 2 pdn-convert --width 40 -f json "$e"

# pdn-select --sort TAG: the games in the order of the tag, bytes kept
pdn-select --sort Black "$sel" > "$tmp/sorted" 2>/dev/null
[ "$(grep '^\[Black' "$tmp/sorted" | tr '\n' ' ')" = '[Black "Hellman, W."] [Black "Hellman, W."] [Black "Long, A."] [Black "Long, A."] [Black "Ryan, F."] [Black "Tinsley, M."] ' ] ||
    { echo "FAIL: --sort Black: $(grep '^\[Black' "$tmp/sorted" | tr '\n' ' ')" >&2; fail=1; }
[ "$(sort "$tmp/sorted" | md5sum)" = "$(sort "$sel" | md5sum)" ] || { echo "FAIL: --sort changed the bytes of the games" >&2; fail=1; }
pdn-select --sort Round "$sel" "$e" 2>/dev/null | pdn-select -f json --summary none | jq -r '.tags.Round // "~"' > "$tmp/keys"
LC_ALL=C sort -c "$tmp/keys" || { echo "FAIL: --sort Round: not in order (games without Round last)" >&2; fail=1; }
expect_status 2 pdn-select --sort Event -k "$sel"
expect_status 2 pdn-select --sort Event -f json "$sel"

exit $fail
