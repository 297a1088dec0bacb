#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db explore: on a database of the samples, every variant's start and
# the positions after its first moves: the games of the position are the
# games pdn-select -X finds, the games of the moves plus the games that end
# there add up to them, each move's games are pdn-select's -X START -B
# MOVES (one or two plies: no other move order reaches them) and the games
# that reach where a move leads are pdn-select -X's; the filters (-P, -Y,
# -y, --event, -T) give pdn-select's counts; an index brought up to date
# after pdn-db add answers as one built at once; --html writes one data
# file per position to its depth; bad FENs, illegal moves and a stale
# index are refused. With ../shared: the same over OCA and an
# International file, and each move's games against pdn-stats's openings
# of one and two plies. Skipped (77) when pdn-db was not built.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }
command -v jq >/dev/null 2>&1 || { echo "SKIP: no jq"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { echo "SKIP: no sqlite3"; exit 77; }

checks=0

# node DB "FILES" VARIANT MOVES [FILTER...]: checks one node against
# pdn-select on FILES.
node() {
    db=$1 files=$2 v=$3 moves=$4
    shift 4
    if ! pdn-db explore -f json -K "$v" --moves "$moves" --top 1 "$@" "$db" \
        > "$tmp/n.json" 2> "$tmp/n.err"; then
        if [ -s "$tmp/n.err" ]; then
            echo "FAIL: explore -K $v --moves '$moves' $*:" >&2
            head -3 "$tmp/n.err" >&2
            fail=1
        fi
        return 0
    fi
    fen=$(jq -r 'select(.type == "position") | .fen' "$tmp/n.json")
    start=$(pdn-db explore -f json -K "$v" "$db" | jq -r 'select(.type == "position") | .fen')
    games=$(jq -r 'select(.type == "position") | .games' "$tmp/n.json")
    # $files is split into words on purpose (no blanks in the names)
    sel=$(pdn-select -q -k -K "$v" -X "$fen" "$@" $files 2>/dev/null || true)
    if [ "$games" != "$sel" ]; then
        echo "FAIL: $v '$moves' $*: $games games, pdn-select -X: $sel" >&2
        fail=1
    fi
    # the results, from the first mover's side: pdn-select -Y's (with no
    # filter: a second -Y would replace one given)
    [ $# = 0 ] && results="wins:1-0 losses:0-1 draws:1/2-1/2" || results=
    for r in $results; do
        got=$(jq -r "select(.type == \"position\") | .${r%%:*}" "$tmp/n.json")
        want=$(pdn-select -q -k -K "$v" -X "$fen" -Y "${r#*:}" "$@" $files 2>/dev/null || true)
        if [ "$got" != "$want" ]; then
            echo "FAIL: $v '$moves' $*: ${r%%:*} $got, pdn-select -Y ${r#*:}: $want" >&2
            fail=1
        fi
    done
    sum=$(jq -s '[.[] | select(.type == "move") | .games] | add + 0' "$tmp/n.json")
    ended=$(jq -r 'select(.type == "position") | .ended' "$tmp/n.json")
    if [ $((sum + ended)) != "$games" ]; then
        echo "FAIL: $v '$moves': moves $sum + ended $ended != $games" >&2
        fail=1
    fi
    # the records in the one schema (man/pdn-json.5)
    jq -R -r -f "$top_srcdir/tests/cli/pdn-json.jq" "$tmp/n.json" > "$tmp/bad" || true
    if [ -s "$tmp/bad" ]; then
        echo "FAIL: $v '$moves': records break the schema:" >&2
        head -3 "$tmp/bad" >&2
        fail=1
    fi
    wdl=$(jq -r 'select(.type == "position") | .wins + .draws + .losses + .unknown - .games' "$tmp/n.json")
    if [ "$wdl" != 0 ]; then
        echo "FAIL: $v '$moves': results do not add up to the games" >&2
        fail=1
    fi
    jq -r 'select(.type == "move") | [.move, .games, .reached, .fen] | @tsv' "$tmp/n.json" |
        head -6 > "$tmp/moves"
    plies=$(echo "$moves" | wc -w)
    while IFS="$(printf '\t')" read -r m g reached after; do
        if [ "$plies" -lt 2 ]; then
            b=$(pdn-select -q -k -K "$v" -X "$start" -B "$moves $m" "$@" $files 2>/dev/null || true)
            if [ "$g" != "$b" ]; then
                echo "FAIL: $v '$moves' $m $*: $g games, pdn-select -B: $b" >&2
                fail=1
            fi
        fi
        if [ $# = 0 ]; then
            x=$(pdn-select -q -k -K "$v" -X "$after" $files 2>/dev/null || true)
            if [ "$reached" != "$x" ]; then
                echo "FAIL: $v '$moves' $m: reached $reached, pdn-select -X: $x" >&2
                fail=1
            fi
        fi
        checks=$((checks + 1))
    done < "$tmp/moves"
    checks=$((checks + 1))
}

# ---- the samples ----
cd "$tmp"
samples="$top_srcdir/samples"
files=$(ls "$samples"/*.pdn)
# shellcheck disable=SC2086
pdn-db create -q s.db $files 2> /dev/null || true
# pdn-select -K takes a folk variant for its base type; the explorer keeps
# each apart (their moves differ): pdn-select is given the others
files=$(ls "$samples"/*.pdn | grep -v '/folk-')
expect_status 2 pdn-db explore s.db
grep -q "explorer's index is missing" err || { echo "FAIL: no index: $(cat err)" >&2; fail=1; }
expect_status 0 pdn-db explore --index s.db
for v in english international russian brazilian italian pool thai turkish frisian czech; do
    node s.db "$files" $v ""
    first=$(pdn-db explore -f json -K $v s.db | jq -r 'select(.type == "move") | .move' | head -2)
    for m in $first; do
        node s.db "$files" $v "$m"
        second=$(pdn-db explore -f json -K $v --moves "$m" s.db | jq -r 'select(.type == "move") | .move' | head -1)
        for m2 in $second; do
            node s.db "$files" $v "$m $m2"
        done
    done
done
node s.db "$files" english "" -P 'a'
node s.db "$files" english "" -Y 1-0
node s.db "$files" international "" -y 1900..2009
node s.db "$files" international "" --event '[0-9]'
node s.db "$files" international "" -T 'Site=.'
# filters combined: their sets intersected
node s.db "$files" english "" -P 'a' -Y 1-0
node s.db "$files" english "" -P 'e' -y 1800..2020 -Y 1/2-1/2
node s.db "$files" international "" --event '[0-9]' -T 'Site=.' -Y 1-1

# an index brought up to date after an add: as if built at once
set -- $(ls "$samples"/*.pdn)
half=$(( $# / 2 ))
i=0
one= two=
for f in "$@"; do
    i=$((i + 1))
    if [ $i -le $half ]; then one="$one $f"; else two="$two $f"; fi
done
# shellcheck disable=SC2086
pdn-db create -q inc.db $one 2> /dev/null || true
pdn-db explore --index inc.db > /dev/null 2>&1 || true
# shellcheck disable=SC2086
pdn-db add -q inc.db $two 2> /dev/null || true
expect_status 2 pdn-db explore -K international inc.db
pdn-db explore --index inc.db > /dev/null 2>&1 || true
for v in english international russian; do
    # the records but their file (the database's name)
    pdn-db explore -f json -K $v --top 5 s.db | jq -c 'del(.file)' > a.json || true
    pdn-db explore -f json -K $v --top 5 inc.db | jq -c 'del(.file)' > b.json || true
    if ! cmp -s a.json b.json; then
        echo "FAIL: $v: the index updated after add differs from one built at once" >&2
        diff a.json b.json | head -4 >&2
        fail=1
    fi
    # a filtered node and the first move's
    m=$(pdn-db explore -f json -K $v s.db | jq -r 'select(.type == "move") | .move' | head -1)
    pdn-db explore -f json -K $v --moves "$m" -Y 1-0 --top 5 s.db | jq -c 'del(.file)' > a.json || true
    pdn-db explore -f json -K $v --moves "$m" -Y 1-0 --top 5 inc.db | jq -c 'del(.file)' > b.json || true
    cmp -s a.json b.json ||
        { echo "FAIL: $v '$m' -Y 1-0: the index updated after add differs" >&2; fail=1; }
done

# a position's latest games are its own latest 10 (by year, then last
# stored), whatever --top gives each move (0: none listed for the moves)
i=0
while [ $i -lt 12 ]; do cat "$samples/english.pdn"; i=$((i + 1)); done > en12.pdn
pdn-db create -q en12.db en12.pdn 2> /dev/null || true
pdn-db explore --index en12.db > /dev/null 2>&1 || true
want=$(sqlite3 en12.db "SELECT id FROM games ORDER BY CASE WHEN date GLOB
    '[0-9][0-9][0-9][0-9]*' THEN CAST(substr(date, 1, 4) AS INTEGER) ELSE 0
    END DESC, id DESC LIMIT 10" | tr '\n' ' ')
for t in 0 1 3 10; do
    got=$(pdn-db explore -f json -K english --top $t en12.db |
        jq -r 'select(.type == "position") | .top[].id' | tr '\n' ' ')
    [ "$got" = "$want" ] ||
        { echo "FAIL: --top $t: the position's latest games '$got', not '$want'" >&2; fail=1; }
    n=$(pdn-db explore -f json -K english --top $t en12.db |
        jq -r 'select(.type == "move") | .top | length' | sort -u | tr '\n' ' ')
    [ "$n" = "$t " ] || { echo "FAIL: --top $t: moves list $n games" >&2; fail=1; }
done

# an index brought up to date after adds: only the added games'
# positions (and those they make frequent) written, the tables equal to
# a fresh build's: 12 copies of english.pdn as 5, then 3, then 4 (the
# positions of one game reach EX_MIN with the last)
i=0
while [ $i -lt 5 ]; do cat "$samples/english.pdn"; i=$((i + 1)); done > en5.pdn
i=0
while [ $i -lt 3 ]; do cat "$samples/english.pdn"; i=$((i + 1)); done > en3.pdn
i=0
while [ $i -lt 4 ]; do cat "$samples/english.pdn"; i=$((i + 1)); done > en4.pdn
pdn-db create -q inc12.db en5.pdn 2> /dev/null || true
pdn-db explore --index inc12.db > /dev/null 2>&1 || true
for f in en3.pdn en4.pdn; do
    pdn-db add -q inc12.db $f 2> /dev/null || true
    pdn-db explore --index inc12.db > /dev/null 2>&1 || true
done
for t in "key, next, year, game, outcome FROM explore ORDER BY 1, 2, 3, 4" \
    "key, next, games, wins, draws, losses, dated, year_sum, year_last FROM explore_sum ORDER BY 1, 2" \
    "key, next, hex(games) FROM explore_list ORDER BY 1, 2" \
    "chunk, hex(data) FROM explore_info ORDER BY 1"; do
    sqlite3 en12.db "SELECT $t" > a.tsv 2>&1 || true
    sqlite3 inc12.db "SELECT $t" > b.tsv 2>&1 || true
    if [ ! -s a.tsv ] || ! cmp -s a.tsv b.tsv; then
        echo "FAIL: after adds: SELECT $t differs from a fresh build ($(wc -l < a.tsv) rows)" >&2
        fail=1
    fi
done
for q in "" "--moves 11-15" "-Y 1-0"; do
    # shellcheck disable=SC2086
    pdn-db explore -f json -K english --top 3 $q en12.db | jq -c 'del(.file)' > a.json || true
    # shellcheck disable=SC2086
    pdn-db explore -f json -K english --top 3 $q inc12.db | jq -c 'del(.file)' > b.json || true
    if [ ! -s a.json ] || ! cmp -s a.json b.json; then
        echo "FAIL: after adds: the node '$q' differs from a fresh build's" >&2
        fail=1
    fi
done

# a filtered position's latest games: its own latest 10 of the games
# that pass the filters
want=$(sqlite3 en12.db "SELECT id FROM games WHERE result = '1-0' ORDER BY
    CASE WHEN date GLOB '[0-9][0-9][0-9][0-9]*' THEN CAST(substr(date, 1, 4)
    AS INTEGER) ELSE 0 END DESC, id DESC LIMIT 10" | tr '\n' ' ')
got=$(pdn-db explore -f json -K english -Y 1-0 en12.db |
    jq -r 'select(.type == "position") | .top[].id' | tr '\n' ' ')
[ "$got" = "$want" ] ||
    { echo "FAIL: -Y 1-0: the position's latest games '$got', not '$want'" >&2; fail=1; }

# text output: the moves and their games
expect_status 0 pdn-db explore -K english --top 1 s.db
head -1 out | grep -q '(english, Black to move)' || { echo "FAIL: text head: $(head -1 out)" >&2; fail=1; }
grep -q '^move  *games' out || { echo "FAIL: text: no move table" >&2; fail=1; }

# errors
expect_status 2 pdn-db explore --fen 'W:Wzz' s.db
grep -q "bad FEN 'W:Wzz'" err || { echo "FAIL: bad FEN: $(cat err)" >&2; fail=1; }
expect_status 2 pdn-db explore -K english --moves '11-15 11-15' s.db
grep -q "move '11-15' is illegal here" err || { echo "FAIL: illegal move: $(cat err)" >&2; fail=1; }
expect_status 2 pdn-db explore -K english --moves '11-15 xx' s.db
expect_status 2 pdn-db explore --top 99 s.db
expect_status 2 pdn-db explore s.db s.db
expect_status 1 pdn-db explore -K english -P 'no such player at all' s.db

# static pages: the tree to depth 2, a data file per position
expect_status 0 pdn-db explore --html site --depth 2 -K english s.db
for f in index.html explore.js explore.css data/root.js; do
    [ -s "site/$f" ] || { echo "FAIL: --html: no $f" >&2; fail=1; }
done
grep -q 'exStatic = true' site/index.html || { echo "FAIL: --html: not the static page" >&2; fail=1; }
root=$(sed -n 's/^exRoot="\([0-9a-f]*\)";$/\1/p' site/data/root.js)
want=$(pdn-db explore -f json -K english s.db | jq -c 'select(.type == "move") | [.move, .games]' | jq -sc .)
got=$(sed -e 's/^exData("[0-9a-f]*",//' -e 's/);$//' "site/data/$root.js" | jq -c '[.moves[] | [.move, .games]]')
[ "$want" = "$got" ] || { echo "FAIL: --html root: $got, explore: $want" >&2; fail=1; }
first=$(pdn-db explore -f json -K english s.db | jq -r 'select(.type == "move") | .key' | head -1)
[ -s "site/data/$first.js" ] || { echo "FAIL: --html: no page for the first move" >&2; fail=1; }
ls site/data/g*.js > /dev/null 2>&1 || { echo "FAIL: --html: no game data" >&2; fail=1; }
# the static page in a headless browser, from the file, with no server:
# the moves of its start as explore gives them
b=$(find_browser)
if [ -n "$b" ]; then
    # the moves once the page has drawn them (its data come in by script
    # elements): the driver waits for the event, 600 s at most
    python3 "$top_srcdir/tests/cli/chromium.py" "$b" eval \
        "file://$tmp/site/index.html" shown "document.querySelector('td.mv')" \
        "Array.from(document.querySelectorAll('td.mv'), function (e) { return e.firstChild.nodeValue + '\\n'; }).join('')" ||
        { echo "FAIL: $b could not be driven" >&2; fail=1; }
    pdn-db explore -f json -K english s.db | jq -r 'select(.type == "move") | .move' > want
    cmp -s shown want || { echo "FAIL: --html in $b: moves shown: $(tr '\n' ' ' < shown)" >&2; fail=1; }
    # --enable-wasm: the analysis board from the file (db-board.py)
    set +e
    python3 "$top_srcdir/tests/cli/db-board.py" "$b" \
        "file://$tmp/site/index.html" "$tmp" --static
    st=$?
    set -e
    [ "$st" = 0 ] || [ "$st" = 77 ] || fail=1
fi

# ---- the shared corpus ----
shared=$(shared_dir)
if [ -n "$shared" ] && [ -f "$shared/corpus/english/oca__OCA_2.0.pdn" ]; then
    oca="$shared/corpus/english/oca__OCA_2.0.pdn"
    intl="$shared/corpus/international/bas080__wk2007_all.pdn"
    pdn-db create -q oca.db "$oca" 2> /dev/null || true
    pdn-db explore --index oca.db > /dev/null 2>&1 || true
    node oca.db "$oca" english ""
    node oca.db "$oca" english "11-15"
    node oca.db "$oca" english "9-13"
    node oca.db "$oca" english "11-15 23-19"
    node oca.db "$oca" english "11-15 23-19 8-11"
    node oca.db "$oca" english "11-15" -P Tinsley
    # filtered nodes the index holds: its game lists and the filters' sets
    node oca.db "$oca" english "" -P Tinsley
    node oca.db "$oca" english "" -Y 0-1
    node oca.db "$oca" english "" -y 1900..1950
    node oca.db "$oca" english "" -P 'Long|Tinsley' -Y 1/2-1/2 -y 1800..1960
    node oca.db "$oca" english "11-15 23-19" --event '[Cc]hampionship' -Y 1-0
    node oca.db "$oca" english "9-13" -T 'Site=.' -y 1930..1990
    # each move's games: pdn-stats's openings of one and two plies
    for p in 1 2; do
        pdn-stats -q -f json --opening-plies $p --top 0 "$oca" 2> /dev/null |
            jq -r 'select(.type == "total") | .openings.top[] | [.moves, .games] | @tsv' |
            sort > stats.tsv
        : > db.tsv
        if [ $p = 1 ]; then
            pdn-db explore -f json -K english oca.db |
                jq -r 'select(.type == "move") | [.move, .games] | @tsv' >> db.tsv
        else
            for m in $(pdn-db explore -f json -K english oca.db | jq -r 'select(.type == "move") | .move'); do
                pdn-db explore -f json -K english --moves "$m" oca.db |
                    jq -r --arg m "$m" 'select(.type == "move") | [$m + " " + .move, .games] | @tsv' >> db.tsv
            done
        fi
        sort db.tsv > db.sorted
        if ! cmp -s db.sorted stats.tsv; then
            echo "FAIL: OCA: the games of the moves of ply $p differ from pdn-stats's openings" >&2
            diff db.sorted stats.tsv | head -5 >&2
            fail=1
        fi
        checks=$((checks + $(wc -l < stats.tsv)))
    done
    if [ -f "$intl" ]; then
        pdn-db create -q intl.db "$intl" 2> /dev/null || true
        pdn-db explore --index intl.db > /dev/null 2>&1 || true
        node intl.db "$intl" international ""
        m=$(pdn-db explore -f json -K international intl.db | jq -r 'select(.type == "move") | .move' | head -1)
        node intl.db "$intl" international "$m"
    fi
else
    echo "note: ../shared absent: the corpus part is skipped"
fi

echo "$checks checks"
exit $fail
