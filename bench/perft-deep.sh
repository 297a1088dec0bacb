#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Deep perft: every variant with published figures (pdn-reference.md
# section 6; Turkish: the kish engine's figures, which count every capture
# sequence, hence -u) at the deepest depth that runs in seconds, checked
# against the figure, with the wall time and nodes/s of the last depth (as
# pdn-perft reports them) and, less sensitive to a busy machine, the nodes
# of all depths per second of user CPU time (needs /usr/bin/time). One core.
#   bench/perft-deep.sh [BUILDDIR]      (make bench runs it with BENCH_DEEP=1)
# Environment: PERFT_DEEP=long adds International d11 (about 30 s) and the
# English d12 figure counting duplicate captures (-u).
set -euo pipefail
build=${1:-$(pwd)}
perft=$build/tools/pdn-perft
[ -x "$perft" ] || { echo "perft-deep: $perft not built" >&2; exit 2; }

# GameType depth expected [option]
table='
20 10 258895763
21 12 388617999
25 11 110917189
26 11 105491257
23 11 110833952
22 11 81647058
24 11 81383200
29 11 84967210
40 10 85817725
27 9 237209258
41 10 218398167
30 8 123290300 -u
'
if [ "${PERFT_DEEP:-}" = long ]; then
    table="$table
20 11 1665861398
21 12 388623673 -u
"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/perftdeep.XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0
timebin=/usr/bin/time
[ -x "$timebin" ] || timebin=
printf '%-8s %5s %3s %12s %9s %12s %12s %s\n' gametype depth opt nodes \
    seconds nodes/s cpu_nodes/s check
while read -r gt depth expected opt; do
    [ -n "$gt" ] || continue
    # pdn-perft prints DEPTH<TAB>COUNT per depth and times each depth on
    # standard error ("pdn-perft: depth D: T s, R nodes/s").
    echo 0 > "$work/cpu"
    ${timebin:+$timebin -f %U -o "$work/cpu"} \
        "$perft" -g "$gt" -d "$depth" ${opt:+"$opt"} \
        > "$work/out" 2> "$work/err"
    nodes=$(tail -n 1 "$work/out" | cut -f 2)
    all=$(awk -F '\t' '{ s += $2 } END { print s }' "$work/out")
    cpu=$(tail -n 1 "$work/cpu")
    secs=$(grep "depth $depth:" "$work/err" | sed 's/.*: \([0-9.]*\) s,.*/\1/')
    check=ok
    if [ "$nodes" != "$expected" ]; then
        check="MISMATCH (expected $expected)"
        status=1
    fi
    awk -v g="$gt" -v d="$depth" -v o="${opt:--}" -v n="$nodes" -v s="$secs" \
        -v a="$all" -v u="$cpu" -v c="$check" 'BEGIN {
            r = (s > 0) ? n / s : 0
            q = (u > 0) ? a / u : 0
            printf "%-8s %5d %3s %12d %9.3f %12.0f %12.0f %s\n", g, d, o, n, s,
                r, q, c
        }'
done <<EOF
$table
EOF
exit $status
