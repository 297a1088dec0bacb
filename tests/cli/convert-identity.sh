#!/bin/sh
# SPDX-License-Identifier: MIT
# Nothing lost: pdn-convert's identity rewrites give back every game of
# every corpus file equal to the input (tags, moves, comments, variations,
# NAGs, setups, result), and rewriting the output again changes no byte.
# The default style (keep) also keeps the tags in input order and each
# game's own terminator (gameeq -k), and is what pdn-convert writes
# without options; the compatible style keeps the result
# token.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

gameeq=$top_builddir/tests/gameeq
files=0
games=0
find "$shared/corpus" -type f \( -name '*.pdn' -o -name '*.PDN' \) | LC_ALL=C sort > "$tmp/files"
while IFS= read -r f; do
    files=$((files + 1))
    for style in keep compat; do
        # keep is the default: run without -s
        eqopt=-k opt=
        [ "$style" = compat ] && eqopt= opt="-s compat"
        pdn-convert -q $opt "$f" > "$tmp/once" 2>/dev/null || true
        if ! "$gameeq" $eqopt "$f" "$tmp/once" > "$tmp/eq"; then
            echo "FAIL: $f: pdn-convert -s $style changed games:" >&2
            grep -v ' 0 differ$' "$tmp/eq" | head -5 >&2
            fail=1
        fi
        [ "$style" = keep ] && games=$((games + $(sed -n 's/.*: \([0-9]*\) games, .*/\1/p' "$tmp/eq")))
        pdn-convert -q $opt "$tmp/once" > "$tmp/twice" 2>/dev/null || true
        cmp -s "$tmp/once" "$tmp/twice" || { echo "FAIL: $f: converting again with -s $style changes the output" >&2; fail=1; }
    done
done < "$tmp/files"
echo "$files files, $games games compared in each style"
[ "$games" -gt 30000 ] || { echo "FAIL: only $games games compared" >&2; fail=1; }
exit $fail
