#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db's plies table (tools/db/plies.h): every --pattern, --manoeuvre,
# --sequence and --streak search answers, byte for byte, what it answers
# when every game is replayed from its text instead (the same database
# with the plies table emptied), over the samples and the select cases
# (every variant) and, with ../shared, the whole corpus and the generated
# games of every variant (threads then share the table); the plies that
# --sequence and --streak records give are checked against the plies each
# single condition's records give; a stream that does not read is passed
# over for the text; a database of the schema before (no plies table) is
# refused. Skipped (77) when pdn-db was not built.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { echo "SKIP: no sqlite3"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }

set -- "$top_srcdir"/samples/*.pdn "$top_srcdir"/tests/data/select/*/input.pdn
shared=$(shared_dir)
if [ -n "$shared" ]; then
    set -- "$@" $(find "$shared/corpus" "$shared/generated" -type f -name '*.pdn' | sort)
fi
pdn-db create -q "$tmp/s.db" "$@" 2>/dev/null || true
games=$(sqlite3 "$tmp/s.db" 'SELECT count(*) FROM games')
streams=$(sqlite3 "$tmp/s.db" 'SELECT count(*) FROM plies')
variants=$(sqlite3 "$tmp/s.db" 'SELECT count(DISTINCT g.gametype) FROM plies p JOIN games g ON g.id = p.game')
echo "$games games, $streams with plies, $variants variants"
[ "$streams" -gt 0 ] && [ "$variants" -ge 8 ] ||
    { echo "FAIL: $streams streams over $variants variants" >&2; fail=1; }
# a game of the towers variants has none
if sqlite3 "$tmp/s.db" "SELECT 1 FROM plies p JOIN games g ON g.id = p.game WHERE g.gametype LIKE '%towers' OR g.gametype LIKE '%laska'" | grep -q 1; then
    echo "FAIL: a towers game has plies" >&2
    fail=1
fi
cp "$tmp/s.db" "$tmp/r.db"
sqlite3 "$tmp/r.db" 'DELETE FROM plies'

# The queries: squares numbered and named, kings, empty squares, colours
# reversed, captures, promotions, ply windows, several conditions.
cat >"$tmp/queries" <<'EOF'
--pattern W28:B19:E23
--pattern WK18
--pattern B12,K30:E22 -Q
--pattern Wc3:Be5
--pattern E1-5
--pattern W31-35:E26-30 -Q
--manoeuvre WK>*x2
--manoeuvre B>=K@..60
--manoeuvre W>*x3
--manoeuvre W28,32>19,23@1..20
--manoeuvre BM*>*x1@10..
--pattern E1-5 --manoeuvre BK>*
--pattern WK1 --pattern WK2
--manoeuvre W>*x2 --manoeuvre B>*x2 --sequence
--manoeuvre W>*x1 --manoeuvre B>*x1 --manoeuvre W>*x1 --streak
--pattern WK1 --pattern WK2 --sequence
--pattern WK1 --pattern WK2 --streak
--manoeuvre W>*x2 --manoeuvre B>*x2 --streak
--manoeuvre B>=K --pattern E1-5 --manoeuvre W>=K --sequence
--pattern W28:B19 --manoeuvre W>*x1 --streak
--pattern E1-5 -I 7
--pattern WK18 -Y 1-0
--manoeuvre B>*x2 -M kings
EOF
n=0
while read -r q; do
    n=$((n + 1))
    # shellcheck disable=SC2086 # q is split into options on purpose
    for f in "-k" "-f json" "-o $tmp/a.pdn"; do
        set +e
        pdn-db search $f $q "$tmp/s.db" >"$tmp/a" 2>"$tmp/ea"
        sa=$?
        [ "$f" = "-o $tmp/a.pdn" ] && mv "$tmp/a.pdn" "$tmp/a"
        pdn-db search $f $q "$tmp/r.db" >"$tmp/b" 2>"$tmp/eb"
        sb=$?
        [ "$f" = "-o $tmp/a.pdn" ] && mv "$tmp/a.pdn" "$tmp/b"
        set -e
        if [ "$sa" != "$sb" ] || ! cmp -s "$tmp/a" "$tmp/b" || [ -s "$tmp/ea" ]; then
            echo "FAIL: search $f $q: plies $sa, texts $sb: $(head -c 300 "$tmp/ea")" >&2
            diff "$tmp/a" "$tmp/b" | head -5 >&2
            fail=1
        fi
    done
    [ "$n" = 1 ] && ! [ "$(cat "$tmp/a")" ] && { echo "FAIL: nothing written" >&2; fail=1; }
done <"$tmp/queries"
echo "$n queries compared"
c=$(pdn-db search -k --pattern W28:B19:E23 "$tmp/s.db")
[ "$c" -gt 0 ] || { echo "FAIL: W28:B19:E23 found $c games" >&2; fail=1; }

# -Z and -x with a pattern: every game looked at
for db in s r; do
    pdn-db search -Z -Y 1-0 --pattern WK18 -x "$tmp/x$db.pdn" "$tmp/$db.db" >"$tmp/z$db" 2>/dev/null || true
done
cmp -s "$tmp/zs" "$tmp/zr" && cmp -s "$tmp/xs.pdn" "$tmp/xr.pdn" ||
    { echo "FAIL: -Z -x with --pattern differ" >&2; fail=1; }

# --sequence and --streak against each condition's own plies
cat >"$tmp/check.py" <<'EOF'
import json, sys
mode, files = sys.argv[1], sys.argv[2:]
def load(f):
    d = {}
    for line in open(f):
        r = json.loads(line)
        if r.get("type") == "game":
            d[(r["file"], r["game"])] = r["plies"]
    return d
got = load(files[0])
conds = [load(f) for f in files[1:]]
want = {}
for key in set.intersection(*[set(c) for c in conds]):
    lists = [set(c[key]) for c in conds]
    if mode == "sequence":
        at, plies = -1, []
        for s in lists:
            nxt = [p for p in sorted(s) if p > at]
            if not nxt:
                break
            at = nxt[0]
            plies.append(at)
        if len(plies) == len(lists):
            want[key] = plies
    else:
        for p in sorted(lists[0]):
            if all(p + i in lists[i] for i in range(len(lists))):
                want[key] = [p + i for i in range(len(lists))]
                break
if got != want:
    bad = [k for k in set(got) | set(want) if got.get(k) != want.get(k)][:3]
    for k in bad:
        print("FAIL: %s %s: pdn-db %s, conditions %s" % (mode, k, got.get(k), want.get(k)))
    sys.exit(1)
print("%s: %d games" % (mode, len(got)))
EOF
check() { # MODE CONDITION...: --MODE against each condition alone
    mode=$1
    shift
    i=0
    files=""
    for c in "$@"; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        pdn-db search -f json $c "$tmp/s.db" >"$tmp/c$i" 2>/dev/null || true
        files="$files $tmp/c$i"
    done
    # shellcheck disable=SC2086
    pdn-db search -f json $* --$mode "$tmp/s.db" >"$tmp/got" 2>/dev/null || true
    # shellcheck disable=SC2086
    python3 "$tmp/check.py" "$mode" "$tmp/got" $files || fail=1
}
check sequence "--manoeuvre W>*x2" "--manoeuvre B>*x2"
check streak "--manoeuvre W>*x1" "--manoeuvre B>*x1" "--manoeuvre W>*x1"
check sequence "--pattern WK1" "--pattern WK2" "--pattern E1-5"
check streak "--pattern W28:B19" "--manoeuvre W>*x1"
check streak "--manoeuvre B>*x1" "--manoeuvre W>*x1"

# a stream that does not read: that game from its text
id=$(sqlite3 "$tmp/s.db" 'SELECT min(game) FROM plies')
sqlite3 "$tmp/s.db" "UPDATE plies SET data = x'FE' || data WHERE game = $id;
    UPDATE plies SET data = x'F3' WHERE game = $id + 1"
for q in "--pattern E1-5" "--manoeuvre W>*x1"; do
    # shellcheck disable=SC2086
    a=$(pdn-db search -f json $q "$tmp/s.db" | md5sum)
    # shellcheck disable=SC2086
    b=$(pdn-db search -f json $q "$tmp/r.db" | md5sum)
    [ "$a" = "$b" ] || { echo "FAIL: $q with broken streams differs" >&2; fail=1; }
done

# usage errors
expect_status 2 pdn-db search --sequence --pattern E1 "$tmp/s.db"
grep -q 'two or more' "$tmp/err" || { echo "FAIL: one condition ordered: $(cat "$tmp/err")" >&2; fail=1; }
expect_status 2 pdn-db search --sequence --streak --pattern E1 --pattern E2 "$tmp/s.db"
grep -q 'one or' "$tmp/err" || { echo "FAIL: both orders: $(cat "$tmp/err")" >&2; fail=1; }

# the schema before the plies table: made again
cp "$tmp/r.db" "$tmp/old.db"
sqlite3 "$tmp/old.db" 'DROP TABLE plies; PRAGMA user_version = 2'
expect_status 2 pdn-db search -k --pattern E1 "$tmp/old.db"
grep -q 'schema version 2 is older.*pdn-db create' "$tmp/err" ||
    { echo "FAIL: schema 2: $(cat "$tmp/err")" >&2; fail=1; }
exit $fail
