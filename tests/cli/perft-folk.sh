#!/bin/sh
# SPDX-License-Identifier: MIT
# The folk variants through the tools: perft tables (the unit tests check
# the first depths against an independent counter), diagonal checkers as
# Russian rules from its start position, each initial FEN printed by
# pdn-replay -g, the GameType seventh field kept by pdn-convert, and each
# folk sample legal under its own rules but not under Russian rules (so
# that it plays the rule that makes the variant).
. "${top_srcdir:-.}/tests/cli/setup.sh"

# perft_is GAMETYPE FEN DEPTH COUNTS...: pdn-perft prints exactly COUNTS
# for depths 1..DEPTH (FEN "-" for the initial position).
perft_is() {
    g=$1 f=$2 d=$3
    shift 3
    echo "$@" | tr ' ' '\n' | awk '{ print NR "\t" $0 }' > "$tmp/want"
    if [ "$f" = - ]; then
        set -- pdn-perft -g "$g" -d "$d"
    else
        set -- pdn-perft -g "$g" -F "$f" -d "$d"
    fi
    expect_status 0 "$@" || return 0
    cmp -s "$tmp/out" "$tmp/want" ||
        { echo "FAIL: $* differs:" >&2; diff "$tmp/want" "$tmp/out" >&2; fail=1; }
}

kings='W:WKa1,c3,e3,g3,Kh2:Bb6,Kd6,f6,Kg7,h8'
diag='W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:Ba3,b4,a5,c5,b6,d6,a7,c7,e7,b8,d8,f8'
perft_is diagonal - 9 6 6 14 40 83 266 859 3187 13343
perft_is russian "$diag" 9 6 6 14 40 83 266 859 3187 13343
perft_is samoyed - 8 6 36 154 714 2491 9671 32031 109622
perft_is two-move - 7 7 56 335 1842 8615 62241 254512
# Northern and Russian part where a king is first taken (depth 4)
perft_is northern "$kings" 6 8 78 492 3318 21049 139956
perft_is russian "$kings" 6 8 78 492 3325 21136 140741
perft_is northern - 6 7 49 302 1469 7482 37986
perft_is corners - 5 14 196 4412 99597 2559237
# Towers: Russian's counts until the first captured piece stays under its
# captor (depth 6); Laska: 6 first moves, each allowing one capture.
perft_is towers - 8 7 49 302 1469 7482 37908 189912 925945
# Stavropol: both colours' steps, 7 + 7 (the unit tests' counter checks
# the rest)
perft_is stavropol - 5 14 210 2528 25916 253946
perft_is laska - 8 6 6 18 54 116 324 846 2148
# lidraughts' site variants: Breakthrough moves as International (the
# reference's published counts; no king can be crowned by depth 6), Frysk!
# from its five men each (the unit tests' 10x10 counter checks depth 7)
perft_is breakthrough - 6 9 81 658 4265 27117 167140
perft_is 96 - 4 9 81 658 4265
perft_is frysk - 7 9 81 657 5329 41829 328329 2572197
perft_is Frysk! - 3 9 81 657
for g in frysk 97; do
    echo '*' | pdn-replay -g "$g" 2>/dev/null | cut -f 2 > "$tmp/fen"
    [ "$(cat "$tmp/fen")" = W:W46,47,48,49,50:B1,2,3,4,5 ] ||
        { echo "FAIL: pdn-replay -g $g: $(cat "$tmp/fen")" >&2; fail=1; }
done
# the king's one capture frees a white man and leaves Black no top: lost
perft_is towers 'W:WKa1:Bc3(w),e7' 2 1 0

# Initial positions: the diagonal and corners starts, the others Russian's.
russian='W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'
corners='W:Wa1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3:Be6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8'
laska='W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7'
for g in diagonal northern samoyed two-move corners towers laska stavropol; do
    want=$russian
    [ "$g" = diagonal ] && want=$diag
    [ "$g" = corners ] && want=$corners
    [ "$g" = laska ] && want=$laska
    echo '*' | pdn-replay -g "$g" > "$tmp/fen" 2>/dev/null ||
        { echo "FAIL: pdn-replay -g $g" >&2; fail=1; }
    [ "$(cut -f 2 "$tmp/fen")" = "$want" ] ||
        { echo "FAIL: pdn-replay -g $g: $(cat "$tmp/fen")" >&2; fail=1; }
done

# A Variant tag names the folk variant of a game tagged with its base type:
# the black king taken on d4 stays as a man, which takes back.
printf '[GameType "25"]\n[Variant "Northern checkers"]\n[FEN "W:Wc3:BKd4,h8"]\n\n1. c3:e5 d4:f6 *\n' > "$tmp/nv.pdn"
expect_status 0 pdn-legal "$tmp/nv.pdn" || cat "$tmp/out" >&2
expect_status 1 pdn-legal -G russian "$tmp/nv.pdn" || true

# Corners: the end of the race audits the result and ends the game. White
# comes home at ply 1, Black equalises at ply 2: a draw, not "1-0", and a
# third move comes after the end.
race='[GameType "30,W,8,8,A0,0,corners"]\n[FEN "W:Wf6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8,e5:Ba1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d4"]\n'
printf "$race"'[Result "1/2-1/2"]\n\n1. e5-e6 d4-d3 1/2-1/2\n' > "$tmp/race.pdn"
expect_status 0 pdn-legal "$tmp/race.pdn" || cat "$tmp/out" >&2
printf "$race"'[Result "1-0"]\n\n1. e5-e6 d4-d3 1-0\n' > "$tmp/race.pdn"
expect_status 1 pdn-legal "$tmp/race.pdn" || true
grep -q "result '1-0' says White (the first mover) won, but the game ended at ply 2 (both sides brought every man into the opposite corner in moves of the same number), so the game was drawn ('1/2-1/2')" "$tmp/out" ||
    { echo "FAIL: race result not audited:" >&2; cat "$tmp/out" >&2; fail=1; }
printf "$race"'[Result "1-0"]\n\n1. e5-e6 d4-c4 2. e6-e5 1-0\n' > "$tmp/race.pdn"
expect_status 1 pdn-legal "$tmp/race.pdn" || true
grep -q "move 'e6-e5' at ply 3 after the end of the game: the first mover brought every man into the opposite corner and the second mover did not on its next move" "$tmp/out" ||
    { echo "FAIL: move after the race's end not found:" >&2; cat "$tmp/out" >&2; fail=1; }

cd "$top_srcdir/samples"
for f in folk-*.pdn; do
    expect_status 0 pdn-legal "$f" || true
    [ -s "$tmp/out" ] && { echo "FAIL: $f: pdn-legal found:" >&2; cat "$tmp/out" >&2; fail=1; }
    expect_status 1 pdn-legal -G russian "$f" || true
    grep -q "error: illegal move" "$tmp/out" ||
        { echo "FAIL: $f is legal under Russian rules too" >&2; fail=1; }
    # the folk name survives a conversion to numbers (N0 notation)
    g=$(sed -n 's/^\[GameType "\([0-9]*,W,[0-9]*,[0-9]*\),A0,0,\(.*\)"\]$/\1,N0,0,\2/p' "$f")
    pdn-convert -m num "$f" > "$tmp/num.pdn" 2>/dev/null ||
        { echo "FAIL: pdn-convert -m num $f" >&2; fail=1; }
    [ -n "$g" ] && grep -q "^\[GameType \"$g\"\]" "$tmp/num.pdn" ||
        { echo "FAIL: $f: GameType ($g) lost by pdn-convert" >&2; fail=1; }
    expect_status 0 pdn-legal "$tmp/num.pdn" || true
    [ -s "$tmp/out" ] && { echo "FAIL: $f in numbers: pdn-legal found:" >&2; cat "$tmp/out" >&2; fail=1; }
done
exit $fail
