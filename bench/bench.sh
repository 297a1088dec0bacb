#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# pdntools benchmark: throughput and peak memory of every tool on real
# archives, next to `wc -l` on the same file, perft speed, and the
# instruction cost of inferring the variant of games without GameType.
#   bench/bench.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
# Environment: BENCH_RUNS (default 3, the median is reported),
# BENCH_CALLGRIND=1 (the instruction counts of the variant inference, the
# draw rules and openings: about 10 minutes more), BENCH_DEEP=1 (deep
# perft), BENCH_MILLION=1 (pdn-select -H on a million games), PDN_SHARED
# (the shared folder). About 5 minutes on two idle cores.
set -euo pipefail
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-3}
shared=${PDN_SHARED:-$src/../shared}
[ -d "$shared/corpus" ] || { echo "bench: $shared/corpus not found (set PDN_SHARED)" >&2; exit 77; }
. "$src/bench/tools.sh"
bench_tools bench "$build" pdn-legal pdn-validate pdn-convert pdn-replay pdn-perft \
    pdn-stats pdn-fix
[ -n "${BENCH_CALLGRIND:-}" ] ||
    echo "bench: instruction counts (callgrind) skipped: BENCH_CALLGRIND=1 adds them"

work=$(mktemp -d "${TMPDIR:-/tmp}/pdnbench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Inputs: the OCA archive, a 10x10 set (the shared International files
# below, 1.1 MB, 10 times over: once takes about one 10 ms tick of CPU
# time), and OCA repeated 20 times.
oca=$shared/corpus/english/oca__OCA_2.0.pdn
cp "$oca" "$work/oca.pdn"
for _ in $(seq 10); do
    for f in "$shared"/corpus/international/gamescheckers__*.pdn \
             "$shared"/corpus/international/mobydam__*.pdn \
             "$shared"/corpus/international/bas080__wk2007_all.pdn; do
        cat "$f"
        printf '\n'
    done
done > "$work/int10x10.pdn"
for _ in $(seq 20); do cat "$oca"; done > "$work/oca20.pdn"

# measure CMD...: "WALL CPU RSS": the median wall seconds (clocked in
# nanoseconds: the OCA runs take tens of milliseconds) and median user+sys
# CPU seconds of $runs runs, and the largest peak RSS (KiB).
measure() {
    local i start end
    : > "$work/times"
    for i in $(seq "$runs"); do
        start=$(date +%s%N)
        "$timebin" -f '%U %S %M' -o "$work/t1" "$@" > /dev/null 2>&1 || true
        end=$(date +%s%N)
        echo "$(( end - start )) $(tail -n 1 "$work/t1")" >> "$work/times"
    done
    # the median of each column, each column sorted on its own
    paste -d ' ' <(cut -d ' ' -f 1 "$work/times" | sort -n) \
          <(awk '{ print $2 + $3 }' "$work/times" | sort -g) \
          <(cut -d ' ' -f 4 "$work/times" | sort -n) |
        awk -v n="$runs" '
        NR == int((n + 1) / 2) { w = $1; c = $2 }
        { m = $3 }
        END { printf "%.4f %.3f %s\n", w / 1e9, c, m }' 
}

# The load of the machine (1-minute load average against its cores): the
# wall times and speed-ups below mean little on a busy machine; CPU
# seconds are less disturbed.
load() { echo "load: $(cut -d ' ' -f 1-3 /proc/loadavg) on $cores cores ($1)"; }
cores=$(nproc 2>/dev/null || echo 1)

# The issue's table (#17): throughput of each tool on one thread, as MB/s
# and as its time over `wc -l`'s on the same file in the same run, against
# the target where there is one. One thread on an idle core runs as long
# as its CPU time; on a busy machine (load above the cores) the wall time
# is the machine's, so a target is judged on cpu_MB/s, the bytes over the
# CPU seconds.
target() {
    case "$1:$2" in
    pdn-validate:*) echo 400 ;;
    pdn-legal:int10x10) echo 150 ;;
    pdn-legal:*) echo 200 ;;
    pdn-convert:*) echo 200 ;;
    *) echo - ;;
    esac
}
load "before the tables"
printf '%-9s %-13s %8s %8s %8s %9s %9s %8s %7s %7s %s\n' \
    input tool seconds cpu_s MB/s cpu_MB/s games/s RSS_MiB x_wc target met
declare -A j1wall j1cpu
for name in oca int10x10 oca20; do
    f=$work/$name.pdn
    bytes=$(stat -c %s "$f")
    games=$({ "$tools/pdn-replay" -q "$f" 2>/dev/null || true; } | wc -l)
    read -r wct _ < <(measure wc -l "$f")
    awk -v n="$name" -v s="$wct" -v b="$bytes" 'BEGIN {
        d = (s > 0) ? s : 0.0001
        printf "%-9s %-13s %8.4f %8s %8.1f\n", n, "wc -l", s, "-", b / 1e6 / d }'
    for tool in pdn-validate pdn-legal pdn-convert pdn-replay pdn-fix \
                pdn-stats; do
        # pdn-stats has no -j
        jarg="-j 1"
        [ "$tool" = pdn-stats ] && jarg=
        read -r secs cpu rss < <(measure "$tools/$tool" -q $jarg "$f")
        if [ "$name" = oca20 ]; then
            j1wall[$tool]=$secs
            j1cpu[$tool]=$cpu
        fi
        awk -v t="$tool" -v s="$secs" -v c="$cpu" -v b="$bytes" -v g="$games" \
            -v r="$rss" -v w="$wct" -v n="$name" -v tg="$(target "$tool" "$name")" '
            BEGIN {
                d = (s > 0) ? s : 0.0001; wd = (w > 0) ? w : 0.0001
                cd = (c > 0) ? c : 0.005  # GNU time counts 10 ms ticks
                mbs = b / 1e6 / d; cmbs = b / 1e6 / cd
                met = (tg == "-") ? "" : (cmbs >= tg + 0) ? "met" : "not met"
                printf "%-9s %-13s %8.4f %8.3f %8.1f %9.1f %9.0f %8.1f %7.1f %7s %s\n",
                    n, t, s, c, mbs, cmbs, g / d, r / 1024, d / wd, tg, met
            }'
    done
done
load "after the throughput table"

# What bounds the tools where a target is not met, in the same run: the
# reader alone (bench/parse: no tool reads faster), and pdn-validate and
# pdn-legal with the variant given (-g: no game replayed to infer it; OCA
# has no GameType tag, half the 10x10 set none). bench/README has the
# profiles behind these (Reading profile, Rules engine profile, One replay
# per game).
echo
printf '%-9s %-34s %8s %9s %s\n' input "bound" cpu_s cpu_MB/s target
for name in oca20 int10x10; do
    f=$work/$name.pdn
    bytes=$(stat -c %s "$f")
    gt=21
    [ "$name" = int10x10 ] && gt=20
    for spec in "reader alone (bench/parse)|$build/bench/parse -n 1|400" \
                "pdn-validate -g $gt (no inference)|$tools/pdn-validate -q -j 1 -g $gt|400" \
                "pdn-legal -g $gt (no inference)|$tools/pdn-legal -q -j 1 -g $gt|$(target pdn-legal "$name")"; do
        IFS='|' read -r label cmd tg <<< "$spec"
        # $cmd is split into words on purpose
        read -r _ cpu _ < <(measure $cmd "$f")
        awk -v n="$name" -v l="$label" -v c="$cpu" -v b="$bytes" -v tg="$tg" 'BEGIN {
            cd = (c > 0) ? c : 0.005
            printf "%-9s %-34s %8.3f %9.1f %s\n", n, l, c, b / 1e6 / cd,
                tg ((b / 1e6 / cd >= tg + 0) ? " (bound above it)" : " (bound below it)") }'
    done
done

# -j: wall and CPU seconds on OCA x20 with 1, 2 and every core. Speed-up is
# wall time at -j 1 over wall time at -j N (the -j 1 figures are those of
# the table above); cpu_x is the CPU time over -j 1's: what the threads
# cost beyond the work itself.
echo
jl=$(printf '%s\n' 1 2 "$cores" | sort -n -u | tr '\n' ' ')
bytes=$(stat -c %s "$work/oca20.pdn")
printf '%-19s %4s %8s %8s %8s %8s %6s %7s %s\n' \
    "oca20 -j" jobs seconds cpu_s MB/s speedup cpu_x target met
# pdn-convert's plain rewrite runs on one thread (reading is most of its
# work: man pdn-convert, -j); a conversion that replays is timed instead.
for spec in pdn-validate pdn-legal "pdn-convert -c full" pdn-replay pdn-fix; do
    set -- $spec
    tool=$1
    shift
    for j in $jl; do
        if [ "$j" = 1 ] && [ $# -eq 0 ]; then
            secs=${j1wall[$tool]} cpu=${j1cpu[$tool]}
        else
            read -r secs cpu _ < <(measure "$tools/$tool" -q -j "$j" "$@" "$work/oca20.pdn")
        fi
        if [ "$j" = 1 ]; then
            s1=$secs c1=$cpu
        fi
        awk -v t="$spec" -v j="$j" -v s="$secs" -v c="$cpu" -v b="$bytes" \
            -v s1="$s1" -v c1="$c1" '
            BEGIN {
                d = (s > 0) ? s : 0.0001
                up = s1 / d; cx = (c1 > 0) ? c / c1 : 0
                tg = (j == 2) ? "1.85" : "-"
                met = (j == 2) ? ((up >= 1.85) ? "met" : "not met") : ""
                printf "%-19s %4d %8.4f %8.3f %8.1f %7.2fx %6.2f %7s %s\n",
                    t, j, s, c, b / 1e6 / d, up, cx, tg, met
            }'
    done
done
load "after the -j table"

# Peak memory per -j (one run each: RSS does not vary with the load) on
# OCA x20, pdn-legal also writing -w/-x; the target is 16 MiB at any -j
# up to 8.
echo
printf '%-26s %9s %9s %9s %9s %7s %s\n' "peak RSS MiB, oca20" "-j 1" \
    "-j 2" "-j 4" "-j 8" target met
for spec in pdn-validate pdn-legal pdn-convert "pdn-legal -w $work/w.pdn -x $work/x.pdn"; do
    set -- $spec
    tool=$1
    shift
    row=
    for j in 1 2 4 8; do
        "$timebin" -f '%M' -o "$work/t1" "$tools/$tool" -q -j "$j" "$@" \
            "$work/oca20.pdn" > /dev/null 2>&1 || true
        row="$row $(tail -n 1 "$work/t1")"
    done
    label=$tool
    [ $# -gt 0 ] && label="$tool -w -x"
    echo "$row" | awk -v t="$label" '{
        m = 0; for (i = 1; i <= NF; i++) if ($i > m) m = $i
        printf "%-26s %9.1f %9.1f %9.1f %9.1f %7s %s\n", t, $1 / 1024,
            $2 / 1024, $3 / 1024, $4 / 1024, "16", (m / 1024 < 16) ? "met" : "not met" }'
done
rm -f "$work/w.pdn" "$work/x.pdn"

# pdn-select: by tags (at pdn-validate's speed), opening, position, dedupe
echo
bench_select "$build" "$work/oca.pdn" "$work/int10x10.pdn"
if [ -n "${BENCH_MILLION:-}" ]; then
    echo
    bench_select_million "$build" "$oca" "$work"
fi

# Perft: nodes per second of wall time (the last depth) and of CPU time
# (every depth), on one thread and on every core (pdn-perft -j); the
# target is 60 M nodes/s on one thread for International draughts, judged
# on CPU time (a busy machine stretches wall time).
echo
pj=$(printf '%s\n' 1 "$cores" | sort -n -u | tr '\n' ' ')
printf '%-12s %5s %4s %12s %8s %8s %12s %12s %8s %s\n' variant depth jobs \
    nodes seconds cpu_s nodes/s cpu_nodes/s speedup target
for spec in "20 9" "21 11"; do
    set -- $spec
    one=
    for j in $pj; do
        # the wall time of the last depth as pdn-perft gives it ("depth D:
        # T s, ..."); the CPU time of the run, against the nodes of every
        # depth
        "$timebin" -f '%U %S' -o "$work/t1" "$tools/pdn-perft" -g "$1" \
            -d "$2" -j "$j" 2> "$work/perr" > "$work/perft"
        nodes=$(tail -n 1 "$work/perft" | cut -f 2)
        all=$(awk -F '\t' '{ s += $2 } END { print s }' "$work/perft")
        secs=$(sed -n "s/.*depth $2: \([0-9.]*\) s,.*/\1/p" "$work/perr")
        [ -n "$one" ] || one=$secs
        awk -v g="$1" -v d="$2" -v j="$j" -v n="$nodes" -v s="$secs" -v o="$one" \
            -v a="$all" -v c="$(grep -E '^[0-9.]+ [0-9.]+$' "$work/t1" | tail -n 1)" 'BEGIN {
            split(c, u, " "); cpu = u[1] + u[2]
            s = (s > 0) ? s : 0.001; cd = (cpu > 0) ? cpu : 0.005
            tg = (g == 20 && j == 1) ? "60000000" : ""
            printf "%-12s %5d %4d %12d %8.3f %8.3f %12.0f %12.0f %7.2fx %s\n",
                "GameType " g, d, j, n, s, cpu, n / s, a / cd, o / s,
                tg == "" ? "" : (a / cd >= tg + 0) ? tg " met" : tg " not met"
        }'
    done
done
load "after perft"

# The cost of deciding the variant of games without GameType, in
# instructions (callgrind totals: wall time is noise on a shared machine).
# On a file whose games carry GameType tags, no -g against -G (which skips
# every inference step); on OCA, which has none, no -g against -g 21.
if [ -n "${BENCH_CALLGRIND:-}" ] && command -v valgrind > /dev/null; then
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
if [ -n "${BENCH_CALLGRIND:-}" ] && command -v valgrind >/dev/null 2>&1; then
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
