#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db optimize (issue #30): OCA stored by one create and 19 adds (20
# segments of each kind), then the time of -X searches (a process each)
# before and after optimize, optimize's own time and memory, and
# --vacuum's; the merged index against one create's.
#   bench/db-optimize.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
# Environment: BENCH_RUNS (rounds of the searches, default 20), BENCH_ADDS
# (runs, default 20), PDN_SHARED (the shared folder).
set -eu
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-20}
adds=${BENCH_ADDS:-20}
shared=${PDN_SHARED:-$src/../shared}
oca=$shared/corpus/english/oca__OCA_2.0.pdn
[ -f "$oca" ] || { echo "db-optimize: $oca not found (set PDN_SHARED)" >&2; exit 77; }
[ -x "$build/tools/pdn-db" ] || { echo "db-optimize: pdn-db not built (no SQLite): skipped"; exit 77; }
# the programs themselves, not libtool's wrapper scripts
db=$build/tools/pdn-db replay=$build/tools/pdn-replay
if [ -x "$build/tools/.libs/pdn-db" ]; then
    db=$build/tools/.libs/pdn-db replay=$build/tools/.libs/pdn-replay
    LD_LIBRARY_PATH=$build/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export LD_LIBRARY_PATH
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnbench.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "load: $(cut -d ' ' -f 1-3 /proc/loadavg) on $(nproc) cores"

games=$(grep -c '^\[Event ' "$oca")
per=$(( (games + adds - 1) / adds ))
"$db" create -q --games 1-$per "$work/many.db" "$oca" || true
i=1
while [ $i -lt $adds ]; do
    "$db" add -q --games $((i * per + 1))-$(((i + 1) * per)) "$work/many.db" "$oca" || true
    i=$((i + 1))
done
"$db" create -q "$work/one.db" "$oca" || true
echo "OCA, $games games in $adds runs: segments" \
    "$(sqlite3 "$work/many.db" 'SELECT count(DISTINCT seg) FROM postings WHERE kind = 0')," \
    "$(stat -c %s "$work/many.db") bytes"

# positions of a few games at plies 4 to 30 (from 300 games to one)
for gp in 7:4 100:6 5000:10 12000:20 20000:30; do
    "$replay" -q -p ${gp#*:} -f fen --games ${gp%:*} "$oca" 2>/dev/null | cut -f4
done > "$work/fens"
searches() { # DB: seconds for $runs rounds of -k -X over the positions
    s=$(date +%s%N)
    r=0
    while [ $r -lt $runs ]; do
        while IFS= read -r f; do "$db" search -k -X "$f" "$1" > /dev/null || true; done < "$work/fens"
        r=$((r + 1))
    done
    e=$(date +%s%N)
    awk -v n=$(( e - s )) -v k=$(( runs * $(wc -l < "$work/fens") )) \
        'BEGIN { printf "%d searches, %.2f ms each", k, n / 1e6 / k }'
}
cp "$work/many.db" "$work/vac.db"
echo "before: $(searches "$work/many.db")"
/usr/bin/env time -f "optimize: %e s, %M KB" "$db" optimize "$work/many.db" 2>&1 | sed 's/^/  /'
echo "after: $(searches "$work/many.db")"
echo "one create: $(searches "$work/one.db")"
/usr/bin/env time -f "optimize --vacuum: %e s, %M KB" "$db" optimize --vacuum "$work/vac.db" 2>&1 | sed 's/^/  /'
for d in many one; do
    sqlite3 "$work/$d.db" 'SELECT kind, first, at, hex(data) FROM postings ORDER BY 1, 2, 3' | cksum
done | uniq | awk 'END { print (NR == 1 ? "the merged index is one create'"'"'s" : "FAIL: the merged index differs from one create'"'"'s") }'
