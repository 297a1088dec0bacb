#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-legal's "did you mean" (tools/legal/suggest.c): one game per copying error,
# the note in text and the "suggest" member in JSON, none where no legal
# move is one error away or where the moves after it disagree; then, with
# ../shared and python3, how often a suggestion makes the rest of the game
# legal on the generated games (python/examples/suggest_rate.py).
. "$(dirname "$0")/setup.sh"

# case NAME GAMETYPE MOVES WANT: WANT is the suggestion, or - for none.
case_() {
    printf '[GameType "%s"]\n%s *\n' "$2" "$3" >"$tmp/$1.pdn"
    expect_status 1 pdn-legal "$tmp/$1.pdn" || return 0
    note=$(sed -n 's/.*: note: did you mean \(.*\)? (.*/\1/p' "$tmp/out")
    expect_status 1 pdn-legal -f json "$tmp/$1.pdn" || return 0
    js=$(sed -n 's/.*"suggest":"\{0,1\}\([^"}]*\)"\{0,1\}}$/\1/p' "$tmp/out")
    want=$4
    [ "$want" = - ] && want=
    wantjs=${want:-null}
    if [ "$note" != "$want" ] || [ "$js" != "$wantjs" ]; then
        echo "FAIL: $1: note '$note', JSON '$js'; want '$want'" >&2
        fail=1
    fi
}

case_ swapped 21 "1. 11-15 23-91 2. 8-11 22-17 3. 9-13 17-14" 23-19
case_ exchanged 21 "1. 15-11 23-19 2. 8-11 22-17" 11-15
case_ digit 20 "1. 32-28 18-23 2. 33-29 23x34 3. 37x28" 23x32
case_ corner 20 "1. 32-28 33-28 2. 33-29 23x32 3. 37x28" 18-23
case_ last-capture 21 "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x41" 21x14
case_ russian-short 25 "1. c3-d4 f6-g5 2. g3-f4 g5:e3 3. d2:f4" -
case_ compulsory 20 "1. 32-28 18-23 2. 33-29 12-17 3. 39-33" -
case_ contradicted 20 "1. 32-28 18-23 2. 33-29 23x34 3. 40x29" -

# a capture written short of its end, from a setup
printf '[GameType "20"]\n[FEN "W:W32:B27,17,5"]\n1. 32x21 5-10 *\n' >"$tmp/short.pdn"
expect_status 1 pdn-legal "$tmp/short.pdn" || true
grep -q "^$tmp/short.pdn:3:4: note: did you mean 32x12? (the capture written short of its end) (game 1)$" "$tmp/out" ||
    { echo "FAIL: short capture: no note" >&2; cat "$tmp/out" >&2; fail=1; }

# one change for the whole file: every game illegal under its GameType
# ("N3" numbering), all legal numbered from corner 1, said once; not when
# one game of the file is legal, nor for games of different types
game() { printf '[GameType "%s"]\n%s *\n\n' "$1" "$2"; }
{ game 21,W,8,8,N3,0 "1. 11-15 23-19 2. 8-11 22-17"
  game 21,W,8,8,N3,0 "1. 9-14 22-18"; } >"$tmp/corner.pdn"
{ cat "$tmp/corner.pdn"; game 21 "1. 9-14 22-18"; } >"$tmp/mixed.pdn"
{ game 21,W,8,8,N3,0 "1. 11-15 23-19"; game 21,W,8,8,N0,0 "1. 9-14 22-18"; } >"$tmp/types.pdn"
{ game 21,W,8,8,N3,0 "1. 11-15 23-19"; game 21,W,8,8,N3,0 "1. 21-17"; } >"$tmp/onelegal.pdn"
msg='warning: all 2 games with moves are illegal as read, and all legal with the squares numbered from another corner: GameType "21,W,8,8,N1,0" (-G sets it)'
expect_status 1 pdn-legal "$tmp/corner.pdn" || true
[ "$(grep -c 'games with moves' "$tmp/out")" = 1 ] && grep -qF "$tmp/corner.pdn: $msg" "$tmp/out" ||
    { echo "FAIL: file note: want once '$msg'" >&2; cat "$tmp/out" >&2; fail=1; }
expect_status 1 pdn-legal -f json "$tmp/corner.pdn" || true
grep -q '"game":null,"line":null,"col":null,"severity":"warning","code":"variant","message":"all 2 games' "$tmp/out" ||
    { echo "FAIL: file note in JSON" >&2; fail=1; }
for f in mixed types onelegal; do
    expect_status 1 pdn-legal "$tmp/$f.pdn" || true
    if grep -q 'games with moves' "$tmp/out"; then
        echo "FAIL: $f.pdn: a file note where no one change fits every game" >&2
        fail=1
    fi
done

# the suggestion rate on the generated games: tests/cli/python.sh (it
# needs the Python module, which that test builds)
exit $fail
