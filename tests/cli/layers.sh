#!/bin/sh
# SPDX-License-Identifier: MIT
# libpdn's layers (lib/README.md): each folder includes and calls only
# itself and the layers its row names. Includes are read as text; calls
# from nm of each layer's objects (skipped without nm or objects).
. "${top_srcdir:-.}/tests/cli/setup.sh"

table="$top_srcdir/lib/README.md"
# layer|may use|public headers, one line a layer
sed -n '/<!-- layers:/,/<!-- end of layers -->/p' "$table" |
    awk -F'|' 'NF >= 5 && $2 !~ /layer|---/ {
        for (i = 2; i <= 4; i++) gsub(/^ +| +$/, "", $i)
        print $2 "|" $3 "|" $4 }' > "$tmp/layers"
[ -s "$tmp/layers" ] || { echo "FAIL: no layer table in lib/README.md" >&2; exit 1; }
layers=$(cut -d'|' -f1 "$tmp/layers")

# header -> layer, for the public headers
awk -F'|' '{ n = split($3, h, " "); for (i = 1; i <= n; i++) print h[i], $1 }' \
    "$tmp/layers" > "$tmp/headers"

# Every folder of lib/ with C sources has a row.
for d in "$top_srcdir"/lib/*/; do
    name=$(basename "$d")
    [ "$name" = pdn ] && continue
    ls "$d"*.c >/dev/null 2>&1 || continue
    if ! grep -q "^$name|" "$tmp/layers"; then
        echo "FAIL: lib/$name has no row in lib/README.md's layer table" >&2
        fail=1
    fi
done

# allowed LAYER: itself and its "may use"
allowed() {
    echo "$1"
    grep "^$1|" "$tmp/layers" | cut -d'|' -f2 | tr ' ' '\n' | sed '/^$/d'
}

# Includes, as text.
for l in $layers; do
    allowed "$l" > "$tmp/ok.$l"
    for f in "$top_srcdir/lib/$l"/*.[ch]; do
        [ -f "$f" ] || continue
        sed -n -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
               -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<\(pdn\/[^>]*\)>.*/\1/p' "$f" |
        while read -r inc; do
            case $inc in
            pdn/pdn.h)
                echo "FAIL: ${f#"$top_srcdir"/}: includes the umbrella header pdn/pdn.h"
                continue ;;
            pdn/version.h) owner=core ;;
            pdn/*)
                owner=$(awk -v h="${inc#pdn/}" '$1 == h { print $2 }' "$tmp/headers")
                [ -n "$owner" ] || { echo "FAIL: ${f#"$top_srcdir"/}: $inc belongs to no layer"; continue; } ;;
            */*) owner=${inc%%/*} ;;
            *) continue ;;   # a header of its own folder
            esac
            grep -qx "$owner" "$tmp/ok.$l" ||
                echo "FAIL: ${f#"$top_srcdir"/}: includes $inc ($owner), which $l may not use"
        done
    done
done > "$tmp/inc"
if [ -s "$tmp/inc" ]; then cat "$tmp/inc" >&2; fail=1; fi

# Calls, from nm: every symbol a layer's objects use that another layer
# defines must come from a layer it may use.
if command -v nm >/dev/null 2>&1; then
    : > "$tmp/defs"
    for l in $layers; do
        objs=$(ls "$top_builddir/lib/$l"/*.o 2>/dev/null || ls "$top_builddir/lib/$l"/.libs/*.o 2>/dev/null || true)
        [ -n "$objs" ] || continue
        echo "$objs" > "$tmp/objs.$l"
        # shellcheck disable=SC2086
        nm -g --defined-only $objs | awk -v l="$l" 'NF == 3 { print $3, l }' >> "$tmp/defs"
    done
    if [ -s "$tmp/defs" ]; then
        for l in $layers; do
            [ -f "$tmp/objs.$l" ] || continue
            # shellcheck disable=SC2046
            nm -u $(cat "$tmp/objs.$l") | awk 'NF >= 2 { print $NF }' | sort -u |
            awk -v l="$l" 'NR == FNR { def[$1] = $2; next }
                           FILENAME == ARGV[2] { ok[$1] = 1; next }
                           ($1 in def) && !(def[$1] in ok) {
                               print "FAIL: lib/" l " calls " $1 " of " def[$1] ", which " l " may not use" }' \
                "$tmp/defs" "$tmp/ok.$l" -
        done > "$tmp/calls"
        if [ -s "$tmp/calls" ]; then cat "$tmp/calls" >&2; fail=1; fi
        echo "calls checked: $(wc -l < "$tmp/defs") symbols over $(echo $layers | wc -w) layers"
    else
        echo "calls not checked: no objects built"
    fi
else
    echo "calls not checked: no nm"
fi
[ "$fail" = 0 ] && echo "layers: includes and calls within lib/README.md's table"
exit "$fail"
