#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-legal -w OK -x BAD over every corpus file: nothing is lost or changed.
# The games flagged in pdn-legal's report go to BAD, the others to OK, each
# byte for byte; rawgames (a test helper over pdn_game_raw) rebuilds both
# files from the input and the flagged game numbers, and checks that the
# games' raw texts concatenate to the input.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared
rawgames=$top_builddir/tools/rawgames
[ -x "$rawgames" ] || { echo "SKIP: $rawgames not built"; exit 77; }

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
    if ! cmp -s "$tmp/ok" "$tmp/ok2" || ! cmp -s "$tmp/bad" "$tmp/bad2"; then
        echo "FAIL: $f: -w/-x parts differ from the input's games" >&2
        fail=1
    fi
    sz_in=$(wc -c < "$f")
    sz_out=$(cat "$tmp/ok" "$tmp/bad" | wc -c)
    [ "$sz_in" = "$sz_out" ] || { echo "FAIL: $f: $sz_in bytes in, $sz_out out" >&2; fail=1; }
done < "$tmp/files"
echo "split: $n files"
exit $fail
