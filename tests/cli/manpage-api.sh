#!/bin/sh
# SPDX-License-Identifier: MIT
# man/libpdn.3 documents the whole API: every pdn_ function the shared
# library exports has its entry (with ownership and thread safety) in the
# FUNCTIONS section, and every entry there is an exported function.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
lib=$(ls "$top_builddir"/lib/.libs/libpdn.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || { echo "SKIP: no shared library built"; exit 77; }
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBR]$/ {print $3}' |
    sort > "$tmp/syms"
page="$top_srcdir/man/libpdn.3"
# the entries: a ".B name" line after ".TP", each followed by its text and
# an Ownership/Threads line
sed -n '/^\.SH FUNCTIONS/,/^\.SH /p' "$page" |
    awk 'prev == ".TP" && $1 == ".B" {print $2} {prev = $0}' |
    sort > "$tmp/documented"
[ -s "$tmp/syms" ] && [ -s "$tmp/documented" ] || {
    echo "FAIL: no symbols or no FUNCTIONS entries" >&2; exit 1; }
comm -23 "$tmp/syms" "$tmp/documented" > "$tmp/missing"
comm -13 "$tmp/syms" "$tmp/documented" > "$tmp/stale"
if [ -s "$tmp/missing" ]; then
    echo "FAIL: exported but not in libpdn.3 FUNCTIONS:" >&2
    cat "$tmp/missing" >&2
    fail=1
fi
if [ -s "$tmp/stale" ]; then
    echo "FAIL: in libpdn.3 FUNCTIONS but not exported:" >&2
    cat "$tmp/stale" >&2
    fail=1
fi
# every entry states ownership and thread safety
n=$(sed -n '/^\.SH FUNCTIONS/,/^\.SH /p' "$page" | grep -c 'Ownership:.*Threads:')
if [ "$n" != "$(wc -l < "$tmp/documented")" ]; then
    echo "FAIL: $n Ownership/Threads lines for $(wc -l < "$tmp/documented") entries" >&2
    fail=1
fi
[ "$fail" = 0 ] && echo "$(wc -l < "$tmp/syms") functions, each documented"
exit "$fail"
