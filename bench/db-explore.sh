#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db's explorer (issue: an explorer node in <= 50 ms on 10^6 games,
# the start position included; the server holding its answers under
# concurrent requests): a database of distinct generated English games
# (bench/gengames, made once and kept in $PDN_BENCH_CACHE, default
# $XDG_CACHE_HOME/pdntools-bench or ~/.cache/pdntools-bench, as
# bench/db.sh makes them) or of OCA repeated, its explorer index,
# then the time of explorer nodes through the command line (a process
# each) and through pdn-db serve (warm, one request at a time), and the
# server under a bounded local load generator (bench/db-load.py).
#   bench/db-explore.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
# Environment: BENCH_EXPLORE_GAMES (generated games; default 100000),
# BENCH_MILLION=1 (10^6 generated games), BENCH_EXPLORE_COPIES (copies
# of OCA instead: 4 make 90,484 games, whose positions repeat),
# BENCH_EXPLORE_DB (a database to measure instead, kept),
# BENCH_RUNS (default 3; the server's node times take 10 times as many),
# PDN_SHARED (the shared folder).
set -eu
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-3}
shared=${PDN_SHARED:-$src/../shared}
oca=$shared/corpus/english/oca__OCA_2.0.pdn
if [ -n "${BENCH_EXPLORE_COPIES:-}" ] && [ ! -f "$oca" ]; then
    echo "db-explore: $oca not found (set PDN_SHARED)" >&2
    exit 77
fi
gen=$build/bench/gengames
[ -x "$build/bench/.libs/gengames" ] && gen=$build/bench/.libs/gengames
cache=${PDN_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pdntools-bench}
[ -x "$build/tools/pdn-db" ] || { echo "db-explore: pdn-db not built (no SQLite): skipped"; exit 77; }
# the program itself, not libtool's wrapper script (whose start-up would
# be counted in every run)
db=$build/tools/pdn-db
if [ -x "$build/tools/.libs/pdn-db" ]; then
    db=$build/tools/.libs/pdn-db
    LD_LIBRARY_PATH=$build/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export LD_LIBRARY_PATH
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnbench.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
echo "load: $(cut -d ' ' -f 1-3 /proc/loadavg) on $(nproc) cores"

# seconds CMD...: the wall seconds of one run (nanosecond clock)
seconds() {
    local s e
    s=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    e=$(date +%s%N)
    awk -v n=$(( e - s )) 'BEGIN { printf "%.3f", n / 1e9 }'
}

if [ -n "${BENCH_EXPLORE_DB:-}" ]; then
    base=$BENCH_EXPLORE_DB
    echo "database: $base (given)"
elif [ -n "${BENCH_EXPLORE_COPIES:-}" ]; then
    copies=$BENCH_EXPLORE_COPIES
    for _ in $(seq "$copies"); do cat "$oca"; done > "$work/in.pdn"
    base=$work/explore.db
    t=$(seconds "$db" create -q -j 2 "$base" "$work/in.pdn")
    echo "pdn-db create: OCA x $copies ($(stat -c %s "$work/in.pdn") bytes): $t s"
else
    n=${BENCH_EXPLORE_GAMES:-100000}
    [ -n "${BENCH_MILLION:-}" ] && n=1000000
    mkdir -p "$cache"
    in=$cache/english-$n.pdn
    if [ ! -s "$in" ] && [ "$n" -ge 200000 ]; then
        "$gen" -g english -n $((n / 2)) -s 7 > "$in.part" &
        "$gen" -g english -n $((n - n / 2)) -s 8 > "$in.2"
        wait
        cat "$in.2" >> "$in.part"
        rm -f "$in.2"
        mv "$in.part" "$in"
    elif [ ! -s "$in" ]; then
        "$gen" -g english -n "$n" -s 7 > "$in.part"
        mv "$in.part" "$in"
    fi
    base=$work/explore.db
    t=$(seconds "$db" create -q -j 2 "$base" "$in")
    echo "pdn-db create: $n generated English games ($(stat -c %s "$in") bytes): $t s"
fi
t=$(seconds "$db" explore --index --top 0 "$base")
echo "pdn-db explore --index (the explorer's tables): $t s"
games=$(sqlite3 "$base" 'SELECT count(*) FROM games' 2>/dev/null || echo '?')
rows=$(sqlite3 "$base" 'SELECT count(*) FROM explore' 2>/dev/null || echo '?')
sums=$(sqlite3 "$base" 'SELECT count(*) FROM explore_sum' 2>/dev/null || echo '?')
echo "games: $games; explore rows: $rows; explore_sum rows: $sums; file: $(stat -c %s "$base") bytes"
exbytes=$(sqlite3 "$base" "SELECT sum(pgsize) FROM dbstat WHERE name IN
    ('explore', 'explore_sum', 'explore_list', 'explore_games',
    'explore_variants')" 2>/dev/null || echo '?')
pdnbytes=$(sqlite3 "$base" 'SELECT sum(size) FROM games' 2>/dev/null || echo '?')
echo "explorer tables: $exbytes bytes; the games' PDN: $pdnbytes bytes"

# the command line: a process per node (start-up and opening included)
echo "pdn-db explore -f json (a process each; median of $runs):"
cli() {
    local name=$1 i all
    shift
    all=$(for i in $(seq "$runs"); do seconds "$db" explore -f json "$@" "$base"; echo; done | sort -n)
    printf '  %-28s %s s\n' "$name" "$(echo "$all" | sed -n "$(( (runs + 1) / 2 ))p")"
}
cli start
cli 11-15 --moves 11-15
cli '11-15 23-19 8-11 22-17' --moves '11-15 23-19 8-11 22-17'
cli 'start, -P Tinsley' -P Tinsley
cli 'start, -y 1950..1960' -y 1950..1960
cli 'start, --event Blitz' --event Blitz
cli 'start, -P Tinsley -y 1990..2000' -P Tinsley -y 1990..2000

if "$db" serve --help 2>&1 | grep -q 'without libmicrohttpd'; then
    echo "pdn-db serve not built (no libmicrohttpd): the server part is skipped"
    exit 0
fi
"$db" serve --port 0 --threads 4 --connections 256 "$base" 2> "$work/serve.err" &
pid=$!
port=
for _ in $(seq 300); do
    port=$(sed -n 's|^pdn-db: serving .* on http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$work/serve.err")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "db-explore: the server did not start: $(cat "$work/serve.err")" >&2; exit 2; }
echo "pdn-db serve, /api/explore one request at a time (median of $(( runs * 10 ))):"
python3 "$src/bench/db-load.py" nodes "$port" $(( runs * 10 )) "$pid"
echo "pdn-db serve under load (4 threads; the nodes of the walk above, no filter):"
for c in 1 8 32 128; do
    python3 "$src/bench/db-load.py" load "$port" "$c" $(( c < 8 ? 400 : c * 25 ))
done
echo "pdn-db serve under load (the four filtered nodes above; 2 s time limit):"
for c in 1 8; do
    python3 "$src/bench/db-load.py" load "$port" "$c" $(( c * 8 )) filtered
done
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=
