#!/bin/sh
# SPDX-License-Identifier: MIT
# Gzip-compressed input (lib/read/gzip.c), made here with gzip: read as the
# text it holds by every tool, from a file and from standard input,
# concatenated members one after the other, a truncated file named as such
# (the games before it still read), and memory bounded on a large input.
# Skipped without gzip or when libpdn was built without zlib.
. "$(dirname "$0")/setup.sh"

command -v gzip >/dev/null 2>&1 || { echo "SKIP: no gzip"; exit 77; }
if ! grep -q '^#define HAVE_ZLIB 1' "$top_builddir/config.h"; then
    # without zlib the refusal says why
    printf '\037\213\010\000\000\000\000\000\000\003' >"$tmp/x.pdn.gz"
    expect_status 1 pdn-validate "$tmp/x.pdn.gz" || true
    grep -q 'built without zlib' "$tmp/out" || { echo "FAIL: no zlib message" >&2; fail=1; }
    [ "$fail" = 0 ] && { echo "SKIP: built without zlib"; exit 77; }
    exit 1
fi

s=$top_srcdir/samples
cat "$s/english.pdn" "$s/international.pdn" "$s/russian.pdn" >"$tmp/three.pdn"
gzip -c "$tmp/three.pdn" >"$tmp/three.gz"

# same output, file or standard input, for each tool
for t in "pdn-replay -a" "pdn-legal" "pdn-validate" "pdn-convert -f json"; do
    $t "$tmp/three.pdn" 2>&1 | sed "s|$tmp/three.pdn|F|g" >"$tmp/plain"
    $t "$tmp/three.gz" 2>&1 | sed "s|$tmp/three.gz|F|g" >"$tmp/gz"
    $t - <"$tmp/three.gz" 2>&1 | sed "s|<stdin>|F|g" >"$tmp/stdin"
    # the summary's seconds are the clock's: a loaded machine makes 0.0 0.1
    untime "$tmp/plain" "$tmp/gz" "$tmp/stdin"
    if [ ! -s "$tmp/plain" ] && [ "$t" != pdn-legal ] && [ "$t" != pdn-validate ]; then
        echo "FAIL: $t: no output on the plain file" >&2
        fail=1
    fi
    cmp -s "$tmp/plain" "$tmp/gz" || { echo "FAIL: $t: gzip file differs from plain" >&2; diff "$tmp/plain" "$tmp/gz" | head -5 >&2; fail=1; }
    cmp -s "$tmp/plain" "$tmp/stdin" || { echo "FAIL: $t: gzip on stdin differs" >&2; diff "$tmp/plain" "$tmp/stdin" | head -5 >&2; fail=1; }
done

# two members: every game of both, numbered on
cat "$tmp/three.gz" "$tmp/three.gz" >"$tmp/twice.gz"
n1=$(pdn-replay "$tmp/three.pdn" | wc -l)
n2=$(pdn-replay "$tmp/twice.gz" | wc -l)
[ "$n2" = $((2 * n1)) ] && [ "$n1" -gt 2 ] || { echo "FAIL: two members: $n2 lines, want 2 x $n1" >&2; fail=1; }

# truncated: one error naming it, after the games before the cut
size=$(wc -c <"$tmp/twice.gz")
head -c $((size - 100)) "$tmp/twice.gz" >"$tmp/cut.gz"
expect_status 1 pdn-replay "$tmp/cut.gz" || true
grep -q 'error: gzip-compressed file: it ends inside the compressed data (truncated)' "$tmp/err" ||
    { echo "FAIL: truncated gzip not named" >&2; cat "$tmp/err" >&2; fail=1; }
[ "$(wc -l <"$tmp/out")" -ge "$n1" ] || { echo "FAIL: truncated gzip: the games before the cut are lost" >&2; fail=1; }

# bytes after the last member are named too, not read as text
{ cat "$tmp/three.gz"; printf 'junk'; } >"$tmp/tail.gz"
expect_status 1 pdn-validate "$tmp/tail.gz" || true
grep -q 'bytes after the end of the compressed data are not read' "$tmp/out" ||
    { echo "FAIL: data after the gzip stream not named" >&2; fail=1; }

# a zip archive is named, not read as moves
printf 'PK\003\004\024\000\000\000\010\000' >"$tmp/a.zip"
expect_status 1 pdn-validate "$tmp/a.zip" || true
grep -q 'zip archive: extract it first' "$tmp/out" || { echo "FAIL: zip not named" >&2; fail=1; }

# memory: 3.7 MB of text (9,600 games) in a 16 KB gzip file, read with a bounded window
if [ -x /usr/bin/time ]; then
    i=0
    while [ $i -lt 1200 ]; do cat "$s/international.pdn"; i=$((i + 1)); done >"$tmp/big1"
    for _ in 1 2 3 4 5 6 7 8; do cat "$tmp/big1"; done | gzip -c >"$tmp/big.gz"
    rm -f "$tmp/big1"
    /usr/bin/time -f '%M' -o "$tmp/rss" pdn-validate -q "$tmp/big.gz" >/dev/null 2>&1 || true
    kb=$(tail -1 "$tmp/rss")
    games=$(pdn-replay "$tmp/big.gz" | wc -l)
    [ "$games" = 9600 ] || { echo "FAIL: big.gz: $games games, want 9600" >&2; fail=1; }
    if sanitized pdn-validate; then
        echo "note: sanitizer build: the memory limit is not checked"
    else
        [ "$kb" -lt 12000 ] || { echo "FAIL: big.gz: peak RSS $kb KB (limit 12000)" >&2; fail=1; }
    fi
    echo "big.gz: $(wc -c <"$tmp/big.gz") bytes, 9600 games, peak RSS $kb KB"
fi
# A game over the reader's size limit in a gzip file: its offsets are those
# of the text, so the rest cannot be read again from the file. As from
# standard input, every tool that copies games (the driver, one rule) leaves
# it out with status 2 and says which game and how long, rather than write a
# game cut inside its comment; the next game is still copied.
{ printf '[Event "a"]\n1. 32-28 *\n\n[Event "big"]\n1. 32-28 {'
  head -c 1500000 /dev/zero | tr '\000' a; printf '} 19-23 *\n\n[Event "c"]\n1. 32-28 *\n'; } >"$tmp/huge.pdn"
gzip -c "$tmp/huge.pdn" >"$tmp/huge.gz"
# (Status 2 leaves an -o file as it was: the games go to standard output.)
for t in "pdn-legal -g 21 -x -" "pdn-select -g 21"; do
    # shellcheck disable=SC2086
    expect_status 2 $t "$tmp/huge.gz"
    cp "$tmp/out" "$tmp/copy.pdn"
    grep -q 'game 2 is over the size limit (1500037 bytes, more than --max-game-size 1048576): left out' "$tmp/err" ||
        { echo "FAIL: $t on a gzip file: the game left out is not named" >&2; cat "$tmp/err" >&2; fail=1; }
    # games 1 and 3 (illegal in English), nothing of game 2
    if grep -q '^\[Event "big"\]$\|aaaa' "$tmp/copy.pdn" ||
        ! grep -q '^\[Event "c"\]$' "$tmp/copy.pdn"; then
        echo "FAIL: $t on a gzip file: not games 1 and 3 alone" >&2; fail=1
    fi
done
exit $fail
