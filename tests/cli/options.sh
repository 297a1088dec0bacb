#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool: --help and -h (usage on stdout, exit 0), --version and -V,
# an unknown option (exit 2 with a hint on stderr), and '-' for stdin.
. "${top_srcdir:-.}/tests/cli/setup.sh"

tools="pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft pdn-stats pdn-fix"
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
        pdn-replay|pdn-convert|pdn-stats|pdn-fix)
            if [ -w /dev/full ]; then
                set +e; "$t" "$tmp/in.pdn" >/dev/full 2>"$tmp/err"; st=$?; set -e
                [ "$st" = 2 ] || { echo "FAIL: $t >/dev/full exited $st, expected 2" >&2; fail=1; }
                grep -q "write error" "$tmp/err" || { echo "FAIL: $t >/dev/full: no write error message" >&2; fail=1; }
            fi ;;
        esac
    fi
done

# Long names, abbreviations, --opt=ARG; --help and --version anywhere
# before "--", even after a bad option.
printf '[GameType "21"]\n1. 11-15 22-18 *\n' > "$tmp/g.pdn"
for t in $tools; do
    for args in "-g 21 --help" "--gametype=foo --help" "-Z --help" "--hel" "-qh"; do
        case $t$args in pdn-perft-qh) continue ;; esac
        expect_status 0 "$t" $args && { grep -q "^Usage: $t " "$tmp/out" || { echo "FAIL: $t $args: no usage" >&2; fail=1; }; }
    done
    expect_status 0 "$t" -g nosuch --vers && { grep -q "^libpdn [0-9]" "$tmp/out" || { echo "FAIL: $t --version: no libpdn line" >&2; fail=1; }; }
    grep -q "Report bugs" "$tmp/out" && { echo "FAIL: $t: a bug address nobody set up" >&2; fail=1; }
    # the same mistakes give status 2 in every tool, naming the option
    # and the valid values
    expect_status 2 "$t" -g nosuch &&
        { grep -q "^$t: -g: unknown game type 'nosuch'; valid names: international, english, " "$tmp/err" || { echo "FAIL: $t -g nosuch: $(head -1 "$tmp/err")" >&2; fail=1; }; }
    expect_status 2 "$t" --gametype || true
    grep -q "option '--gametype' (-g) requires an argument" "$tmp/err" || { echo "FAIL: $t --gametype: $(head -1 "$tmp/err")" >&2; fail=1; }
    expect_status 2 "$t" --nosuch || true
    grep -q "unrecognized option '--nosuch'" "$tmp/err" || { echo "FAIL: $t --nosuch: $(head -1 "$tmp/err")" >&2; fail=1; }
    expect_status 2 "$t" --help=1 || true
    expect_status 2 "$t" -- --help || true
done
for t in pdn-validate pdn-legal pdn-replay pdn-convert; do
    expect_status 2 "$t" -j x "$tmp/g.pdn" &&
        { grep -q "^$t: -j: invalid number 'x'; expected 1-256 or 0 for all cores" "$tmp/err" || { echo "FAIL: $t -j x: $(head -1 "$tmp/err")" >&2; fail=1; }; }
    expect_status 2 "$t" -j 257 "$tmp/g.pdn" || true
    expect_status 2 "$t" --form=nosuch "$tmp/g.pdn" &&
        { grep -q "^$t: -f: invalid value 'nosuch'; valid values: " "$tmp/err" || { echo "FAIL: $t -f nosuch: $(head -1 "$tmp/err")" >&2; fail=1; }; }
    # the long forms do what the letters do
    "$t" -q -g 21 -j 2 "$tmp/g.pdn" > "$tmp/a" 2>&1 || true
    "$t" --qui --gametype 21 --jobs=0 "$tmp/g.pdn" > "$tmp/b" 2>&1 || true
    cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: $t: long options differ from short ones" >&2; fail=1; }
    "$t" -o - "$tmp/g.pdn" > "$tmp/b" 2>&1 || true
    "$t" "$tmp/g.pdn" > "$tmp/a" 2>&1 || true
    untime "$tmp/a" "$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: $t -o - is not standard output" >&2; fail=1; }
done
expect_status 2 pdn-legal --g 21 || true
grep -q "option '--g' is ambiguous; possibilities: --good, --gametype" "$tmp/err" || { echo "FAIL: --g: $(head -1 "$tmp/err")" >&2; fail=1; }
expect_status 2 pdn-legal --quiet=yes || true
grep -q "option '--quiet' (-q) takes no argument" "$tmp/err" || { echo "FAIL: --quiet=yes: $(head -1 "$tmp/err")" >&2; fail=1; }
expect_status 2 pdn-convert -N N7 || true
grep -q "^pdn-convert: -N: invalid value 'N7'; valid values: N0, N1, N2, N3" "$tmp/err" || { echo "FAIL: -N N7: $(head -1 "$tmp/err")" >&2; fail=1; }
expect_status 2 pdn-perft -d 31 || true
grep -q "^pdn-perft: -d: invalid number '31'; expected 1-30" "$tmp/err" || { echo "FAIL: -d 31: $(head -1 "$tmp/err")" >&2; fail=1; }
for o in -n -p; do
    expect_status 2 pdn-replay $o x "$tmp/g.pdn" || true
    grep -q "^pdn-replay: $o: invalid number 'x'" "$tmp/err" || { echo "FAIL: replay $o x: $(head -1 "$tmp/err")" >&2; fail=1; }
done
# A game or ply the input does not have is a finding (status 1) saying
# how many there are, with and without other options.
expect_status 1 pdn-replay -n 99 "$tmp/g.pdn" || true
grep -q "^pdn-replay: -n: no game 99: the input has only 1 game$" "$tmp/err" || { echo "FAIL: replay -n 99: $(head -1 "$tmp/err")" >&2; fail=1; }
[ -s "$tmp/out" ] && { echo "FAIL: replay -n 99 printed something" >&2; fail=1; }
expect_status 1 pdn-replay -p 999 "$tmp/g.pdn" || true
grep -q "g.pdn:1:1: error: -p: no ply 999: the game has only 2 plies (game 1)" "$tmp/err" || { echo "FAIL: replay -p 999: $(head -1 "$tmp/err")" >&2; fail=1; }
expect_status 0 pdn-replay -p 2 "$tmp/g.pdn" || true
# --with-filename: FEN lines and board headings name their file (grep -H).
pdn-replay --with-filename "$tmp/g.pdn" - < "$tmp/g.pdn" > "$tmp/out" 2>/dev/null || true
[ "$(cut -f 1,2 "$tmp/out" | tr '\t\n' ' /')" = "$tmp/g.pdn 1/<stdin> 1/" ] || { echo "FAIL: replay of two files: no file column" >&2; cat "$tmp/out" >&2; fail=1; }
pdn-replay -f board --with-filename "$tmp/g.pdn" "$tmp/g.pdn" 2>/dev/null | grep -c "^$tmp/g.pdn: game 1, ply 2, after 22-18\$" > "$tmp/n" || true
[ "$(cat "$tmp/n")" = 2 ] || { echo "FAIL: replay -f board of two files: headings do not name the file" >&2; fail=1; }
pdn-replay "$tmp/g.pdn" 2>/dev/null | grep -q "^1	B:" || { echo "FAIL: replay of one file has a file column" >&2; fail=1; }
# The short-options build (a libc without getopt_long): letters work,
# --help and --version too, long names are refused.
short=$top_builddir/tools/pdn-legal-short
if [ -x "$short" ]; then
    expect_status 0 "$short" -g 21 --help && { grep -q "^  -w FILE  " "$tmp/out" || { echo "FAIL: short build lists long names" >&2; fail=1; }; }
    expect_status 0 "$short" -V || true
    expect_status 0 "$short" --version || true
    expect_status 0 "$short" -q -g 21 -j 2 "$tmp/g.pdn" || true
    expect_status 2 "$short" --gametype 21 "$tmp/g.pdn" || true
    grep -q "short options alone" "$tmp/err" || { echo "FAIL: short build: $(head -1 "$tmp/err")" >&2; fail=1; }
else
    echo "FAIL: $short not built" >&2; fail=1
fi

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

# An option of one value given twice with different values is a usage
# error, as -o twice is; the same value twice is accepted.
s=$top_srcdir/samples/folk-towers.pdn
for cmd in "pdn-convert -m num -m alg" "pdn-convert -f pdn -f json" \
           "pdn-select -j 1 -j 2" "pdn-validate -g russian -g english" \
           "pdn-stats --summary text --summary none" "pdn-replay -n 1 -n 2"; do
    # shellcheck disable=SC2086
    expect_status 2 $cmd "$s" || continue
    grep -q "given twice" "$tmp/err" || { echo "FAIL: '$cmd': $(cat "$tmp/err")" >&2; fail=1; }
done
expect_status 0 pdn-convert -m num -m num "$s" || true
exit $fail
