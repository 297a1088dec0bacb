#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Peak resident memory (GNU time, KB) of every tool at -j 1 and -j 8 on
# hostile inputs and on the OCA archive: a huge comment, a huge line, a
# huge game, NUL bytes, a million tags, deeply nested variations, an
# over-long tag name and value, a gzip file. Not a timed test: it prints a
# table (J1/J8 per tool), and exits 1 when a figure is over MEM_LIMIT_KB
# (default 16384).
#   bench/memory.sh [BUILDDIR [SRCDIR]]      (make bench runs it)
# Environment: PDN_SHARED (the shared folder, for the OCA archive),
# MEM_LIMIT_KB, MEM_JOBS (the -j values, default "1 8"), PIPE_LINE_MB
# (the single line written to a pipe and /dev/null, default 200). Figures of a run (pdn-legal with -w and -x): every tool
# stays under 9 MB on these inputs, under 2 MB on OCA.
set -euo pipefail
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
shared=${PDN_SHARED:-$src/../shared}
limit=${MEM_LIMIT_KB:-16384}
jobs=${MEM_JOBS:-1 8}
. "$src/bench/tools.sh"
bench_tools memory "$build" pdn-legal pdn-validate pdn-convert pdn-replay
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnmem.XXXXXX")
trap 'rm -rf "$work"' EXIT

# rep N TEXT: TEXT N times, without a line end.
rep() { awk -v n="$1" -v s="$2" 'BEGIN { ORS = ""; for (i = 0; i < n; i++) print s }'; }
# fill BYTES CHAR: BYTES copies of CHAR.
fill() { head -c "$1" /dev/zero | tr '\000' "$2"; }

mb=$((1 << 20))
{ printf '[Event "c"]\n1. 32-28 {'; fill $((64 * mb)) a; printf '} 19-23 *\n'; } >"$work/comment.pdn"
rep 2000000 '[Event "l"] 1. 32-28 19-23 * ' >"$work/line.pdn"
{ printf '[Event "g"]\n[GameType "20"]\n[FEN "W:WK46:BK5"]\n'
  awk 'BEGIN { for (i = 1; i <= 500000; i++)
      printf "%d. 46-41 5-10 %d. 41-46 10-5\n", 2 * i - 1, 2 * i; print "*" }'
} >"$work/game.pdn"
head -c $((256 * mb)) /dev/zero >"$work/nul.pdn"
{ echo '[Event "t"]'; awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "[T%d \"v\"]\n", i }'
  echo '1. 32-28 *'; } >"$work/tags.pdn"
{ printf '[Event "v"]\n1. 32-28 '; rep 1000000 '(19-23 '; rep 1000000 ')'; printf ' 19-23 *\n'; } >"$work/nested.pdn"
{ printf '[Event "n"]\n['; fill $((32 * mb)) A; printf ' "v"]\n1. 32-28 *\n'
  printf '[Event "w"]\n[Site "'; fill $((32 * mb)) b; printf '"]\n1. 32-28 *\n'; } >"$work/tagsize.pdn"
{ cat "$work/tags.pdn"; } | gzip -1 >"$work/gzip.pdn"
inputs="comment line game nul tags nested tagsize gzip"
oca=$shared/corpus/english/oca__OCA_2.0.pdn
if [ -f "$oca" ]; then
    cp "$oca" "$work/oca.pdn"
    inputs="$inputs oca"
else
    echo "memory: $oca not found: OCA row skipped" >&2
fi

status=0
printf '%-10s %9s' input size
for t in pdn-validate pdn-legal pdn-convert pdn-replay; do printf ' %17s' "$t"; done
printf '   (peak RSS, KB, -j %s; limit %s)\n' "${jobs// //}" "$limit"
for i in $inputs; do
    f=$work/$i.pdn
    printf '%-10s %8sM' "$i" "$(( $(wc -c <"$f") / mb ))"
    for t in pdn-validate pdn-legal pdn-convert pdn-replay; do
        cell=
        for j in $jobs; do
            args="-q -j $j"
            # pdn-legal also splits the archive: raw bytes of every game.
            [ "$t" = pdn-legal ] && args="$args -w $work/w.pdn -x $work/x.pdn"
            set +e
            # $args is split into words on purpose.
            "$timebin" -f '%M' -o "$work/rss" "$tools/$t" $args "$f" >/dev/null 2>&1
            st=$?
            set -e
            rss=$(grep -E '^[0-9]+$' "$work/rss" | tail -1)
            mark=""
            # gzip: its 13 MB game cannot be read again to be copied
            # whole, so the tools that copy games leave it out, status 2
            if [ "$st" -gt 1 ] && ! { [ "$i" = gzip ] && [ "$st" = 2 ] &&
                { [ "$t" = pdn-legal ] || [ "$t" = pdn-convert ]; }; }; then
                mark="!s$st"; status=1
            fi
            if [ -n "$rss" ] && [ "$rss" -gt "$limit" ]; then mark="$mark!"; status=1; fi
            cell="$cell${cell:+/}${rss:-?}$mark"
        done
        printf ' %17s' "$cell"
    done
    printf '\n'
done

# Output that is no regular file: a single line of PIPE_LINE_MB MB
# (default 200) through a pipe (| cat) and into /dev/null (a character
# device), where the tools write whole lines (tools/common/output.c): a
# long line goes out in pieces as it comes, each byte searched for a
# newline once, so memory stays flat and time linear in the line.
pmb=${PIPE_LINE_MB:-200}
rep $((pmb * mb / 30)) '[Event "l"] 1. 32-28 19-23 * ' >"$work/pipe.pdn"
printf '\n%-22s %9s %9s %9s %9s\n' "one ${pmb} MB line" 'pipe KB' 'pipe s' 'null KB' 'null s'
for t in pdn-select pdn-convert pdn-fix "pdn-legal -x -"; do
    set -- $t
    [ -x "$tools/$1" ] || continue
    bin=$tools/$1
    shift
    set +e
    "$timebin" -f '%M %e' -o "$work/rss" "$bin" -q "$@" "$work/pipe.pdn" | cat >/dev/null
    read -r pk ps < <(grep -E '^[0-9]+ ' "$work/rss" | tail -1)
    "$timebin" -f '%M %e' -o "$work/rss" "$bin" -q "$@" "$work/pipe.pdn" >/dev/null
    read -r nk ns < <(grep -E '^[0-9]+ ' "$work/rss" | tail -1)
    set -e
    mark=""
    for k in "$pk" "$nk"; do
        if [ -z "$k" ] || [ "$k" -gt "$limit" ]; then mark="!"; status=1; fi
    done
    printf '%-22s %9s %9s %9s %9s%s\n' "$t" "${pk:-?}" "${ps:-?}" "${nk:-?}" "${ns:-?}" "$mark"
done
[ "$status" = 0 ] || echo "memory: a figure is over $limit KB (!) or a tool failed (!sN: status N)"
exit "$status"
