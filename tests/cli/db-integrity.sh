#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db's integrity and concurrency: a database is in WAL mode, so that a
# search whose output is not read (pdn-db search DB | less, left open)
# does not stall an add and sees the games as they were when it began; a
# second writer waits for the first instead of failing after a few
# seconds; pdn-db verify finds a corrupt posting block, plies stream, tag
# and text (status 1, the game named) and passes a sound database; a text
# that will not inflate is an error of search (status 2, the game named),
# never a game dropped in silence; a create that is killed leaves no
# database, and a second create makes it; -K towers, northern and russian
# each select their own variant (pdn-db and pdn-select); schema 5's
# indexes of tag values and years give pdn-select's answers, and a schema
# 4 database is read as it is and upgraded by an add. Skipped (77) when
# pdn-db was not built.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { echo "SKIP: no sqlite3"; exit 77; }

# waits (at most 120 s) until the file $1 holds the text $2
await() {
    n=0
    until [ -f "$1" ] && grep -q -- "$2" "$1"; do
        n=$((n + 1))
        [ $n -le 1200 ] || { echo "FAIL: waited 120 s for '$2' in $1" >&2; return 1; }
        sleep 0.1
    done
}

i=0
while [ $i -lt 12 ]; do
    cat "$top_srcdir"/samples/*.pdn >> "$tmp/big.pdn"
    i=$((i + 1))
done
games=$(grep -c '^\[Event ' "$tmp/big.pdn")
pdn-db create -q "$tmp/a.db" "$tmp/big.pdn"
[ "$(sqlite3 "$tmp/a.db" 'PRAGMA journal_mode')" = wal ] ||
    { echo "FAIL: a new database is not in WAL mode" >&2; fail=1; }

# 1. a reader whose output is not read: the add goes on, and the reader
# sees its snapshot (the games before the add)
mkfifo "$tmp/go"
{ pdn-db search "$tmp/a.db" 2>"$tmp/reader.err"; echo "status $?" >"$tmp/reader.st"; } |
    { read -r line; echo reading >"$tmp/reading"; read -r x <"$tmp/go"; cat >"$tmp/snap"; } &
reader=$!
await "$tmp/reading" reading
# the reader's output (12 times the samples) is many times a pipe's buffer:
# it is blocked in a write, its read transaction open
set +e
timeout 120 pdn-db add -q "$tmp/a.db" "$top_srcdir/samples/english.pdn" 2>"$tmp/add.err"
st=$?
set -e
[ $st = 0 ] || { echo "FAIL: add beside a stalled reader: status $st" >&2; cat "$tmp/add.err" >&2; fail=1; }
echo go >"$tmp/go"
wait $reader || true
got=$(($(grep -c '^\[Event ' "$tmp/snap") + 1))
[ "$got" = "$games" ] ||
    { echo "FAIL: the reader saw $got games, not its snapshot's $games" >&2; fail=1; }
grep -q 'status 0' "$tmp/reader.st" ||
    { echo "FAIL: the reader: $(cat "$tmp/reader.st" "$tmp/reader.err")" >&2; fail=1; }
[ "$(pdn-db search -k "$tmp/a.db")" = $((games + 2)) ] ||
    { echo "FAIL: the add's games are not there after it" >&2; fail=1; }

# 2. a second writer waits for the first, past SQLite's usual 5 s
mkfifo "$tmp/sqlin"
sqlite3 "$tmp/a.db" <"$tmp/sqlin" >"$tmp/sqlout" 2>&1 &
holder=$!
exec 3>"$tmp/sqlin"
echo "BEGIN IMMEDIATE; SELECT 'locked';" >&3
await "$tmp/sqlout" locked
pdn-db add -q "$tmp/a.db" "$top_srcdir/samples/russian.pdn" 2>"$tmp/add2.err" &
adder=$!
await "$tmp/add2.err" "waiting for it"
sleep 6 # longer than the 5 s after which SQLite's writers used to fail
if ! kill -0 $adder 2>/dev/null; then
    echo "FAIL: the second writer did not wait: $(cat "$tmp/add2.err")" >&2
    fail=1
fi
echo "COMMIT;" >&3
exec 3>&-
wait $holder || true
if wait $adder; then :; else
    echo "FAIL: the second writer failed: $(cat "$tmp/add2.err")" >&2
    fail=1
fi
[ "$(pdn-db search -k -K russian "$tmp/a.db")" = 13 ] ||
    { echo "FAIL: the waiting add's game is not there" >&2; fail=1; }

# 3. verify: a sound database passes, a corrupt one is caught
pdn-db explore --index "$tmp/a.db" >/dev/null 2>&1 || true
expect_status 0 pdn-db verify "$tmp/a.db"
grep -q 'every index agrees' "$tmp/err" ||
    { echo "FAIL: verify of a sound database: $(cat "$tmp/err")" >&2; fail=1; }
cp "$tmp/a.db" "$tmp/c.db"
sqlite3 "$tmp/c.db" "UPDATE postings SET data = substr(data, 1, 12) ||
    x'5a5a5a' || substr(data, 16) WHERE kind = 0 AND first =
    (SELECT min(first) FROM postings WHERE kind = 0);
    UPDATE plies SET data = substr(data, 1, 6) || x'77' || substr(data, 8)
    WHERE game = 3;
    UPDATE tag_values SET value = 'Nobody' WHERE game = 5 AND seq = 1;"
expect_status 1 pdn-db verify "$tmp/c.db"
grep -q 'positions index' "$tmp/err" ||
    { echo "FAIL: verify missed a corrupt posting block: $(cat "$tmp/err")" >&2; fail=1; }
grep -q 'game 3 (.*plies stream differs' "$tmp/err" ||
    { echo "FAIL: verify missed a corrupt plies stream: $(cat "$tmp/err")" >&2; fail=1; }
grep -q 'game 5 (.*tag 2 differs' "$tmp/err" ||
    { echo "FAIL: verify missed a changed tag: $(cat "$tmp/err")" >&2; fail=1; }
# the explorer's index: a game taken from a move's list (its last byte,
# a game of a one-byte delta), and a game's outcome changed in
# explore_info (11 bytes a game, 4096 games a chunk)
cp "$tmp/a.db" "$tmp/e.db"
sqlite3 "$tmp/e.db" "UPDATE explore_list SET games = substr(games, 1,
    length(games) - 1) WHERE (key, next) = (SELECT key, next FROM
    explore_list WHERE length(games) > 2 AND substr(hex(games), -4, 2)
    < '80' LIMIT 1)"
expect_status 1 pdn-db verify "$tmp/e.db"
grep -q 'explorer index.*entries missing: 1' "$tmp/err" ||
    { echo "FAIL: verify missed a game taken from the explorer's list: $(cat "$tmp/err")" >&2; fail=1; }
grep -q 'sums (explore_sum) differ' "$tmp/err" ||
    { echo "FAIL: verify missed a list that differs from its sums: $(cat "$tmp/err")" >&2; fail=1; }
cp "$tmp/a.db" "$tmp/e.db"
sqlite3 "$tmp/e.db" "UPDATE explore_info SET data = substr(data, 1, 44) ||
    x'09' || substr(data, 46) WHERE chunk = 0"
expect_status 1 pdn-db verify "$tmp/e.db"
grep -q 'game 4: its outcome, year or Date in explore_info differ' "$tmp/err" ||
    { echo "FAIL: verify missed a changed explore_info: $(cat "$tmp/err")" >&2; fail=1; }

# 4. a text that will not inflate: an error naming the game, not a drop
cp "$tmp/a.db" "$tmp/t.db"
sqlite3 "$tmp/t.db" "UPDATE games SET raw = x'789c01020304', size = 500 WHERE id = 2"
expect_status 2 pdn-db search "$tmp/t.db"
grep -q 'game 2 (.*does not inflate' "$tmp/err" ||
    { echo "FAIL: search: no error for a text that does not inflate: $(cat "$tmp/err")" >&2; fail=1; }
[ "$(grep -c '^\[Event ' "$tmp/out")" = $((games + 2)) ] ||
    { echo "FAIL: search: not the other games" >&2; fail=1; }
expect_status 1 pdn-db verify "$tmp/t.db"
grep -q 'game 2 (.*does not inflate' "$tmp/err" ||
    { echo "FAIL: verify: the text that does not inflate not named" >&2; fail=1; }

# 5. a create that is killed: no database, and a second create makes it
mkfifo "$tmp/feed"
for sig in TERM KILL; do
    rm -f "$tmp/k.db"
    pdn-db create -q "$tmp/k.db" "$tmp/feed" 2>/dev/null &
    creator=$!
    exec 4>"$tmp/feed"
    cat "$tmp/big.pdn" >&4
    n=0
    until ls -a "$tmp" | grep -q '^\.pdntools\.'; do
        n=$((n + 1))
        [ $n -le 1200 ] || { echo "FAIL: create made no temporary" >&2; fail=1; break; }
        sleep 0.1
    done
    kill -$sig $creator
    wait $creator || true
    exec 4>&-
    [ ! -e "$tmp/k.db" ] ||
        { echo "FAIL: a create killed by SIG$sig left $tmp/k.db" >&2; fail=1; }
    if [ $sig = TERM ] && ls -a "$tmp" | grep -q '^\.pdntools\.'; then
        echo "FAIL: a create ended by SIGTERM left its temporary" >&2
        fail=1
    fi
    rm -f "$tmp"/.pdntools.*
    expect_status 0 pdn-db create -q "$tmp/k.db" "$top_srcdir/samples/english.pdn"
done

# 7. schema 5: the indexes of tag values and years answer -P, -T,
# --event and -y as a scan of the games does (pdn-select's counts); a
# database of schema 4 is searched as it is, and its first add upgrades it
for ix in tag_values_value games_year; do
    [ "$(sqlite3 "$tmp/a.db" "SELECT count(*) FROM sqlite_master WHERE name = '$ix'")" = 1 ] ||
        { echo "FAIL: no index $ix" >&2; fail=1; }
done
cp "$tmp/a.db" "$tmp/v4.db"
sqlite3 "$tmp/v4.db" "DROP INDEX tag_values_value; DROP INDEX games_year;
    UPDATE meta SET value = 4 WHERE key = 'schema'; PRAGMA user_version = 4"
for q in "-P a" "-P ^Tinsley" "-P nobody-at-all" "-y 1900..1999" "-y 1956..1956" \
    "-T Site=." "-T event~=ch" "--event Ch|ch -y 1950.." "-P e -P a -Y 1-0"; do
    # shellcheck disable=SC2086
    sel=$(pdn-select -q -k $q "$tmp/big.pdn" "$top_srcdir/samples/english.pdn" \
        "$top_srcdir/samples/russian.pdn" 2>/dev/null || true)
    # shellcheck disable=SC2086
    new=$(pdn-db search -k $q "$tmp/a.db" 2>&1 || true)
    # shellcheck disable=SC2086
    old=$(pdn-db search -k $q "$tmp/v4.db" 2>&1 || true)
    [ "$new" = "$sel" ] && [ "$old" = "$sel" ] ||
        { echo "FAIL: search -k $q: $new (schema 4: $old), pdn-select $sel" >&2; fail=1; }
done
expect_status 0 pdn-db add "$tmp/v4.db" "$top_srcdir/samples/english.pdn"
grep -q 'schema 4 upgraded to 5' "$tmp/err" ||
    { echo "FAIL: no upgrade of schema 4: $(cat "$tmp/err")" >&2; fail=1; }
[ "$(sqlite3 "$tmp/v4.db" "PRAGMA user_version; SELECT count(*) FROM sqlite_master WHERE name IN ('tag_values_value', 'games_year')" | tr '\n' ' ')" = "5 2 " ] ||
    { echo "FAIL: schema 4 not upgraded to 5" >&2; fail=1; }

# 6. -K towers, northern, russian: one variant each
pdn-db create -q "$tmp/k2.db" "$top_srcdir/samples/russian.pdn" \
    "$top_srcdir/samples/folk-towers.pdn" "$top_srcdir/samples/folk-northern.pdn"
for v in towers:folk-towers northern:folk-northern russian:russian; do
    k=${v%%:*}
    f=${v#*:}
    want=$(grep '^\[GameType' "$top_srcdir/samples/$f.pdn")
    got=$(pdn-select -q -K "$k" "$top_srcdir/samples/russian.pdn" \
        "$top_srcdir/samples/folk-towers.pdn" "$top_srcdir/samples/folk-northern.pdn" |
        grep '^\[GameType' || true)
    [ "$got" = "$want" ] ||
        { echo "FAIL: pdn-select -K $k: $got" >&2; fail=1; }
    got=$(pdn-db search -K "$k" "$tmp/k2.db" | grep '^\[GameType' || true)
    [ "$got" = "$want" ] ||
        { echo "FAIL: pdn-db search -K $k: $got" >&2; fail=1; }
done
exit $fail
