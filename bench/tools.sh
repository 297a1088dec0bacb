# SPDX-License-Identifier: MIT
# Sourced by the bench scripts. bench_tools NAME BUILD TOOL...: sets
# $tools to the directory of the built TOOLs (the real programs: in a build
# tree the libtool wrapper scripts' start-up, ~10 ms, would swamp small
# inputs) and $timebin to GNU time; exits 2 when one is missing.
bench_tools() {
    _name=$1 _build=$2
    shift 2
    tools=$_build/tools
    for _t in "$@"; do
        [ -x "$tools/$_t" ] || { echo "$_name: $tools/$_t not built" >&2; exit 2; }
    done
    if [ -d "$tools/.libs" ] && [ -x "$tools/.libs/$1" ]; then
        tools=$tools/.libs
        LD_LIBRARY_PATH=$_build/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
    fi
    timebin=/usr/bin/time
    [ -x "$timebin" ] || { echo "$_name: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }
}

# bench_select BUILD FILE...: pdn-select's median wall seconds (measure,
# from bench.sh) and peak RSS on each FILE beside pdn-validate's: by tags
# alone (never replayed), by opening and by position (of the file's first
# game), deduplicated (-H) and without fragments (-J).
bench_select() {
    local build=$1 f bytes open fen
    shift
    bench_tools bench_select "$build" pdn-select pdn-validate pdn-replay
    printf '%-9s %-30s %8s %8s %8s\n' input selection seconds MB/s RSS_MiB
    for f in "$@"; do
        bytes=$(stat -c %s "$f")
        open=$("$tools/pdn-replay" -q -a -n 1 "$f" 2>/dev/null | sed -n '2,5p' | cut -f 3 | tr '\n' ' ')
        fen=$("$tools/pdn-replay" -q -n 1 -p 10 "$f" 2>/dev/null | cut -f 4)
        _select_row "$f" "$bytes" "pdn-validate" "$tools/pdn-validate" -q
        _select_row "$f" "$bytes" "select -P (tags)" "$tools/pdn-select" -q -k -P a
        _select_row "$f" "$bytes" "select -y -Y (tags)" "$tools/pdn-select" -q -k -y 1900..1999 -Y 1-0
        _select_row "$f" "$bytes" "select -B (opening, 4 plies)" "$tools/pdn-select" -q -k -B "$open"
        _select_row "$f" "$bytes" "select -X (position, ply 10)" "$tools/pdn-select" -q -k -X "$fen"
        _select_row "$f" "$bytes" "select -H (dedupe)" "$tools/pdn-select" -q -k -H
        _select_row "$f" "$bytes" "select -J (fragments)" "$tools/pdn-select" -q -k -J
    done
}

# _select_row FILE BYTES LABEL CMD...: one row of bench_select.
_select_row() {
    local f=$1 bytes=$2 label=$3 s m
    shift 3
    read -r s _ m < <(measure "$@" "$f")
    awk -v n="$(basename "$f" .pdn)" -v t="$label" -v s="$s" -v b="$bytes" -v m="$m" '
        BEGIN { d = (s > 0) ? s : 0.001
                printf "%-9s %-30s %8.4f %8.1f %8.1f\n", n, t, s, b / 1e6 / d, m / 1024 }'
}

# bench_select_million BUILD OCA WORK: -H's memory on a million games: every
# prefix of 8 plies or more of every OCA game, each a game of its own
# (1,008,178 games, 211 MB), deduplicated; prints games kept, seconds and
# peak RSS (GNU time).
bench_select_million() {
    local build=$1 oca=$2 work=$3 s m
    bench_tools bench_select_million "$build" pdn-select
    awk 'BEGIN { RS = "" }
    {
        body = ""
        nl = split($0, L, "\n")
        for (j = 1; j <= nl; j++) if (L[j] !~ /^\[/) body = body " " L[j]
        gsub(/\{[^}]*\}/, " ", body)
        n = split(body, t, / +/)
        m = 0
        for (i = 1; i <= n; i++) if (t[i] ~ /^[0-9]+[-x][0-9x]+$/) mv[++m] = t[i]
        line = ""
        for (k = 1; k <= m; k++) {
            line = line " " mv[k]
            if (k >= 8) printf "[Event \"g%d p%d\"]\n%s *\n\n", NR, k, line
        }
    }' "$oca" > "$work/prefixes.pdn"
    local kept
    kept=$("$timebin" -f '%e %M' -o "$work/t1" "$tools/pdn-select" -q -k -H \
        -g 21 "$work/prefixes.pdn")
    read -r s m < "$work/t1"
    echo "pdn-select -H: $kept of $(grep -c '^\[Event ' "$work/prefixes.pdn") games kept in $s s, peak RSS $((m / 1024)) MiB"
    rm -f "$work/prefixes.pdn"
}
