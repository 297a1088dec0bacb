#!/bin/sh
# SPDX-License-Identifier: MIT
# The unit tests under load: runs the Check unit suite (or the command
# given after --) N times in a row while BUSY processes (default: one per
# core, at least 2) spin on the CPU, as on a build daemon running other
# builds; stops at the first failure. Prints each run's wall time and the
# count passed; exit status 0 only when all N passed.
#   tests/stress.sh [N] [-- COMMAND...]      (make check-load: N=20)
# Environment: BUSY (the busy loops), top_builddir (default: the current
# directory).
set -eu
n=${1:-20}
[ $# -gt 0 ] && shift
[ "${1:-}" = -- ] && shift
if [ $# -eq 0 ]; then
    set -- "${top_builddir:-.}/tests/unit/check_pdn"
    [ -x "$1" ] || { echo "stress: $1 not built (make check builds it)" >&2; exit 2; }
fi
cores=$(nproc 2>/dev/null || echo 2)
busy=${BUSY:-$((cores < 2 ? 2 : cores))}

pids=
stop() {
    for p in $pids; do
        kill "$p" 2>/dev/null || true
    done
    for p in $pids; do
        wait "$p" 2>/dev/null || true
    done
    pids=
}
trap stop EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
i=0
while [ $i -lt "$busy" ]; do
    sh -c 'while :; do :; done' &
    pids="$pids $!"
    i=$((i + 1))
done

log=$(mktemp "${TMPDIR:-/tmp}/stress.XXXXXX")
ok=0
i=1
while [ $i -le "$n" ]; do
    start=$(date +%s)
    if "$@" >"$log" 2>&1; then
        ok=$((ok + 1))
        echo "run $i: passed in $(($(date +%s) - start)) s ($busy busy loops, load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'))"
    else
        echo "run $i: FAILED after $(($(date +%s) - start)) s:"
        tail -n 40 "$log"
        break
    fi
    i=$((i + 1))
done
rm -f "$log"
echo "stress: $ok of $n runs passed with $busy busy loops"
[ "$ok" = "$n" ]
