#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-legal -w OK -x BAD: nothing is lost or changed. First small fixtures
# with the exact bytes each part must hold (text before the first game, a
# trailing CR, no final newline, CRLF lines, two inputs); then every corpus
# file (skipped without ../shared): the games flagged in pdn-legal's report
# go to BAD, the others to OK, and rawgames (a test helper over
# pdn_game_raw) rebuilds both parts from the input and the flagged game
# numbers, checking that the games' raw texts concatenate to the input.
. "${top_srcdir:-.}/tests/cli/setup.sh"
rawgames=$top_builddir/tests/rawgames
[ -x "$rawgames" ] || { echo "SKIP: $rawgames not built"; exit 77; }

# fixture NAME INPUT OK BAD [EXTRA]: printf formats of the input and of the
# two parts expected; EXTRA is the number of bytes not from the input (0,
# or 1 when the input does not end with a newline).
fixture() {
    printf "$2" > "$tmp/in.pdn"
    printf "$3" > "$tmp/ok.want"
    printf "$4" > "$tmp/bad.want"
    rm -f "$tmp/ok" "$tmp/bad"
    set +e
    pdn-legal -q -w "$tmp/ok" -x "$tmp/bad" "$tmp/in.pdn" > /dev/null 2>"$tmp/err"
    st=$?
    set -e
    [ "$st" = 1 ] || { echo "FAIL: split $1: pdn-legal exited $st" >&2; fail=1; }
    for part in ok bad; do
        if ! cmp -s "$tmp/$part.want" "$tmp/$part"; then
            echo "FAIL: split $1: the $part part differs; want, got:" >&2
            od -c "$tmp/$part.want" | sed 's/^/  /' >&2
            od -c "$tmp/$part" | sed 's/^/  /' >&2
            fail=1
        fi
    done
    sz_in=$(wc -c < "$tmp/in.pdn")
    sz_out=$(cat "$tmp/ok" "$tmp/bad" | wc -c)
    [ $((sz_in + ${5:-0})) = "$sz_out" ] || { echo "FAIL: split $1: $sz_in bytes in, $sz_out out" >&2; fail=1; }
}

good='[Event "a"]\n[GameType "21"]\n1. 11-15 23-19 *'
bad='[Event "b"]\n[GameType "21"]\n1. 11-1 *'
fixture leading-text "%% archive header\n\n$good\n\n$bad\n" \
    "%% archive header\n\n$good\n" "\n$bad\n"
fixture bad-first "junk\n$bad\n\n$good\n" \
    "\n$good\n" "junk\n$bad\n"
fixture trailing-cr "$good\n\n$bad\r" "$good\n" "\n$bad\r\n" 1
fixture trailing-blank-cr "$good\n\n$bad\n\r" "$good\n" "\n$bad\n\r\n" 1
fixture no-final-newline "$bad\n\n$good" "\n$good\n" "$bad\n" 1
crlf_good='[Event "a"]\r\n[GameType "21"]\r\n1. 11-15 23-19 *'
crlf_bad='[Event "b"]\r\n[GameType "21"]\r\n1. 11-1 *'
fixture crlf "$crlf_good \r\n\r\n$crlf_bad\r\n\r\n$crlf_good\r\n" \
    "$crlf_good \r\n\r\n$crlf_good\r\n" "\r\n$crlf_bad\r\n"
# Two inputs, the first without a final newline: its part ends its line
# before the next input's games follow.
printf "$good" > "$tmp/in1.pdn"
printf "$good\n$bad\n" > "$tmp/in2.pdn"
set +e
pdn-legal -q -w "$tmp/ok" -x "$tmp/bad" "$tmp/in1.pdn" "$tmp/in2.pdn" > /dev/null
set -e
printf "$good\n$good\n" | cmp -s - "$tmp/ok" || { echo "FAIL: split of two inputs: the ok part differs" >&2; fail=1; }
printf "$bad\n" | cmp -s - "$tmp/bad" || { echo "FAIL: split of two inputs: the bad part differs" >&2; fail=1; }

shared=$(shared_dir)
if [ -z "$shared" ]; then
    echo "split: fixtures only (../shared not found)"
    exit $fail
fi
n=0
find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
while IFS= read -r f; do
    n=$((n + 1))
    set +e
    pdn-legal -q -w "$tmp/ok" -x "$tmp/bad" "$f" > "$tmp/report" 2>"$tmp/err"
    st=$?
    set -e
    if [ "$st" -ge 2 ]; then
        echo "FAIL: $f: pdn-legal exited $st" >&2
        head -3 "$tmp/err" >&2
        fail=1
        continue
    fi
    sed -n 's/.*: error: .* (game \([0-9]*\))$/\1/p' "$tmp/report" | sort -un > "$tmp/badlist"
    if ! "$rawgames" "$f" "$tmp/badlist" "$tmp/ok2" "$tmp/bad2"; then
        echo "FAIL: $f: raw game texts do not rebuild the input" >&2
        fail=1
        continue
    fi
    # a part that was not written is absent; rawgames writes it empty
    [ -f "$tmp/ok" ] || : > "$tmp/ok"
    [ -f "$tmp/bad" ] || : > "$tmp/bad"
    if ! cmp -s "$tmp/ok" "$tmp/ok2" || ! cmp -s "$tmp/bad" "$tmp/bad2"; then
        echo "FAIL: $f: -w/-x parts differ from the input's games" >&2
        fail=1
    fi
    sz_in=$(wc -c < "$f")
    sz_out=$(cat "$tmp/ok" "$tmp/bad" | wc -c)
    # one newline is added when the input does not end with one
    [ "$sz_in" = 0 ] || [ "$(tail -c 1 "$f" | od -An -c | tr -d ' ')" = '\n' ] ||
        sz_in=$((sz_in + 1))
    [ "$sz_in" = "$sz_out" ] || { echo "FAIL: $f: $sz_in bytes in, $sz_out out" >&2; fail=1; }
    rm -f "$tmp/ok" "$tmp/bad"
done < "$tmp/files"
echo "split: $n files"
exit $fail
