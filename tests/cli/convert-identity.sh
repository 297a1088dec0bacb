#!/bin/sh
# SPDX-License-Identifier: MIT
# Nothing lost: pdn-convert's identity rewrite (compatible style, which
# keeps the result token) gives back every game of every corpus file equal
# to the input (tags, moves, comments, variations, NAGs, setups, result),
# and rewriting its output again changes no byte.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

gameeq=$top_builddir/tests/gameeq
files=0
games=0
find "$shared/corpus" -type f \( -name '*.pdn' -o -name '*.PDN' \) | LC_ALL=C sort > "$tmp/files"
while IFS= read -r f; do
    files=$((files + 1))
    pdn-convert -q -s compat "$f" > "$tmp/once" 2>/dev/null || true
    if ! "$gameeq" "$f" "$tmp/once" > "$tmp/eq"; then
        echo "FAIL: $f: pdn-convert -s compat changed games:" >&2
        grep -v ' 0 differ$' "$tmp/eq" | head -5 >&2
        fail=1
    fi
    games=$((games + $(sed -n 's/.*: \([0-9]*\) games, .*/\1/p' "$tmp/eq")))
    pdn-convert -q -s compat "$tmp/once" > "$tmp/twice" 2>/dev/null || true
    cmp -s "$tmp/once" "$tmp/twice" || { echo "FAIL: $f: converting again changes the output" >&2; fail=1; }
done < "$tmp/files"
echo "$files files, $games games compared"
[ "$games" -gt 30000 ] || { echo "FAIL: only $games games compared" >&2; fail=1; }
exit $fail
