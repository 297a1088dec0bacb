#!/bin/sh
# SPDX-License-Identifier: MIT
# One checker (pdn/check.h): pdn-legal, pdn-db create and the Python
# module's Game.check() word the moves that cannot be played, and the
# results the final position contradicts, the same, word for word, from
# the same records. Over the golden legal suite (tests/data/legal) and
# ../shared/corpus when present. Each reports the main line's first move
# that cannot be played; pdn-legal and Game.check() also audit the result.
# Compared: pdn-legal -f json and pdn-db create -f json (findings of code
# illegal or ambiguous: file, game, line, column, message, ply, move, fen,
# legal), and pdn-legal's with those of Game.check() (file, game, line,
# column, message; codes illegal, ambiguous and result). Skipped (77) without
# pdn-db (no SQLite) or a python3 that builds the module.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }
py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 &&
    "$py" -c 'import setuptools, sysconfig, os, sys
sys.exit(not os.path.isfile(sysconfig.get_paths()["include"] + "/Python.h"))' \
    2>/dev/null ||
    { echo "SKIP: no python3 with setuptools and Python.h"; exit 77; }

# the module, built in a copy of python/ and lib/ (setup.py writes there)
mkdir "$tmp/src"
cp -R "$top_srcdir/python" "$top_srcdir/lib" "$top_srcdir/configure.ac" "$tmp/src/"
chmod -R u+w "$tmp/src"
rm -rf "$tmp/src/python/build" "$tmp/src/python/"*.egg-info
if ! (cd "$tmp/src/python" && "$py" setup.py -q build_ext --inplace) \
        >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    echo "FAIL: python setup.py build_ext" >&2
    exit 1
fi

# The inputs: the legal suite, then the corpus.
ls "$top_srcdir"/tests/data/legal/*/input.pdn > "$tmp/files"
shared=$(shared_dir)
if [ -n "$shared" ] && [ -d "$shared/corpus" ]; then
    find "$shared/corpus" -name '*.pdn' | sort >> "$tmp/files"
fi

# One run of each tool over every file (their exit status says there were
# findings), then one Python process reads both and checks every game.
set +e
tr '\n' '\0' < "$tmp/files" |
    xargs -0 pdn-legal -q -f json -j 2 > "$tmp/legal.json" 2>/dev/null
tr '\n' '\0' < "$tmp/files" |
    xargs -0 pdn-db create -q -f json -j 2 "$tmp/db" > "$tmp/db.json" 2>/dev/null
set -e
PYTHONPATH=$tmp/src/python "$py" - "$tmp/files" "$tmp/legal.json" \
    "$tmp/db.json" <<'PY' || fail=1
import json, re, sys
import pdntools

files = [l.rstrip("\n") for l in open(sys.argv[1])]
# the checker's kinds (not the draw rules' findings, nor the reader's)
kinds = re.compile(r"^(illegal move|ambiguous move|move '.*' at ply [0-9]+ "
                   r"after the end of the game: |result '.*' says )")
other_end = re.compile(
    r"after the end of the game: (?!the side to move has no legal move)")

def records(path, codes):
    out = set()
    for line in open(path, encoding="utf-8", errors="replace"):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if r.get("type") != "finding" or r.get("code") not in codes:
            continue
        out.add((r.get("file"), r.get("game"), r.get("line"), r.get("col"),
                 r.get("message"), r.get("ply"), r.get("move"),
                 r.get("fen"), tuple(r.get("legal") or ())))
    return out

# pdn-legal and pdn-db: every member of the findings of moves (pdn-legal
# also ends a folk variant's game by its own rule; pdn-db replays by the
# board's moves only, as pdn-select)
legal = records(sys.argv[2], ("illegal", "ambiguous"))
db = records(sys.argv[3], ("illegal", "ambiguous"))
moves = {r for r in legal if not other_end.search(r[4])}
bad = 0
for what, diff in (("pdn-legal only", moves - db), ("pdn-db only", db - moves)):
    for r in sorted(diff, key=str)[:5]:
        print("FAIL: %s: %s" % (what, r), file=sys.stderr)
        bad = 1
# pdn-legal and Game.check(): file, game, line, column, words (an
# untagged game's variant inferred by both by pdn_infer_gametype)
short = {r[:5] for r in records(sys.argv[2], ("illegal", "ambiguous",
                                              "result")) if kinds.match(r[4])}
py = set()
for f in files:
    for g in pdntools.read(f):
        for x in g.check():
            if (x.code in ("illegal", "ambiguous", "result") and
                    kinds.match(x.text)):
                py.add((f, g.number, x.line, x.column, x.text))
for what, diff in (("pdn-legal only", short - py),
                   ("Game.check() only", py - short)):
    for r in sorted(diff, key=str)[:5]:
        print("FAIL: %s: %s" % (what, r), file=sys.stderr)
        bad = 1
if not bad:
    print("%d files: %d findings of moves, %d with results, the same words"
          % (len(files), len(moves), len(short)))
sys.exit(bad)
PY
exit "$fail"
