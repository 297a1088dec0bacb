#!/bin/sh
# SPDX-License-Identifier: MIT
# The scale-out recipe of the README: an archive split at game boundaries by
# GNU parallel --pipe, each part run through a tool, the parts joined in
# order, gives exactly the output of one process over the whole archive.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v parallel >/dev/null 2>&1 || { echo "SKIP: GNU parallel not installed"; exit 77; }
parallel --version 2>/dev/null | grep -q "GNU parallel" || { echo "SKIP: not GNU parallel"; exit 77; }

# The input: every sample, many times over, so that parallel makes many
# parts (plus the OCA archive when the shared folder is there).
i=0
while [ $i -lt 40 ]; do
    for f in "$top_srcdir"/samples/*.pdn; do cat "$f"; printf '\n'; done
    i=$((i + 1))
done > "$tmp/in.pdn"
shared=$(shared_dir)
if [ -n "$shared" ] && [ -f "$shared/corpus/english/oca__OCA_2.0.pdn" ]; then
    cat "$shared/corpus/english/oca__OCA_2.0.pdn" >> "$tmp/in.pdn"
fi
grep -c '^\[Event ' "$tmp/in.pdn" > "$tmp/ngames"

recipe() {
    parallel --pipe --keep-order --block "$1" --recstart '[Event ' "$2" -q
}

for tool in pdn-convert; do
    "$tool" -q "$tmp/in.pdn" > "$tmp/one" || true
    for block in 8k 1M; do
        recipe "$block" "$tool" < "$tmp/in.pdn" > "$tmp/many" || true
        if ! cmp -s "$tmp/one" "$tmp/many"; then
            echo "FAIL: $tool through parallel --pipe --block $block differs from one process" >&2
            diff "$tmp/one" "$tmp/many" | head -20 >&2
            fail=1
        fi
    done
    [ -s "$tmp/one" ] || { echo "FAIL: $tool wrote nothing" >&2; fail=1; }
done
# pdn-legal -w keeps the clean games byte for byte: the same through the recipe.
pdn-legal -q -w "$tmp/ok1" "$tmp/in.pdn" > /dev/null || true
parallel --pipe --keep-order --block 8k --recstart '[Event ' \
    'pdn-legal -q -w /dev/fd/3 3>&1 >/dev/null 2>&1; true' < "$tmp/in.pdn" > "$tmp/ok2" || true
cmp -s "$tmp/ok1" "$tmp/ok2" || { echo "FAIL: pdn-legal -w through parallel differs" >&2; fail=1; }
echo "$(cat "$tmp/ngames") games checked"
exit $fail
