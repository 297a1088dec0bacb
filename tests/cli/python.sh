#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python module (python/pdntools) over the built libpdn: its unit tests,
# then every sample replayed through it, ply by ply, against pdn-replay -a
# (move as written and FEN after it). Skipped without python3 or without a
# shared libpdn in the build tree.
. "$(dirname "$0")/setup.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
so=$top_builddir/lib/.libs/libpdn.so
[ -f "$so" ] || { echo "SKIP: no shared libpdn ($so)"; exit 77; }
PDNTOOLS_LIBPDN=$so
PYTHONPATH=$top_srcdir/python
export PDNTOOLS_LIBPDN PYTHONPATH

if ! python3 -m unittest discover -s "$top_srcdir/python/tests" \
        >"$tmp/unit" 2>&1; then
    cat "$tmp/unit" >&2
    echo "FAIL: python unit tests" >&2
    fail=1
fi
tail -1 "$tmp/unit"

# Same plies, moves and FENs as the C tool on every sample.
for f in "$top_srcdir"/samples/*.pdn; do
    pdn-replay -a "$f" | awk -F'\t' '$2 != 0' >"$tmp/c.txt"
    python3 - "$f" >"$tmp/py.txt" <<'PY'
import sys, pdntools
for g in pdntools.read(sys.argv[1]):
    for p in g.replay():
        print("%d\t%d\t%s\t%s" % (g.number, p.number, p.text, p.fen))
PY
    if ! cmp -s "$tmp/c.txt" "$tmp/py.txt"; then
        echo "FAIL: $(basename "$f"): the module's replay differs from pdn-replay -a" >&2
        diff "$tmp/c.txt" "$tmp/py.txt" | head -5 >&2
        fail=1
    elif [ ! -s "$tmp/c.txt" ]; then
        echo "FAIL: $(basename "$f"): no plies replayed" >&2
        fail=1
    fi
done
exit $fail
