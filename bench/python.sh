#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python module (its compiled extension, libpdn built in) against the
# C examples and pdn-legal on OCA (22,621 games, 1,158,096 plies): median
# CPU seconds (user + system: the figures stay comparable on a shared
# machine) of BENCH_RUNS runs (default 5) and the ratio module / C.
#   replay   examples/replay-fens (a FEN per position, printed) against
#            Game.fens() (a list of FENs per game), and Game.replay() (a
#            Ply per move: move, text, FEN, line), and python-chess's loop
#            (board.push(node.move) for every node of game.mainline())
#   final    pdn-replay -j 1 (the final FEN of each game) against
#            Game.final_fen() and against python-chess's loop
#   perft    pdn-perft -g 21 -d 10 (depths 1 to 10) against
#            Board("21").perft(d) for d in 1..10
#   material examples/material-search 2 0 2 0 against Game.find_material
#   check    pdn-legal -j 1 against Game.check() (legality, draw rules)
# The examples give no GameType to an untagged game, so both sides read
# OCA with [GameType "21"] added to every game; the module is also timed
# on OCA as it is, inferring the variant (pdn-legal infers it too).
# The module is built with setup.py from a copy of python/ and lib/.
#   bench/python.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
set -euo pipefail
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-5}
py=${PYTHON:-python3}
shared=${PDN_SHARED:-$src/../shared}
oca=$shared/corpus/english/oca__OCA_2.0.pdn
[ -f "$oca" ] || { echo "python bench: $oca not found (set PDN_SHARED)" >&2; exit 77; }
command -v "$py" >/dev/null || { echo "python bench: no $py" >&2; exit 77; }
# The interpreter itself, not a launcher in front of it (pyenv's python3
# is a shell script that costs 0.6 s CPU a run): its sys.executable.
py=$("$py" -c 'import sys; print(sys.executable)') && [ -x "$py" ] ||
    { echo "python bench: no interpreter behind ${PYTHON:-python3}" >&2; exit 77; }
"$py" -c 'import setuptools' 2>/dev/null || { echo "python bench: $py has no setuptools" >&2; exit 77; }
. "$src/bench/tools.sh"
bench_tools python "$build" pdn-legal pdn-replay pdn-perft
make -s -C "$build" examples/replay-fens examples/material-search >/dev/null
ex=$build/examples
[ -x "$ex/.libs/replay-fens" ] && ex=$ex/.libs
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnpybench.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir "$work/src"
cp -R "$src/python" "$src/lib" "$src/configure.ac" "$work/src/"
chmod -R u+w "$work/src"
rm -rf "$work/src/python/build" "$work/src/python/"*.egg-info
(cd "$work/src/python" && "$py" setup.py -q build --build-base "$work/build" \
    --build-lib "$work/lib" >"$work/build.log" 2>&1) ||
    { cat "$work/build.log" >&2; echo "python bench: the module did not build" >&2; exit 2; }
PYTHONPATH=$work/lib
export PYTHONPATH
awk '/^\[Event /{ print "[GameType \"21\"]" } { print }' "$oca" >"$work/oca21.pdn"

# median CMD...: the median CPU time (user + system) of $runs runs.
median() {
    local i
    for i in $(seq "$runs"); do
        "$timebin" -f '%U %S' -o "$work/t" "$@" >/dev/null 2>&1 || true
        awk '{ print $1 + $2 }' "$work/t"
    done | sort -n | awk -v n="$runs" '{ t[NR] = $1 }
        END { printf "%.3f", t[int((n + 1) / 2)] }'
}

cat >"$work/b.py" <<'PY'
import sys, pdntools
mode, path = sys.argv[1], sys.argv[2]
n = 0
for g in pdntools.read(path):
    if mode == "fens":
        n += len(g.fens())
    elif mode == "plies":
        for p in g.replay(strict=False):
            n += 1
    elif mode == "material":
        n += g.find_material(2, 0, 2, 0) is not None
    elif mode == "check":
        n += len(g.check())
    elif mode == "final":
        n += len(g.final_fen())
    elif mode == "nodes":
        b = g.board()
        for node in g.mainline():
            b.push(node.move)
            n += 1
print(n)
PY
cat >"$work/perft.py" <<'PY'
import pdntools
b = pdntools.Board("21")
print(sum(b.perft(d) for d in range(1, 11)))
PY
row() { # LABEL SECONDS [C-SECONDS]
    if [ $# -gt 2 ]; then
        printf '%-46s %8s %7s\n' "$1" "$2" \
            "$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.2fx", a / b }')"
    else
        printf '%-46s %8s\n' "$1" "$2"
    fi
}
c_fens=$(median "$ex/replay-fens" "$work/oca21.pdn")
c_mat=$(median "$ex/material-search" 2 0 2 0 "$work/oca21.pdn")
c_legal=$(median "$tools/pdn-legal" -j 1 "$oca")
c_legal_gt=$(median "$tools/pdn-legal" -j 1 "$work/oca21.pdn")
c_final=$(median "$tools/pdn-replay" -j 1 "$work/oca21.pdn")
c_perft=$(median "$tools/pdn-perft" -j 1 -g 21 -d 10)
p_final=$(median "$py" "$work/b.py" final "$work/oca21.pdn")
p_perft=$(median "$py" "$work/perft.py")
p_fens=$(median "$py" "$work/b.py" fens "$work/oca21.pdn")
p_plies=$(median "$py" "$work/b.py" plies "$work/oca21.pdn")
p_infer=$(median "$py" "$work/b.py" fens "$oca")
p_nodes=$(median "$py" "$work/b.py" nodes "$work/oca21.pdn")
p_mat=$(median "$py" "$work/b.py" material "$work/oca21.pdn")
p_check=$(median "$py" "$work/b.py" check "$oca")
p_check_gt=$(median "$py" "$work/b.py" check "$work/oca21.pdn")
printf '%-46s %8s %7s\n' "OCA (22,621 games; GameType 21 unless said)" "CPU s" ratio
row "C: examples/replay-fens" "$c_fens"
row "python: Game.fens()" "$p_fens" "$c_fens"
row "python: Game.replay() (a Ply per move)" "$p_plies" "$c_fens"
row "python: Game.fens(), untagged (inferred)" "$p_infer" "$c_fens"
row "C: pdn-replay -j 1 (final FEN per game)" "$c_final"
row "python: Game.final_fen()" "$p_final" "$c_final"
row "python: board.push(node.move), every node" "$p_nodes" "$c_final"
row "C: pdn-perft -j 1 -g 21 -d 10" "$c_perft"
row "python: Board.perft(d), d = 1..10" "$p_perft" "$c_perft"
row "C: examples/material-search 2 0 2 0" "$c_mat"
row "python: Game.find_material(2, 0, 2, 0)" "$p_mat" "$c_mat"
row "C: pdn-legal -j 1, untagged (inferred)" "$c_legal"
row "python: Game.check(), untagged (inferred)" "$p_check" "$c_legal"
row "C: pdn-legal -j 1" "$c_legal_gt"
row "python: Game.check()" "$p_check_gt" "$c_legal_gt"
