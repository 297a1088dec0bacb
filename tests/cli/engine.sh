#!/bin/sh
# SPDX-License-Identifier: MIT
# The engine client of libpdn (pdn/engine.h) against pdn-test-engine: a
# game of searches, the variant, and every way an engine can fail (an
# illegal move, no move, silence, a crash, garbage, a flood, a line too
# long, a variant it does not play, no hello), each a clear error and
# never a hang; then 1,000 runs of an engine that answers with random
# protocol lines.
. "${top_srcdir:-.}/tests/cli/setup.sh"
eng=$top_builddir/tests/engine/pdn-test-engine
drive=$top_builddir/tests/engine/engine-drive

# expect_err CODE TEXT DRIVE-ARGS... -- ENGINE-ARGS: the driver reports an
# error of that code whose text holds TEXT
expect_err() {
    code=$1 text=$2
    shift 2
    set +e
    "$drive" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
    set -e
    if [ "$st" != 1 ] || ! grep -q "^error $code: .*$text" "$tmp/out"; then
        echo "FAIL: $* gave status $st:" >&2
        cat "$tmp/out" >&2
        fail=1
    fi
}

# a game of 30 searches: moves, scores, the history sent as moves=
expect_status 0 "$drive" --depth 3 --searches 30 -- "$eng" hub
[ "$(grep -c '^move ' "$tmp/out")" = 30 ] || { echo "FAIL: 30 moves" >&2; cat "$tmp/out" >&2; fail=1; }
grep -q '^engine pdn-test-engine 1.0$' "$tmp/out" || { echo "FAIL: id" >&2; fail=1; }
grep -q '^move 31-26 score 0.00 depth 3 pv 3$' "$tmp/out" || { echo "FAIL: first move" >&2; head -3 "$tmp/out" >&2; fail=1; }
# the variants it declares, and a working directory
expect_status 0 "$drive" --variant frisian --searches 4 --dir "$tmp" -- "$eng" hub
expect_status 0 "$drive" --variant antidraughts --searches 4 -- "$eng" hub
expect_err variant 'does not play frisian' --variant frisian -- "$eng" --wrong-variant
expect_err variant 'does not play english' --variant english -- "$eng" --wrong-variant
expect_status 0 "$drive" --variant english --searches 10 -- "$eng"
expect_err variant 'Hub has no name' --variant towers -- "$eng"
# a capture written with its captured squares (21x32x23 is 21x23x27x28
# in Hub's form) from a position where it is the only move
expect_status 0 "$drive" --fen 'W:W21:B27,28,17' -- "$eng"
grep -q '^move 21x23x27x28 ' "$tmp/out" || { echo "FAIL: capture" >&2; cat "$tmp/out" >&2; fail=1; }

# every failure: a clear error, the engine gone, no hang
expect_err illegal "move '1-2' is not legal in W:W26,32," --searches 5 -- "$eng" --illegal --after 3
expect_err syntax "'hello' is not a move" -- "$eng" --syntax
expect_err io 'no answer in 1.0 s (waiting for its move)' --timeout 1 -- "$eng" --silent
expect_err io 'killed by signal 6' -- "$eng" --crash
expect_err io 'exited with status 3' --searches 3 -- "$eng" --exit --after 2
expect_err io 'no answer in 1.0 s' --timeout 1 -- "$eng" --garbage
expect_err io 'no answer in 1.0 s' --timeout 1 -- "$eng" --flood
expect_err limit 'a line longer than 1048576 bytes' -- "$eng" --huge
expect_err io 'no answer in 1.0 s (waiting for the Hub hello)' --timeout 1 -- "$eng" --no-hello
expect_err io "cannot start '$tmp/none'" -- "$tmp/none"
expect_err io "cannot start './pdn-test-engine' in $tmp" --dir "$tmp" -- ./pdn-test-engine
# a relative program taken from its working directory
expect_status 0 "$drive" --dir "$(dirname "$eng")" -- ./pdn-test-engine
# it ends at once: not a Hub engine
expect_err io 'it exited with status 0' -- /bin/true

# 1,000 runs of random protocol lines: every run ends, with a move or an
# error, and the client survives them all
expect_status 0 "$drive" --loop 1000 --timeout 0.05 --searches 3 -- "$eng" --fuzz 0
grep -q '^runs 1000 ok [0-9]* errors [0-9]*$' "$tmp/out" || { echo "FAIL: fuzz runs" >&2; cat "$tmp/out" "$tmp/err" >&2; fail=1; }
cat "$tmp/out"
exit $fail
