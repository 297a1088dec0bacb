#!/bin/sh
# SPDX-License-Identifier: MIT
# Replays every generated game of ../shared/generated with the library and
# compares it with its truth row (tests/replay_generated.c lists the games
# where the generator and the reference rules differ, checked by hand).
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

variants=
for f in "$shared"/generated/*.truth.tsv; do
    [ -f "$f" ] || continue
    v=$(basename "$f" .truth.tsv)
    [ -f "$shared/generated/$v.pdn" ] && variants="$variants $v"
done
if [ -z "$variants" ]; then
    echo "SKIP: no generated games in $shared/generated"
    exit 77
fi
# shellcheck disable=SC2086
"$top_builddir/tests/replay_generated" "$shared/generated" $variants || fail=1
exit $fail
