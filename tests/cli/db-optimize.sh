#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db optimize: a database built by one create and many adds (a
# segment of the index each) has one segment of each kind afterwards, the
# very blocks one create of the same games writes (no entry dropped or
# doubled), and every search answers byte for byte as before; a second
# run changes nothing; --vacuum; a database it cannot write, a file that
# is not one, an old schema and a corrupt index are refused (status 2)
# and left as they were; the adds store each tag name once, and every
# game's tags as one create does. Skipped (77) when pdn-db was not built.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { echo "SKIP: no sqlite3"; exit 77; }

segs() { # DB: "positions-segments material-segments"
    echo "$(sqlite3 "$1" 'SELECT count(DISTINCT seg) FROM postings WHERE kind = 0')" \
        "$(sqlite3 "$1" 'SELECT count(DISTINCT seg) FROM postings WHERE kind = 1')"
}
blocks() { # DB: the index's blocks, their segment left out
    sqlite3 "$1" 'SELECT kind, first, at, hex(data) FROM postings ORDER BY kind, first, at'
}

# the samples and the select cases a run each; with ../shared, 2000
# games of OCA in four runs
set -- "$top_srcdir"/samples/*.pdn "$top_srcdir"/tests/data/select/*/input.pdn
[ $# -ge 20 ] || { echo "FAIL: only $# input files" >&2; exit 1; }
runs=$#
pdn-db create -q "$tmp/many.db" "$1" 2>/dev/null || true
shift
for f in "$@"; do
    pdn-db add -q "$tmp/many.db" "$f" 2>/dev/null || true
done
set -- "$top_srcdir"/samples/*.pdn "$top_srcdir"/tests/data/select/*/input.pdn
shared=$(shared_dir)
oca=${shared:+$shared/corpus/english/oca__OCA_2.0.pdn}
if [ -n "$oca" ] && [ -f "$oca" ]; then
    pdn-select -q --games 1-2000 "$oca" > "$tmp/oca.pdn" 2>/dev/null || true
    for r in 1-500 501-1000 1001-1500 1501-; do
        pdn-db add -q --games $r "$tmp/many.db" "$tmp/oca.pdn" 2>/dev/null || true
    done
    runs=$((runs + 4))
    set -- "$@" "$tmp/oca.pdn"
fi
pdn-db create -q "$tmp/one.db" "$@" 2>/dev/null || true
[ "$(segs "$tmp/many.db")" = "$runs $runs" ] ||
    { echo "FAIL: $runs runs but segments: $(segs "$tmp/many.db")" >&2; fail=1; }
# each tag name stored once over the adds, and every game's tags as one
# create stores them
tags() { # DB: file, game, each tag
    sqlite3 "$1" 'SELECT f.path, g.number, t.seq, t.name, t.value FROM tags t
        JOIN games g ON g.id = t.game JOIN files f ON f.id = g.file
        ORDER BY f.path, g.number, t.seq'
}
[ "$(sqlite3 "$tmp/many.db" 'SELECT count(*) = count(DISTINCT name) FROM tag_names')" = 1 ] ||
    { echo "FAIL: a tag name stored twice" >&2; fail=1; }
tags "$tmp/many.db" > "$tmp/tags.many"
tags "$tmp/one.db" > "$tmp/tags.one"
[ -s "$tmp/tags.one" ] && cmp -s "$tmp/tags.many" "$tmp/tags.one" ||
    { echo "FAIL: the tags of many adds differ from one create's" >&2; fail=1; }

# the searches: positions at ply 6 and 12 of several samples, a position
# every 10x10 game starts from, material, a first move, patterns
fens=$(pdn-replay -q -p 6 -f fen "$top_srcdir"/samples/english.pdn \
           "$top_srcdir"/samples/international.pdn "$top_srcdir"/samples/russian.pdn 2>/dev/null |
       cut -f4 | head -6
       pdn-replay -q -p 12 -f fen "$top_srcdir"/samples/english.pdn \
           "$top_srcdir"/samples/brazilian.pdn 2>/dev/null | cut -f4 | head -4)
[ "$(echo "$fens" | grep -c .)" -ge 6 ] || { echo "FAIL: too few positions read: $fens" >&2; fail=1; }
searches() { # DB: every search's output, one after the other
    echo "$fens" | while IFS= read -r fen; do
        echo "== -X $fen"
        pdn-db search -X "$fen" "$1" 2>&1 || true
        pdn-db search -k -Q -X "$fen" "$1" 2>&1 || true
    done
    s "$1" -X 'W:W31-50:B1-20'
    s "$1" -M kings
    s "$1" -M '2K v 1K' -Q
    s "$1" -M '12M v 12M'
    s "$1" -B '11-15'
    s "$1" -B '11-15 23-19'
    s "$1" --pattern 'W28:B19:E23'
    s "$1" --pattern 'W28:B19:E23' -Q
    s "$1" -Y 1-0 -M kings
}
s() { # DB CRITERION...: the games found as JSON records
    sdb=$1
    shift
    echo "== $*"
    pdn-db search -f json "$@" "$sdb" 2>&1 || true
}
searches "$tmp/many.db" > "$tmp/before"
[ "$(grep -c '"type":"game"' "$tmp/before")" -gt 20 ] ||
    { echo "FAIL: the searches found too few games" >&2; fail=1; }
blocks "$tmp/many.db" > "$tmp/blocks.many"

expect_status 0 pdn-db optimize "$tmp/many.db" || true
grep -q 'positions: [0-9]* segments, [0-9]* bytes -> 1 segment' "$tmp/err" ||
    { echo "FAIL: optimize: no report of the positions' segments" >&2; cat "$tmp/err" >&2; fail=1; }
grep -q 'material: [0-9]* segments, [0-9]* bytes -> 1 segment' "$tmp/err" ||
    { echo "FAIL: optimize: no report of the material's segments" >&2; fail=1; }
grep -q 'file: [0-9]* bytes -> [0-9]* bytes' "$tmp/err" ||
    { echo "FAIL: optimize: no report of the file's size" >&2; fail=1; }
[ "$(segs "$tmp/many.db")" = "1 1" ] ||
    { echo "FAIL: optimize left segments: $(segs "$tmp/many.db")" >&2; fail=1; }
# the merged segment is what one run over the same games writes
blocks "$tmp/many.db" > "$tmp/blocks.opt"
blocks "$tmp/one.db" > "$tmp/blocks.one"
cmp -s "$tmp/blocks.opt" "$tmp/blocks.one" ||
    { echo "FAIL: the merged index differs from one create's" >&2; fail=1; }
cmp -s "$tmp/blocks.many" "$tmp/blocks.opt" &&
    { echo "FAIL: optimize did not rewrite the blocks" >&2; fail=1; }
searches "$tmp/many.db" > "$tmp/after"
cmp -s "$tmp/before" "$tmp/after" ||
    { echo "FAIL: the searches answer otherwise after optimize" >&2;
      diff "$tmp/before" "$tmp/after" | head -5 >&2; fail=1; }

# a second run: nothing to do, the file untouched; -q: silent
cp "$tmp/many.db" "$tmp/again.db"
expect_status 0 pdn-db optimize "$tmp/again.db" || true
grep -q 'nothing to merge' "$tmp/err" || { echo "FAIL: second optimize: no 'nothing to merge'" >&2; fail=1; }
cmp -s "$tmp/many.db" "$tmp/again.db" || { echo "FAIL: a second optimize changed the file" >&2; fail=1; }
expect_status 0 pdn-db optimize -q "$tmp/again.db" || true
[ -s "$tmp/err" ] && { echo "FAIL: optimize -q wrote: $(cat "$tmp/err")" >&2; fail=1; }

# --vacuum: the pages the merge freed given back, the answers the same
cp "$tmp/many.db" "$tmp/v.db"
pdn-db add -q "$tmp/v.db" "$top_srcdir"/samples/english.pdn 2>/dev/null || true
expect_status 0 pdn-db optimize --vacuum "$tmp/v.db" || true
grep -q '(vacuumed)' "$tmp/err" || { echo "FAIL: --vacuum not reported" >&2; fail=1; }
[ "$(sqlite3 "$tmp/v.db" 'PRAGMA freelist_count')" = 0 ] ||
    { echo "FAIL: --vacuum left free pages" >&2; fail=1; }
[ "$(segs "$tmp/v.db")" = "1 1" ] || { echo "FAIL: --vacuum: segments $(segs "$tmp/v.db")" >&2; fail=1; }

# refused, status 2, the file as it was
cp "$tmp/one.db" "$tmp/ro.db"
pdn-db add -q "$tmp/ro.db" "$top_srcdir"/samples/english.pdn 2>/dev/null || true
cp "$tmp/ro.db" "$tmp/ro.copy"
chmod a-w "$tmp/ro.db"
expect_status 2 pdn-db optimize "$tmp/ro.db" || true
grep -q 'ro.db: read-only file: not optimized' "$tmp/err" ||
    { echo "FAIL: read-only: $(cat "$tmp/err")" >&2; fail=1; }
chmod u+w "$tmp/ro.db"
cmp -s "$tmp/ro.db" "$tmp/ro.copy" || { echo "FAIL: a read-only database was changed" >&2; fail=1; }
echo 'not a database' > "$tmp/text.db"
expect_status 2 pdn-db optimize "$tmp/text.db" || true
grep -q 'text.db: not a pdn-db database: not an SQLite file' "$tmp/err" ||
    { echo "FAIL: text file: $(cat "$tmp/err")" >&2; fail=1; }
sqlite3 "$tmp/other.db" 'CREATE TABLE t(x)'
expect_status 2 pdn-db optimize "$tmp/other.db" || true
grep -q 'not a pdn-db database: an SQLite file of another application' "$tmp/err" ||
    { echo "FAIL: another application's file: $(cat "$tmp/err")" >&2; fail=1; }
cp "$tmp/ro.copy" "$tmp/old.db"
sqlite3 "$tmp/old.db" 'PRAGMA user_version = 1'
cp "$tmp/old.db" "$tmp/old.copy"
expect_status 2 pdn-db optimize "$tmp/old.db" || true
grep -q 'schema version 1 is older' "$tmp/err" || { echo "FAIL: old schema: $(cat "$tmp/err")" >&2; fail=1; }
cmp -s "$tmp/old.db" "$tmp/old.copy" || { echo "FAIL: an old database was changed" >&2; fail=1; }
expect_status 2 pdn-db optimize "$tmp/missing.db" || true
# a block that does not decode: the whole run rolled back
cp "$tmp/ro.copy" "$tmp/bad.db"
sqlite3 "$tmp/bad.db" "UPDATE postings SET data = X'0010ffff00' WHERE kind = 0 AND seg = 2 AND at = 0"
cp "$tmp/bad.db" "$tmp/bad.copy"
expect_status 2 pdn-db optimize "$tmp/bad.db" || true
grep -q 'bad.db: the index is corrupt' "$tmp/err" || { echo "FAIL: corrupt block: $(cat "$tmp/err")" >&2; fail=1; }
cmp -s "$tmp/bad.db" "$tmp/bad.copy" || { echo "FAIL: a failed optimize changed the file" >&2; fail=1; }
[ -e "$tmp/bad.db-journal" ] && { echo "FAIL: a failed optimize left its journal" >&2; fail=1; }

# usage
expect_status 2 pdn-db optimize || true
expect_status 2 pdn-db optimize "$tmp/one.db" "$tmp/many.db" || true
expect_status 2 pdn-db optimize --no-such "$tmp/one.db" || true
expect_status 0 pdn-db optimize --help || true
grep -q -- '--vacuum' "$tmp/out" || { echo "FAIL: optimize --help: no --vacuum" >&2; fail=1; }
exit $fail
