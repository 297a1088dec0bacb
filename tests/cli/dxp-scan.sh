#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-match's DXP against a real engine: Scan 3.1 from ../shared/engines
# (GPL-3, run as a separate process), built once into the build tree
# (tests/engine/scan/, as tests/cli/engine-scan.sh builds it), in its DXP
# mode as a client that connects to pdn-match (--dxp-listen 0; its
# scan.ini names the port pdn-match gives) and follows the games pdn-match
# asks for, against the Hub test engine: two games, Scan with each colour,
# read back by pdn-legal. Then Scan as a DXP server (dxp-server = true,
# the port in its scan.ini) and pdn-match the initiator that connects to
# it (--engine dxp://127.0.0.1:PORT): two games again. Skipped without
# ../shared or a C++ compiler.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared
src=$shared/engines/scan
[ -f "$src/build.sh" ] || { echo "SKIP: no Scan in $shared/engines"; exit 77; }
mkfifo "$tmp/fifo" || { echo "SKIP: no mkfifo"; exit 77; }
cache=$top_builddir/tests/engine/scan
if [ ! -x "$cache/scan" ]; then
    command -v "${CXX:-g++}" >/dev/null || { echo "SKIP: no C++ compiler"; exit 77; }
    # a build of its own, moved in only when no other test's is there
    rm -rf "$cache.dxp.tmp"
    sh "$src/build.sh" "$cache.dxp.tmp" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; exit 1; }
    if [ -x "$cache/scan" ]; then
        rm -rf "$cache.dxp.tmp"
    else
        rm -rf "$cache"
        mv "$cache.dxp.tmp" "$cache"
    fi
fi
# Scan reads scan.ini and data/ from its working directory: a copy with
# the DXP settings of this run (the data linked, or copied)
mkdir "$tmp/scan"
cp "$cache/scan" "$tmp/scan/"
cp -rl "$cache/data" "$tmp/scan/data" 2>/dev/null || cp -r "$cache/data" "$tmp/scan/data"
eng=$top_builddir/tests/engine/pdn-test-engine

pdn-match --dxp-listen 0 --engine "$eng" --depth 2 --games 2 --max-plies 160 \
    --timeout 60 -o "$tmp/s.pdn" >"$tmp/s.out" 2>"$tmp/fifo" &
mpid=$!
exec 3<"$tmp/fifo"
read line <&3 || line=
cat <&3 >"$tmp/s.err" &
exec 3<&-
case $line in
"pdn-match: dxp: listening on 127.0.0.1 port "[0-9]*) port=${line##* port } ;;
*) echo "FAIL: no listening line ('$line')" >&2; kill "$mpid"; exit 1 ;;
esac
sed -e 's/^dxp-server = .*/dxp-server = false/' \
    -e "s/^dxp-port = .*/dxp-port = $port/" \
    -e 's/^dxp-initiator = .*/dxp-initiator = false/' \
    "$cache/scan.ini" >"$tmp/scan/scan.ini"
grep -q "^dxp-port = $port\$" "$tmp/scan/scan.ini" || { echo "FAIL: scan.ini" >&2; kill "$mpid"; exit 1; }
(cd "$tmp/scan" && exec ./scan dxp) >"$tmp/scan.out" 2>&1 &
spid=$!
set +e
wait "$mpid"
mst=$?
wait "$spid"
sst=$?
set -e
[ "$mst" = 0 ] || { echo "FAIL: pdn-match exited $mst" >&2; cat "$tmp/s.err" >&2; fail=1; }
# Scan leaves at the last game's GAMEEND (stop code 1)
[ "$sst" = 0 ] || { echo "FAIL: Scan exited $sst" >&2; tail -20 "$tmp/scan.out" >&2; fail=1; }
cat "$tmp/s.out"
# games GAMES SCANLOG WHAT: two games without a failure, Scan named (from
# its GAMEACC) with each colour, no illegal move Scan read, pdn-legal and
# pdn-validate accepting them
games() {
    [ "$(grep -c '^\[Event "pdn-match"\]' "$1")" = 2 ] || { echo "FAIL: $3: 2 games" >&2; cat "$1" >&2; fail=1; }
    grep -q '^\[Termination "\(abandoned\|time forfeit\|rules infraction\)"\]' "$1" &&
        { echo "FAIL: $3: a failure" >&2; cat "$1" >&2; fail=1; }
    grep -q '^\[White "Scan' "$1" && grep -q '^\[Black "Scan' "$1" ||
        { echo "FAIL: $3: Scan's name and colours" >&2; grep '^\[\(White\|Black\)' "$1" >&2; fail=1; }
    grep -q 'illegal move' "$2" && { echo "FAIL: $3: Scan read an illegal move" >&2; fail=1; }
    expect_status 0 pdn-legal "$1"
    expect_status 0 pdn-validate "$1"
}
games "$tmp/s.pdn" "$tmp/scan.out" "Scan the client"

# Scan as the server: a port of its scan.ini, free when Scan binds it
# (one that is taken makes Scan exit at once: the next is tried), and
# pdn-match started once Scan said it waits for a connection
mkfifo "$tmp/sfifo" || exit 1
port=$((20000 + $$ % 20000)) tries=0 spid=
while [ $tries -lt 20 ]; do
    tries=$((tries + 1)) port=$((port + 1))
    sed -e 's/^dxp-server = .*/dxp-server = true/' \
        -e "s/^dxp-port = .*/dxp-port = $port/" \
        -e 's/^dxp-initiator = .*/dxp-initiator = false/' \
        "$cache/scan.ini" >"$tmp/scan/scan.ini"
    (cd "$tmp/scan" && exec ./scan dxp) >"$tmp/sfifo" 2>"$tmp/scan2.err" &
    spid=$!
    exec 4<"$tmp/sfifo"
    waiting=0
    while read -r line <&4; do
        echo "$line" >>"$tmp/scan2.out"
        case $line in "waiting for a connection"*) waiting=1; break ;; esac
    done
    if [ $waiting = 1 ]; then
        cat <&4 >>"$tmp/scan2.out" &
        exec 4<&-
        break
    fi
    exec 4<&-
    wait "$spid" || :
    spid=
done
if [ -z "$spid" ]; then
    echo "FAIL: Scan could not listen on any of 20 ports" >&2
    cat "$tmp/scan2.err" >&2
    exit 1
fi
expect_status 0 pdn-match --engine "dxp://127.0.0.1:$port" --engine "$eng" \
    --depth 2 --games 2 --max-plies 160 --timeout 60 -o "$tmp/v.pdn"
set +e
wait "$spid"
sst=$?
set -e
[ "$sst" = 0 ] || { echo "FAIL: Scan server exited $sst" >&2; tail -20 "$tmp/scan2.out" "$tmp/scan2.err" >&2; fail=1; }
cat "$tmp/out"
games "$tmp/v.pdn" "$tmp/scan2.out" "Scan the server"
exit $fail
