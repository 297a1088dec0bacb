#!/bin/sh
# SPDX-License-Identifier: MIT
# The engine client's own time per move (bench/engine): with pdn-test-engine
# at depth 1 (an engine that does almost nothing: the client's cost and the
# round trip show alone) and with Scan at depths 4 and 8 when the tests
# built it (tests/engine/scan): the client's CPU time per move against the
# wall time, so that analysis at a fixed depth is limited by the engine.
# Usage: bench/engine.sh BUILD SRC
build=${1:-.}
b=$build/bench/engine
[ -x "$b" ] || { echo "bench/engine.sh: $b not built" >&2; exit 2; }
"$b" 20000 1 -- "$build/tests/engine/pdn-test-engine" --max-depth 1 || exit 1
if [ -x "$build/tests/engine/scan/scan" ]; then
    "$b" 2000 4 "$build/tests/engine/scan" -- ./scan hub || exit 1
    "$b" 400 8 "$build/tests/engine/scan" -- ./scan hub || exit 1
else
    echo "bench/engine.sh: no Scan in $build/tests/engine/scan (make check builds it)"
fi
