#!/bin/sh
# SPDX-License-Identifier: MIT
# Golden CLI tests: tests/data/<suite>/<case>/ holds input.pdn, the expected
# stdout, optionally stderr, args (options, one line), status (the exit
# status, 0 when absent) and out.NAME (the expected content of a file NAME
# that the options write, as with -o, -w, -x). The tool of a suite is below;
# it runs in a scratch copy of the case directory on input.pdn, so that
# diagnostics read input.pdn:LINE:COL. Suite "valid" also checks that
# converting the output changes nothing.
. "${top_srcdir:-.}/tests/cli/setup.sh"

data=$top_srcdir/tests/data
[ -d "$data" ] || { echo "SKIP: no $data"; exit 77; }
ncase=0
nfail=0
for dir in "$data"/*/*/; do
    dir=${dir%/}
    [ -f "$dir/input.pdn" ] || continue
    suite=$(basename "$(dirname "$dir")")
    name=$suite/$(basename "$dir")
    case $suite in
    valid|convert) tool=pdn-convert ;;
    invalid|validate) tool=pdn-validate ;;
    illegal|legal) tool=pdn-legal ;;
    replay) tool=pdn-replay ;;
    *) echo "FAIL: $name: unknown suite" >&2; nfail=$((nfail + 1)); continue ;;
    esac
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
    (cd "$tmp/run" && exec "$tool" $args input.pdn) >"$tmp/out" 2>"$tmp/err"
    got=$?
    set -e
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
    if [ "$suite" = valid ] && [ "$bad" = 0 ]; then
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
