#!/bin/sh
# SPDX-License-Identifier: MIT
# -j N gives byte-identical output to -j 1: every tool over every file of
# the shared corpus (findings and warnings included, folded or not, and the
# per-file variant summaries, on stdout and stderr), and over the samples.
. "${top_srcdir:-.}/tests/cli/setup.sh"

shared=$(shared_dir)
if [ -n "$shared" ]; then
    find "$shared/corpus" -type f \( -name '*.pdn' -o -name '*.PDN' \) | LC_ALL=C sort > "$tmp/files"
else
    # Without the corpus: the samples and every golden input, which hold
    # findings and warnings of every kind.
    { ls "$top_srcdir"/samples/*.pdn
      find "$top_srcdir/tests/data" -name input.pdn | LC_ALL=C sort; } > "$tmp/files"
fi
n=$(wc -l < "$tmp/files")
[ "$n" -gt 0 ] || { echo "FAIL: no input files" >&2; exit 1; }

# run OUT TOOL ARGS...: every listed file as operands, stdout and status.
run() {
    out=$1
    shift
    set +e
    # --summary none: the closing summary gives the time (and xargs may run
    # several processes)
    tr '\n' '\0' < "$tmp/files" | xargs -0 "$@" --summary none > "$out" 2> "$out.err"
    echo $? > "$out.status"
    set -e
}

for spec in "pdn-validate" "pdn-validate -S" "pdn-validate -E" "pdn-legal" \
            "pdn-legal -v -f json" "pdn-legal -A" "pdn-replay" "pdn-replay -a" \
            "pdn-convert" "pdn-convert -f json"; do
    # shellcheck disable=SC2086
    run "$tmp/one" $spec -j 1
    # shellcheck disable=SC2086
    run "$tmp/two" $spec -j 2
    # shellcheck disable=SC2086
    run "$tmp/three" $spec -j 3
    for k in two three; do
        if ! cmp -s "$tmp/one" "$tmp/$k" || ! cmp -s "$tmp/one.err" "$tmp/$k.err" ||
           ! cmp -s "$tmp/one.status" "$tmp/$k.status"; then
            echo "FAIL: '$spec -j' ($k) differs from -j 1" >&2
            diff "$tmp/one" "$tmp/$k" | head -10 >&2
            fail=1
        fi
    done
    [ -s "$tmp/one" ] || { echo "FAIL: '$spec' printed nothing over $n files" >&2; fail=1; }
    echo "$spec: $(wc -c < "$tmp/one") bytes, status $(cat "$tmp/one.status"), identical with -j 2 and -j 3"
done
exit $fail
