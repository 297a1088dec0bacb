#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-match's DXP against a real engine: Scan 3.1 from ../shared/engines
# (GPL-3, run as a separate process), built once into the build tree
# (tests/engine/scan/, as tests/cli/engine-scan.sh builds it), in its DXP
# mode as a client that connects to pdn-match (--dxp-listen 0; its
# scan.ini names the port pdn-match gives) and follows the games pdn-match
# asks for, against the Hub test engine: two games, Scan with each colour,
# read back by pdn-legal. Skipped without ../shared or a C++ compiler.
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
[ "$(grep -c '^\[Event "pdn-match"\]' "$tmp/s.pdn")" = 2 ] || { echo "FAIL: 2 games" >&2; fail=1; }
grep -q '^\[Termination "\(abandoned\|time forfeit\|rules infraction\)"\]' "$tmp/s.pdn" &&
    { echo "FAIL: a failure" >&2; cat "$tmp/s.pdn" >&2; fail=1; }
# Scan named itself in its GAMEACC, and played both colours
grep -q '^\[White "Scan' "$tmp/s.pdn" && grep -q '^\[Black "Scan' "$tmp/s.pdn" ||
    { echo "FAIL: Scan's name and colours" >&2; grep '^\[\(White\|Black\)' "$tmp/s.pdn" >&2; fail=1; }
grep -q 'illegal move' "$tmp/scan.out" && { echo "FAIL: Scan read an illegal move" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/s.pdn"
expect_status 0 pdn-validate "$tmp/s.pdn"
exit $fail
