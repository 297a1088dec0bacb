#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Parallel reading (issue #30): wall and CPU seconds of -j 1 and -j 2 and
# the speed-up, for pdn-validate, pdn-legal, pdn-select -X and pdn-db
# create, on OCA and on 10^5 generated games (bench/gengames, about 100
# MB; BENCH_GAMES changes the count, 0 leaves the file out).
#   bench/jobs-read.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
# Environment: BENCH_RUNS (default 3: medians), PDN_SHARED, TMPDIR (the
# generated file is written there).
set -euo pipefail
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-3}
games=${BENCH_GAMES:-100000}
shared=${PDN_SHARED:-$src/../shared}
[ -d "$shared/corpus" ] || { echo "jobs-read: $shared/corpus not found (set PDN_SHARED)" >&2; exit 77; }
. "$src/bench/tools.sh"
bench_tools jobs-read "$build" pdn-validate pdn-legal pdn-select pdn-replay
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnjobs.XXXXXX")
trap 'rm -rf "$work"' EXIT

oca=$shared/corpus/english/oca__OCA_2.0.pdn
inputs=$oca
if [ "$games" -gt 0 ] && [ -x "$build/bench/gengames" ]; then
    "$build/bench/gengames" -n "$games" -s 7 > "$work/gen.pdn"
    inputs="$inputs $work/gen.pdn"
fi
db=
[ -x "$tools/pdn-db" ] && db=$tools/pdn-db

# one CMD...: "WALL CPU" medians of $runs runs (GNU time; the database
# removed before each run).
one() {
    local i start end
    : > "$work/times"
    for i in $(seq "$runs"); do
        rm -f "$work/db"
        start=$(date +%s%N)
        "$timebin" -f '%U %S' -o "$work/t1" "$@" > /dev/null 2>&1 || true
        end=$(date +%s%N)
        echo "$(( end - start )) $(tail -n 1 "$work/t1")" >> "$work/times"
    done
    paste -d ' ' <(cut -d ' ' -f 1 "$work/times" | sort -n) \
          <(awk '{ print $2 + $3 }' "$work/times" | sort -g) |
        awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.3f %.2f\n", $1 / 1e9, $2 }'
}

echo "load: $(cut -d ' ' -f 1-3 /proc/loadavg) on $(nproc) cores"
printf '%-10s %-14s %9s %9s %9s %9s %8s\n' input tool wall-j1 cpu-j1 wall-j2 cpu-j2 speedup
for f in $inputs; do
    fen=$("$tools/pdn-replay" -q -n 1 -p 10 "$f" 2>/dev/null | cut -f 4)
    for t in validate legal select-X db-create; do
        case $t in
            validate) cmd=("$tools/pdn-validate" -q) ;;
            legal) cmd=("$tools/pdn-legal" -q) ;;
            select-X) cmd=("$tools/pdn-select" -q -k -X "$fen") ;;
            db-create) [ -n "$db" ] || continue
                       cmd=("$db" create -q) ;;
        esac
        if [ "$t" = db-create ]; then
            read -r w1 c1 < <(one "${cmd[@]}" -j 1 "$work/db" "$f")
            read -r w2 c2 < <(one "${cmd[@]}" -j 2 "$work/db" "$f")
        else
            read -r w1 c1 < <(one "${cmd[@]}" -j 1 "$f")
            read -r w2 c2 < <(one "${cmd[@]}" -j 2 "$f")
        fi
        awk -v n="$(basename "$f" .pdn | cut -c 1-10)" -v t="$t" -v w1="$w1" \
            -v c1="$c1" -v w2="$w2" -v c2="$c2" 'BEGIN {
            printf "%-10s %-14s %9.3f %9.2f %9.3f %9.2f %7.2fx\n", n, t, w1, c1, w2, c2, (w2 > 0 ? w1 / w2 : 0) }'
    done
done
echo "load: $(cut -d ' ' -f 1-3 /proc/loadavg) (after)"
