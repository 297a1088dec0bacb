#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# pdntools benchmark: throughput and peak memory of every tool on real
# archives, next to `wc -l` on the same file, perft speed, and the
# instruction cost of inferring the variant of games without GameType.
#   bench/bench.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
# Environment: BENCH_RUNS (default 5, the median is reported), BENCH_JOBS
# (extra -j value to measure, default 2), PDN_SHARED (the shared folder).
set -euo pipefail
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-5}
jobs=${BENCH_JOBS:-2}
shared=${PDN_SHARED:-$src/../shared}
[ -d "$shared/corpus" ] || { echo "bench: $shared/corpus not found (set PDN_SHARED)" >&2; exit 77; }
. "$src/bench/tools.sh"
bench_tools bench "$build" pdn-legal pdn-validate pdn-convert pdn-replay pdn-perft \
    pdn-stats pdn-fix

work=$(mktemp -d "${TMPDIR:-/tmp}/pdnbench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Inputs: the OCA archive, a 10x10 set, and OCA repeated 20 times.
oca=$shared/corpus/english/oca__OCA_2.0.pdn
cp "$oca" "$work/oca.pdn"
for f in "$shared"/corpus/international/gamescheckers__*.pdn \
         "$shared"/corpus/international/mobydam__*.pdn \
         "$shared"/corpus/international/bas080__wk2007_all.pdn; do
    cat "$f"
    printf '\n'
done > "$work/int10x10.pdn"
for _ in $(seq 20); do cat "$oca"; done > "$work/oca20.pdn"

# measure CMD...: median wall seconds (clocked in nanoseconds: the OCA
# runs take tens of milliseconds) and the largest peak RSS (KiB) of runs.
measure() {
    local i start end
    : > "$work/times"
    for i in $(seq "$runs"); do
        start=$(date +%s%N)
        "$timebin" -f '%M' -o "$work/t1" "$@" > /dev/null 2>&1 || true
        end=$(date +%s%N)
        echo "$(( end - start )) $(tail -n 1 "$work/t1")" >> "$work/times"
    done
    sort -n "$work/times" | awk -v n="$runs" '
        { t[NR] = $1; if ($2 > m) m = $2 }
        END { printf "%.4f %s\n", t[int((n + 1) / 2)] / 1e9, m }'
}

printf '%-9s %-13s %4s %8s %8s %9s %10s %8s %8s %6s\n' \
    input tool jobs seconds MB/s games/s plies/s RSS_MiB wc_l_s ratio
for name in oca int10x10 oca20; do
    f=$work/$name.pdn
    bytes=$(stat -c %s "$f")
    # One line per game, one per ply (a game stops at its first illegal move).
    games=$({ "$tools/pdn-replay" -q "$f" 2>/dev/null || true; } | wc -l)
    plies=$({ "$tools/pdn-replay" -q -a "$f" 2>/dev/null || true; } | wc -l)
    read -r wct _ < <(measure wc -l "$f")
    for spec in "pdn-validate" "pdn-legal" "pdn-convert" "pdn-replay" \
                "pdn-legal -j $jobs" "pdn-validate -j $jobs" \
                "pdn-convert -j $jobs" "pdn-replay -j $jobs" \
                "pdn-stats" "pdn-fix" "pdn-fix -j $jobs"; do
        set -- $spec
        tool=$1
        shift
        read -r secs rss < <(measure "$tools/$tool" -q "$@" "$f")
        awk -v t="$tool" -v s="$secs" -v b="$bytes" -v g="$games" \
            -v p="$plies" -v r="$rss" -v w="$wct" -v n="$name" -v j="${2:-1}" '
            BEGIN {
                d = (s > 0) ? s : 0.001; wd = (w > 0) ? w : 0.001
                printf "%-9s %-13s %4s %8.4f %8.1f %9.0f %10.0f %8.1f %8.4f %6.1f\n",
                    n, t, j, s, b / 1e6 / d, g / d, p / d, r / 1024, w, d / wd
            }'
    done
done

# pdn-select: by tags (at pdn-validate's speed), opening, position, dedupe
echo
bench_select "$build" "$work/oca.pdn" "$work/int10x10.pdn"
if [ -n "${BENCH_MILLION:-}" ]; then
    echo
    bench_select_million "$build" "$oca" "$work"
fi

echo
printf '%-16s %6s %14s %9s %12s\n' variant depth nodes seconds nodes/s
for spec in "20 9" "21 11"; do
    set -- $spec
    start=$(date +%s.%N)
    nodes=$("$tools/pdn-perft" -g "$1" -d "$2" 2>/dev/null | tail -n 1 | cut -f 2)
    end=$(date +%s.%N)
    awk -v g="$1" -v d="$2" -v n="$nodes" -v a="$start" -v b="$end" '
        BEGIN { s = b - a; printf "%-16s %6d %14d %9.3f %12.0f\n", "GameType " g, d, n, s, n / s }'
done

# The cost of deciding the variant of games without GameType, in
# instructions (callgrind totals: wall time is noise on a shared machine).
# On a file whose games carry GameType tags, no -g against -G (which skips
# every inference step); on OCA, which has none, no -g against -g 21.
if command -v valgrind > /dev/null; then
    sed '/^\[Event /a [GameType "21"]' "$oca" > "$work/oca-tagged.pdn"
    ic() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
            2>&1 > /dev/null | sed -n 's/.*Collected : //p'
    }
    echo
    printf '%-22s %-13s %14s %14s %7s\n' input tool inferring fixed cost
    for spec in "oca-tagged pdn-legal -G" "oca-tagged pdn-validate -G" \
                "oca pdn-legal -g" "oca pdn-validate -g"; do
        set -- $spec
        a=$(ic "$tools/$2" -q "$work/$1.pdn")
        b=$(ic "$tools/$2" -q "$3" 21 "$work/$1.pdn")
        awk -v i="$1" -v t="$2" -v a="$a" -v b="$b" -v o="$3 21" 'BEGIN {
            printf "%-22s %-13s %14d %14d %+6.1f%%  (fixed: %s)\n", i, t, a, b,
                (a - b) * 100 / b, o }'
    done
fi
if [ -x "$src/bench/perft-deep.sh" ] && [ -n "${BENCH_DEEP:-}" ]; then
    bash "$src/bench/perft-deep.sh" "$build"
fi

# The cost of the draw rules (pdn-legal without and with -R, pdn-replay -a
# -f json) and of naming openings (pdn-convert with and without --opening) on OCA
# in instructions: callgrind totals, which a shared machine does not
# disturb as it does times.
if command -v valgrind >/dev/null 2>&1; then
    echo
    printf '%-32s %14s\n' "on OCA" instructions
    for spec in "pdn-legal -R" "pdn-legal" "pdn-replay -a -f fen" \
                "pdn-replay -a -f json" "pdn-convert -g 21" \
                "pdn-convert -g 21 --opening"; do
        set -- $spec
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
            "$tools/$1" -q "${@:2}" "$work/oca.pdn" > /dev/null 2>&1 || true
        ir=$(awk '/^(summary|totals):/ { print $2; exit }' "$work/cg.out")
        printf '%-32s %14s\n' "$spec" "$ir"
    done
fi
