#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool: --help and -h (usage on stdout, exit 0), --version and -V,
# an unknown option (exit 2 with a hint on stderr), and '-' for stdin.
. "${top_srcdir:-.}/tests/cli/setup.sh"

tools="pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft"
for t in $tools; do
    if expect_status 0 "$t" --help; then
        grep -q "^Usage: $t " "$tmp/out" || { echo "FAIL: $t --help: no Usage line" >&2; fail=1; }
        grep -q "Exit status" "$tmp/out" || { echo "FAIL: $t --help: no exit status" >&2; fail=1; }
        [ -s "$tmp/err" ] && { echo "FAIL: $t --help wrote to stderr" >&2; fail=1; }
    fi
    expect_status 0 "$t" -h || true
    if expect_status 0 "$t" --version; then
        grep -q "^$t (pdntools) [0-9]" "$tmp/out" || { echo "FAIL: $t --version: bad first line" >&2; fail=1; }
    fi
    expect_status 0 "$t" -V || true
    if expect_status 2 "$t" -Z; then
        grep -q "Try '$t --help'" "$tmp/err" || { echo "FAIL: $t -Z: no hint" >&2; fail=1; }
    fi
    if [ "$t" != pdn-perft ]; then
        expect_status 2 "$t" "$tmp/no-such-file.pdn" || true
        grep -q "no-such-file.pdn" "$tmp/err" || { echo "FAIL: $t: missing file not named on stderr" >&2; fail=1; }
        # '-' and no operand read standard input.
        printf '[Event "e"]\n1. 32-28 19-23 *\n' > "$tmp/in.pdn"
        "$t" < "$tmp/in.pdn" > "$tmp/a" 2>&1 || true
        "$t" - < "$tmp/in.pdn" > "$tmp/b" 2>&1 || true
        cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: $t: '-' differs from no operand" >&2; fail=1; }
        # A write error on stdout is a system error (tools that always print).
        case $t in
        pdn-replay|pdn-convert)
            if [ -w /dev/full ]; then
                set +e; "$t" "$tmp/in.pdn" >/dev/full 2>"$tmp/err"; st=$?; set -e
                [ "$st" = 2 ] || { echo "FAIL: $t >/dev/full exited $st, expected 2" >&2; fail=1; }
                grep -q "write error" "$tmp/err" || { echo "FAIL: $t >/dev/full: no write error message" >&2; fail=1; }
            fi ;;
        esac
    fi
done

# A closed pipe on the output ends the tool quietly, as with cat: death by
# SIGPIPE (the shell sees 128 + 13 = 141), no message about it, with one
# thread and with two.
sigpipe=$(($(kill -l PIPE 2>/dev/null || echo 13) + 128))
i=0
# Without their GameType tags and read as English (-g 21), the samples give
# findings on every game of the other variants.
while [ $i -lt 60 ]; do cat "$top_srcdir"/samples/*.pdn; i=$((i + 1)); done |
    grep -v '^\[GameType' > "$tmp/big.pdn"
for cmd in "pdn-convert" "pdn-replay -a" "pdn-legal -v -f json -g 21" "pdn-validate -S -g 21" \
           "pdn-replay -a -f json" "pdn-perft -d 9"; do
    for j in 1 2; do
        case $cmd in pdn-perft*) jobs= ; in= ;; *) jobs="-j $j"; in=$tmp/big.pdn ;; esac
        # shellcheck disable=SC2086
        { set +e; $cmd $jobs $in 2>"$tmp/err"; echo $? > "$tmp/st"; } | head -c 1 >/dev/null
        st=$(cat "$tmp/st")
        [ "$st" = "$sigpipe" ] || { echo "FAIL: '$cmd $jobs | head -c 1' exited $st, expected $sigpipe (SIGPIPE)" >&2; fail=1; }
        # findings on stderr are fine (convert, replay); a word on the pipe not
        if grep -i -q 'pipe\|write error' "$tmp/err"; then
            echo "FAIL: '$cmd $jobs | head -c 1' spoke of the pipe:" >&2
            sed 's/^/  /' "$tmp/err" | tail -3 >&2
            fail=1
        fi
        [ -n "$jobs" ] || break
    done
done
exit $fail
