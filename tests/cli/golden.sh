#!/bin/sh
# SPDX-License-Identifier: MIT
# Golden CLI tests: tests/data/<suite>/<case>/ holds input.pdn, the expected
# stdout, optionally stderr, args (options, one line), status (the exit
# status, 0 when absent) and out.NAME (the expected content of a file NAME
# that the options write, as with -o, -w, -x). The tool of a suite is below;
# it runs in a scratch copy of the case directory on input.pdn, so that
# diagnostics read input.pdn:LINE:COL. Suites "valid" and "convert" (PDN
# output, status 0) also check that converting the output again with the
# same options changes nothing. Every suite named here must exist and hold
# cases, every case must have its input.pdn, and every folder of
# tests/data must be a suite here or one checked elsewhere.
. "${top_srcdir:-.}/tests/cli/setup.sh"

data=$top_srcdir/tests/data
suites="valid convert validate legal replay stats fix select"
ncase=0
nfail=0
for suite in $suites; do
    n=$(find "$data/$suite" -name input.pdn 2>/dev/null | wc -l)
    [ "$n" -gt 0 ] || { echo "FAIL: suite $suite: no cases in $data/$suite" >&2; nfail=$((nfail + 1)); }
done
for dir in "$data"/*/; do
    suite=$(basename "$dir")
    case " $suites reader hostile " in
    *" $suite "*) ;;
    *) echo "FAIL: $dir: not a golden suite" >&2; nfail=$((nfail + 1)) ;;
    esac
done
for dir in "$data"/*/*/; do
    dir=${dir%/}
    suite=$(basename "$(dirname "$dir")")
    name=$suite/$(basename "$dir")
    case $suite in
    valid|convert) tool=pdn-convert ;;
    validate) tool=pdn-validate ;;
    legal) tool=pdn-legal ;;
    replay) tool=pdn-replay ;;
    stats) tool=pdn-stats ;;
    fix) tool=pdn-fix ;;
    select) tool=pdn-select ;;
    reader|hostile) continue ;; # tests/unit/check_reader.c, hostile.sh
    *) continue ;;
    esac
    if [ ! -f "$dir/input.pdn" ]; then
        echo "FAIL: $name: no input.pdn" >&2
        nfail=$((nfail + 1))
        continue
    fi
    args=
    [ -f "$dir/args" ] && args=$(cat "$dir/args")
    want=0
    [ -f "$dir/status" ] && want=$(cat "$dir/status")
    ncase=$((ncase + 1))
    bad=0
    rm -rf "$tmp/run"
    mkdir "$tmp/run"
    cp "$dir/input.pdn" "$tmp/run/"
    set +e
    # $args is split into words on purpose.
    (cd "$tmp/run" && exec "$tool" $args input.pdn) >"$tmp/out" 2>"$tmp/err.all"
    got=$?
    set -e
    # the closing summary (its time varies) is tested in tests/cli/summary.sh
    grep -v '^pdn-[a-z]*: [0-9]* files*, [0-9]* games*, .* in [0-9.]* s$' \
        "$tmp/err.all" > "$tmp/err" || true
    if [ "$got" != "$want" ]; then
        echo "FAIL: $name: '$tool $args input.pdn' exited $got, expected $want" >&2
        bad=1
    fi
    if [ -f "$dir/stdout" ] && ! diff -u "$dir/stdout" "$tmp/out" >"$tmp/diff"; then
        echo "FAIL: $name: stdout differs" >&2
        cat "$tmp/diff" >&2
        bad=1
    fi
    if [ -f "$dir/stderr" ] && ! diff -u "$dir/stderr" "$tmp/err" >"$tmp/diff"; then
        echo "FAIL: $name: stderr differs" >&2
        cat "$tmp/diff" >&2
        bad=1
    fi
    for want_file in "$dir"/out.*; do
        [ -f "$want_file" ] || continue
        f=${want_file##*/out.}
        if ! diff -u "$want_file" "$tmp/run/$f" >"$tmp/diff" 2>&1; then
            echo "FAIL: $name: file $f differs" >&2
            cat "$tmp/diff" >&2
            bad=1
        fi
    done
    if [ "$suite" = valid ] || [ "$suite" = convert ] && [ "$want" = 0 ] &&
       [ "$bad" = 0 ] && ! grep -q 'json' "$dir/args" 2>/dev/null; then
        set +e
        pdn-convert $args <"$tmp/out" >"$tmp/again" 2>/dev/null
        set -e
        if ! cmp -s "$tmp/out" "$tmp/again"; then
            echo "FAIL: $name: a second conversion changes the output" >&2
            diff -u "$tmp/out" "$tmp/again" >&2 || true
            bad=1
        fi
    fi
    [ "$bad" = 0 ] || nfail=$((nfail + 1))
done
echo "golden: $ncase cases, $nfail failed"
[ "$ncase" -gt 0 ] || exit 1
[ "$nfail" = 0 ]
