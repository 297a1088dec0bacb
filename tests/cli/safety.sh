#!/bin/sh
# SPDX-License-Identifier: MIT
# Output files are safe: an output that is an input (same name, hard link,
# symbolic link, standard input or output) or another output is refused
# before anything is written; a repeated output option is a usage error; a
# failed or interrupted run leaves the old file and no temporary; '-' is
# standard output; permission bits are kept; a full disk is named.
. "${top_srcdir:-.}/tests/cli/setup.sh"

printf '[Event "e"]\n[GameType "21"]\n1. 11-15 23-19 *\n\n[Event "f"]\n[GameType "21"]\n1. 11-1 *\n' > "$tmp/games.pdn"
mkdir "$tmp/d"

# same CMD...: the output is an input; status 2, a message naming the
# input, the input intact and nothing else in $tmp/d.
same() {
    cp "$tmp/games.pdn" "$tmp/d/in.pdn"
    (cd "$tmp/d" && ln -s in.pdn sym.pdn && ln in.pdn hard.pdn)
    if expect_status 2 "$@"; then
        grep -q "is the same file as input 'in.pdn'" "$tmp/err" ||
            { echo "FAIL: '$*': no message naming both files" >&2; cat "$tmp/err" >&2; fail=1; }
    fi
    cmp -s "$tmp/games.pdn" "$tmp/d/in.pdn" || { echo "FAIL: '$*' changed its input" >&2; fail=1; }
    [ "$(ls -A "$tmp/d" | tr '\n' ' ')" = "hard.pdn in.pdn sym.pdn " ] ||
        { echo "FAIL: '$*' left: $(ls -A "$tmp/d")" >&2; fail=1; }
    rm -f "$tmp/d"/* "$tmp/d"/.[!.]* 2>/dev/null || true
}
cd "$tmp/d"
for t in pdn-convert pdn-validate pdn-replay pdn-legal; do
    for f in in.pdn hard.pdn sym.pdn; do
        same "$t" -o "$f" in.pdn
    done
done
for opt in -w -x; do
    for f in in.pdn hard.pdn sym.pdn; do
        same pdn-legal "$opt" "$f" in.pdn
    done
done
same pdn-legal -q -o out.txt -w ok.pdn -x in.pdn other.pdn in.pdn
# standard input and standard output as the other side
cp "$tmp/games.pdn" in.pdn
expect_status 2 pdn-convert -o in.pdn < in.pdn || true
grep -q "is the same file as input standard input" "$tmp/err" || { echo "FAIL: -o on stdin's file: no message" >&2; fail=1; }
set +e; pdn-convert in.pdn >> in.pdn 2>"$tmp/err"; st=$?; set -e
[ "$st" = 2 ] || { echo "FAIL: 'pdn-convert in.pdn >> in.pdn' exited $st" >&2; fail=1; }
cmp -s "$tmp/games.pdn" in.pdn || { echo "FAIL: 'pdn-convert in.pdn >> in.pdn' changed in.pdn" >&2; fail=1; }

# Two outputs of one run that are one file; a repeated output option.
echo old > a
ln -s a link
for args in "-w a -x a" "-w a -x link" "-w a -o a" "-o a -x ./a" "-w - -x -" "-o - -w -"; do
    # shellcheck disable=SC2086
    expect_status 2 pdn-legal $args in.pdn || true
    grep -q "is the same file as output" "$tmp/err" || { echo "FAIL: pdn-legal $args: no message" >&2; fail=1; }
    [ "$(cat a)" = old ] || { echo "FAIL: pdn-legal $args wrote to a" >&2; fail=1; }
done
for args in "-w a -w b" "-x a -x b" "-o a -o b"; do
    # shellcheck disable=SC2086
    expect_status 2 pdn-legal $args in.pdn || true
    grep -q "given twice" "$tmp/err" || { echo "FAIL: pdn-legal $args: no message" >&2; fail=1; }
    [ "$(cat a)" = old ] && [ ! -e b ] || { echo "FAIL: pdn-legal $args wrote a file" >&2; fail=1; }
done

# standard output (the report) redirected to an output file
set +e; pdn-legal -w a in.pdn > a 2>"$tmp/err"; st=$?; set -e
[ "$st" = 2 ] && grep -q "output standard output is the same file as output -w 'a'" "$tmp/err" ||
    { echo "FAIL: 'pdn-legal -w a > a' exited $st" >&2; cat "$tmp/err" >&2; fail=1; }
echo old > a

# Nothing is opened before every option is checked; a failed run (status
# 2) leaves the old file as it was.
for args in "-o a -f yaml" "-o a -Z" "-w a -j 257" "-x a -g nosuchtype" "-o a no-such-file.pdn"; do
    # shellcheck disable=SC2086
    expect_status 2 pdn-legal $args in.pdn || true
    [ "$(cat a)" = old ] || { echo "FAIL: pdn-legal $args changed a" >&2; fail=1; }
done
for t in pdn-convert pdn-validate pdn-replay; do
    expect_status 2 "$t" -o a -f nosuchformat in.pdn || true
    expect_status 2 "$t" -o a in.pdn no-such-file.pdn || true
    [ "$(cat a)" = old ] || { echo "FAIL: $t changed a on a failed run" >&2; fail=1; }
done
[ "$(ls -A | tr '\n' ' ')" = "a in.pdn link " ] || { echo "FAIL: left behind: $(ls -A)" >&2; fail=1; }

# A run that succeeds replaces the target, through a symbolic link too
# (the link stays), keeping its permission bits; a new file gets the umask.
chmod 640 a
expect_status 1 pdn-legal -q -o link -w ok.pdn in.pdn || true
[ -L link ] && grep -q "illegal move" a || { echo "FAIL: -o through a symbolic link" >&2; fail=1; }
[ "$(ls -l a | cut -c1-10)" = "-rw-r-----" ] || { echo "FAIL: permissions of a not kept: $(ls -l a)" >&2; fail=1; }
rm -f ok.pdn
(umask 027 && pdn-legal -q -w ok.pdn in.pdn > /dev/null) || true
[ "$(ls -l ok.pdn | cut -c1-10)" = "-rw-r-----" ] || { echo "FAIL: new file ignores the umask: $(ls -l ok.pdn)" >&2; fail=1; }

# '-o -' is standard output; /dev/stdout is written in place.
pdn-convert -q in.pdn > want 2>/dev/null || true
pdn-convert -q -o - in.pdn > got 2>/dev/null || true
cmp -s want got || { echo "FAIL: -o - differs from standard output" >&2; fail=1; }
pdn-convert -q -o /dev/stdout in.pdn > got 2>/dev/null || true
cmp -s want got || { echo "FAIL: -o /dev/stdout differs from standard output" >&2; fail=1; }
rm -f want got
# A FIFO is written in place.
if mkfifo fifo 2>/dev/null; then
    cat fifo > got &
    pdn-convert -q -o fifo in.pdn 2>/dev/null || true
    wait
    pdn-convert -q in.pdn 2>/dev/null | cmp -s - got || { echo "FAIL: -o FIFO differs from standard output" >&2; fail=1; }
    rm -f fifo got
fi
# pdn-replay's JSON records name their file and the game's number in it.
pdn-replay -f json in.pdn - < in.pdn > got 2>/dev/null || true
[ "$(grep -c '^{"type":"position","file":"in.pdn","game":1,"ply":' got)" = 1 ] && [ "$(grep -c '^{"type":"position","file":"<stdin>","game":1,"ply":' got)" = 1 ] ||
    { echo "FAIL: pdn-replay -f json: records do not name their file" >&2; cat got >&2; fail=1; }
rm -f got

# An interrupted run (a signal while the input is still open) leaves the
# old files and no temporary. The input is a FIFO held open after the
# games, so the tool waits at a known point; the signal is sent once its
# temporary is seen (waited for, up to 120 s), through timeout(1), which
# gives the tool the signal's default action even where the shell's
# background jobs ignore SIGINT.
i=0
while [ $i -lt 200 ]; do cat in.pdn; i=$((i + 1)); done > big.pdn
mkfifo "$tmp/in" "$tmp/hold"
for sig in INT TERM HUP; do
    for j in 1 2; do
        echo old > a
        echo old > b
        # the writer: the games, then the FIFO kept open until released
        { cat big.pdn; read -r _ < "$tmp/hold"; } > "$tmp/in" &
        writer=$!
        timeout 600 pdn-legal -j $j -q -o a -w b < "$tmp/in" > /dev/null &
        tool=$!
        : > "$tmp/during"
        n=0
        while ! grep -q '^\.a\.' "$tmp/during" && [ $n -lt 1200 ]; do
            sleep 0.1
            ls -A > "$tmp/during"
            n=$((n + 1))
        done
        set +e
        kill -s $sig $tool 2>/dev/null
        wait $tool
        st=$?
        set -e
        echo > "$tmp/hold"
        wait $writer || true
        grep -q '^\.a\.' "$tmp/during" || { echo "FAIL: SIG$sig -j $j: no temporary seen in 120 s" >&2; fail=1; }
        [ "$st" -gt 128 ] && [ "$(kill -l $st)" = $sig ] ||
            { echo "FAIL: SIG$sig -j $j: exit status $st, not ended by the signal" >&2; fail=1; }
        [ "$(cat a)" = old ] && [ "$(cat b)" = old ] || { echo "FAIL: SIG$sig -j $j: old files changed" >&2; fail=1; }
        [ "$(ls -A | tr '\n' ' ')" = "a b big.pdn in.pdn link ok.pdn " ] ||
            { echo "FAIL: SIG$sig -j $j left: $(ls -A)" >&2; fail=1; }
    done
done
rm -f "$tmp/in" "$tmp/hold"

# SIGINT while pdn-replay writes a picture per position into a directory
# (-O): each picture is written to a temporary renamed into place, which
# the signal removes. The signal comes once 20 pictures exist (waited
# for); five runs, since where in a write it lands is chance (before the
# temporaries were recorded, 2 runs in 3 left one).
for j in 1 2 3 4 5; do
    rm -rf pics
    mkdir pics
    timeout 600 pdn-replay -f svg -a -O pics big.pdn > /dev/null 2>&1 &
    tool=$!
    n=0
    while [ "$(ls pics | wc -l)" -lt 20 ] && kill -0 $tool 2>/dev/null && [ $n -lt 1200 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    set +e
    kill -s INT $tool 2>/dev/null
    wait $tool
    set -e
    left=$(ls -A pics | grep '^\.' || true)
    [ -z "$left" ] || { echo "FAIL: SIGINT to pdn-replay -O (run $j) left $left" >&2; fail=1; }
done
rm -rf pics

# A full disk is named by every tool.
if [ -w /dev/full ]; then
    for cmd in "pdn-validate in.pdn" "pdn-legal in.pdn" "pdn-replay in.pdn" \
               "pdn-convert in.pdn" "pdn-perft -d 2" "pdn-replay -j 2 -a in.pdn"; do
        # shellcheck disable=SC2086
        set +e; $cmd > /dev/full 2>"$tmp/err"; st=$?; set -e
        [ "$st" = 2 ] || { echo "FAIL: '$cmd > /dev/full' exited $st" >&2; fail=1; }
        n=$(grep -c "write error: No space left on device" "$tmp/err" || true)
        [ "$n" = 1 ] || { echo "FAIL: '$cmd > /dev/full': $n 'No space left' messages" >&2; cat "$tmp/err" >&2; fail=1; }
    done
    for opt in -o -w -x; do
        expect_status 2 pdn-legal "$opt" /dev/full in.pdn || true
        grep -q "^pdn-legal: /dev/full: write error: No space left on device$" "$tmp/err" ||
            { echo "FAIL: pdn-legal $opt /dev/full: no message" >&2; cat "$tmp/err" >&2; fail=1; }
    done
fi
cd /
exit $fail
