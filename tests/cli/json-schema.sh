#!/bin/sh
# SPDX-License-Identifier: MIT
# Every JSON record of every tool keeps the schema of man/pdn-json.5, as
# tests/cli/pdn-json.jq checks it: over the samples, the golden inputs
# (broken games, draws, strict findings, unreadable games) and, when the
# shared folder is there, a slice of the corpus. Standard error stays empty
# under -f json: findings are records too.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v jq >/dev/null 2>&1 || { echo "SKIP: jq not installed"; exit 77; }
schema=$top_srcdir/tests/cli/pdn-json.jq

# The check can fail: records of the old forms and broken ones are caught
# (an unknown member, a suggestion on a finding that is not an illegal move).
cat > "$tmp/bad" <<'EOB'
{"file":"a.pdn","line":3,"col":1,"game":1,"severity":"error","code":"illegal","message":"m"}
{"type":"finding","file":"a.pdn","game":1,"line":3,"col":1,"severity":"error","code":"illegal","message":"m"}
{"type":"game","file":"a.pdn","game":1,"tags":[["Event","e"]],"moves":[],"result":null}
{"type":"game","file":"a.pdn","game":1,"tags":{},"moves":[{"ply":1,"move":"32-28","from":"32"}],"result":null}
{"type":"position","file":"a.pdn","game":1,"ply":0
{"type":"finding","file":"a.pdn","game":1,"line":3,"col":1,"severity":"error","code":"illegal","message":"m","ply":1,"move":"9-14","fen":null,"legal":null,"colour":"W"}
{"type":"finding","file":"a.pdn","game":1,"line":3,"col":1,"severity":"warning","code":"numbering","message":"m","ply":1,"move":"9-14","fen":null,"legal":null,"suggest":"9-13"}
{"type":"position","file":"a.pdn","game":1,"ply":3,"move":"9-14","fen":"W:W1:B2","repetitions":1,"quiet":0,"since_capture":0,"over":"finished","claim":null}
{"type":"position","file":"a.pdn","game":1,"ply":3,"move":"9-14","fen":"W:W1:B2","repetitions":1,"quiet":0,"since_capture":0,"over":null,"claim":"no-move"}
{"type":"finding","file":"a.pdn","game":1,"line":3,"col":1,"severity":"note","code":"fix","message":"m","ply":null,"move":null,"fen":null,"legal":null,"repair":"terminator","to":"1-0"}
{"type":"finding","file":"a.pdn","game":1,"line":3,"col":1,"severity":"note","code":"tag","message":"m","ply":null,"move":null,"fen":null,"legal":null}
{"type":"game","file":"a.pdn","game":1,"line":0,"offset":0,"tags":{}}
{"type":"game","file":"a.pdn","game":1,"line":1,"offset":0,"tags":{"Event":1}}
{"type":"duplicate","file":"a.pdn","game":2,"line":9,"col":1,"kind":"same","of":"a.pdn:1"}
{"type":"stats","file":"a.pdn","games":1,"unreadable":0,"variants":{},"results":{},"dates":{},"events":{},"games_without_event":0,"players":{},"plies":{},"openings":{},"named_openings":{},"tables":[]}
{"type":"total","file":null,"game":null,"games":1,"unreadable":0,"variants":{"x":"1"},"results":{},"dates":{},"events":{},"games_without_event":0,"players":{},"plies":{},"openings":{},"named_openings":{},"tables":[]}
{"type":"summary","file":null,"game":null,"files":1,"games":1,"selected":-1,"plies":0,"errors":0,"warnings":0,"seconds":0}
{"type":"game","file":"a.pdn","game":1,"line":1,"offset":0,"tags":{},"plies":[0,"1"]}
{"type":"position","file":"a.db","game":null,"fen":"W:W1:B2","key":"0","top":[],"games":2,"wins":1,"draws":0,"losses":0,"unknown":0,"continued":2,"ended":0}
EOB
n=$(jq -R -r -f "$schema" < "$tmp/bad" | wc -l)
[ "$n" = 19 ] || { echo "FAIL: the schema check flags $n of 19 bad records" >&2; fail=1; }

inputs="$top_srcdir/samples/*.pdn $top_srcdir/tests/data/*/*/input.pdn"
# control bytes in a tag, a comment and a move's text: escaped, never raw
printf '[Event "a\001b\tc\033d\177e"]\n[White "x\002"]\n[GameType "21"]\n\n1. 11-15 {x\002y\tz\nw} 23-19 {\037} *\n' > "$tmp/control.pdn"
inputs="$inputs $tmp/control.pdn"
shared=$(shared_dir)
if [ -n "$shared" ]; then
    # a slice of real files: every 20th of the corpus
    inputs="$inputs $(find "$shared/corpus" -name '*.pdn' | sort | awk 'NR % 20 == 1')"
fi
nrec=0
while read -r cmd; do
    set +e
    # $cmd and $inputs are split into words on purpose (no blanks in names)
    $cmd --summary json $inputs > "$tmp/out" 2> "$tmp/err"
    st=$?
    set -e
    if [ "$st" -ge 2 ]; then
        echo "FAIL: '$cmd' exited $st" >&2
        fail=1
    fi
    if [ -s "$tmp/err" ]; then
        echo "FAIL: '$cmd -f json': text on standard error:" >&2
        head -3 "$tmp/err" >&2
        fail=1
    fi
    jq -R -r -f "$schema" < "$tmp/out" > "$tmp/bad"
    if [ -s "$tmp/bad" ]; then
        echo "FAIL: '$cmd': $(wc -l < "$tmp/bad") records break the schema:" >&2
        head -5 "$tmp/bad" >&2
        fail=1
    fi
    # one summary, the last record
    if [ "$(tail -n 1 "$tmp/out" | jq -r .type)" != summary ] ||
       [ "$(grep -c '"type":"summary"' "$tmp/out")" != 1 ]; then
        echo "FAIL: '$cmd --summary json': the summary is not the one last record" >&2
        fail=1
    fi
    nrec=$((nrec + $(wc -l < "$tmp/out")))
done <<'EOF_CMDS'
pdn-validate -f json
pdn-validate -S -f json -E
pdn-legal -v -f json
pdn-legal -f json -j 2
pdn-replay -f json
pdn-replay -a -f json
pdn-legal -f json --openings
pdn-replay -f json --openings
pdn-convert -f json
pdn-convert -f json -m alg -c full
pdn-fix -e -f json
pdn-select -f json
pdn-select -f json -H -j 2
pdn-stats -f json
EOF_CMDS
# pdn-db: create and add (findings and the summary as records, nothing on
# standard error), search (-X, --pattern and --manoeuvre give plies) and
# explore (positions and moves)
if command -v pdn-db >/dev/null 2>&1; then
    dbin="$top_srcdir/samples/*.pdn $top_srcdir/tests/data/legal/*/input.pdn $tmp/control.pdn"
    rm -f "$tmp/j.db"
    while read -r cmd; do
        set +e
        # $cmd and $dbin are split into words on purpose
        $cmd > "$tmp/out" 2> "$tmp/err"
        st=$?
        set -e
        [ "$st" -lt 2 ] || { echo "FAIL: '$cmd' exited $st" >&2; fail=1; }
        if [ -s "$tmp/err" ]; then
            echo "FAIL: '$cmd': text on standard error:" >&2
            head -3 "$tmp/err" >&2
            fail=1
        fi
        [ -s "$tmp/out" ] || { echo "FAIL: '$cmd': no records" >&2; fail=1; }
        jq -R -r -f "$schema" < "$tmp/out" > "$tmp/bad"
        if [ -s "$tmp/bad" ]; then
            echo "FAIL: '$cmd': $(wc -l < "$tmp/bad") records break the schema:" >&2
            head -5 "$tmp/bad" >&2
            fail=1
        fi
        case $cmd in *"--summary json"*)
            [ "$(tail -n 1 "$tmp/out" | jq -r .type)" = summary ] ||
                { echo "FAIL: '$cmd': the summary is not the last record" >&2; fail=1; } ;;
        esac
        case $cmd in *" -X "*|*--pattern*|*--manoeuvre*)
            [ "$(jq -r 'select(.plies | type != "array") | .game' < "$tmp/out")" = "" ] ||
                { echo "FAIL: '$cmd': a record without plies" >&2; fail=1; } ;;
        esac
        nrec=$((nrec + $(wc -l < "$tmp/out")))
    done <<EOF_DB
pdn-db create -f json --summary json $tmp/j.db $dbin
pdn-db add -f json --summary json -j 2 $tmp/j.db $top_srcdir/samples/english.pdn
pdn-db search -f json $tmp/j.db
pdn-db search -f json -X W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 $tmp/j.db
pdn-db search -f json --pattern W28:E24 -Q $tmp/j.db
pdn-db search -f json --manoeuvre W>x1 $tmp/j.db
pdn-db search -f json -J $tmp/j.db
pdn-db explore --index -f json $tmp/j.db
pdn-db explore -f json --moves 11-15 -K english $tmp/j.db
EOF_DB
fi
# The same finding from two tools has the same members: an illegal move
# from pdn-replay carries ply, move, fen and legal as pdn-legal's does.
in=$top_srcdir/tests/data/legal/json/input.pdn
pdn-legal -f json "$in" 2>/dev/null | jq -c 'select(.code == "illegal") | {game,line,col,ply,move,fen,legal}' | head -1 > "$tmp/l" || true
pdn-replay -f json "$in" 2>/dev/null | jq -c 'select(.code == "illegal") | {game,line,col,ply,move,fen,legal}' | head -1 > "$tmp/r" || true
if [ ! -s "$tmp/l" ] || ! cmp -s "$tmp/l" "$tmp/r"; then
    echo "FAIL: pdn-legal and pdn-replay describe an illegal move differently:" >&2
    cat "$tmp/l" "$tmp/r" >&2
    fail=1
fi
# Tags as an object: .tags.White works.
w=$(pdn-convert -f json "$top_srcdir/samples/english.pdn" 2>/dev/null | jq -r 'select(.type == "game") | .tags.White' | head -1)
[ -n "$w" ] && [ "$w" != null ] || { echo "FAIL: .tags.White is '$w'" >&2; fail=1; }
echo "json-schema: $nrec records checked"
exit $fail
