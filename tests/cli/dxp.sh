#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-match with an engine that speaks DXP over TCP: pdn-test-engine's
# DXP mode (its own reading of the messages) as the follower, listening
# (--engine dxp://HOST:PORT) or connecting (--dxp-listen PORT), against
# a Hub engine and against another DXP engine; games read back by
# pdn-legal. Each failure of the peer (an illegal move, a message that is
# no move, garbage, a message without end, silence, a closed connection,
# a refused game, nothing listening, a claim the position does not
# bear) loses its game with a Termination and a comment that says what;
# a resignation is taken. Ports are the system's (port 0), read
# from a line the listener writes, never fixed.
. "${top_srcdir:-.}/tests/cli/setup.sh"
eng=$top_builddir/tests/engine/pdn-test-engine
mkfifo "$tmp/fifo" || { echo "SKIP: no mkfifo"; exit 77; }

# listen ARGS...: starts the test engine listening on a port of the
# system's; its pid in $epid, its port in $port (waits for its line)
listen() {
    "$eng" dxp --listen 0 "$@" >"$tmp/fifo" 2>"$tmp/eng.err" &
    epid=$!
    read line <"$tmp/fifo" || line=
    port=${line#port }
    case $port in
    ''|*[!0-9]*) echo "FAIL: the test engine gave no port ('$line')" >&2; exit 1 ;;
    esac
}

# engine_status: the test engine's exit status (it ends at the last
# game's GAMEEND, stop code 1, or when the connection closes)
engine_status() {
    set +e
    wait "$epid"
    est=$?
    set -e
}

# match_dxp ARGS...: pdn-match ARGS against the listening test engine
# (depth 2; a timeout far beyond a move of the test engine's, on a
# loaded machine or under a sanitizer), into $tmp/g.pdn
match_dxp() {
    expect_status 0 pdn-match --engine "dxp://127.0.0.1:$port" --engine "$eng" \
        --depth 2 --timeout 60 -o "$tmp/g.pdn" "$@"
}

# a full match, two games: the DXP engine is White in round 1
listen
match_dxp --games 2
engine_status
[ "$est" = 0 ] || { echo "FAIL: the DXP engine ended with $est (no stop code?)" >&2; fail=1; }
[ "$(grep -c '^\[Termination "normal"\]' "$tmp/g.pdn")" = 2 ] || { echo "FAIL: 2 normal games" >&2; cat "$tmp/g.pdn" >&2; fail=1; }
grep -A1 '^\[Round "1"\]' "$tmp/g.pdn" | grep -q "^\[White \"dxp://127.0.0.1:$port\"\]" || { echo "FAIL: colours" >&2; fail=1; }
grep -A2 '^\[Round "2"\]' "$tmp/g.pdn" | grep -q "^\[Black \"dxp://127.0.0.1:$port\"\]" || { echo "FAIL: colours (2)" >&2; fail=1; }
grep -q '^\[Result "\(2-0\|0-2\|1-1\)"\]' "$tmp/g.pdn" || { echo "FAIL: results" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/g.pdn"
expect_status 0 pdn-validate "$tmp/g.pdn"
closed=$port

# nothing listens there any more: the engine loses, the match goes on
expect_status 0 pdn-match --engine "dxp://127.0.0.1:$closed" --engine "$eng" \
    --games 1 --timeout 60 -o "$tmp/g.pdn"
grep -q '^\[Termination "abandoned"\]' "$tmp/g.pdn" && grep -q 'cannot connect' "$tmp/g.pdn" || { echo "FAIL: nothing listening" >&2; cat "$tmp/g.pdn" >&2; fail=1; }

# from an opening set up by a FEN (GAMEREQ's position 'B'), Black to move
cat >"$tmp/open.pdn" <<'PDN'
[Event "o"]
[FEN "B:W27,28,31,32,33,34,35,36,38,39,40,42,43,44,45,47,48,49,50:B1,2,3,4,5,6,7,8,9,11,12,13,14,15,16,17,18,19,20"]
1... 19-23 *
PDN
listen
match_dxp --openings "$tmp/open.pdn" --games 1
engine_status
grep -q '^\[Termination "normal"\]' "$tmp/g.pdn" && grep -q '^1\.\.\. 19-23 ' "$tmp/g.pdn" || { echo "FAIL: opening by FEN" >&2; cat "$tmp/g.pdn" "$tmp/err" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/g.pdn"

# pdn-match listens, the engine connects: the line on standard error
# gives the port; the other side is the Hub engine
pdn-match --dxp-listen 0 --engine "$eng" --depth 2 --games 2 --timeout 60 \
    -o "$tmp/l.pdn" >"$tmp/l.out" 2>"$tmp/fifo" &
mpid=$!
exec 3<"$tmp/fifo"
read line <&3 || line=
cat <&3 >"$tmp/l.err" &
exec 3<&-
port=${line##* port }
case $line in
"pdn-match: dxp: listening on 127.0.0.1 port "[0-9]*) ;;
*) echo "FAIL: no listening line ('$line')" >&2; kill "$mpid"; exit 1 ;;
esac
"$eng" dxp --connect "127.0.0.1:$port" >/dev/null 2>&1 &
epid=$!
set +e
wait "$mpid"
mst=$?
set -e
engine_status
[ "$mst" = 0 ] && [ "$est" = 0 ] || { echo "FAIL: --dxp-listen: pdn-match $mst, engine $est" >&2; cat "$tmp/l.err" >&2; fail=1; }
[ "$(grep -c '^\[Termination "normal"\]' "$tmp/l.pdn")" = 2 ] || { echo "FAIL: --dxp-listen games" >&2; cat "$tmp/l.pdn" >&2; fail=1; }
grep -q '^pdn-test-engine ' "$tmp/l.out" || { echo "FAIL: the table names the engine" >&2; cat "$tmp/l.out" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/l.pdn"

# two DXP engines against each other
listen --max-depth 1
p1=$port e1=$epid
listen
expect_status 0 pdn-match --engine "dxp://127.0.0.1:$p1" --engine "dxp://localhost:$port" \
    --games 1 --timeout 60 -o "$tmp/g.pdn"
engine_status
[ "$est" = 0 ] || { echo "FAIL: two DXP engines: engine 2 ended with $est" >&2; fail=1; }
epid=$e1
engine_status
[ "$est" = 0 ] || { echo "FAIL: two DXP engines: engine 1 ended with $est" >&2; fail=1; }
grep -q '^\[Termination "normal"\]' "$tmp/g.pdn" || { echo "FAIL: two DXP engines" >&2; cat "$tmp/g.pdn" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/g.pdn"

# failures at the engine's third move: each loses the game, says why
for how in "--illegal|rules infraction|is not legal in W:W" \
           "--syntax|rules infraction|'Mhello' is not a DXP move" \
           "--garbage|rules infraction|is not a DXP message" \
           "--huge|abandoned|a message longer than 1024 bytes" \
           "--silent|time forfeit|no answer in 1.0 s (waiting for its move)" \
           "--exit|abandoned|the peer closed the connection" \
           "--refuse|abandoned|the game was refused (acceptance code 2" \
           "--resign|normal|the DXP engine ended the game, resigning" \
           "--claim|abandoned|the DXP engine ended the game, claiming a win"; do
    flag=${how%%|*} rest=${how#*|}
    term=${rest%%|*} text=${rest#*|}
    # its first two moves at depth 1; one second only where it is
    # silent, from its first move on
    wait=60 after=3
    [ "$flag" = --silent ] && wait=1 after=1
    listen "$flag" --after "$after" --max-depth 1
    match_dxp --games 1 --timeout "$wait"
    engine_status   # it ends when the connection does
    # a GAMEEND of its own is answered, and the last game's stop code
    # ends it
    case $flag in --resign|--claim)
        [ "$est" = 0 ] || { echo "FAIL: $flag: the engine ended with $est" >&2; fail=1; } ;;
    esac
    grep -q "^\[Termination \"$term\"\]" "$tmp/g.pdn" || { echo "FAIL: $flag: Termination" >&2; cat "$tmp/g.pdn" >&2; fail=1; }
    grep -qF "$text" "$tmp/g.pdn" || { echo "FAIL: $flag: '$text'" >&2; cat "$tmp/g.pdn" >&2; fail=1; }
    grep -q '^\[Result "0-2"\]' "$tmp/g.pdn" || { echo "FAIL: $flag: the DXP engine (White) loses" >&2; fail=1; }
    LC_ALL=C grep -q '[^ -~]' "$tmp/g.pdn" && { echo "FAIL: $flag: bytes that are not ASCII" >&2; fail=1; }
    expect_status 0 pdn-legal "$tmp/g.pdn"
done

# usage
expect_status 2 pdn-match --engine "$eng" --engine "$eng" --protocol dxp
expect_status 2 pdn-match --engine "dxp://127.0.0.1:1" --protocol hub --engine "$eng"
expect_status 2 pdn-match --engine "dxp://127.0.0.1" --engine "$eng"
expect_status 2 pdn-match --engine "dxp://:80" --engine "$eng"
expect_status 2 pdn-match --dxp-listen 0 --dxp-listen 0
expect_status 2 pdn-match --dxp-listen 70000 --engine "$eng"
expect_status 2 pdn-match --dxp-listen 0 --engine "$eng" --concurrency 2
expect_status 2 pdn-match --engine "$eng" --engine "$eng" --dxp-listen 0
exit $fail
