#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python module as a user installs it: python/ (with lib/ beside it,
# copied so that a read-only source tree stays clean) built into a wheel
# with `pip wheel --no-build-isolation --no-deps` in a fresh virtual
# environment (--system-site-packages: setuptools and wheel from the
# system, offline), which compiles libpdn in once, and the wheel installed
# there with pip --ignore-installed, so that a copy installed on the
# system (python3-pdntools, as on a machine rebuilding the package) is
# neither "already satisfied" nor imported instead. Then its tests (pytest when the
# environment has it, else unittest), and every sample replayed through it
# against pdn-replay -a (move and FEN of every ply). Skipped (77) without
# python3, its venv module, setuptools or the C headers of Python.
. "$(dirname "$0")/setup.sh"
# nothing from the environment before the venv's own site-packages
unset PYTHONPATH PYTHONHOME PYTHONSTARTUP
PYTHONNOUSERSITE=1
export PYTHONNOUSERSITE

# $PYTHON, else the first python3 (in PATH, then the system's) that can
# build the module
py=
for p in ${PYTHON:-python3 /usr/bin/python3}; do
    command -v "$p" >/dev/null 2>&1 || continue
    if "$p" -c 'import setuptools, wheel, sysconfig, os, sys
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"],
                                         "Python.h")))' 2>/dev/null; then
        py=$p
        break
    fi
done
[ -n "$py" ] || { echo "SKIP: no python3 with setuptools, wheel and Python.h"; exit 77; }
"$py" -m venv --system-site-packages "$tmp/venv" >"$tmp/venv.log" 2>&1 ||
    { cat "$tmp/venv.log"; echo "SKIP: $py -m venv failed"; exit 77; }
vpy=$tmp/venv/bin/python

mkdir "$tmp/src"
cp -R "$top_srcdir/python" "$top_srcdir/lib" "$tmp/src/"
cp "$top_srcdir/configure.ac" "$tmp/src/"
chmod -R u+w "$tmp/src"
rm -rf "$tmp/src/python/build" "$tmp/src/python/"*.egg-info
# One compile: a wheel built as a user builds one, then installed.
export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
if ! "$vpy" -m pip wheel -q --no-build-isolation --no-deps \
        -w "$tmp/wheels" "$tmp/src/python" >"$tmp/pip.log" 2>&1; then
    cat "$tmp/pip.log" >&2
    echo "FAIL: pip wheel --no-build-isolation --no-deps python/" >&2
    exit 1
fi
set -- "$tmp"/wheels/pdntools-*.whl
if [ ! -f "$1" ] ||
        ! "$vpy" -m pip install -q --no-build-isolation --no-deps \
            --ignore-installed "$1" >"$tmp/pip.log" 2>&1; then
    cat "$tmp/pip.log" >&2
    echo "FAIL: pip install of the wheel ($1)" >&2
    exit 1
fi
# the module imported is the installed one, with libpdn inside
cd "$tmp" || exit 1
"$vpy" -c 'import pdntools, pdntools._pdn as m, sys
sys.exit(not (m.__file__.startswith(sys.prefix + "/") and
              pdntools.__file__.startswith(sys.prefix + "/")))' ||
    { echo "FAIL: pdntools not imported from the venv" >&2; fail=1; }

if "$vpy" -c 'import pytest' 2>/dev/null; then
    runner="-m pytest -q -p no:cacheprovider $top_srcdir/python/tests"
else
    runner="-m unittest discover -s $top_srcdir/python/tests"
fi
# (the tests that read the shared corpus find it through PDN_SHARED)
PDN_SHARED=$(shared_dir)
export PDN_SHARED
# (pdntools.engine's tests: make check's test engine, and Scan where
# tests/cli/engine-scan.sh built it; absent, those tests skip)
PDN_TEST_ENGINE=$top_builddir/tests/engine/pdn-test-engine
PDN_SCAN_DIR=$top_builddir/tests/engine/scan
export PDN_TEST_ENGINE PDN_SCAN_DIR
# shellcheck disable=SC2086
if ! "$vpy" $runner >"$tmp/unit" 2>&1; then
    cat "$tmp/unit" >&2
    echo "FAIL: python tests ($runner)" >&2
    fail=1
fi
tail -1 "$tmp/unit"

# From the source folder (cd python && python3 -m pytest), whose pdntools/
# has no compiled _pdn, the tests use the installed module (conftest.py).
if "$vpy" -c 'import pytest' 2>/dev/null; then
    if ! (cd "$tmp/src/python" && "$vpy" -m pytest -q -p no:cacheprovider \
            tests/test_python_chess.py -k Errors) >"$tmp/intree" 2>&1; then
        cat "$tmp/intree" >&2
        echo "FAIL: python3 -m pytest from python/ does not run" >&2
        fail=1
    fi
fi
# An sdist carries libpdn in libpdn/ and leaves nothing behind (it left
# python/lib/, the extension's sources from ../lib).
if ! (cd "$tmp/src/python" && "$vpy" setup.py -q sdist -d "$tmp/sdist") \
        >"$tmp/sdist.log" 2>&1; then
    cat "$tmp/sdist.log" >&2
    echo "FAIL: setup.py sdist" >&2
    fail=1
elif [ -e "$tmp/src/python/lib" ]; then
    echo "FAIL: setup.py sdist left python/lib/ behind" >&2
    fail=1
fi

# The type stubs match the module (mypy's stubtest, when mypy is there).
if "$vpy" -c 'import mypy.stubtest' 2>/dev/null; then
    if ! "$vpy" -m mypy.stubtest pdntools >"$tmp/stubtest" 2>&1; then
        cat "$tmp/stubtest" >&2
        echo "FAIL: mypy.stubtest pdntools: the stubs differ" >&2
        fail=1
    fi
    tail -1 "$tmp/stubtest"
else
    echo "stubtest skipped (no mypy)"
fi

# Same plies, moves and FENs as the C tool on every sample.
for f in "$top_srcdir"/samples/*.pdn; do
    pdn-replay -a "$f" | awk -F'\t' '$2 != 0' >"$tmp/c.txt"
    "$vpy" - "$f" >"$tmp/py.txt" <<'PY'
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

# Game.check() finds what pdn-legal -E finds (file:line:col and severity)
# in the golden inputs of pdn-legal and pdn-replay and in the samples,
# but pdn-legal's hints about a wrong or missing GameType (the numbering a
# bare GameType leaves open is libpdn's decision, pdn_check_numbering)
set -- "$top_srcdir"/tests/data/legal/*/input.pdn \
    "$top_srcdir"/tests/data/replay/*/input.pdn "$top_srcdir"/samples/*.pdn
for f in "$@"; do
    pdn-legal -E -j 1 "$f" 2>&1 |
        grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning):' |
        grep -v 'wrong GameType\|under no variant\|but legal as\|games with moves are' |
        sed -E 's/^([^ ]+:[0-9]+:[0-9]+: (error|warning)):.*/\1/'
done | sort >"$tmp/c.txt"
"$vpy" - "$@" <<'PY' | sed -E 's/^([^ ]+:[0-9]+:[0-9]+: (error|warning)):.*/\1/' |
import sys, pdntools
for path in sys.argv[1:]:
    for g in pdntools.read(path):
        for f in g.check():
            print(f)
PY
    sort >"$tmp/py.txt"
if ! cmp -s "$tmp/c.txt" "$tmp/py.txt"; then
    echo "FAIL: Game.check() differs from pdn-legal -E" >&2
    diff "$tmp/c.txt" "$tmp/py.txt" | head -10 >&2
    fail=1
elif [ "$(wc -l <"$tmp/c.txt")" -lt 20 ]; then
    echo "FAIL: pdn-legal found $(wc -l <"$tmp/c.txt") problems: too few to compare" >&2
    fail=1
fi
# pdn-legal's "did you mean" suggestions on the generated games with truth
# files (python/examples/suggest_rate.py over the module): at least 60
# suggested, at most 2 after which the rest of the game is not legal
shared=$(shared_dir)
if [ -n "$shared" ]; then
    files=$(ls "$shared"/generated/*.pdn | grep -v turkish)
    "$vpy" "$top_srcdir/python/examples/suggest_rate.py" $files \
        >"$tmp/rate" 2>"$tmp/rate.err" || fail=1
    tail -n 1 "$tmp/rate"
    # "illegal moves 280, suggested 77 (27.5%), rest of the game legal
    # after the suggestion 76 (98.7% of suggestions)"
    set -- $(tail -n 1 "$tmp/rate" | sed 's/[^0-9. ]//g')
    if [ "${2:-0}" -lt 60 ] || [ $(( ${2:-0} - ${4:-0} )) -gt 2 ]; then
        echo "FAIL: suggestion rate on generated games: $(tail -n 1 "$tmp/rate")" >&2
        fail=1
    fi
else
    echo "generated-game suggestion rate skipped (no ../shared)"
fi
exit $fail
