#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-analyse with pdn-test-engine: OCA's first 100 games keep every byte
# of the input that is not an added annotation (the checker takes out
# exactly what pdn-analyse adds: " $N", " {[%eval X]}" after a move, a
# variation " (... {[%eval X]})"), the output passes pdn-validate and
# pdn-legal, marks follow the thresholds, the report's JSON, -j 2 writes
# what -j 1 writes, and a failing engine is an error that leaves the game
# as it was.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
eng=$top_builddir/tests/engine/pdn-test-engine
oca=$shared/corpus/english/oca__OCA_2.0.pdn
[ -f "$oca" ] || { echo "SKIP: no OCA"; exit 77; }
awk '/^\[Event /{n++} n>100{exit} {print}' "$oca" >"$tmp/in.pdn"
[ "$(grep -c '^\[Event ' "$tmp/in.pdn")" = 100 ] || { echo "FAIL: 100 games" >&2; exit 1; }

expect_status 0 pdn-analyse --engine "$eng hub" --depth 3 -g english \
    -o "$tmp/out.pdn" --report json "$tmp/in.pdn"
cp "$tmp/out" "$tmp/report.json"
cat >"$tmp/check.py" <<'PY'
import re, sys
inp = open(sys.argv[1], 'rb').read()
out = open(sys.argv[2], 'rb').read()
ev = rb'\{\[%eval -?[0-9]+\.[0-9]{2}\]\}'
stripped = re.sub(rb' \([^(){}]*' + ev + rb'\)', b'', out)
stripped = re.sub(rb'(?: \$[246])? ' + ev, b'', stripped)
if stripped != inp:
    i = next((k for k in range(min(len(inp), len(stripped)))
              if inp[k] != stripped[k]), min(len(inp), len(stripped)))
    print('differs at byte %d: %r / %r' % (i, inp[i-40:i+40], stripped[i-40:i+40]))
    sys.exit(1)
n = len(re.findall(ev, out))
print('kept %d bytes; %d evals, %d variations, %d marks' % (len(inp), n,
      len(re.findall(rb' \([^(){}]*' + ev + rb'\)', out)),
      len(re.findall(rb' \$[246] ' + ev, out))))
PY
python3 "$tmp/check.py" "$tmp/in.pdn" "$tmp/out.pdn" >"$tmp/check" || { cat "$tmp/check" >&2; fail=1; }
cat "$tmp/check"
# annotations there are: evaluations, marks, lines
grep -q 'evals, [1-9][0-9]* variations, [1-9][0-9]* marks' "$tmp/check" || { echo "FAIL: no annotation" >&2; fail=1; }
expect_status 0 pdn-validate -g english "$tmp/out.pdn"
expect_status 0 pdn-legal -g english "$tmp/out.pdn"
# the report: one record a game
[ "$(grep -c '"type":"analysis"' "$tmp/report.json")" = 100 ] || { echo "FAIL: report" >&2; head -3 "$tmp/report.json" >&2; fail=1; }
if command -v jq >/dev/null; then
    jq -s -e '.[0].game == 1 and .[0].moves > 0 and .[0].complete' "$tmp/report.json" >/dev/null || { echo "FAIL: record" >&2; fail=1; }
fi
# -j 2: two engines, the same output
expect_status 0 pdn-analyse --engine "$eng hub" --depth 3 -g english -j 2 \
    -o "$tmp/out2.pdn" --report none "$tmp/in.pdn"
cmp -s "$tmp/out.pdn" "$tmp/out2.pdn" || { echo "FAIL: -j 2 differs" >&2; fail=1; }
# thresholds: with a blunder at 0.1 men every marked move is ??
awk '/^\[Event /{n++} n>3{exit} {print}' "$tmp/in.pdn" >"$tmp/three.pdn"
expect_status 0 pdn-analyse --engine "$eng" --depth 2 -g english --inaccuracy 0.05 \
    --mistake 0.1 --blunder 0.1 --no-lines "$tmp/three.pdn"
if grep -q ' \$[26] {' "$tmp/out" || ! grep -q ' \$4 {' "$tmp/out" || grep -q ' (' "$tmp/out"; then
    echo "FAIL: thresholds" >&2; fail=1
fi
# a failing engine: an error naming it, the game unchanged
expect_status 1 pdn-analyse --engine "$eng --illegal --after 5" -g english --report none "$tmp/three.pdn"
grep -q "error: engine 'pdn-test-engine': move '1-2' is not legal in" "$tmp/err" || { echo "FAIL: illegal" >&2; cat "$tmp/err" >&2; fail=1; }
head -c "$(wc -c <"$tmp/three.pdn")" "$tmp/out" | cmp -s - "$tmp/three.pdn" || { echo "FAIL: game 1 not kept" >&2; fail=1; }
expect_status 2 pdn-analyse --engine "'unterminated" "$tmp/three.pdn"
expect_status 2 pdn-analyse "$tmp/three.pdn"
exit $fail
