#!/bin/sh
# SPDX-License-Identifier: MIT
# The variant of games without GameType is decided by evidence: over every
# shared-corpus file whose variant is known (its folder), pdn-legal without
# -g reports as many errors (within 2%) as with the right -g, and says once
# per file what it replayed the games as, naming that variant.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

# errors FILE ARGS...: the number of error findings of pdn-legal.
errors() {
    f=$1
    shift
    set +e
    pdn-legal -q "$@" "$f" 2>/dev/null | grep -c ': error:'
    set -e
}

for spec in czech:29:Czech english:21:English frisian:40:Frisian \
            international:20:International italian:22:Italian \
            pool:23:Pool russian:25:Russian; do
    dir=${spec%%:*}
    rest=${spec#*:}
    gt=${rest%%:*}
    name=${rest#*:}
    [ -d "$shared/corpus/$dir" ] || continue
    find "$shared/corpus/$dir" -type f \( -name '*.pdn' -o -name '*.PDN' \) |
        LC_ALL=C sort > "$tmp/files"
    sum_infer=0
    sum_right=0
    while IFS= read -r f; do
        right=$gt
        # its FEN tags number the squares from b8 (International style)
        case $f in */fmjd__ussr1947.pdn) right=25,W,8,8,A2,0 ;; esac
        x=$(errors "$f")
        y=$(errors "$f" -g "$right")
        sum_infer=$((sum_infer + x))
        sum_right=$((sum_right + y))
        d=$((x > y ? x - y : y - x))
        if [ $((d * 50)) -gt "$y" ]; then
            echo "FAIL: $f: $x errors without -g, $y with -g $right" >&2
            fail=1
        fi
        # The one summary line of a file with games without GameType names
        # the folder's variant (or a numbering of it) when it fits them all.
        pdn-legal "$f" 2>/dev/null |
            grep ': warning: [0-9]* games* without GameType' > "$tmp/sum" || true
        if [ "$(wc -l < "$tmp/sum")" -gt 1 ]; then
            echo "FAIL: $f: more than one summary line" >&2
            fail=1
        fi
        if [ -s "$tmp/sum" ] && grep -q 'replayed as [^;(]* ([0-9,A-Z]*): all legal' "$tmp/sum" &&
           ! grep -q "replayed as $name" "$tmp/sum"; then
            echo "FAIL: $f: $(cat "$tmp/sum")" >&2
            fail=1
        fi
    done < "$tmp/files"
    echo "$dir: $sum_infer errors without -g, $sum_right with the right -g"
done

# The decision does not depend on -j, and the summary comes after the
# file's findings in both.
for f in "$shared/corpus/italian/"*.pdn "$shared/corpus/czech/"*.pdn; do
    pdn-legal -j 1 "$f" > "$tmp/one.t" 2>&1 || true
    pdn-legal -j 3 "$f" > "$tmp/three.t" 2>&1 || true
    # the seconds in the summary are the clock's, not the decision's
    untime "$tmp/one.t" "$tmp/three.t"
    mv "$tmp/one.t" "$tmp/one"
    mv "$tmp/three.t" "$tmp/three"
    if ! cmp -s "$tmp/one" "$tmp/three"; then
        echo "FAIL: $f: -j 3 differs from -j 1" >&2
        fail=1
    fi
done
exit $fail
