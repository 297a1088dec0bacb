#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library exports pdn_ symbols only.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
lib=$(ls "$top_builddir"/lib/.libs/libpdn.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || { echo "SKIP: no shared library built"; exit 77; }
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBR]$/ {print $3}' > "$tmp/syms"
[ -s "$tmp/syms" ] || { echo "FAIL: no symbols exported" >&2; exit 1; }
if grep -v '^pdn_' "$tmp/syms" > "$tmp/bad"; then
    echo "FAIL: symbols outside pdn_ exported:" >&2
    cat "$tmp/bad" >&2
    exit 1
fi
grep -qx pdn_version "$tmp/syms" || { echo "FAIL: pdn_version not exported" >&2; exit 1; }
for sym in pdn_result_outcome pdn_outcome_winner pdn_outcome_no_move pdn_outcome_result; do
    grep -qx "$sym" "$tmp/syms" || { echo "FAIL: $sym not exported" >&2; exit 1; }
done
for s in pdn_board_hash pdn_drawstate_new pdn_drawstate_free \
         pdn_drawstate_start pdn_drawstate_push pdn_drawstate_info \
         pdn_draw_rule_name pdn_drawstate_setup pdn_opening_classify pdn_opening_game \
         pdn_opening_table_count pdn_opening_table_at pdn_opening_table_ballot; do
    grep -qx "$s" "$tmp/syms" || { echo "FAIL: $s not exported" >&2; exit 1; }
done
echo "$(wc -l < "$tmp/syms") symbols, all pdn_"
exit 0
