#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-select beyond its golden cases (tests/data/select): nothing is lost
# (the selected and the other games, the -i files, every corpus file with
# no criterion), -j gives the same bytes, tags alone never replay, inputs
# are never written over, -H on the Open Checkers Archive names true
# duplicates. The corpus parts run when ../shared is there.
. "${top_srcdir:-.}/tests/cli/setup.sh"

fx=$top_srcdir/tests/data/select/player/input.pdn
games() { grep -c '^\[Event ' "$@" | awk -F: '{ s += $NF } END { print s + 0 }'; }

# -x and the output split the input: every game once, bytes kept.
pdn-select --event 'Newcastle' -x "$tmp/rest.pdn" "$fx" > "$tmp/sel.pdn"
[ "$(games "$tmp/sel.pdn")" = 3 ] && [ "$(games "$tmp/rest.pdn")" = 3 ] ||
    { echo "FAIL: --event Newcastle -x: $(games "$tmp/sel.pdn") + $(games "$tmp/rest.pdn") games, expected 3 + 3" >&2; fail=1; }
[ "$(cat "$tmp/sel.pdn" "$tmp/rest.pdn" | wc -c)" = "$(wc -c < "$fx")" ] ||
    { echo "FAIL: -x: the two parts do not hold the input's bytes" >&2; fail=1; }
# No criterion: the input itself; several inputs: their concatenation.
pdn-select "$fx" | cmp -s - "$fx" || { echo "FAIL: no criterion changes the input" >&2; fail=1; }
pdn-select "$fx" "$fx" | cmp -s - "$(cat "$fx" "$fx" > "$tmp/two"; echo "$tmp/two")" ||
    { echo "FAIL: two inputs are not merged byte for byte" >&2; fail=1; }
# An input without its last newline gets one, and only there.
printf '[Event "a"]\n1. 11-15 *' > "$tmp/nonl.pdn"
pdn-select "$tmp/nonl.pdn" "$fx" > "$tmp/out2"
[ "$(head -n 2 "$tmp/out2" | tail -n 1)" = "1. 11-15 *" ] &&
    [ "$(wc -c < "$tmp/out2")" = $(( $(wc -c < "$fx") + $(wc -c < "$tmp/nonl.pdn") + 1 )) ] ||
    { echo "FAIL: a file without its last newline is not merged as it is" >&2; fail=1; }

# Tags alone never replay: no variant is inferred, nothing said.
pdn-select --summary none -P Tinsley -y 1950..1960 "$fx" > /dev/null 2> "$tmp/err"
[ -s "$tmp/err" ] && { echo "FAIL: selecting by tags replayed:" >&2; cat "$tmp/err" >&2; fail=1; }
pdn-select -L legal "$fx" > /dev/null 2> "$tmp/err"
grep -q 'replayed as English' "$tmp/err" || { echo "FAIL: -L did not replay" >&2; fail=1; }

# -i: one file per value; they hold every game, bytes kept.
mkdir "$tmp/by"
pdn-select -i "$tmp/by/%{Black}.pdn" "$fx"
[ "$(ls "$tmp/by" | tr '\n' ' ')" = "Hellman, W..pdn Long, A..pdn Ryan, F..pdn Tinsley, M..pdn " ] ||
    { echo "FAIL: -i made: $(ls "$tmp/by" | tr '\n' ' ')" >&2; fail=1; }
[ "$(cat "$tmp/by"/* | wc -c)" = "$(wc -c < "$fx")" ] && [ "$(games "$tmp/by"/*)" = 6 ] ||
    { echo "FAIL: -i lost bytes or games" >&2; fail=1; }
# never over an input (-i, -x, -o)
cp "$fx" "$tmp/in.pdn"
cp "$fx" "$tmp/%none.pdn"
expect_status 2 pdn-select -i "$tmp/%{Nothing}.pdn" "$tmp/%none.pdn"
cmp -s "$fx" "$tmp/%none.pdn" || { echo "FAIL: -i wrote over its input" >&2; fail=1; }
rm "$tmp/%none.pdn"
expect_status 2 pdn-select -x "$tmp/%none.pdn" -i "$tmp/%{Nothing}.pdn" "$tmp/in.pdn"
[ -e "$tmp/%none.pdn" ] && { echo "FAIL: -i wrote the -x file" >&2; fail=1; }
expect_status 2 pdn-select -x "$tmp/in.pdn" "$tmp/in.pdn"
expect_status 2 pdn-select -o "$tmp/in.pdn" "$tmp/in.pdn"
cmp -s "$fx" "$tmp/in.pdn" || { echo "FAIL: -x/-o wrote over the input" >&2; fail=1; }
# -J reads its inputs three times: not standard input
expect_status 2 pdn-select -J < "$fx"
expect_status 2 pdn-select -k -o "$tmp/count" "$fx"

# -j: the same bytes and notes as one thread.
pdn-select -J -x "$tmp/r1" "$fx" "$fx" > "$tmp/o1" 2> "$tmp/e1"
pdn-select -J -j 3 -x "$tmp/r3" "$fx" "$fx" > "$tmp/o3" 2> "$tmp/e3"
untime "$tmp/e1" "$tmp/e3"
cmp -s "$tmp/o1" "$tmp/o3" && cmp -s "$tmp/r1" "$tmp/r3" && cmp -s "$tmp/e1" "$tmp/e3" ||
    { echo "FAIL: -J -j 3 differs from -j 1" >&2; fail=1; }
# the notes name the game dropped by its place, and the one it repeats
grep -q '^pdn-select: .*player/input.pdn:10:1: note: same game as game 1 of .*player/input.pdn (game 2)$' "$tmp/e1" &&
    grep -q '^pdn-select: .*player/input.pdn:18:1: note: beginning of game 1 of .*player/input.pdn (game 3)$' "$tmp/e1" ||
    { echo "FAIL: -J notes:" >&2; cat "$tmp/e1" >&2; fail=1; }
# across files: the second copy is all duplicates or fragments, but the
# illegal game 4, which is never dropped
[ "$(grep -c 'note: same game as game [156] of .*input.pdn (game [1256])$' "$tmp/e1")" = 5 ] &&
    [ "$(grep -c 'note: beginning of game 1 of .*input.pdn (game 3)$' "$tmp/e1")" = 2 ] ||
    { echo "FAIL: -J over two copies: $(grep -c note: "$tmp/e1") notes" >&2; cat "$tmp/e1" >&2; fail=1; }

# -H: a capture written with its whole path or short is one move; a
# different last move is another game
cat > "$tmp/caps.pdn" <<'EOF2'
[Event "A"]
1. 11-15 23-19 2. 8-11 22-17 3. 3-8 25-22 4. 11-16 26-23 5. 16-20 29-25
6. 7-11 31-26 7. 9-14 19-16 8. 12x19 23x16x7 9. 2x11 *

[Event "B"]
[Black "X"]
11-15 23-19 8-11 22-17 3-8 25-22 11-16 26-23 16-20 29-25 7-11 31-26 9-14
19-16 12x19 23x7 2x11 1-0

[Event "C"]
1. 11-15 23-19 2. 8-11 22-17 3. 3-8 25-22 4. 11-16 26-23 5. 16-20 29-25
6. 7-11 31-26 7. 9-14 19-16 8. 12x19 23x16x7 9. 2x11 26-23 *
EOF2
[ "$(pdn-select -g english -k -H "$tmp/caps.pdn" 2> "$tmp/err")" = 2 ] &&
    grep -q 'caps.pdn:5:1: note: same game as game 1 of .*caps.pdn (game 2)$' "$tmp/err" ||
    { echo "FAIL: -H with short and full captures:" >&2; cat "$tmp/err" >&2; fail=1; }
[ "$(pdn-select -g english -k -J "$tmp/caps.pdn" 2> "$tmp/err")" = 1 ] ||
    { echo "FAIL: -J: games 1 and 2 begin game 3" >&2; cat "$tmp/err" >&2; fail=1; }

shared=$(shared_dir)
if [ -n "$shared" ]; then
    oca=$shared/corpus/english/oca__OCA_2.0.pdn
    # every corpus file comes out as it went in, and all of them as their
    # concatenation (a newline added where a file does not end its line)
    find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
    n=$(wc -l < "$tmp/files")
    [ "$n" -gt 600 ] || { echo "FAIL: only $n corpus files" >&2; fail=1; }
    while read -r f; do
        cat "$f"
        [ -z "$(tail -c 1 "$f")" ] || echo
    done < "$tmp/files" > "$tmp/want"
    tr '\n' '\0' < "$tmp/files" | xargs -0 pdn-select -q > "$tmp/c" 2>/dev/null || true
    cmp "$tmp/want" "$tmp/c" >&2 || { echo "FAIL: the corpus does not come out as it went in" >&2; fail=1; }
    # -i on OCA: thousands of events, far more files than may be open at
    # once; together they hold every byte
    mkdir "$tmp/ev"
    pdn-select -q -i "$tmp/ev/%{Event}.pdn" "$oca"
    nev=$(ls "$tmp/ev" | wc -l)
    [ "$nev" -gt 1000 ] && [ "$(find "$tmp/ev" -type f -exec cat {} + | wc -c)" = "$(wc -c < "$oca")" ] ||
        { echo "FAIL: OCA -i by Event: $nev files, bytes lost" >&2; fail=1; }
    [ "$(find "$tmp/ev" -type f -exec cat {} + | grep -c '^\[Event ')" = 22621 ] ||
        { echo "FAIL: OCA -i by Event: games lost" >&2; fail=1; }
    rm -rf "$tmp/ev"
    # -H on OCA: each dropped game is a note, and the notes are true
    pdn-select -H -k "$oca" > "$tmp/k" 2> "$tmp/notes"
    kept=$(cat "$tmp/k")
    dropped=$(grep -c 'note: same game as' "$tmp/notes")
    [ $((kept + dropped)) = 22621 ] && [ "$dropped" -gt 100 ] ||
        { echo "FAIL: OCA -H: $kept kept + $dropped notes" >&2; fail=1; }
    # (pdn-replay: the same final position)
    moves() { pdn-replay -q -n "$1" "$oca" | cut -f 2-; }
    sed -n 's/.* same game as game \([0-9]*\) of .* (game \([0-9]*\))$/\1 \2/p' "$tmp/notes" | awk 'NR % 40 == 1' > "$tmp/pairs"
    while read -r a b; do
        [ "$(moves "$a")" = "$(moves "$b")" ] ||
            { echo "FAIL: OCA games $a and $b are said the same" >&2; fail=1; }
    done < "$tmp/pairs"
fi
# -M reads a signature with libpdn's pdn_material_parse: spellings and
# edge cases (the English start is 12M v 12M; a side as long as it takes,
# numbers up to four digits; blanks around a side, nowhere else)
eng=$top_srcdir/samples/english.pdn
for m in '12M v 12M' '12mv12m' ' 12M vs 12M ' '01M01M01M01M01M01M01M01M01M01M01M01M v 12M' \
         '4M4M4M v 6M6M'; do
    expect_status 0 pdn-select -q -k -M "$m" "$eng" || true
done
for m in 'K v K' '0 v 2K' '1000M v 0' '9999K v 0'; do
    expect_status 1 pdn-select -q -k -M "$m" "$eng" || true
done
for m in '3K v' 'v 3K' '3X v 1K' '00 v 0' '12 M v 12M' '12M' '' '10000M v 0'; do
    expect_status 2 pdn-select -q -k -M "$m" "$eng" || true
done
exit $fail
