#!/bin/sh
# SPDX-License-Identifier: MIT
# debian/libpdn0.symbols lists exactly the functions libpdn.so exports
# (dpkg-gensymbols checks the package against it; a symbol that leaves
# breaks the ABI, one that comes is added there with its first version).
# Skipped (77) without nm, the shared library or debian/ (a tarball).
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
lib=$(ls "$top_builddir"/lib/.libs/libpdn.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || { echo "SKIP: no shared library built"; exit 77; }
file="$top_srcdir/debian/libpdn0.symbols"
[ -f "$file" ] || { echo "SKIP: no debian/libpdn0.symbols"; exit 77; }

nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBR]$/ {print $3}' |
    sort >"$tmp/exported"
awk '/^ / {sub(/@.*/, "", $1); print $1}' "$file" | sort >"$tmp/listed"
soname=$(objdump -p "$lib" 2>/dev/null | awk '$1 == "SONAME" {print $2}')
if [ -n "$soname" ] && ! head -n 1 "$file" | grep -q "^$soname libpdn0 "; then
    echo "FAIL: $file does not start with '$soname libpdn0'" >&2
    fail=1
fi
comm -23 "$tmp/exported" "$tmp/listed" >"$tmp/new"
comm -13 "$tmp/exported" "$tmp/listed" >"$tmp/gone"
if [ -s "$tmp/new" ]; then
    echo "FAIL: exported but not in $file (add them with their version):" >&2
    sed 's/^/ /; s/$/@Base VERSION/' "$tmp/new" >&2
    fail=1
fi
if [ -s "$tmp/gone" ]; then
    echo "FAIL: in $file but no longer exported (an ABI break):" >&2
    cat "$tmp/gone" >&2
    fail=1
fi
[ "$fail" = 0 ] && echo "$(wc -l <"$tmp/exported") symbols, each listed"
exit "$fail"
