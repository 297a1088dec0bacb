#!/bin/sh
# SPDX-License-Identifier: MIT
# Records are written whole: several tools writing JSON lines (or text
# findings) into one pipe at once never splice a line, because into a pipe
# each batch of whole lines goes out with one write(2). Checked by running
# two processes at a time into one pipe and comparing the lines with those
# of the processes run one by one.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v jq >/dev/null 2>&1 || { echo "SKIP: jq not installed"; exit 77; }

# Eight inputs of a few hundred games each: many records per process.
k=0
while [ $k -lt 8 ]; do
    i=0
    while [ $i -lt 25 ]; do
        for f in "$top_srcdir"/samples/*.pdn; do cat "$f"; printf '\n'; done
        i=$((i + 1))
    done > "$tmp/in$k.pdn"
    k=$((k + 1))
done
ls "$tmp"/in*.pdn > "$tmp/files"

for cmd in "pdn-replay -a -f json" "pdn-convert -f json" "pdn-replay -a"; do
    # shellcheck disable=SC2086
    xargs -P 2 -n 1 $cmd --summary none < "$tmp/files" | cat > "$tmp/par" || true
    : > "$tmp/ser"
    while read -r f; do
        # shellcheck disable=SC2086
        $cmd --summary none "$f" >> "$tmp/ser" || true
    done < "$tmp/files"
    n=$(wc -l < "$tmp/ser")
    [ "$n" -gt 1000 ] || { echo "FAIL: '$cmd': only $n lines" >&2; fail=1; }
    sort "$tmp/par" > "$tmp/par.s"
    sort "$tmp/ser" > "$tmp/ser.s"
    if ! cmp -s "$tmp/par.s" "$tmp/ser.s"; then
        bad=$(comm -23 "$tmp/par.s" "$tmp/ser.s" | wc -l)
        echo "FAIL: '$cmd' two at a time into one pipe: $bad of $n lines spliced" >&2
        fail=1
    fi
    case $cmd in *json*)
        bad=$(jq -R -r '[fromjson?] | if length == 0 then "bad" else empty end' < "$tmp/par" | wc -l)
        [ "$bad" = 0 ] || { echo "FAIL: '$cmd': $bad lines are not JSON" >&2; fail=1; } ;;
    esac
    echo "$cmd: $n lines"
done
exit $fail
