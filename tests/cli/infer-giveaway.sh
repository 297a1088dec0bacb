#!/bin/sh
# SPDX-License-Identifier: MIT
# Variant inference tries giveaway: a game without GameType whose result
# is possible only under giveaway (the side left without a move won), or
# whose file is named for giveaway (suicide, giveaway, losing, anti), is
# replayed as the giveaway form of its variant, with one warning that says
# so, instead of being called a wrong result; a game whose result fits the
# usual rules stays as it was.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-legal >/dev/null 2>&1 || { echo "SKIP: pdn-legal not built"; exit 77; }

# Black (first in English) takes White's last man: White has no move. Under
# the usual rules Black won (1-0); 0-1 is giveaway's result.
for r in 1-0 0-1; do
    printf '[Event "casual"]\n[FEN "B:W18:B14"]\n[Result "%s"]\n\n1. 14x23 %s\n' "$r" "$r" >"$tmp/end$r.pdn"
done
expect_status 0 pdn-legal "$tmp/end0-1.pdn" || true
grep -q 'replayed as English giveaway (21,B,8,8,N1,0,G)' "$tmp/out" ||
    { echo "FAIL: a giveaway result: not replayed as English giveaway" >&2; cat "$tmp/out" >&2; fail=1; }
# the file's summary names the form the games were replayed as
grep -q 'warning: 1 game without GameType replayed as English giveaway (21,B,8,8,N1,0,G): legal' "$tmp/out" ||
    { echo "FAIL: a giveaway result: the summary names another variant" >&2; cat "$tmp/out" >&2; fail=1; }
for t in pdn-validate pdn-replay pdn-fix; do
    command -v $t >/dev/null 2>&1 || continue
    set +e; $t "$tmp/end0-1.pdn" >"$tmp/out" 2>&1; set -e
    ! grep -q "error: result" "$tmp/out" ||
        { echo "FAIL: $t: a giveaway result called wrong" >&2; fail=1; }
done
expect_status 0 pdn-legal "$tmp/end1-0.pdn" || true
! grep -q 'giveaway' "$tmp/out" ||
    { echo "FAIL: a result of the usual rules: read as giveaway" >&2; fail=1; }

# The file's name: suicide.pdn (the result alone says nothing: unfinished)
mkdir "$tmp/d"
printf '[Event "casual"]\n[Result "*"]\n\n1. 11-15 22-18 *\n' >"$tmp/d/suicide.pdn"
cp "$tmp/d/suicide.pdn" "$tmp/d/casual.pdn"
expect_status 0 pdn-legal "$tmp/d/suicide.pdn" || true
grep -q 'replayed as English giveaway' "$tmp/out" ||
    { echo "FAIL: suicide.pdn: not replayed as English giveaway" >&2; cat "$tmp/out" >&2; fail=1; }
# giveaway and usual games in one file: each counted as what it was
cat "$tmp/end0-1.pdn" "$tmp/d/suicide.pdn" "$tmp/end1-0.pdn" >"$tmp/d/mixed.pdn"
expect_status 0 pdn-legal "$tmp/d/mixed.pdn" || true
grep -q 'warning: 3 games without GameType replayed as English (21) (2): all legal; English giveaway (21,B,8,8,N1,0,G) (1): legal' "$tmp/out" ||
    { echo "FAIL: mixed.pdn: the summary does not count the giveaway game apart" >&2; cat "$tmp/out" >&2; fail=1; }
expect_status 0 pdn-legal "$tmp/d/casual.pdn" || true
! grep -q 'giveaway' "$tmp/out" ||
    { echo "FAIL: casual.pdn: read as giveaway" >&2; fail=1; }
# pdn-fix adds no GameType where the usual form fits the moves as well
if command -v pdn-fix >/dev/null 2>&1; then
    # English alone (not pool) takes these moves: without the name,
    # pdn-fix adds GameType 21 (tests/data/fix/gametype)
    sed -n 1,7p "$top_srcdir/tests/data/fix/gametype/input.pdn" >"$tmp/d/losing.pdn"
    pdn-fix "$tmp/d/losing.pdn" >"$tmp/out" 2>"$tmp/err" || true
    ! grep -q 'GameType' "$tmp/out" ||
        { echo "FAIL: pdn-fix: a GameType added where two forms fit" >&2; cat "$tmp/err" >&2; fail=1; }
fi
exit $fail
