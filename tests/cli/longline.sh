#!/bin/sh
# SPDX-License-Identifier: MIT
# Output that is no regular file gets whole lines (tools/common/output.c),
# but a long line is written as it comes, in pieces: a 20 MB single line
# (700,000 games) through a pipe and into /dev/null keeps every tool that
# copies or writes games under 16 MB of resident memory (it once held the
# whole line, and searched all of it again on every write), and the bytes
# arrive unchanged. pdn-fix streams the games it does not change (it once
# held the line in its first pass over the file). No timing: the time goes
# to bench/memory.sh.
. "${top_srcdir:-.}/tests/cli/setup.sh"

for t in pdn-select pdn-fix pdn-convert pdn-legal; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not built"; exit 77; }
done
if [ ! -x /usr/bin/time ]; then
    echo "SKIP: GNU time not found"
    exit 77
fi
for t in pdn-select pdn-fix; do
    if sanitized "$t"; then
        echo "SKIP: sanitizer build: memory not measured"
        exit 77
    fi
done
limit_kb=16384

awk 'BEGIN { ORS = ""; for (i = 0; i < 700000; i++) print "[Event \"l\"] 1. 32-28 19-23 * " }' >"$tmp/line.pdn"
printf '\n' >>"$tmp/line.pdn"

# rss TOOL ARG...: the tool on the line through a pipe, then into
# /dev/null; a failure when a peak RSS is over the limit. The pipe's bytes
# are kept in $tmp/out.
rss() {
    for dest in pipe null; do
        set +e
        if [ $dest = pipe ]; then
            /usr/bin/time -f '%M' -o "$tmp/rss" "$@" "$tmp/line.pdn" 2>"$tmp/err" | cat >"$tmp/out"
        else
            /usr/bin/time -f '%M' -o "$tmp/rss" "$@" "$tmp/line.pdn" >/dev/null 2>"$tmp/err"
        fi
        set -e
        kb=$(grep -E '^[0-9]+$' "$tmp/rss" | tail -1)
        if [ -z "$kb" ] || [ "$kb" -gt "$limit_kb" ]; then
            echo "FAIL: $* on a 20 MB line to $dest: peak RSS ${kb:-?} KB (limit $limit_kb)" >&2
            fail=1
        fi
        echo "$* to $dest: peak RSS $kb KB"
    done
}

rss pdn-select -q
cmp -s "$tmp/out" "$tmp/line.pdn" || { echo "FAIL: pdn-select | cat: not the input" >&2; fail=1; }
rss pdn-fix -q
cmp -s "$tmp/out" "$tmp/line.pdn" || { echo "FAIL: pdn-fix | cat: not the input" >&2; fail=1; }
rss pdn-legal -q -g 20 -w -
cmp -s "$tmp/out" "$tmp/line.pdn" || { echo "FAIL: pdn-legal -w - | cat: not the input" >&2; fail=1; }
rss pdn-convert -q -g 20
[ "$(grep -c '^\[Event "l"\]$' "$tmp/out")" = 700000 ] ||
    { echo "FAIL: pdn-convert | cat: not 700000 games" >&2; fail=1; }
# pdn-fix to a file: the same
/usr/bin/time -f '%M' -o "$tmp/rss" pdn-fix -q -o "$tmp/fixed.pdn" "$tmp/line.pdn" 2>/dev/null || true
kb=$(grep -E '^[0-9]+$' "$tmp/rss" | tail -1)
[ -n "$kb" ] && [ "$kb" -le "$limit_kb" ] && cmp -s "$tmp/fixed.pdn" "$tmp/line.pdn" ||
    { echo "FAIL: pdn-fix -o on a 20 MB line: peak RSS ${kb:-?} KB, or not the input" >&2; fail=1; }
exit $fail
