#!/bin/sh
# SPDX-License-Identifier: MIT
# Parallel reading (tools/common/run.c, run_input): with -j 2 and -j 4 every
# thread parses blocks of the input cut where games seem to begin, and
# every block is checked against where the reading before it ended. Cuts
# are made to land inside small files (PDN_RUN_BLOCK, a block of a few
# bytes): in comments holding '[Event', between glued games, in CR LF
# text, before games whose code page comes from earlier games. Every tool,
# every format, stdin and gzip input give -j 1's output byte for byte;
# over the shared corpus too when it is there.
. "${top_srcdir:-.}/tests/cli/setup.sh"

h=$tmp/hostile
mkdir "$h"
# comments that hold tag sections, each where a cut would fall
i=1
while [ $i -le 30 ]; do
    printf '[Event "real %d"]\n[Result "1-0"]\n1. 32-28 19-23 {a note\n\n[Event "fake %d"]\n[Site "in a comment"]\n} 2. 28x19 14x23 1-0 {after\n\n[Event "fake too"]\n}\n\n' $i $i
    i=$((i + 1))
done > "$h/comments.pdn"
# no blank lines, no terminators, glued results, CR LF and lone CR
{
    i=1
    while [ $i -le 20 ]; do
        printf '[Event "g%d"]\r\n1. 32-28 19-23\r\n' $i
        printf '[Event "h%d"]\n1. 31-27 16-20 0-1[Event "glued %d"]\n1. 32-28 *\n' $i $i
        printf '[Event "k%d"]\r1. 32-28 19-23 2-0\r\r' $i
        printf '[Event "m%d"]\n1. 32-28 19-23 0-001.33-29 18-22 *\n%% escape [Event "no"]\n' $i
        i=$((i + 1))
    done
} > "$h/messy.pdn"
# code pages: the first game's words tell CP1251, the later short ones
# are read as the input's earlier games
{
    printf '[Event "\317\345\360\342\345\355\361\362\342\356 \343\356\360\356\344\340"]\n[White "\315\345\354\345\366 \304\354\350\362\360\350\351"]\n1. 32-28 *\n\n'
    i=1
    while [ $i -le 30 ]; do
        printf '[Event "e%d"]\n[White "\304\300"]\n1. 32-28 19-23 *\n\n' $i
        i=$((i + 1))
    done
} > "$h/codepage.pdn"
# a UTF-8 byte order mark, broken games, a NUL byte after some games
{
    printf '\357\273\277'
    cat "$h/comments.pdn"
    printf '[Event "broken"]\n1. 32-28 ) 19-23 *\n\n[Event "x"]\n1. 99-1 *\n\n'
    cat "$h/messy.pdn"
} > "$h/mixed.pdn"
{ cat "$h/comments.pdn"; printf '[Event "nul"]\n1. 32-28 \000 *\n'; cat "$h/messy.pdn"; } > "$h/nul.pdn"
cat "$top_srcdir"/samples/*.pdn > "$h/samples.pdn"
# a game over the reader's size limit (6 MB of comment), which readers
# started inside it go through, between usual games
{
    cat "$h/comments.pdn"
    printf '[Event "huge"]\n1. 32-28 {'
    head -c 6000000 /dev/zero | tr '\000' 'x'
    printf '} 19-23 *\n\n'
    cat "$h/messy.pdn"
} > "$h/huge.pdn"
gzip -c "$h/mixed.pdn" > "$h/mixed.pdn.gz"

# same LABEL CMD...: CMD with -j 1, then -j 2 and -j 4 under each block
# size, gives the same output, errors and status.
same() {
    label=$1
    shift
    set +e
    "$@" -j 1 > "$tmp/one" 2> "$tmp/one.err"
    echo $? >> "$tmp/one"
    set -e
    for blk in ${blocks:-16 40 97 300 4096}; do
        for j in 2 4; do
            set +e
            PDN_RUN_BLOCK=$blk "$@" -j $j > "$tmp/par" 2> "$tmp/par.err"
            echo $? >> "$tmp/par"
            set -e
            if ! cmp -s "$tmp/one" "$tmp/par" ||
               ! cmp -s "$tmp/one.err" "$tmp/par.err"; then
                echo "FAIL: $label: -j $j (blocks of $blk bytes) differs from -j 1" >&2
                diff "$tmp/one" "$tmp/par" | head -5 >&2
                diff "$tmp/one.err" "$tmp/par.err" | head -5 >&2
                fail=1
            fi
        done
    done
    checked=$((checked + 1))
}

checked=0
specs="pdn-validate|pdn-validate -E|pdn-validate -S|pdn-legal|pdn-legal -f json|pdn-replay|pdn-convert|pdn-convert -f json|pdn-stats|pdn-stats -f json|pdn-fix|pdn-fix -f json|pdn-select|pdn-select --games 3-5,40-|pdn-select -X W:W21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
for f in "$h"/*.pdn "$h"/*.gz; do
    blocks=
    case $f in */huge.pdn) blocks="4096 65536" ;; esac
    old=$IFS
    IFS='|'
    for spec in $specs; do
        IFS=$old
        # shellcheck disable=SC2086
        same "$(basename "$f"): $spec" $spec --summary none "$f"
        IFS='|'
    done
    IFS=$old
    # pdn-legal -w/-x: byte-exact splits
    wblk=${blocks:-40}
    for j in 1 2; do
        set +e
        PDN_RUN_BLOCK=${wblk%% *} pdn-legal -q -j $j -w "$tmp/ok$j" -x "$tmp/bad$j" "$f" > /dev/null 2>&1
        set -e
    done
    if ! cmp -s "$tmp/ok1" "$tmp/ok2" || ! cmp -s "$tmp/bad1" "$tmp/bad2"; then
        echo "FAIL: $(basename "$f"): pdn-legal -w/-x -j 2 differs from -j 1" >&2
        fail=1
    fi
done
# standard input, named or not
for f in "$h/mixed.pdn" "$h/codepage.pdn" "$h/mixed.pdn.gz"; do
    same "stdin $(basename "$f")" sh -c 'pdn-validate --summary none "$@" < "$0"' "$f"
    same "stdin -L $(basename "$f")" sh -c 'pdn-legal -f json -L in.pdn --summary none "$@" - < "$0"' "$f"
done
# several operands in one run: each file read on its own
same "operands" pdn-validate --summary none "$h/codepage.pdn" "$h/comments.pdn" "$h/nul.pdn"

# pdn-db create: the games stored, as search writes them back
if pdn-db --help >/dev/null 2>&1; then
    for j in 1 2; do
        rm -f "$tmp/db$j"
        PDN_RUN_BLOCK=40 pdn-db create -q -j $j "$tmp/db$j" "$h/mixed.pdn" "$h/samples.pdn" > /dev/null 2>&1 || true
        pdn-db search "$tmp/db$j" > "$tmp/dbout$j" 2>&1 || true
    done
    if ! cmp -s "$tmp/dbout1" "$tmp/dbout2" || [ ! -s "$tmp/dbout1" ]; then
        echo "FAIL: pdn-db create -j 2 stores other games than -j 1" >&2
        fail=1
    fi
fi

# The shared corpus: every file, blocks small enough to cut most of them.
shared=$(shared_dir)
if [ -n "$shared" ]; then
    find "$shared/corpus" -type f \( -name '*.pdn' -o -name '*.PDN' \) | LC_ALL=C sort > "$tmp/files"
    blocks=2048
    for spec in "pdn-validate" "pdn-legal -f json" "pdn-convert"; do
        # shellcheck disable=SC2086
        same "corpus: $spec" sh -c 'tr "\n" "\0" < "$0" | xargs -0 '"$spec"' --summary none "$@"' "$tmp/files"
    done
else
    echo "corpus part skipped: ../shared not found"
fi
echo "$checked runs, identical at -j 2 and -j 4"
exit $fail
