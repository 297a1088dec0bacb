#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-legal on the generated games flags exactly the games the truth files
# mark illegal, at the ply they give, and no other game. The games listed
# in disputed_<variant> are left out of the comparison because they were
# checked and the generator is wrong there:
# - turkish: in each of these games pdn-legal's first finding is a flying
#   king's quiet move along a rank or file through occupied squares (for
#   example game 101, ply 11, 'e4-e8' with black men on e6 and e7; game 108,
#   ply 42, 'f2-a2' over four white men). The generator lets Turkish kings
#   pass over pieces; no rule allows that, so pdntools flags the move (in
#   games 124 and 167 before the corruption the generator planted).
# Frisian (king value) and Turkish promotion during a capture needed no
# exception: pdn-legal agrees with the truth on every such game. Each
# exclusion is checked on its board, without the rules engine: the first
# finding of every disputed game is a quiet move of a king of the side to
# move along a rank or file with a piece on a square between its ends, in
# the position pdn-legal prints (over_piece below).
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

# over_piece GAMES < REPORT: for each listed game, "GAME ok" when its first
# finding is such a move, else "GAME" and what it is.
over_piece() {
    awk -v games="$1" '
    BEGIN { n = split(games, g, /[ \n]+/); for (i = 1; i <= n; i++) if (g[i] != "") want[g[i]] = 1 }
    match($0, /\(game [0-9]+\)$/) {
        gm = substr($0, RSTART + 6, RLENGTH - 7)
        if (!(gm in want) || (gm in seen)) next
        seen[gm] = 1
        if (!match($0, /illegal move .[a-h][0-9]+-[a-h][0-9]+. at/)) { print gm, "first finding is not a quiet move"; next }
        mv = substr($0, RSTART + 14, RLENGTH - 18)
        if (!match($0, /; position [^;]*;/)) { print gm, "no position"; next }
        np = split(substr($0, RSTART + 11, RLENGTH - 12), part, ":")
        delete at
        for (i = 2; i <= np; i++) {
            c = substr(part[i], 1, 1)
            m = split(substr(part[i], 2), sq, ",")
            for (j = 1; j <= m; j++) {
                k = sq[j] ~ /^K/
                if (k) sq[j] = substr(sq[j], 2)
                if (sq[j] != "") at[sq[j]] = (k ? "K" : "") c
            }
        }
        split(mv, end, "-")
        f1 = index("abcdefgh", substr(end[1], 1, 1)); r1 = substr(end[1], 2) + 0
        f2 = index("abcdefgh", substr(end[2], 1, 1)); r2 = substr(end[2], 2) + 0
        if ((f1 != f2) == (r1 != r2)) { print gm, mv " is not along a rank or file"; next }
        if (at[end[1]] != "K" part[1]) { print gm, mv ": no king of the side to move on " end[1]; next }
        df = (f2 > f1) - (f2 < f1); dr = (r2 > r1) - (r2 < r1)
        over = 0
        for (f = f1 + df; f != f2 || r1 + dr != r2; f += df) {
            r1 += dr
            if ((substr("abcdefgh", f, 1) r1) in at) over = 1
        }
        print gm, over ? "ok" : mv " crosses only empty squares"
    }'
}

disputed_turkish="2 3 5 7 9 12 20 21 22 26 30 31 33 34 37 39 41 45 48 51 52
53 55 56 61 63 69 71 73 75 78 80 85 86 87 89 90 97 99 101 105 108 112 113 114
115 119 121 123 124 125 126 132 137 138 139 140 141 142 147 149 153 154 161
167 172 177 179 181 182 183 186 187 188 190 193 196 197 198 200"

# fen_items: "GAME<TAB>FEN" lines -> "GAME item" lines: the side to move
# ("GAME turn W") and one per piece ("GAME W K12"), whatever the order and
# the spelling of an empty side.
fen_items() {
    awk -F '\t' '{
        n = split($2, part, ":")
        print $1, "turn", part[1]
        for (i = 2; i <= n; i++) {
            c = substr(part[i], 1, 1)
            m = split(substr(part[i], 2), sq, ",")
            for (j = 1; j <= m; j++)
                if (sq[j] != "")
                    print $1, c, sq[j]
        }
    }'
}

for pdn in "$shared"/generated/*.pdn; do
    v=$(basename "$pdn" .pdn)
    truth=$shared/generated/$v.truth.tsv
    [ -f "$truth" ] || continue
    # Expected: "game ply" of every illegal game.
    awk -F '\t' 'NR > 1 && $2 == "illegal" { print $1, $3 }' "$truth" | sort > "$tmp/want"
    set +e
    # -R: the truth is about move legality; generated games play on past
    # draws by rule (pdn-legal reports those without -R)
    pdn-legal -q -R "$pdn" > "$tmp/report" 2> "$tmp/err"
    st=$?
    set -e
    [ "$st" -lt 2 ] || { echo "FAIL: $v: pdn-legal exited $st" >&2; fail=1; continue; }
    # Got: the first error of each game, with its ply (- when none).
    sed -n 's/.*: error: \(.*\) (game \([0-9]*\))$/\2 \1/p' "$tmp/report" |
        awk '!seen[$1]++ { p = "-"; if (match($0, / at ply [0-9]+/)) p = substr($0, RSTART + 8, RLENGTH - 8); print $1, p }' |
        sort > "$tmp/got"
    eval "skip=\${disputed_$v:-}"
    if [ -n "$skip" ]; then
        over_piece "$skip" < "$tmp/report" > "$tmp/over"
        nskip=$(echo $skip | wc -w)
        if [ "$(grep -c ' ok$' "$tmp/over")" != "$nskip" ]; then
            echo "FAIL: $v: a disputed game is not a king move over a piece:" >&2
            grep -v ' ok$' "$tmp/over" | head -5 >&2
            [ "$(wc -l < "$tmp/over")" = "$nskip" ] || echo "  only $(wc -l < "$tmp/over") of $nskip disputed games have a finding" >&2
            fail=1
        else
            echo "ok: $v: $nskip disputed games each refused on a king move over a piece"
        fi
    fi
    for g in $skip; do
        grep -v "^$g " "$tmp/want" > "$tmp/w2" || true
        mv "$tmp/w2" "$tmp/want"
        grep -v "^$g " "$tmp/got" > "$tmp/g2" || true
        mv "$tmp/g2" "$tmp/got"
    done
    if ! diff "$tmp/want" "$tmp/got" > "$tmp/diff"; then
        echo "FAIL: $v: flagged games differ from the truth (< truth, > pdn-legal)" >&2
        sed 's/^/  /' "$tmp/diff" | head -20 >&2
        fail=1
    else
        echo "ok: $v: $(wc -l < "$tmp/want") illegal games found at their ply"
    fi
    # The final positions of the legal games, compared as sets of pieces.
    awk -F '\t' 'NR > 1 && $2 == "ok" { print $1 "\t" $6 }' "$truth" |
        fen_items | sort > "$tmp/want"
    pdn-replay -q "$pdn" 2>/dev/null | fen_items | sort > "$tmp/got.all"
    cut -d ' ' -f 1 "$tmp/want" | sort -u > "$tmp/games"
    join "$tmp/games" "$tmp/got.all" | sort > "$tmp/got"
    for g in $skip; do
        grep -v "^$g " "$tmp/want" > "$tmp/w2" || true
        mv "$tmp/w2" "$tmp/want"
        grep -v "^$g " "$tmp/got" > "$tmp/g2" || true
        mv "$tmp/g2" "$tmp/got"
    done
    if ! cmp -s "$tmp/want" "$tmp/got"; then
        echo "FAIL: $v: final positions differ from the truth (< truth, > pdn-replay)" >&2
        diff "$tmp/want" "$tmp/got" | head -20 >&2
        fail=1
    else
        echo "ok: $v: final positions of $(wc -l < "$tmp/games") legal games agree"
    fi
done
exit $fail
