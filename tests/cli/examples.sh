#!/bin/sh
# SPDX-License-Identifier: MIT
# The programs of examples/, built against the public API, run on samples/
# with their output compared to examples/expected/; replay-fens must also
# print what pdn-replay -a prints (the tools replay with the same library
# functions).
. "${top_srcdir:-.}/tests/cli/setup.sh"

ex="$top_builddir/examples"
expected="$top_srcdir/examples/expected"
cd "$top_srcdir"

# check NAME CMD...: CMD must exit 0 with the expected output
check() {
    name=$1
    shift
    expect_status 0 "$@" || true
    cp "$tmp/out" "$tmp/$name.out"
    if ! cmp -s "$tmp/$name.out" "$expected/$name.out"; then
        echo "FAIL: $name: output differs from examples/expected/$name.out" >&2
        diff "$expected/$name.out" "$tmp/$name.out" | head -20 >&2
        fail=1
    fi
}

check count-results "$ex/count-results" samples/*.pdn
check replay-fens "$ex/replay-fens" samples/*.pdn
check add-comment "$ex/add-comment" 3 "added by libpdn" samples/english.pdn
check material-search "$ex/material-search" -1 1 -1 -1 samples/*.pdn
check build-game "$ex/build-game"
check game-status "$ex/game-status" samples/*.pdn \
    tests/data/legal/draw-rules/input.pdn tests/data/replay/folk-end-json/input.pdn
check board-svg "$ex/board-svg" samples/international.pdn 1 10
# the picture is an image an SVG renderer reads
if command -v rsvg-convert >/dev/null 2>&1 &&
    ! rsvg-convert "$tmp/board-svg.out" -o "$tmp/board.png" 2> "$tmp/rsvg.err"; then
    echo "FAIL: board-svg: rsvg-convert refuses its SVG:" >&2
    cat "$tmp/rsvg.err" >&2
    fail=1
fi

# the edited games read back and are the originals plus one comment each
if ! pdn-validate -q "$tmp/add-comment.out" > "$tmp/v.out" 2>&1; then
    echo "FAIL: add-comment wrote games pdn-validate rejects" >&2
    cat "$tmp/v.out" >&2
    fail=1
fi
n=$(grep -c 'added by libpdn' "$tmp/add-comment.out" || true)
[ "$n" = 2 ] || { echo "FAIL: add-comment: $n comments, expected 2" >&2; fail=1; }

# the library's replay and pdn-replay agree, file by file
for f in samples/*.pdn; do
    "$ex/replay-fens" "$f" > "$tmp/lib.txt" 2>&1 || true
    pdn-replay -a --summary none "$f" > "$tmp/tool.txt" 2>&1 || true
    if ! cmp -s "$tmp/lib.txt" "$tmp/tool.txt"; then
        echo "FAIL: replay-fens and pdn-replay -a differ on $f" >&2
        fail=1
    fi
done

# a move the rules refuse: the error names the file, line and column
printf '[GameType "20"]\n1. 32-28 19-23\n2. 28-22 *\n' > "$tmp/bad.pdn"
if expect_status 1 "$ex/replay-fens" "$tmp/bad.pdn"; then
    grep -qx "$tmp/bad.pdn:3:4: error: illegal move '28-22' at ply 3: capture is compulsory (game 1)" "$tmp/err" || {
        echo "FAIL: replay-fens: wrong error:" >&2; cat "$tmp/err" >&2; fail=1; }
    [ "$(wc -l < "$tmp/out")" = 3 ] || {
        echo "FAIL: replay-fens: not 3 positions before the error" >&2; fail=1; }
fi
exit "$fail"
