#!/bin/sh
# SPDX-License-Identifier: MIT
# The scale-out recipe of the README: an archive split at game boundaries by
# GNU parallel --pipe, each part run through a tool, the parts joined in
# order, gives exactly the output of one process over the whole archive.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v parallel >/dev/null 2>&1 || { echo "SKIP: GNU parallel not installed"; exit 77; }
parallel --version 2>/dev/null | grep -q "GNU parallel" || { echo "SKIP: not GNU parallel"; exit 77; }

# The inputs: every sample, many times over, so that parallel makes many
# small parts (small.pdn, split in blocks of 8 KiB); and that with the OCA
# archive when the shared folder is there (in.pdn, split in blocks of
# 1 MiB: in 8 KiB blocks it made 1,400 processes of each tool, 17 minutes
# of a loaded machine, for nothing the small input does not show).
i=0
while [ $i -lt 40 ]; do
    for f in "$top_srcdir"/samples/*.pdn; do cat "$f"; printf '\n'; done
    i=$((i + 1))
done > "$tmp/small.pdn"
cp "$tmp/small.pdn" "$tmp/in.pdn"
shared=$(shared_dir)
if [ -n "$shared" ] && [ -f "$shared/corpus/english/oca__OCA_2.0.pdn" ]; then
    cat "$shared/corpus/english/oca__OCA_2.0.pdn" >> "$tmp/in.pdn"
fi
grep -c '^\[Event ' "$tmp/in.pdn" > "$tmp/ngames"

# same INPUT BLOCK CMD...: CMD over INPUT in one process and through
# parallel --pipe in blocks of BLOCK give the same standard output.
same() {
    input=$1 block=$2
    shift 2
    sh -c "$*" < "$input" > "$tmp/one" 2>/dev/null || true
    parallel --pipe --keep-order --block "$block" --recstart '[Event ' "$*" \
        < "$input" > "$tmp/many" 2>/dev/null || true
    if ! cmp -s "$tmp/one" "$tmp/many"; then
        echo "FAIL: '$*' through parallel --pipe --block $block differs from one process" >&2
        diff "$tmp/one" "$tmp/many" | head -20 >&2
        fail=1
    fi
    [ -s "$tmp/one" ] || { echo "FAIL: '$*' wrote nothing" >&2; fail=1; }
}

same "$tmp/small.pdn" 8k pdn-convert -q
same "$tmp/in.pdn" 1M pdn-convert -q
# pdn-legal -w keeps the clean games byte for byte: the same through the recipe.
same "$tmp/small.pdn" 8k 'pdn-legal -q -w /dev/fd/3 3>&1 >/dev/null 2>&1; true'
same "$tmp/in.pdn" 1M 'pdn-legal -q -w /dev/fd/3 3>&1 >/dev/null 2>&1; true'
echo "$(cat "$tmp/ngames") games checked"
exit $fail
