#!/bin/sh
# SPDX-License-Identifier: MIT
# The lossless scale-out recipe of the README: a file checked as game
# ranges (--games FIRST-LAST) by GNU parallel, the outputs joined in order,
# gives the very findings (file, game, line, message) of one run over the
# whole file. Over every file of the shared corpus (files whose games do
# not start with [Event or whose tags are indented included), each cut
# into four ranges. -E: each process folds repeated warnings over its own
# games only; the closing lines of a file (the variant its untagged games
# were replayed as, the counts of folded warnings) are about the games a
# process checked, and are left out of the comparison. The ranges run
# one after the other over the corpus (GNU parallel's start, a Perl
# interpreter a file, was most of this test's time), and through GNU
# parallel, as the README writes the recipe, over the largest file.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

command -v parallel >/dev/null 2>&1 || { echo "SKIP: GNU parallel not installed"; exit 77; }
parallel --version 2>/dev/null | grep -q "GNU parallel" || { echo "SKIP: not GNU parallel"; exit 77; }

find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
nf=0
ng=0
nfind=0
while IFS= read -r f; do
    nf=$((nf + 1))
    pdn-legal -E --summary none "$f" 2>/dev/null | grep ':[0-9]*:[0-9]*: ' > "$tmp/one" || true
    n=$(pdn-legal -q -f json --summary json "$f" 2>/dev/null | tail -n 1 | sed -n 's/^{"type":"summary".*"games":\([0-9]*\),.*/\1/p')
    if [ -z "$n" ]; then
        echo "FAIL: $f: no summary record" >&2
        fail=1
        continue
    fi
    ng=$((ng + n))
    nfind=$((nfind + $(wc -l < "$tmp/one")))
    [ "$n" -gt 0 ] || continue
    step=$(( (n + 3) / 4 ))
    for first in $(seq 1 "$step" "$n"); do
        pdn-legal -E --summary none --games "$first-$((first + step - 1))" "$f" 2>/dev/null || true
    done | grep ':[0-9]*:[0-9]*: ' > "$tmp/many" || true
    if ! cmp -s "$tmp/one" "$tmp/many"; then
        echo "FAIL: $f: ranges of $step games differ from one run" >&2
        diff "$tmp/one" "$tmp/many" | head -5 >&2
        fail=1
    fi
done < "$tmp/files"
# the recipe as the README gives it, over OCA
f=$shared/corpus/english/oca__OCA_2.0.pdn
if [ -f "$f" ]; then
    pdn-legal -E --summary none "$f" 2>/dev/null | grep ':[0-9]*:[0-9]*: ' > "$tmp/one" || true
    n=$(pdn-legal -q -f json --summary json "$f" 2>/dev/null | tail -n 1 | sed -n 's/^{"type":"summary".*"games":\([0-9]*\),.*/\1/p')
    step=$(( (n + 3) / 4 ))
    seq 1 "$step" "$n" |
        parallel -k "pdn-legal -E --summary none --games {}-\$(({} + $step - 1)) '$f' 2>/dev/null; true" |
        grep ':[0-9]*:[0-9]*: ' > "$tmp/many" || true
    cmp -s "$tmp/one" "$tmp/many" ||
        { echo "FAIL: $f: ranges of $step games through parallel differ from one run" >&2; fail=1; }
    [ -s "$tmp/one" ] || { echo "FAIL: $f: no findings to compare" >&2; fail=1; }
fi
echo "shards: $nf files, $ng games, $nfind findings compared"
exit $fail
