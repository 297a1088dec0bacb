#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db against pdn-select's linear scan (make bench): bench/gengames
# makes N random legal International and English games for each N of
# $PDN_DB_GAMES (default "100000 1000000"; PDN_DB_MILLION=1 for 1000000
# only; $PDN_DB_VARIANTS, default "international english"; two
# generators at once, each half the games, from 200000 on), pdn-db
# create builds a database of each (games/s of wall and of CPU, its peak
# memory, size beside the PDN), then
# each query is timed, pdn-db search -k (the best of 3 runs) beside
# pdn-select -k over the PDN file (one run): an exact position (at ply 12
# of a game, and the start position, which every game reaches), material,
# a sub-position pattern (one with a king too), manoeuvres, a sequence
# and a streak of them (no pdn-select equivalent), an opening, tags. The files go to $TMPDIR (about 1 GB of PDN and 1.4 GB of database
# a variant at 10^6 games). The generated PDN files are made once and kept
# in $PDN_BENCH_CACHE (default $XDG_CACHE_HOME/pdntools-bench, or
# ~/.cache/pdntools-bench): a later run reuses them.
# Usage: bench/db.sh BUILD_DIR SRC_DIR. Exit 77 when pdn-db was not built.
set -eu
build=${1:-.}
src=${2:-.}
[ -x "$build/tools/pdn-db" ] || { echo "bench/db.sh: pdn-db not built (no SQLite): skipped"; exit 77; }
# the programs themselves, not libtool's wrapper scripts (their start-up
# would swamp the small queries)
tools=$build/tools gen=$build/bench/gengames
if [ -x "$tools/.libs/pdn-db" ]; then
    tools=$tools/.libs
    LD_LIBRARY_PATH=$build/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export LD_LIBRARY_PATH
fi
[ -x "$build/bench/.libs/gengames" ] && gen=$build/bench/.libs/gengames
[ -x "$gen" ] || { echo "bench/db.sh: $gen not built" >&2; exit 2; }
sizes=${PDN_DB_GAMES:-100000 1000000}
[ -n "${PDN_DB_MILLION:-}" ] && sizes=1000000
work=$(mktemp -d "${TMPDIR:-/tmp}/pdndb.XXXXXX")
trap 'rm -rf "$work"' EXIT HUP INT TERM
cache=${PDN_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pdntools-bench}
mkdir -p "$cache"

timebin=/usr/bin/time
[ -x "$timebin" ] || { echo "bench/db.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }

# once CMD...: its wall and CPU (user + system) ms into $ms and $cpu (the
# machine is shared: CPU time is what the program itself cost), its
# output in $work/out
once() {
    "$timebin" -f '%e %U %S %M' -o "$work/time" "$@" > "$work/out" 2>/dev/null || true
    read -r _e _u _s rss < "$work/time"
    ms=$(awk "BEGIN{printf \"%d\", $_e * 1000}")
    cpu=$(awk "BEGIN{printf \"%d\", ($_u + $_s) * 1000}")
}
# best CMD...: the run of 3 with the least CPU time
best() {
    _bm= _bc=
    for _i in 1 2 3; do
        once "$@"
        if [ -z "$_bc" ] || [ "$cpu" -lt "$_bc" ]; then _bm=$ms _bc=$cpu; fi
    done
    ms=$_bm cpu=$_bc
}

query() { # LABEL DB PDN CRITERIA... (pdn-select skipped when PDN is -)
    qlabel=$1 qdb=$2 qpdn=$3
    shift 3
    best "$tools/pdn-db" search -k "$@" "$qdb"
    dbms=$ms dbcpu=$cpu dbn=$(cat "$work/out")
    selms=- selcpu=- seln=-
    if [ "$qpdn" != - ]; then
        once "$tools/pdn-select" -q -k "$@" "$qpdn"
        selms=$ms selcpu=$cpu seln=$(cat "$work/out")
    fi
    printf '  %-30s %7s games %6s ms (cpu %6s)  pdn-select %7s games %6s ms (cpu %6s)\n' \
        "$qlabel" "$dbn" "$dbms" "$dbcpu" "$seln" "$selms" "$selcpu"
}

for n in $sizes; do
echo "pdn-db: $n generated games per variant ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
for v in ${PDN_DB_VARIANTS:-international english}; do
    pdn=$cache/$v-$n.pdn db=$work/$v.db
    if [ ! -s "$pdn" ] && [ "$n" -ge 200000 ]; then
        "$gen" -g "$v" -n $((n / 2)) -s 7 > "$pdn.part" &
        "$gen" -g "$v" -n $((n - n / 2)) -s 8 > "$pdn.2"
        wait
        cat "$pdn.2" >> "$pdn.part"
        rm -f "$pdn.2"
        mv "$pdn.part" "$pdn"
    elif [ ! -s "$pdn" ]; then
        "$gen" -g "$v" -n "$n" -s 7 > "$pdn.part"
        mv "$pdn.part" "$pdn"
    fi
    once "$tools/pdn-db" create -q "$db" "$pdn"
    t=$ms tc=$cpu trss=$rss
    pbytes=$(wc -c < "$pdn") dbytes=$(wc -c < "$db")
    plies=$("$tools/pdn-db" info "$db" | sed -n 's/ *positions indexed: //p')
    echo "$v: create $n games in $t ms ($((n * 1000 / (t > 0 ? t : 1))) games/s), CPU $tc ms ($((n * 1000 / (tc > 0 ? tc : 1))) games/s of CPU);" \
         "PDN $pbytes bytes, database $dbytes bytes ($(awk "BEGIN{printf \"%.2f\", $dbytes / $pbytes}")x), $plies positions indexed, peak memory $trss KB"
    once "$tools/pdn-db" create -q -j 2 "$work/j2.db" "$pdn"
    echo "$v: create -j 2: $ms ms ($((n * 1000 / (ms > 0 ? ms : 1))) games/s), CPU $cpu ms, peak memory $rss KB"
    rm -f "$work/j2.db"
    fen=$("$tools/pdn-replay" -q -n 7 -p 12 -f fen "$pdn" | cut -f4)
    start=$("$tools/pdn-replay" -q -n 1 -p 0 -f fen "$pdn" | cut -f4)
    if [ "$v" = english ]; then pat='W28:B19:E23' mat='5M v 5M' open='10-14 24-19'; else pat='W27:B22:E32' mat='8M v 8M' open='32-28 18-23'; fi
    query "-X (ply 12 of game 7)" "$db" "$pdn" -X "$fen"
    query "-X -Q (the same, reversed too)" "$db" "$pdn" -X "$fen" -Q
    query "-X (start: every game)" "$db" "$pdn" -X "$start"
    query "-M '$mat'" "$db" "$pdn" -M "$mat"
    query "-M kings" "$db" "$pdn" -M kings
    query "--pattern $pat" "$db" - --pattern "$pat"
    query "--manoeuvre 'W>=K'" "$db" - --manoeuvre 'W>=K'
    query "--pattern WK5" "$db" - --pattern WK5
    query "--manoeuvre 'WK>*x2'" "$db" - --manoeuvre 'WK>*x2'
    query "--sequence (2 captures each)" "$db" - --manoeuvre 'W>*x2' --manoeuvre 'B>*x2' --sequence
    query "--streak (3 captures)" "$db" - --manoeuvre 'W>*x1' --manoeuvre 'B>*x1' --manoeuvre 'W>*x1' --streak
    query "-B '$open'" "$db" "$pdn" -B "$open"
    query "-P Sijbrands -Y 1-0" "$db" "$pdn" -P Sijbrands -Y 1-0
    query "-P Nobody (no game)" "$db" "$pdn" -P Nobody
    query "-P '^Zhou\$' -y 1975..1975" "$db" "$pdn" -P '^Zhou$' -y 1975..1975
    query "-y 1970..1979" "$db" "$pdn" -y 1970..1979
    query "-y 1970..1970" "$db" "$pdn" -y 1970..1970
    query "-T 'Round=^3\$' --event Blitz" "$db" "$pdn" -T 'Round=^3$' --event Blitz
    query "-T 'Site=^Nowhere'" "$db" "$pdn" -T 'Site=^Nowhere'
    once "$tools/pdn-db" verify -q "$db"
    echo "  verify: $ms ms (cpu $cpu)"
    rm -f "$db"
done
done
