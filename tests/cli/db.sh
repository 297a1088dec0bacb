#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db: a database built from the samples and the golden inputs holds
# every game byte for byte; every search criterion gives what pdn-select
# gives on the same files (the games byte for byte, the count, the JSON
# records), also over two databases at once and after an incremental add;
# with ../shared, the same over a bounded slice of every corpus folder and
# the generated sets. A database that is corrupt, truncated, not SQLite,
# another application's or of a newer schema is refused with a clear error;
# a search opens it read-only. Skipped (77) when pdn-db was not built.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }

# compare DB "FILES" CRITERIA...: pdn-db search and pdn-select agree on the
# games (byte for byte), the count and the JSON records (the plies pdn-db
# adds left out).
compare() {
    db=$1 files=$2
    shift 2
    set +e
    pdn-db search "$@" $db > "$tmp/db.out" 2> "$tmp/db.err"
    a=$?
    # $files is split into words on purpose (no blanks in the names)
    pdn-select -q "$@" $files > "$tmp/sel.out" 2> /dev/null
    b=$?
    ka=$(pdn-db search -q -k "$@" $db 2>&1)
    kb=$(pdn-select -q -k "$@" $files 2>/dev/null)
    pdn-db search -q -f json "$@" $db 2>&1 | sed 's/,"plies":\[[0-9,]*\]}$/}/' > "$tmp/db.json"
    pdn-select -q -f json "$@" $files > "$tmp/sel.json" 2>/dev/null
    # the games pdn-select could not read whole are records with an error
    # (pdn-db keeps their text): both sides compared without them
    if command -v jq >/dev/null 2>&1; then
        jq -c 'select(.type == "game" and has("error")) | [.file, .game]' \
            "$tmp/sel.json" > "$tmp/unread.json"
        for j in db sel; do
            jq -c --slurpfile bad "$tmp/unread.json" \
                'select(.type == "game" and (has("error") | not)) |
                 select([.file, .game] as $k | $bad | index([$k]) | not)' \
                "$tmp/$j.json" > "$tmp/$j.games.json"
            mv "$tmp/$j.games.json" "$tmp/$j.json"
        done
    fi
    set -e
    # pdn-select's status also counts the problems of its inputs: only
    # "none selected" (1) is compared
    if [ "$a" -ge 2 ] || { [ "$a" = 1 ] && [ -s "$tmp/sel.out" ]; } ||
       ! cmp -s "$tmp/db.out" "$tmp/sel.out"; then
        echo "FAIL: search $* (exit $a, pdn-select $b): the games differ" >&2
        head -3 "$tmp/db.err" >&2
        fail=1
    fi
    if [ "$ka" != "$kb" ]; then
        echo "FAIL: search -k $*: '$ka', pdn-select '$kb'" >&2
        fail=1
    fi
    if ! cmp -s "$tmp/db.json" "$tmp/sel.json"; then
        echo "FAIL: search -f json $*: the records differ" >&2
        diff "$tmp/db.json" "$tmp/sel.json" | head -4 >&2
        fail=1
    fi
    count=$((count + 1))
}

# criteria DB "FILES" "FENS": every criterion, and the positions FENS
# (one per line) with and without -Q.
criteria() {
    compare "$1" "$2"
    compare "$1" "$2" -P 'a'
    compare "$1" "$2" -P '^[A-M]'
    compare "$1" "$2" -T 'Event=[0-9]'
    compare "$1" "$2" -T 'Site=.' -T 'Round=1'
    compare "$1" "$2" -T 'event~=CH'
    compare "$1" "$2" --event 'Ch|ch'
    compare "$1" "$2" -Y 1-0
    compare "$1" "$2" -Y 0-1
    compare "$1" "$2" -Y 1/2-1/2
    compare "$1" "$2" -Y '*'
    compare "$1" "$2" -y 1900..1999
    compare "$1" "$2" -y 2000..
    compare "$1" "$2" -K english
    compare "$1" "$2" -K international
    compare "$1" "$2" -K russian
    compare "$1" "$2" -l 0..20
    compare "$1" "$2" -l 41..
    compare "$1" "$2" -b with
    compare "$1" "$2" -b without
    compare "$1" "$2" -L legal
    compare "$1" "$2" -L illegal
    compare "$1" "$2" -M kings
    compare "$1" "$2" -M '1K v 1K'
    compare "$1" "$2" -M '2K v 1K' -Q
    compare "$1" "$2" -M '12M v 12M'
    compare "$1" "$2" -B '11-15'
    compare "$1" "$2" --opening-name 'Double Corner'
    compare "$1" "$2" --opening-name 34
    compare "$1" "$2" -Z -P 'a'
    compare "$1" "$2" -I 3
    compare "$1" "$2" -I 2 -L legal -K english
    compare "$1" "$2" -Y 1-0 -l 30..60 -M kings
    compare "$1" "$2" -H
    compare "$1" "$2" -H -L legal -P 'a'
    compare "$1" "$2" -H -Z -Y 1-0
    # in this shell (not a pipe's): a failure counts
    while read -r fen; do
        [ -n "$fen" ] || continue
        compare "$1" "$2" -X "$fen"
        compare "$1" "$2" -X "$fen" -Q
        compare "$1" "$2" -X "$fen" -P 'e'
    done <<EOF
$3
EOF
}

count=0
files="$top_srcdir/samples/*.pdn $(ls "$top_srcdir"/tests/data/select/*/input.pdn "$top_srcdir"/tests/data/legal/*/input.pdn 2>/dev/null | head -40 | tr '\n' ' ')"
tfiles=$files # compare sets files
expect_status 0 pdn-db create "$tmp/a.db" $top_srcdir/samples/*.pdn || true
set +e
pdn-db create "$tmp/t.db" $files > /dev/null 2>&1
st=$?
set -e
[ "$st" -le 1 ] || { echo "FAIL: pdn-db create exited $st" >&2; fail=1; }

# byte for byte: the stored texts of each file, in order, are the file,
# read back with the sqlite3 shell's sqlar_uncompress as pdn-db(1) says
for f in $files; do
    sqlite3 "$tmp/t.db" "SELECT hex(sqlar_uncompress(raw, size)) FROM games g JOIN files f ON f.id = g.file WHERE f.path = '$f' ORDER BY g.number" |
        tr -d '\n' > "$tmp/hex"
    od -An -v -tx1 "$f" | tr -d ' \n' | tr a-f A-F > "$tmp/want"
    cmp -s "$tmp/hex" "$tmp/want" || { echo "FAIL: $f: stored games differ from the file" >&2; fail=1; }
done

fens=$(pdn-replay -q -p 6 -f fen --with-filename $top_srcdir/samples/english.pdn $top_srcdir/samples/international.pdn $top_srcdir/samples/russian.pdn 2>/dev/null | cut -f5 | head -4
       echo 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
       echo 'W:W31-50:B1-20')
criteria "$tmp/t.db" "$files" "$fens"

# -f json -X: the plies of the position (the first of $fens is at ply 6
# of the first game of english.pdn)
fen1=$(echo "$fens" | head -1)
pdn-db search -f json -X "$fen1" "$tmp/t.db" | grep '"file":"[^"]*english.pdn","game":1,' |
    grep -q '"plies":\[\([0-9]*,\)*6[],]' ||
    { echo "FAIL: -f json -X: ply 6 not among the plies" >&2; fail=1; }

# the same games over many segments of the index (one per add), looked up
# across them all: the positions and material as in one segment
first=${files%% *}
pdn-db create -q "$tmp/seg.db" $first > /dev/null 2>&1 || true
for f in ${files#* }; do pdn-db add -q "$tmp/seg.db" "$f" > /dev/null 2>&1 || true; done
nseg=$(sqlite3 "$tmp/seg.db" 'SELECT count(DISTINCT seg) FROM postings WHERE kind = 0')
[ "$nseg" -gt 10 ] || { echo "FAIL: $nseg segments after the adds" >&2; fail=1; }
compare "$tmp/seg.db" "$files" -M kings
compare "$tmp/seg.db" "$files" -M '2K v 1K' -Q
compare "$tmp/seg.db" "$files" -Y 1-0 -l 30..60 -M kings
while read -r fen; do
    compare "$tmp/seg.db" "$files" -X "$fen" -Q
done <<EOF
$fens
EOF

# -B over games that start elsewhere (a FEN) or set a position up: the
# opening's position is not where they go, they are searched all the same
cat > "$tmp/fen.pdn" <<'EOF'
[Event "a"]
[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11"]

1. 11-15 23-19 *

[Event "b"]

1. 11-15 23-19 2. 8-11 *

[Event "c"]
[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]

1. 11-15 24-20 *
EOF
pdn-db create -q "$tmp/fen.db" "$tmp/fen.pdn"
compare "$tmp/fen.db" "$tmp/fen.pdn" -B '11-15'
compare "$tmp/fen.db" "$tmp/fen.pdn" -B '11-15 23-19'
[ "$(pdn-db search -k -B '11-15' "$tmp/fen.db")" = 3 ] ||
    { echo "FAIL: -B over games with a FEN" >&2; fail=1; }

# a game over the reader's 1 MiB is stored whole (the rest read again)
{
    printf '[Event "big"]\n[GameType "21"]\n1. 11-15 23-19\n'
    i=0
    while [ $i -lt 1200 ]; do
        printf '{%01000d}\n' 0
        i=$((i + 1))
    done
    printf '2. 9-14 *\n\n[Event "next"]\n[GameType "21"]\n1. 9-13 *\n'
} > "$tmp/long.pdn"
pdn-db create -q "$tmp/long.db" "$tmp/long.pdn" 2>/dev/null || true
pdn-db search "$tmp/long.db" > "$tmp/long.out" 2>/dev/null || true
cmp -s "$tmp/long.out" "$tmp/long.pdn" || { echo "FAIL: a game over 1 MiB is not stored whole" >&2; fail=1; }

# two databases in one search: the games of both, in order
half1="$top_srcdir/samples/[a-m]*.pdn" half2="$top_srcdir/samples/[n-z]*.pdn"
pdn-db create -q "$tmp/h1.db" $half1 2>/dev/null
pdn-db create -q "$tmp/h2.db" $half2 2>/dev/null || true
compare "$tmp/h1.db $tmp/h2.db" "$half1 $half2"
compare "$tmp/h1.db $tmp/h2.db" "$half1 $half2" -K russian
compare "$tmp/h1.db $tmp/h2.db" "$half1 $half2" -X 'W:W31-50:B1-20'

# README's recipe: shards built with GNU parallel (localhost), searched
# together as one archive
if command -v parallel >/dev/null 2>&1; then
    mkdir "$tmp/parts"
    cat $top_srcdir/samples/*.pdn > "$tmp/archive.pdn"
    pdn-select -q --shard-games 5 -i "$tmp/parts/%{shard}.pdn" "$tmp/archive.pdn" 2>/dev/null
    ls "$tmp"/parts/*.pdn | parallel -S : --transferfile {} --return {.}.db --cleanup \
        'pdn-db create -q {.}.db {}' > /dev/null 2>&1 || true
    pdn-db search "$tmp"/parts/*.db > "$tmp/parts.out" 2>/dev/null || true
    cmp -s "$tmp/parts.out" "$tmp/archive.pdn" ||
        { echo "FAIL: the shards' databases do not give the archive back" >&2; fail=1; }
    [ "$(pdn-db search -k -M kings "$tmp"/parts/*.db)" = "$(pdn-select -q -k -M kings "$tmp/archive.pdn" 2>/dev/null)" ] ||
        { echo "FAIL: the shards' databases: -M kings differs" >&2; fail=1; }
fi

# incremental: add the second half to the first: one database, the same
pdn-db add -q "$tmp/h1.db" $half2 2>/dev/null || true
compare "$tmp/h1.db" "$half1 $half2" -P 'a'
compare "$tmp/h1.db" "$half1 $half2" -M kings
n=$(sqlite3 "$tmp/h1.db" 'SELECT count(*) FROM files')
[ "$n" = "$(ls $half1 $half2 | wc -l)" ] || { echo "FAIL: add: $n files" >&2; fail=1; }

# -H, -x and -i as pdn-select's: the games dropped and the notes and
# records that name the games they repeat (in another file, another
# database), the games not selected, the files named by tags
cp "$top_srcdir/samples/english.pdn" "$tmp/dup1.pdn"
cat "$top_srcdir/samples/english.pdn" "$top_srcdir/samples/english.pdn" > "$tmp/dup2.pdn"
# the first six plies of the first game: a fragment (-J)
pdn-convert -q --ply-limit 6 --games 1 "$tmp/dup1.pdn" > "$tmp/frag.pdn"
dups="$tmp/dup1.pdn $tmp/frag.pdn $tmp/dup2.pdn $top_srcdir/samples/russian.pdn"
pdn-db create -q "$tmp/dup.db" $dups 2>/dev/null
pdn-db create -q "$tmp/dup1.db" "$tmp/dup1.pdn" "$tmp/frag.pdn" 2>/dev/null
pdn-db create -q "$tmp/dup2.db" "$tmp/dup2.pdn" "$top_srcdir/samples/russian.pdn" 2>/dev/null
for d in "$tmp/dup.db" "$tmp/dup1.db $tmp/dup2.db"; do
    for h in -H -J; do
        compare "$d" "$dups" $h
        compare "$d" "$dups" $h -P Tinsley
        # $d and $dups are split into words on purpose
        pdn-db search $h $d 2>&1 >/dev/null | sed 's/^pdn-db: //' > "$tmp/dn"
        pdn-select $h $dups 2>&1 >/dev/null | sed -n 's/^pdn-select: \(.*note.*\)/\1/p' > "$tmp/sn"
        [ -s "$tmp/sn" ] && cmp -s "$tmp/dn" "$tmp/sn" ||
            { echo "FAIL: search $h $d: the notes differ from pdn-select's" >&2; diff "$tmp/dn" "$tmp/sn" | head -4 >&2; fail=1; }
        pdn-db search $h -f json $d 2>&1 | grep '"duplicate"' > "$tmp/dn" || true
        pdn-select $h -f json $dups 2>&1 | grep '"duplicate"' > "$tmp/sn" || true
        [ -s "$tmp/sn" ] && cmp -s "$tmp/dn" "$tmp/sn" ||
            { echo "FAIL: search $h -f json $d: the duplicate records differ" >&2; diff "$tmp/dn" "$tmp/sn" | head -4 >&2; fail=1; }
    done
done
grep -q '"kind":"beginning"' "$tmp/sn" || { echo "FAIL: -J: no fragment in the test" >&2; fail=1; }
# xcompare DB "FILES" CRITERIA...: -x FILE and -i TEMPLATE give the files
# pdn-select gives
xcompare() {
    db=$1 files=$2
    shift 2
    rm -rf "$tmp/x" && mkdir -p "$tmp/x/db" "$tmp/x/sel"
    set +e
    pdn-db search -x "$tmp/x/db.bad" "$@" $db > "$tmp/x/db.out" 2>/dev/null
    pdn-select -q -x "$tmp/x/sel.bad" "$@" $files > "$tmp/x/sel.out" 2>/dev/null
    pdn-db search -i "$tmp/x/db/%{White}-%{Event}.pdn" "$@" $db 2>/dev/null
    pdn-select -q -i "$tmp/x/sel/%{White}-%{Event}.pdn" "$@" $files 2>/dev/null
    set -e
    if ! cmp -s "$tmp/x/db.out" "$tmp/x/sel.out" || ! cmp -s "$tmp/x/db.bad" "$tmp/x/sel.bad"; then
        echo "FAIL: search -x $*: the games or the -x file differ from pdn-select's" >&2
        fail=1
    fi
    if [ -z "$(ls "$tmp/x/sel")" ] || ! diff -r "$tmp/x/db" "$tmp/x/sel" >/dev/null; then
        echo "FAIL: search -i $*: the files differ from pdn-select's" >&2
        diff -r "$tmp/x/db" "$tmp/x/sel" 2>&1 | head -4 >&2
        fail=1
    fi
    count=$((count + 1))
}
xcompare "$tmp/t.db" "$tfiles" -P 'a'
xcompare "$tmp/t.db" "$tfiles" -Z -Y 1-0
xcompare "$tmp/t.db" "$tfiles" -L legal -K english
xcompare "$tmp/t.db" "$tfiles" -X 'W:W31-50:B1-20'
# a position few games reach: the index's candidates must not hide the
# others from -x
xcompare "$tmp/t.db" "$tfiles" -X "$(echo "$fens" | head -1)"
xcompare "$tmp/dup.db" "$dups" -H
xcompare "$tmp/dup1.db $tmp/dup2.db" "$dups" -H -P Tinsley
xcompare "$tmp/dup1.db $tmp/dup2.db" "$dups" -J

# --pattern against an oracle over every position pdn-replay -a gives
# (numeric boards whose half turn maps square n to N+1-n)
cat > "$tmp/oracle.awk" <<'EOA'
# pattern oracle: lines "[file\t]game\tply\tmove\tFEN"; pat W..:B..:E..;
# nsq: squares on the board (rotation n -> nsq+1-n); rev: also reversed.
function parse_pat(p, want,   g, n, i, k, items, side, sq, m, j) {
    n = split(p, g, ":")
    for (i = 1; i <= n; i++) {
        side = substr(g[i], 1, 1)
        m = split(substr(g[i], 2), items, ",")
        for (k = 1; k <= m; k++) {
            sq = items[k]; kind = side == "W" ? "w" : side == "B" ? "b" : "e"
            if (substr(sq, 1, 1) == "K") { sq = substr(sq, 2); kind = toupper(kind) }
            want[sq + 0] = kind
        }
    }
}
BEGIN { FS = "\t"; parse_pat(pat, want)
    for (s in want) { k = want[s]; r = k
        if (k == "w") r = "b"; else if (k == "b") r = "w"; else if (k == "W") r = "B"; else if (k == "B") r = "W"
        wantr[nsq + 1 - s] = r }
}
{
    id = $1; for (i = 2; i <= NF - 3; i++) id = id FS $i
    split($NF, parts, ":"); delete board
    for (p = 2; p <= 3; p++) {
        side = substr(parts[p], 1, 1) == "W" ? "w" : "b"
        m = split(substr(parts[p], 2), items, ",")
        for (k = 1; k <= m; k++) { sq = items[k]; kind = side
            if (substr(sq, 1, 1) == "K") { sq = substr(sq, 2); kind = toupper(side) }
            if (sq != "") board[sq + 0] = kind }
    }
    ok = 1; for (s in want) { b = (s in board) ? board[s] : "e"; if (b != want[s]) { ok = 0; break } }
    if (!ok && rev) { ok = 1; for (s in wantr) { b = (s in board) ? board[s] : "e"; if (b != wantr[s]) { ok = 0; break } } }
    if (ok) hit[id] = 1
}
END { n = 0; for (i in hit) n++; print n }
EOA
pattern_check() { # DB FILES NSQ PATTERN...
    pdb=$1 pfiles=$2 nsq=$3
    shift 3
    pdn-replay -q -a -f fen --with-filename $pfiles > "$tmp/fens" 2>/dev/null || true
    for p in "$@"; do
        for rev in 0 1; do
            q=; [ $rev = 1 ] && q=-Q
            want=$(awk -v pat="$p" -v nsq="$nsq" -v rev=$rev -f "$tmp/oracle.awk" "$tmp/fens")
            got=$(pdn-db search -k $q --pattern "$p" $pdb 2>&1 || true)
            [ "$got" = "$want" ] || { echo "FAIL: --pattern '$p' $q: $got games, the positions say $want" >&2; fail=1; }
            count=$((count + 1))
        done
    done
}
eng="$top_srcdir/samples/english.pdn"
intl="$top_srcdir/samples/international.pdn"
shared=$(shared_dir)
if [ -n "$shared" ]; then
    eng="$eng $shared/generated/english.pdn"
    intl="$intl $shared/generated/international.pdn"
fi
pdn-db create -q "$tmp/eng.db" $eng 2>/dev/null || true
pdn-db create -q "$tmp/intl.db" $intl 2>/dev/null || true
pattern_check "$tmp/eng.db" "$eng" 32 'W21,22:E17,18:B14' 'WK5' 'BK14:W22' 'W28:B19:E23' 'W10:B20:E15' 'B1,2,3:E9'
pattern_check "$tmp/intl.db" "$intl" 50 'W27:B22' 'B26:W31:E21' 'W28:B23:E32' 'E1,2,3,4,5' 'WK3'
# (without ../shared the two sample games may not hold it: nothing to see)
if [ "$(pdn-db search -k --pattern 'W28:B19:E23' "$tmp/eng.db" 2>/dev/null || true)" != 0 ]; then
    pdn-db search -f json --pattern 'W28:B19:E23' "$tmp/eng.db" | head -1 | grep -q '"plies":\[[0-9]' ||
        { echo "FAIL: --pattern -f json: no plies" >&2; fail=1; }
fi
expect_status 2 pdn-db search --pattern 'Q12' "$tmp/eng.db" || true
# a range is its squares
[ "$(pdn-db search -k --pattern 'E1-5' "$tmp/intl.db")" = "$(pdn-db search -k --pattern 'E1,2,3,4,5' "$tmp/intl.db")" ] ||
    { echo "FAIL: --pattern E1-5 is not E1,2,3,4,5" >&2; fail=1; }

# --manoeuvre against an oracle over the same positions: each move's
# squares, side, kind, captures and promotion read from the FENs before
# and after it
cat > "$tmp/moracle.awk" <<'EOA'
# manoeuvre oracle over "[file\t]game\tply\tmove\tFEN" lines: side, kind
# (M, K or -), from and to (comma lists or *), cap (at least), prom (0/1),
# lo, hi (0: no end)
function pieces(fen, board,   parts, p, side, m, items, k, sq, kind) {
    split(fen, parts, ":"); delete board
    for (p = 2; p <= 3; p++) {
        side = substr(parts[p], 1, 1) == "W" ? "w" : "b"
        m = split(substr(parts[p], 2), items, ",")
        for (k = 1; k <= m; k++) { sq = items[k]; kind = side
            if (substr(sq, 1, 1) == "K") { sq = substr(sq, 2); kind = toupper(side) }
            if (sq != "") board[sq + 0] = kind }
    }
    return substr(parts[1], 1, 1)
}
function inset(list, sq,   n, a, i) {
    if (list == "*") return 1
    n = split(list, a, ","); for (i = 1; i <= n; i++) if (a[i] + 0 == sq) return 1
    return 0
}
function count(board, c,   s, n) { n = 0; for (s in board) if (tolower(board[s]) == c) n++; return n }
BEGIN { FS = "\t" }
{
    id = $1; for (i = 2; i <= NF - 3; i++) id = id FS $i
    ply = $(NF - 2) + 0
    if (ply == 0 || id != lastid) { lastid = id; lastfen = $NF; next }
    turn = pieces(lastfen, before); pieces($NF, after)
    n = split($(NF - 1), sq, /[-x:]/); from = sq[1] + 0; to = sq[n] + 0
    mover = turn == "W" ? "w" : "b"; opp = mover == "w" ? "b" : "w"
    kind = before[from] == toupper(mover) ? "K" : "M"
    caps = count(before, opp) - count(after, opp)
    promo = kind == "M" && after[to] == toupper(mover)
    ok = toupper(mover) == side && (kindw == "-" || kind == kindw) &&
         inset(fromw, from) && inset(tow, to) && caps >= cap &&
         (!prom || promo) && ply >= lo && (hi == 0 || ply <= hi)
    if (ok) hit[id] = 1
    lastfen = $NF
}
END { n = 0; for (i in hit) n++; print n }
EOA
manoeuvre_check() { # DB FILES SPEC SIDE KIND FROM TO CAP PROM LO HI
    pdn-replay -q -a -f fen --with-filename $2 > "$tmp/mfens" 2>/dev/null || true
    want=$(awk -v side="$4" -v kindw="$5" -v fromw="$6" -v tow="$7" -v cap="$8" \
               -v prom="$9" -v lo="${10}" -v hi="${11}" -f "$tmp/moracle.awk" "$tmp/mfens")
    got=$(pdn-db search -k --manoeuvre "$3" $1 2>&1 || true)
    [ "$got" = "$want" ] || { echo "FAIL: --manoeuvre '$3': $got games, the moves say $want" >&2; fail=1; }
    count=$((count + 1))
}
manoeuvre_check "$tmp/eng.db" "$eng" 'W>=K' W - '*' '*' 0 1 0 0
manoeuvre_check "$tmp/eng.db" "$eng" 'WK>x2' W K '*' '*' 2 0 0 0
manoeuvre_check "$tmp/eng.db" "$eng" 'W22>17,18@1..2' W - 22 17,18 0 0 1 2
manoeuvre_check "$tmp/eng.db" "$eng" 'BM9>13,14' B M 9 13,14 0 0 0 0
manoeuvre_check "$tmp/eng.db" "$eng" 'B>x3@20..' B - '*' '*' 3 0 20 0
manoeuvre_check "$tmp/eng.db" "$eng" 'BK*>1-4' B K '*' 1,2,3,4 0 0 0 0
manoeuvre_check "$tmp/intl.db" "$intl" 'W>=K@..80' W - '*' '*' 0 1 0 80
manoeuvre_check "$tmp/intl.db" "$intl" 'BM19>23,24' B M 19 23,24 0 0 0 0
manoeuvre_check "$tmp/intl.db" "$intl" 'WK>x2' W K '*' '*' 2 0 0 0
manoeuvre_check "$tmp/intl.db" "$intl" 'W32,33>28@1..9' W - 32,33 28 0 0 1 9
expect_status 2 pdn-db search --manoeuvre 'W28' "$tmp/eng.db" || true
if [ "$(pdn-db search -k --manoeuvre 'W>=K' "$tmp/eng.db" 2>/dev/null || true)" != 0 ]; then
    pdn-db search -f json --manoeuvre 'W>=K' "$tmp/eng.db" | head -1 | grep -q '"plies":\[[0-9]' ||
        { echo "FAIL: --manoeuvre -f json: no plies" >&2; fail=1; }
fi

# malformed patterns and manoeuvres: a usage error (2), never a crash
long=$(head -c 20000 /dev/zero | tr '\0' '1')
for p in '' ':' 'W' 'W:' 'E' 'X1' 'W1-' 'W99999' 'WK1,,2' "W$long" 'W1:W2' 'B1:E'; do
    expect_status 2 pdn-db search -k --pattern "$p" "$tmp/eng.db" || true
done
# -Q alone reverses nothing: refused, as pdn-select refuses it
expect_status 2 pdn-db search -k -Q "$tmp/eng.db" || true
expect_status 2 pdn-db search -k -Q --manoeuvre 'W>' "$tmp/eng.db" || true
for m in '' '>' 'Q1>2' 'W1>2x' 'W1>2x999' 'W1>2=Q' 'W1>2@5..3' 'W>@0' 'W>@..0' 'W>@00' 'W1>2@a' 'W1>2junk' "W$long>1"; do
    expect_status 2 pdn-db search -k --manoeuvre "$m" "$tmp/eng.db" || true
done

# explore: the games of the moves and those that end there add up to the
# games that reach the position, which are pdn-select -X's; each move's
# games are pdn-select -B's (no transposition within two plies)
if command -v jq >/dev/null 2>&1; then
    pdn-db explore --index "$tmp/eng.db" || { echo "FAIL: explore --index" >&2; fail=1; }
    # the start, then the most played move and the most played reply (the
    # games at hand decide: with ../shared or the samples alone)
    line=
    for depth in 0 1 2; do
        pdn-db explore -f json --moves "$line" "$tmp/eng.db" > "$tmp/ex.json" || true
        fen=$(jq -r 'select(.type == "position") | .fen' "$tmp/ex.json")
        total=$(jq -r 'select(.type == "position") | .games' "$tmp/ex.json")
        sum=$(jq -s '.[0].ended as $e | [.[] | select(.type == "move") | .games] | add + 0 + $e' "$tmp/ex.json")
        want=$(pdn-select -q -k -X "$fen" $eng 2>/dev/null || true)
        [ "$total" = "$want" ] && [ "$sum" = "$total" ] && [ "$total" -gt 0 ] ||
            { echo "FAIL: explore '$line': $total games ($sum by move), pdn-select -X $want" >&2; fail=1; }
        jq -r 'select(.type == "move") | "\(.move) \(.games)"' "$tmp/ex.json" > "$tmp/moves"
        while read -r mv n; do
            want=$(pdn-select -q -k -B "$line $mv" $eng 2>/dev/null || true)
            [ "$n" = "$want" ] || { echo "FAIL: explore '$line' $mv: $n games, pdn-select -B $want" >&2; fail=1; }
            count=$((count + 1))
        done < "$tmp/moves"
        next=$(jq -r 'select(.type == "move") | .move' "$tmp/ex.json" | head -n 1)
        [ -n "$next" ] || break
        line=${line:+$line }$next
    done
    expect_status 2 pdn-db explore --moves '11-16 11-15' "$tmp/eng.db" || true
fi

# read-only: a database no one may write still answers
cp "$tmp/a.db" "$tmp/ro.db"
chmod a-w "$tmp/ro.db"
expect_status 0 pdn-db search -k "$tmp/ro.db" || true
[ "$(cat "$tmp/out")" = "$(ls $top_srcdir/samples/*.pdn | wc -l | tr -d ' ')" ] ||
    [ "$(cat "$tmp/out")" -gt 0 ] || { echo "FAIL: read-only search" >&2; fail=1; }
chmod u+w "$tmp/ro.db"

# an add that is killed leaves the database as it was (or, when it was
# quicker than the kill, with every game): one transaction
gen=$top_builddir/bench/gengames
if [ -x "$gen" ]; then
    cp "$tmp/a.db" "$tmp/k.db"
    before=$(sqlite3 "$tmp/k.db" 'SELECT count(*) FROM games')
    "$gen" -g english -n 20000 > "$tmp/big.pdn"
    pdn-db add -q "$tmp/k.db" "$tmp/big.pdn" 2>/dev/null &
    pid=$!
    # killed once its transaction writes (the rollback journal is there),
    # waited for up to 120 s, or once it has ended
    n=0
    while [ ! -e "$tmp/k.db-journal" ] && kill -0 $pid 2>/dev/null && [ $n -lt 1200 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    kill -9 $pid 2>/dev/null || true
    wait $pid 2>/dev/null || true
    after=$(pdn-db search -k "$tmp/k.db" 2>&1 || true)
    { [ "$after" = "$before" ] || [ "$after" = $((before + 20000)) ]; } &&
        [ "$(sqlite3 "$tmp/k.db" 'PRAGMA integrity_check')" = ok ] ||
        { echo "FAIL: a killed add: $after games (before: $before)" >&2; fail=1; }
fi

# refused, with a clear error and status 2
printf '[Event "x"]\n1. 11-15 *\n' > "$tmp/plain.db"
expect_status 2 pdn-db search "$tmp/plain.db" &&
    { grep -q 'not an SQLite file' "$tmp/err" || { echo "FAIL: non-SQLite: $(cat "$tmp/err")" >&2; fail=1; }; }
: > "$tmp/empty.db"
expect_status 2 pdn-db search "$tmp/empty.db" &&
    { grep -q 'empty' "$tmp/err" || { echo "FAIL: empty file: $(cat "$tmp/err")" >&2; fail=1; }; }
sqlite3 "$tmp/other.db" 'CREATE TABLE t(x); INSERT INTO t VALUES(1);'
expect_status 2 pdn-db search "$tmp/other.db" &&
    { grep -q 'another application' "$tmp/err" || { echo "FAIL: foreign: $(cat "$tmp/err")" >&2; fail=1; }; }
cp "$tmp/t.db" "$tmp/new.db"
sqlite3 "$tmp/new.db" 'PRAGMA user_version = 99'
expect_status 2 pdn-db search "$tmp/new.db" &&
    { grep -q 'schema version 99 is newer' "$tmp/err" || { echo "FAIL: newer: $(cat "$tmp/err")" >&2; fail=1; }; }
expect_status 2 pdn-db add "$tmp/new.db" "$top_srcdir/samples/english.pdn" || true
# a database of the first schema (one row per position): made again
cp "$tmp/t.db" "$tmp/old.db"
sqlite3 "$tmp/old.db" 'PRAGMA user_version = 1'
expect_status 2 pdn-db search "$tmp/old.db" &&
    { grep -q 'schema version 1 is older.*pdn-db create' "$tmp/err" || { echo "FAIL: older: $(cat "$tmp/err")" >&2; fail=1; }; }
# the text is compressed: the games of the samples take less room than
# their text, and uncompressed it is the game pdn-db search writes
n=$(sqlite3 "$tmp/a.db" 'SELECT sum(length(raw)) < sum(size) FROM games')
[ "$n" = 1 ] || { echo "FAIL: game text not compressed" >&2; fail=1; }
got=$(sqlite3 "$tmp/a.db" "SELECT sqlar_uncompress(raw, size) FROM games WHERE id = 3")
# one sqlite3 at a time: the two sides of a pipe run at once, and a
# second shell opening a WAL database while the first rebuilds its index
# gets "database is locked" (the shell does not wait)
end=$(sqlite3 "$tmp/a.db" 'SELECT offset + size FROM games WHERE id = 3')
path=$(sqlite3 "$tmp/a.db" 'SELECT path FROM files f JOIN games g ON g.file = f.id WHERE g.id = 3')
size=$(sqlite3 "$tmp/a.db" 'SELECT size FROM games WHERE id = 3')
want=$(head -c "$end" "$path" | tail -c "$size")
[ -n "$got" ] && [ "$got" = "$want" ] || { echo "FAIL: sqlar_uncompress in the sqlite3 shell: '$got'" >&2; fail=1; }
size=$(wc -c < "$tmp/t.db")
head -c $((size / 2)) "$tmp/t.db" > "$tmp/cut.db"
expect_status 2 pdn-db search "$tmp/cut.db" &&
    { grep -q 'truncated' "$tmp/err" || { echo "FAIL: truncated: $(cat "$tmp/err")" >&2; fail=1; }; }
cp "$tmp/t.db" "$tmp/bad.db"
# every page after the first three overwritten
yes 'not a page of a database' | head -c $((size - 3 * 4096)) |
    dd of="$tmp/bad.db" bs=4096 seek=3 conv=notrunc 2>/dev/null
expect_status 2 pdn-db search -k "$tmp/bad.db" &&
    { grep -q 'corrupt\|malformed\|not a database' "$tmp/err" || { echo "FAIL: corrupt: $(cat "$tmp/err")" >&2; fail=1; }; }
expect_status 2 pdn-db create "$tmp/t.db" "$top_srcdir/samples/english.pdn" || true
expect_status 2 pdn-db add "$top_srcdir/samples/english.pdn" "$top_srcdir/samples/english.pdn" || true

# the shared corpus: a bounded slice of each folder, the generated sets
shared=$(shared_dir)
if [ -n "$shared" ]; then
    for d in "$shared"/corpus/*/ "$shared/generated/"; do
        sl=$(find "$d" -maxdepth 1 -name '*.pdn' -size -300k | sort | awk 'NR % 7 == 1' | head -3 | tr '\n' ' ')
        [ -n "$sl" ] || continue
        rm -f "$tmp/s.db"
        pdn-db create -q "$tmp/s.db" $sl > /dev/null 2>&1 || true
        fen=$(pdn-replay -q -p 10 -f fen --with-filename $sl 2>/dev/null | cut -f5 | awk 'NR % 9 == 1' | head -2)
        compare "$tmp/s.db" "$sl"
        compare "$tmp/s.db" "$sl" -Y 1-0 -b without
        compare "$tmp/s.db" "$sl" -L illegal
        compare "$tmp/s.db" "$sl" -M kings -Q
        compare "$tmp/s.db" "$sl" -y 1990..
        echo "$fen" | while read -r f; do
            if [ -n "$f" ]; then compare "$tmp/s.db" "$sl" -X "$f" -Q; fi
        done
    done
fi
echo "compared $count searches"

# create -f json: a move that stops the replay has its ply, move, position
# and legal moves in the record, as pdn-legal gives them
if command -v jq >/dev/null 2>&1; then
    for d in basic json russian setups; do
        f=$top_srcdir/tests/data/legal/$d/input.pdn
        rm -f "$tmp/f.db"
        pdn-db create -f json "$tmp/f.db" "$f" 2>/dev/null |
            jq -c 'select(.code == "illegal") | [.game, .ply, .move, .fen, .legal]' >"$tmp/fdb" || true
        pdn-legal -f json "$f" 2>/dev/null |
            jq -c 'select(.code == "illegal") | [.game, .ply, .move, .fen, .legal]' >"$tmp/flegal" || true
        if ! [ -s "$tmp/fdb" ] || grep -q null "$tmp/fdb" || ! cmp -s "$tmp/fdb" "$tmp/flegal"; then
            echo "FAIL: create -f json findings of $d: $(head -c 300 "$tmp/fdb") against $(head -c 300 "$tmp/flegal")" >&2
            fail=1
        fi
    done
fi
exit $fail
