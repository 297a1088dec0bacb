#!/bin/sh
# SPDX-License-Identifier: MIT
# The conventions every tool shares (issue #37): -q prints errors only (no
# warnings, no notes); an option of one value given twice with two values
# is a usage error; pdn-fix's exit status says whether its output still
# has errors pdn-validate finds; dates sorted as dates and results counted
# by meaning; an unreadable file counted as an error; a file name with a
# control character kept on one line; a full standard output reported; a
# binary file not taken for a game; two FEN tags warned of by every tool;
# a Russian game's x captures and 2-0 accepted with one note a file.
. "$(dirname "$0")/setup.sh"
cd "$tmp"

# -q: pdn-legal's "did you mean" notes and pdn-fix's repair notes go, the
# errors stay
printf '[GameType "21"]\n1. 11-15 23-91 2. 8-11 22-17 3. 9-13 17-14 *\n' > swapped.pdn
expect_status 1 pdn-legal swapped.pdn || true
grep -q ': note: did you mean' "$tmp/out" "$tmp/err" ||
    { echo "FAIL: pdn-legal: no 'did you mean' note to hide" >&2; fail=1; }
expect_status 1 pdn-legal -q swapped.pdn || true
if grep -q ': note: ' "$tmp/out" "$tmp/err" || ! grep -q ': error: ' "$tmp/out" "$tmp/err"; then
    echo "FAIL: pdn-legal -q: notes printed or error hidden:" >&2
    cat "$tmp/out" "$tmp/err" >&2
    fail=1
fi
dates=$top_srcdir/tests/data/fix/dates/input.pdn
expect_status 0 pdn-fix "$dates" || true
grep -q ': note: date ' "$tmp/err" || { echo "FAIL: pdn-fix: no repair note" >&2; fail=1; }
expect_status 0 pdn-fix -q "$dates" || true
[ ! -s "$tmp/err" ] || { echo "FAIL: pdn-fix -q printed: $(head -n 2 "$tmp/err")" >&2; fail=1; }

# -m twice with two values, like -o twice
s=$top_srcdir/samples/folk-towers.pdn
expect_status 2 pdn-convert -m num -m alg "$s" &&
    { grep -q 'given twice' "$tmp/err" || { echo "FAIL: -m twice: $(cat "$tmp/err")" >&2; fail=1; }; }

# pdn-fix: an error no repair can mend (a man on its promotion row) is
# still in the output: reported, status 1, as pdn-validate says
printf '[GameType "21"]\n[FEN "B:W3,22:B10,11"]\n1... 10-14 *\n' > row.pdn
expect_status 1 pdn-validate row.pdn || true
expect_status 1 pdn-fix -o fixed.pdn row.pdn &&
    { grep -q 'error: white man on its promotion row' "$tmp/err" ||
        { echo "FAIL: pdn-fix: no error for the man on its promotion row" >&2; fail=1; }; }
expect_status 1 pdn-validate fixed.pdn || true

# --sort Date: dates as dates, as -y reads them; then what is not a date;
# then games without one
for d in 2021-08-13 2021.08.12 junk - 2021.??.?? 2020/12/31; do
    [ "$d" = - ] || printf '[Date "%s"]\n' "$d"
    printf '[Result "*"]\n*\n\n'
done > dates.pdn
expect_status 0 pdn-select --sort Date dates.pdn || true
got=$(sed -n 's/^\[Date "\(.*\)"\]$/\1/p' "$tmp/out" | tr '\n' ' ')
[ "$got" = "2020/12/31 2021.??.?? 2021.08.12 2021-08-13 junk " ] ||
    { echo "FAIL: --sort Date: $got" >&2; fail=1; }

# pdn-stats: results by meaning (1-1 is the draw 1/2-1/2, 2-0 is 1-0)
for r in 1/2-1/2 1-1 2-0 1-0 0-2; do printf '[Result "%s"]\n*\n\n' "$r"; done > results.pdn
expect_status 0 pdn-stats -g russian results.pdn || true
grep -q '^  results: 1-0 2, 1/2-1/2 2, 0-1 1$' "$tmp/out" ||
    { echo "FAIL: pdn-stats results: $(grep results "$tmp/out")" >&2; fail=1; }

# every sample, and pdn-convert -s pdn3 of it, passes pdn-validate -S (a
# circular capture such as towers' h6:f4:h6 is written in full)
for f in "$top_srcdir"/samples/*.pdn; do
    expect_status 0 pdn-validate -q -S "$f" || true
    pdn-convert -q -s pdn3 "$f" > pdn3.pdn 2>/dev/null || true
    expect_status 0 pdn-validate -q -S pdn3.pdn ||
        echo "  (pdn-convert -s pdn3 of $(basename "$f"))" >&2
done

# a missing file is an error of the summary, not "0 errors"
expect_status 2 pdn-validate no-such.pdn "$top_srcdir/samples/folk-towers.pdn" || true
grep -q ' 1 error, ' "$tmp/err" || { echo "FAIL: missing file: $(tail -n 1 "$tmp/err")" >&2; fail=1; }

# a file name with a newline: one finding per line (C escapes)
nl='a
b.pdn'
cp swapped.pdn "$nl"
expect_status 1 pdn-legal "$nl" || true
grep -q '^a\\nb\.pdn:2:[0-9]*: error: ' "$tmp/out" "$tmp/err" ||
    { echo "FAIL: a name with a newline:" >&2; cat "$tmp/out" "$tmp/err" >&2; fail=1; }

# an executable is not PDN text: one error, 0 games
if [ -f /bin/ls ]; then
    expect_status 1 pdn-validate /bin/ls || true
    grep -q 'binary file, not PDN text' "$tmp/out" "$tmp/err" && grep -q ' 0 games, 1 error' "$tmp/err" ||
        { echo "FAIL: /bin/ls: $(cat "$tmp/err")" >&2; fail=1; }
fi

# a full standard output is named, status 2, in every tool (pdn-db info,
# --help too); pdn-db's message without a command names every command
if [ -w /dev/full ]; then
    pdn-db create -q t.db "$top_srcdir/samples/folk-towers.pdn" 2>/dev/null || true
    for cmd in "pdn-db info t.db" "pdn-db search t.db" "pdn-db --help" \
               "pdn-stats $s" "pdn-convert --help"; do
        # shellcheck disable=SC2086
        set +e; $cmd > /dev/full 2> "$tmp/err"; st=$?; set -e
        [ "$st" = 2 ] && [ "$(grep -c 'write error: No space left on device' "$tmp/err")" = 1 ] ||
            { echo "FAIL: '$cmd > /dev/full': status $st, $(cat "$tmp/err")" >&2; fail=1; }
    done
fi
expect_status 2 pdn-db || true
grep -q 'create, add, search, explore, serve, info or optimize' "$tmp/err" ||
    { echo "FAIL: pdn-db without a command: $(cat "$tmp/err")" >&2; fail=1; }

# what -m changes (man pdn-convert): there and back is plain pdn-convert
r=$top_srcdir/samples/russian.pdn
pdn-convert -q "$r" > plain.pdn 2>/dev/null || true
pdn-convert -q -m num "$r" 2>/dev/null | pdn-convert -q -m alg > back.pdn 2>/dev/null || true
cmp -s plain.pdn back.pdn || { echo "FAIL: -m num | -m alg differs from pdn-convert" >&2; fail=1; }
# pdn-select -J reads its inputs three times, as its man page says
expect_status 2 pdn-select -J < "$r" || true
grep -q 'three times' "$tmp/err" || { echo "FAIL: -J on standard input: $(cat "$tmp/err")" >&2; fail=1; }

# a Russian game's captures written with x and its results in points
# (2-0, 1-1, 0-2), as Russian sites write them: accepted, one note a file
# for each, no warning (the summary counts none; -W passes); -E shows each
# note. Other variants keep their warnings: an English 2-0, Spantsiretti's x.
# game TYPE RESULT MOVES: a game with the seven-tag roster, so that only
# what is checked here is found
game() {
    printf '[Event "e"]\n[Site "s"]\n[Date "2024.01.02"]\n[Round "1"]\n'
    printf '[White "w"]\n[Black "b"]\n[GameType "%s"]\n[Result "%s"]\n%s\n\n' "$1" "$2" "$3"
}
{
    game 25 2-0 '1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h8-g7 2-0'
    game 25 1-1 '1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-1'
    game 25 0-2 '1. c3-d4 f6-e5 2. d4xf6 g7xe5 0-2'
} > ru.pdn
expect_status 0 pdn-validate -W ru.pdn || true
if [ "$(grep -c ': warning: ' "$tmp/out")" != 0 ] ||
   [ "$(grep -c "^ru.pdn:[0-9]*:[0-9]*: note: capture 'd4xf6' is written with 'x' as Russian sites write captures, not ':' (accepted) (game 1)$" "$tmp/out")" != 1 ] ||
   [ "$(grep -c "^ru.pdn:[0-9]*:[0-9]*: note: result '2-0' is written in points as Russian sites write results, not '1-0' (accepted) (game 1)$" "$tmp/out")" != 1 ] ||
   [ "$(wc -l < "$tmp/out")" != 2 ] || ! grep -q ' 3 games, 0 errors, 0 warnings' "$tmp/err"; then
    echo "FAIL: Russian x and points not one note a file:" >&2
    cat "$tmp/out" "$tmp/err" >&2
    fail=1
fi
expect_status 0 pdn-validate -E ru.pdn || true
[ "$(grep -c ': note: capture ' "$tmp/out")" = 6 ] && [ "$(grep -c ': note: result ' "$tmp/out")" = 3 ] ||
    { echo "FAIL: -E: not every note:" >&2; cat "$tmp/out" >&2; fail=1; }
expect_status 0 pdn-validate -q ru.pdn || true
[ ! -s "$tmp/out" ] || { echo "FAIL: -q printed notes: $(cat "$tmp/out")" >&2; fail=1; }
# -S asks for PDN 3.0's ':': each x capture stays an error there
expect_status 1 pdn-validate -S ru.pdn || true
[ "$(grep -c "error: capture '.*' is not written with ':'" "$tmp/out")" = 6 ] ||
    { echo "FAIL: -S: x captures not errors:" >&2; cat "$tmp/out" >&2; fail=1; }
# the tools that replay say nothing of them
for t in pdn-legal pdn-replay; do
    expect_status 0 $t -W ru.pdn || true
    grep -q ' 0 errors, 0 warnings' "$tmp/err" || { echo "FAIL: $t: $(cat "$tmp/err")" >&2; fail=1; }
done
# pdn-fix, asked for PDN's forms, still writes them (its man page, result)
expect_status 0 pdn-fix ru.pdn || true
[ "$(grep -cE '^\[Result "(1-0|1/2-1/2|0-1)"\]$' "$tmp/out")" = 3 ] &&
    grep -q "note: result '2-0' written as '1-0', the form of Russian (25) (game 1)" "$tmp/err" ||
    { echo "FAIL: pdn-fix: Russian results not written in PDN's form:" >&2; cat "$tmp/out" "$tmp/err" >&2; fail=1; }
game 21 2-0 '1. 11-15 *' > en.pdn
game 41 '*' '1. c3xe5 *' > sp.pdn
expect_status 0 pdn-validate en.pdn sp.pdn || true
grep -q "^en.pdn:8:1: warning: result '2-0' is not in the form of this game's result type: '1-0' (game 1)$" "$tmp/out" &&
    grep -q "^sp.pdn:9:4: warning: capture 'c3xe5' is not written with ':' (game 1)$" "$tmp/out" ||
    { echo "FAIL: English 2-0 or Spantsiretti x not warned:" >&2; cat "$tmp/out" >&2; fail=1; }

# two FEN tags: every tool warns, once, in one wording, and takes the first
printf '[GameType "21"]\n[FEN "W:W21,22:B1,2"]\n[FEN "B:W21,22:B1,2"]\n1. 22-18 *\n' > fen2.pdn
for t in pdn-validate pdn-legal pdn-replay; do
    set +e; $t fen2.pdn > "$tmp/out" 2> "$tmp/err"; set -e
    n=$(cat "$tmp/out" "$tmp/err" | grep -c "fen2.pdn:3:1: warning: duplicate tag 'FEN': the first one is used (game 1)" || true)
    [ "$n" = 1 ] || { echo "FAIL: $t: $n warnings of the second FEN tag" >&2; fail=1; }
done

exit $fail
