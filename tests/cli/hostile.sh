#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile input for every tool: each sample truncated at every byte, NUL
# bytes, invalid UTF-8, CR-only lines, a binary file, compressed and UTF-16
# files, a 10 MB comment and a 10 MB line, 100,000 nested variations,
# 1,000,000 tags, a 1 MB tag name, a 100,000-ply game, absurd FEN and
# GameType values, each reader limit just under and just over, and the
# regression inputs in tests/data/hostile/. Every run must end with status
# 0 or 1 (1 with diagnostics), never crash or hang, and the big inputs must
# stay under 16 MB of resident memory. Each regression input must also
# convert to PDN that reads back as the same games (tests/gameeq) and that
# converts to itself.
. "${top_srcdir:-.}/tests/cli/setup.sh"

tools=""
for t in pdn-validate pdn-legal pdn-convert pdn-replay; do
    if command -v "$t" >/dev/null 2>&1; then
        tools="$tools $t"
    else
        echo "note: $t is not built: skipped"
    fi
done
if [ -z "$tools" ]; then
    echo "SKIP: no tool built"
    exit 77
fi

# Sanitizer builds need far more address space and memory: no limits then.
sanitized=0
for t in $tools; do
    sanitized "$t" && sanitized=1
done
timecmd=""
if [ -x /usr/bin/time ] && [ "$sanitized" = 0 ]; then
    timecmd=/usr/bin/time
fi
[ "$sanitized" = 1 ] && echo "note: sanitizer build: memory limits not checked"
limit_kb=16384

# check WANT LIMIT_KB NAME TOOL [ARG]...: runs the tool (timeout 600 s,
# address space 1 GB unless sanitized), records a failure unless its
# status is allowed (WANT "01": 0 or 1; "1": 1 only), status 1 comes with
# diagnostics, and, when LIMIT_KB > 0, its peak RSS stays below the limit.
check() {
    want=$1 lim=$2 name=$3
    shift 3
    set +e
    (
        [ "$sanitized" = 1 ] || ulimit -v 1048576 2>/dev/null
        if [ -n "$timecmd" ]; then
            exec timeout 600 "$timecmd" -f '%M' -o "$tmp/rss" "$@"
        else
            exec timeout 600 "$@"
        fi
    ) >"$tmp/out" 2>"$tmp/err"
    st=$?
    set -e
    what="$1 on $name"
    case $st in
    0 | 1) ;;
    124) echo "FAIL: $what: hung (killed after 60 s)" >&2; fail=1; return 1 ;;
    *)
        echo "FAIL: $what: exit status $st" >&2
        head -c 600 "$tmp/err" | sed 's/^/  stderr: /' >&2
        fail=1
        return 1
        ;;
    esac
    if [ "$st" = 1 ] && [ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ]; then
        echo "FAIL: $what: status 1 without a diagnostic" >&2
        fail=1
    fi
    if [ "$want" = 1 ] && [ "$st" = 0 ]; then
        echo "FAIL: $what: accepted (status 0), expected problems" >&2
        fail=1
    fi
    if [ "$lim" -gt 0 ] && [ -n "$timecmd" ] && [ -s "$tmp/rss" ]; then
        rss=$(grep -E '^[0-9]+$' "$tmp/rss" | tail -1)
        if [ -n "$rss" ] && [ "$rss" -gt "$lim" ]; then
            echo "FAIL: $what: $rss KB resident, limit $lim KB" >&2
            fail=1
        fi
    fi
    return 0
}

# all WANT LIMIT_KB FILE: every tool on FILE.
all() {
    for t in $tools; do
        check "$1" "$2" "$(basename "$3")" "$t" "$3" || true
    done
}

# 1. Every sample truncated at every byte offset. The prefixes of a sample
# go to each tool in one run (tools process every file); a crash is then
# narrowed down to the offsets that cause it.
mkdir "$tmp/trunc"
for f in "$top_srcdir"/samples/*.pdn; do
    [ -f "$f" ] || continue
    base=$(basename "$f" .pdn)
    d="$tmp/trunc/$base"
    mkdir "$d"
    awk -v d="$d" 'BEGIN { RS = "\001\002\003"; ORS = "" }
        { s = s $0 }
        END {
            # Every offset up to 2000 bytes, then a stride of 7.
            n = length(s)
            for (i = 0; i <= n; i += (i < 2000 ? 1 : 7)) {
                f = sprintf("%s/%06d.pdn", d, i)
                printf "%s", substr(s, 1, i) > f
                close(f)
            }
        }' "$f"
    for t in $tools; do
        if ! check 01 0 "$base.pdn truncated" "$t" "$d"/*.pdn; then
            for p in "$d"/*.pdn; do
                set +e
                timeout 600 "$t" "$p" >/dev/null 2>&1
                st=$?
                set -e
                [ "$st" -le 1 ] || echo "  crashes on $(basename "$f") cut at $(basename "$p" .pdn) bytes" >&2
            done | head -5
        fi
    done
done

# 2. Byte-level damage: NUL bytes, CR-only lines, invalid UTF-8, binary.
cat "$top_srcdir"/samples/*.pdn >"$tmp/all.pdn" 2>/dev/null || : >"$tmp/all.pdn"
tr 'e' '\000' <"$tmp/all.pdn" >"$tmp/nul.pdn"
all 01 0 "$tmp/nul.pdn"
head -c 100000 /dev/zero >"$tmp/zeros.pdn"
all 01 0 "$tmp/zeros.pdn"
tr '\n' '\r' <"$tmp/all.pdn" >"$tmp/cr.pdn"
all 01 0 "$tmp/cr.pdn"
{
    printf '\357\273\277[Event "\377\376\300\200 bad"]\n[White "\303"]\n'
    printf '[Black "\355\240\200\364\220\200\200"]\n[Result "*"]\n'
    printf '1. 32-28 {\340\200 \370\210\200\200\200} 19-23\377 2. 28x19 *\n'
    printf '[Event "\303\n"]\n1. \300\25732-28 *\n'
} >"$tmp/utf8.pdn"
all 01 0 "$tmp/utf8.pdn"
for b in /bin/sh /bin/ls /usr/bin/env; do
    if [ -f "$b" ]; then
        head -c 65536 "$b" >"$tmp/binary.pdn"
        break
    fi
done
[ -f "$tmp/binary.pdn" ] && all 01 0 "$tmp/binary.pdn"

# 3. Big inputs, with the memory limit.
awk 'BEGIN { printf "[Event \"c\"]\n[Result \"*\"]\n1. 32-28 {" }' >"$tmp/comment.pdn"
head -c 10485760 /dev/zero | tr '\000' 'a' >>"$tmp/comment.pdn"
printf '} 19-23 *\n' >>"$tmp/comment.pdn"
all 01 "$limit_kb" "$tmp/comment.pdn"

awk 'BEGIN { ORS = ""
    for (i = 0; i < 250000; i++) print "[Event \"l\"] 1. 32-28 19-23 * " }' \
    >"$tmp/line.pdn"
all 01 "$limit_kb" "$tmp/line.pdn"

awk 'BEGIN { ORS = ""; print "[Event \"v\"]\n1. 32-28 "
    for (i = 0; i < 100000; i++) print "(19-23 "
    for (i = 0; i < 100000; i++) print ")"
    print " 19-23 *\n" }' >"$tmp/nested.pdn"
all 01 "$limit_kb" "$tmp/nested.pdn"

awk 'BEGIN { print "[Event \"t\"]"
    for (i = 0; i < 1000000; i++) printf "[T%d \"v\"]\n", i
    print "1. 32-28 *" }' >"$tmp/tags.pdn"
all 01 "$limit_kb" "$tmp/tags.pdn"

{
    printf '[Event "n"]\n['
    head -c 1048576 /dev/zero | tr '\000' 'A'
    printf ' "v"]\n1. 32-28 *\n'
} >"$tmp/tagname.pdn"
all 01 "$limit_kb" "$tmp/tagname.pdn"

# A legal 100,000-ply game: two kings shuttling.
awk 'BEGIN { print "[Event \"k\"]\n[GameType \"20\"]\n[FEN \"W:WK46:BK5\"]"
    for (i = 1; i <= 25000; i++)
        printf "%d. 46-41 5-10 %d. 41-46 10-5\n", 2 * i - 1, 2 * i
    print "*" }' >"$tmp/long.pdn"
all 01 "$limit_kb" "$tmp/long.pdn"

# A capture path of 100,000 squares and other monster tokens.
awk 'BEGIN { ORS = ""; print "[Event \"p\"]\n1. 32"
    for (i = 0; i < 100000; i++) print "x" (i % 50 + 1)
    print " 99999999999999999999. 19-23 $99999999999999999 "
    for (i = 0; i < 100000; i++) print "!"
    print " *\n" }' >"$tmp/token.pdn"
all 01 "$limit_kb" "$tmp/token.pdn"

# 4. Absurd FEN and GameType values, in tags and in setup commands.
: >"$tmp/setup.pdn"
longfen=$(awk 'BEGIN { ORS = ""; print "W:W"
    for (i = 0; i < 20000; i++) print (i % 255 + 1) ","; print ":B1" }')
for fen in '' ':' 'W' 'W:' 'W:W' 'Z:Q1' 'W:W0:B0' 'W:W999999:B1' \
    'W:W1-255:B1-255' 'W:W1-50:B1-50' 'W:W51,60:B70' 'W:Wz9,a99:Bq1' \
    'W:W1-99999999999999999999:B2' 'W:K:K' 'W::::::::::' 'B:B:B:B:B' \
    'W:W,,,,:B' 'W:W1-:B-2' 'W:WKKKK1' "$longfen" \
    'W:W31-50:B1-20:H99999999999999:F-1'; do
    printf '[Event "f"]\n[SetUp "1"]\n[FEN "%s"]\n1. 32-28 19-23 *\n\n' "$fen"
    printf '[Event "s"]\n1. 32-28 /FEN "%s"/ 19-23 *\n\n' "$fen"
done >>"$tmp/setup.pdn"
longgt=$(head -c 10000 /dev/zero | tr '\000' '2')
for gt in '' '0' '-1' '19' '99' '99999999999999999999' \
    '20,W,1000000000,10,N2,0' '20,W,10,10,N9,9' '20,,,,,' ',,,,,,,,,,,,' \
    '98,B,12,12,S3,1' '30,W,12,12,A3,1' '20,W,2,2,N0,0' '41,B,3,12,N1,1' \
    "$longgt" '25,W,8,8,A0,0,G,G,G' 'international giveaway russian'; do
    printf '[Event "g"]\n[GameType "%s"]\n1. 32-28 19-23 2. a3-b4 *\n\n' "$gt"
done >>"$tmp/setup.pdn"
for t in $tools; do
    # The checking tools must report these; the others may repair or skip.
    case $t in pdn-validate | pdn-legal) want=1 ;; *) want=01 ;; esac
    check "$want" "$limit_kb" setup.pdn "$t" "$tmp/setup.pdn" || true
done
for t in $tools; do
    case $t in pdn-validate) continue ;; esac
    check 01 "$limit_kb" "setup.pdn with -g russian" "$t" -g russian \
        "$tmp/setup.pdn" || true
done

# 5. Input that is not text: one error naming it, whatever its size.
printf '\037\213\010\000\000\000\000\000' >"$tmp/gz.pdn"
printf 'PK\003\004\024\000\000\000' >"$tmp/zip.pdn"
printf '\377\376[\000E\000' >"$tmp/utf16.pdn"
printf '[\000E\000v\000e\000n\000t\000' >"$tmp/utf16le.pdn"
for f in gz:gzip-compressed zip:'zip archive' utf16:UTF-16 utf16le:UTF-16 \
    zeros:'binary file'; do
    check 1 "$limit_kb" "${f%%:*}.pdn" pdn-validate "$tmp/${f%%:*}.pdn" || true
    if [ "$(grep -c 'error:' "$tmp/out")" != 1 ] || ! grep -q "${f#*:}" "$tmp/out"; then
        echo "FAIL: pdn-validate on ${f%%:*}.pdn: want one error naming '${f#*:}'" >&2
        head -3 "$tmp/out" >&2
        fail=1
    fi
done

# 6. Each limit of the reader, just under (no limit error, the game read)
# and just over (one limit error, and the next game read as usual).
# limit NAME UNDER|OVER FILE: pdn-validate's verdict on FILE's first game.
limit() {
    check 01 "$limit_kb" "$1 $2" pdn-validate -g 20 "$3" || true
    n=$(grep -c 'error: .*\(longer\|more\) than' "$tmp/out" || true)
    want=0
    [ "$2" = over ] && want=1
    if [ "$n" != "$want" ] || grep -q '(game [3-9])' "$tmp/out"; then
        echo "FAIL: $1 $2 the limit: $n limit errors, want $want, and 2 games" >&2
        head -3 "$tmp/out" >&2
        fail=1
    fi
}
next='[Event "next"]\n1. 32-28 *\n'
for n in 262144:under 262145:over; do
    { printf '[Event "c"]\n1. 32-28 {'; head -c "${n%%:*}" /dev/zero | tr '\000' a
      printf '} *\n'; printf "$next"; } >"$tmp/lim.pdn"
    limit "comment of ${n%%:*} bytes" "${n#*:}" "$tmp/lim.pdn"
    { printf '[Event "'; head -c "${n%%:*}" /dev/zero | tr '\000' v
      printf '"]\n1. 32-28 *\n'; printf "$next"; } >"$tmp/lim.pdn"
    limit "tag value of ${n%%:*} bytes" "${n#*:}" "$tmp/lim.pdn"
    { printf '[Event "t"]\n['; head -c "${n%%:*}" /dev/zero | tr '\000' N
      printf ' "v"]\n1. 32-28 *\n'; printf "$next"; } >"$tmp/lim.pdn"
    limit "tag name of ${n%%:*} bytes" "${n#*:}" "$tmp/lim.pdn"
done
# A game of 1 MiB of text through its terminator, and one byte more: 1046
# comments of 1000 bytes and one that makes up the size.
for n in 1048576:under 1048577:over; do
    awk -v n="${n%%:*}" 'BEGIN { ORS = ""; s = sprintf("%1000s", ""); gsub(/ /, "a", s)
        print "[Event \"g\"]\n1. 32-28"; rem = n - 22
        while (rem > 1100) { print " {" s "}"; rem -= 1003 }
        t = sprintf("%" (rem - 3) "s", ""); gsub(/ /, "b", t); print " {" t "} *\n" }' \
        >"$tmp/lim.pdn"
    printf "$next" >>"$tmp/lim.pdn"
    limit "game of ${n%%:*} bytes" "${n#*:}" "$tmp/lim.pdn"
done

# 7. A broken line in a tag section keeps its game one game: eight games.
check 1 "$limit_kb" tag-section.pdn pdn-validate -g 20 \
    "$top_srcdir/tests/data/validate/tag-section/input.pdn" || true
if ! grep -q '(game 8)' "$tmp/out" || grep -q '(game 9)' "$tmp/out"; then
    echo "FAIL: tag-section.pdn does not read as 8 games" >&2
    fail=1
fi

# 8. Regression inputs: whatever once crashed a tool, broke a fuzz
# property or a limit. Each must also convert to PDN that reads back as
# the same games and converts to itself.
hostile=$top_srcdir/tests/data/hostile
if [ ! -d "$hostile" ] || [ -z "$(ls "$hostile")" ]; then
    echo "FAIL: no regression inputs in $hostile" >&2
    exit 1
fi
gameeq=$top_builddir/tests/gameeq
for f in "$hostile"/*; do
    [ -f "$f" ] || continue
    all 01 "$limit_kb" "$f"
    for style in pdn3 compat; do
        set +e
        pdn-convert -q -s $style "$f" >"$tmp/once" 2>/dev/null
        st1=$?
        pdn-convert -q -s $style "$tmp/once" >"$tmp/twice" 2>/dev/null
        st2=$?
        set -e
        if [ "$st1" -gt 1 ] || [ "$st2" -gt 1 ]; then
            echo "FAIL: pdn-convert -s $style on $(basename "$f"): status $st1, then $st2" >&2
            fail=1
        elif ! cmp -s "$tmp/once" "$tmp/twice"; then
            echo "FAIL: $(basename "$f"): converting pdn-convert -s $style's output changes it" >&2
            diff "$tmp/once" "$tmp/twice" | head -6 >&2
            fail=1
        fi
    done
    if [ -x "$gameeq" ] && ! "$gameeq" "$f" "$tmp/once" >"$tmp/eq" 2>&1; then
        echo "FAIL: $(basename "$f"): pdn-convert -s compat changed its games" >&2
        grep -v ' 0 differ$' "$tmp/eq" | head -5 >&2
        fail=1
    fi
done

exit $fail
