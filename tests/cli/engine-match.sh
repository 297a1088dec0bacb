#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-match with pdn-test-engine: games from two openings with both
# colours, their tags, the score table; pdn-legal and pdn-validate read
# the games back; an engine that crashes, hangs or plays an illegal move
# loses that game (Termination) and the match goes on; --concurrency 2
# plays the same games.
. "${top_srcdir:-.}/tests/cli/setup.sh"
eng=$top_builddir/tests/engine/pdn-test-engine
cat >"$tmp/open.pdn" <<'PDN'
[Event "opening 1"]
1. 32-28 18-23 *

[Event "opening 2"]
[FEN "W:W31,32,33,34,35,36,37,38,39,40:B11,12,13,14,15,16,17,18,19,20"]
1. 34-29 *
PDN
expect_status 0 pdn-match --engine "$eng" --engine "$eng --max-depth 1" \
    --depth 3 --openings "$tmp/open.pdn" -o "$tmp/games.pdn"
cp "$tmp/out" "$tmp/table"
[ "$(grep -c '^\[Event "pdn-match"\]' "$tmp/games.pdn")" = 4 ] || { echo "FAIL: 4 games" >&2; fail=1; }
for t in Round White Black Result Termination GameType; do
    [ "$(grep -c "^\[$t " "$tmp/games.pdn")" = 4 ] || { echo "FAIL: $t tags" >&2; fail=1; }
done
grep -q '^1\. 32-28 18-23 ' "$tmp/games.pdn" || { echo "FAIL: opening 1" >&2; fail=1; }
[ "$(grep -c '^\[FEN "W:W31,32,33,34,35,36,37,38,39,40:B11,12,13,14,15,16,17,18,19,20"\]' "$tmp/games.pdn")" = 2 ] || { echo "FAIL: opening 2's FEN" >&2; fail=1; }
# both colours: engine 1 is White in rounds 1 and 3
[ "$(grep -A3 '^\[Round "[13]"\]' "$tmp/games.pdn" | grep -c '^\[White "pdn-test-engine-1"\]')" = 2 ] || { echo "FAIL: colours" >&2; fail=1; }
grep -q '^pdn-test-engine-1  *4 ' "$tmp/table" || { echo "FAIL: table" >&2; cat "$tmp/table" >&2; fail=1; }
grep -q '^Elo difference: ' "$tmp/table" || { echo "FAIL: Elo" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/games.pdn"
expect_status 0 pdn-validate "$tmp/games.pdn"
# the same games at once
expect_status 0 pdn-match --engine "$eng" --engine "$eng --max-depth 1" \
    --depth 3 --openings "$tmp/open.pdn" --concurrency 2 -o "$tmp/games2.pdn"
cmp -s "$tmp/games.pdn" "$tmp/games2.pdn" || { echo "FAIL: --concurrency 2 differs" >&2; fail=1; }

# failures lose games, the match goes on: engine 2 crashes at its third
# search of every game, hangs, plays an illegal move
# (a bound for the engine that goes on answering on a loaded machine:
# 60 s, but 5 s where engine 2 falls silent, as it must wait that long)
for how in "--crash abandoned" "--silent time forfeit" "--illegal rules infraction"; do
    flag=${how%% *} term=${how#* } secs=60
    [ "$flag" = --silent ] && secs=5
    expect_status 0 pdn-match --engine "$eng" --engine "$eng $flag --after 3" \
        --depth 2 --games 2 --timeout $secs -o "$tmp/f.pdn"
    [ "$(grep -c "^\[Termination \"$term\"\]" "$tmp/f.pdn")" = 2 ] || { echo "FAIL: $flag: Termination" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
    grep -q '^pdn-test-engine-1  *2  *2  *0  *0 ' "$tmp/out" || { echo "FAIL: $flag: table" >&2; cat "$tmp/out" >&2; fail=1; }
    expect_status 0 pdn-legal "$tmp/f.pdn"
done
# an engine that cannot start loses every game
expect_status 0 pdn-match --engine "$eng" --engine "$tmp/none" --games 2 -o "$tmp/f.pdn"
[ "$(grep -c '^\[Termination "abandoned"\]' "$tmp/f.pdn")" = 2 ] || { echo "FAIL: no engine" >&2; fail=1; }
# move limit
expect_status 0 pdn-match --engine "$eng" --engine "$eng" --games 1 --max-plies 6 -o "$tmp/f.pdn"
grep -q '^\[Termination "adjudication"\]' "$tmp/f.pdn" && grep -q '^\[Result "1-1"\]' "$tmp/f.pdn" || { echo "FAIL: adjudication" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
# score adjudication: engine 1 says it wins by 5 men, engine 2 that it
# loses by 5: after 3 moves of each engine, engine 1 wins both games
expect_status 0 pdn-match --engine "$eng --score 5" --engine "$eng --score -5" \
    --games 2 --depth 1 --adjudicate-score 3 --adjudicate-moves 3 -o "$tmp/f.pdn"
[ "$(grep -c '^\[Termination "adjudication"\]' "$tmp/f.pdn")" = 2 ] || { echo "FAIL: score adjudication" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
grep -q '^\[Round "1"\]' "$tmp/f.pdn" && [ "$(grep -c '{score adjudication: both engines gave White 3.00 men or more for 3 moves each}' "$tmp/f.pdn")" = 1 ] &&
    [ "$(grep -c '{score adjudication: both engines gave Black 3.00 men or more for 3 moves each}' "$tmp/f.pdn")" = 1 ] || { echo "FAIL: score adjudication comment" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
grep -q '^pdn-test-engine-1  *2  *2  *0  *0 ' "$tmp/out" || { echo "FAIL: score adjudication table" >&2; cat "$tmp/out" >&2; fail=1; }
[ "$(grep -c '^\[Result "2-0"\]' "$tmp/f.pdn")" = 1 ] && [ "$(grep -c '^\[Result "0-2"\]' "$tmp/f.pdn")" = 1 ] || { echo "FAIL: score adjudication results" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
grep -q '^1\. [0-9x-]* [0-9x-]* 2\. [0-9x-]* [0-9x-]* 3\. [0-9x-]* [0-9x-]* {score' "$tmp/f.pdn" || { echo "FAIL: score adjudication after 6 plies" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/f.pdn"
# engines that disagree (each says it wins) are never adjudicated
expect_status 0 pdn-match --engine "$eng --score 5" --engine "$eng --score 5" \
    --games 1 --depth 1 --adjudicate-score 3 --max-plies 12 -o "$tmp/f.pdn"
grep -q '{move limit}' "$tmp/f.pdn" || { echo "FAIL: disagreeing scores adjudicated" >&2; cat "$tmp/f.pdn" >&2; fail=1; }
expect_status 2 pdn-match --engine "$eng" --engine "$eng" --adjudicate-moves 2
expect_status 2 pdn-match --engine "$eng"
expect_status 2 pdn-match --engine "$eng" --engine "$eng" --protocol smoke
exit $fail
