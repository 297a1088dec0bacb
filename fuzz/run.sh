#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Bounded fuzzing of libpdn: builds the libFuzzer targets fuzz/fuzz_*.c
# against the library sources with clang (its own build, not automake),
# seeds them from samples/ and tests/data (and ../shared when present) and
# runs each for SECONDS / number-of-targets. Exit 1 on any crash, leak or
# sanitizer report; exit 0 with a message when clang cannot fuzz.
#
# Usage: fuzz/run.sh [SECONDS]          (default 60 in total)
# A target may name files of tools/ it needs (a "fuzz-sources:" comment:
# pdn-db's pattern and manoeuvre parsers), built beside it.
# Environment: CLANG (compiler), PDN_FUZZ_WORK (work directory, kept),
#   PDN_FUZZ_STRICT=1 (round-trip properties of other modules as well),
#   PDN_FUZZ_TARGETS="fen reader" (run only these).
set -u
LC_ALL=C
export LC_ALL

total=${1:-60}
case $total in
'' | *[!0-9]*) echo "usage: fuzz/run.sh [SECONDS]" >&2; exit 2 ;;
esac
top=$(cd "$(dirname "$0")/.." && pwd)

say() { printf 'fuzz: %s\n' "$*"; }

# A clang that links -fsanitize=fuzzer (libclang-rt-dev present).
cc=""
for c in ${CLANG:-} clang clang-18 clang-17 clang-16 clang-15 clang-14; do
    if command -v "$c" >/dev/null 2>&1; then
        cc=$c
        break
    fi
done
if [ -z "$cc" ]; then
    say "clang not found: fuzzing skipped"
    exit 0
fi

if [ -n "${PDN_FUZZ_WORK:-}" ]; then
    work=$PDN_FUZZ_WORK
    mkdir -p "$work"
    keep=1
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/pdnfuzz.XXXXXX")
    keep=0
fi
cleanup() { [ "$keep" = 1 ] || rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' HUP INT TERM

printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\n%s\n' \
    'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; return (int)(n & 0); }' \
    >"$work/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$work/probe.c" \
    -o "$work/probe" >"$work/probe.log" 2>&1; then
    say "$cc cannot build -fsanitize=fuzzer targets (libclang-rt missing?): fuzzing skipped"
    exit 0
fi

# config.h for this build: what configure would define that lib/ uses.
version=$(sed -n 's/^AC_INIT(\[pdntools\], \[\([^]]*\)\].*/\1/p' \
    "$top/configure.ac")
bugs=$(sed -n 's/^AC_INIT(\[[^]]*\], \[[^]]*\], \[\([^]]*\)\].*/\1/p' \
    "$top/configure.ac")
cat >"$work/config.h" <<EOF
#define _GNU_SOURCE 1
#define PACKAGE "pdntools"
#define PACKAGE_NAME "pdntools"
#define PACKAGE_TARNAME "pdntools"
#define PACKAGE_VERSION "${version:-0}"
#define PACKAGE_STRING "pdntools ${version:-0}"
#define PACKAGE_BUGREPORT "${bugs}"
#define PACKAGE_URL ""
#define HAVE_STDINT_H 1
#define HAVE_UNISTD_H 1
EOF

# What configure and make generate for lib/: the version macros and the
# opening tables (both found through -I"$work").
mkdir -p "$work/pdn" "$work/rules"
IFS=. read -r vmaj vmin vpat <<VERSION
${version:-0.0.0}
VERSION
sed -e "s/@PDN_VERSION_MAJOR@/${vmaj:-0}/" -e "s/@PDN_VERSION_MINOR@/${vmin:-0}/" \
    -e "s/@PDN_VERSION_PATCH@/${vpat:-0}/" -e "s/@PACKAGE_VERSION@/${version:-0}/" \
    "$top/lib/pdn/version.h.in" >"$work/pdn/version.h"
awk -f "$top/lib/openings/tsv2c.awk" "$top"/lib/openings/*.tsv \
    >"$work/rules/opening-table.h"

# The library sources are those the build lists in
# lib_libpdn_internal_la_SOURCES (lib/local.mk and each layer's lib/*/local.mk).
srcs=$(cat "$top"/lib/local.mk "$top"/lib/*/local.mk | awk '
    /^lib_libpdn_internal_la_SOURCES[ \t]*\+?=/ { on = 1 }
    on {
        for (i = 1; i <= NF; i++) if ($i ~ /^lib\/([a-z]+\/)?[A-Za-z0-9_]+\.c$/) print $i
        if ($0 !~ /\\$/) on = 0
    }' | sort -u)

flags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
mkdir -p "$work/obj"
say "building $(echo "$srcs" | wc -l) library sources with $cc"
fail=0
for s in $srcs; do
    [ -f "$top/$s" ] || continue
    o="$work/obj/$(basename "$s" .c).o"
    printf '%s %s\n' "$top/$s" "$o"
done | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 2 sh -c \
    '"$0" '"$flags"' -fsanitize=fuzzer-no-link -I"'"$work"'" -I"'"$top"'/lib" -c "$1" -o "$2" 2>"$2.log" || { cat "$2.log" >&2; exit 255; }' "$cc" \
    || { say "library build failed"; exit 1; }
objs=$(ls "$work"/obj/*.o)

# Functions the library defines: "pdn_x" at the start of a line, followed
# by "(", is a definition in the house style.
defined=$(cd "$top" && cat $srcs 2>/dev/null | sed -n 's/^\(pdn_[a-z0-9_]*\)(.*/\1/p' | sort -u)

targets=""
for t in "$top"/fuzz/fuzz_*.c; do
    name=$(basename "$t" .c)
    name=${name#fuzz_}
    if [ -n "${PDN_FUZZ_TARGETS:-}" ]; then
        case " $PDN_FUZZ_TARGETS " in *" $name "*) ;; *) continue ;; esac
    fi
    missing=""
    for f in $(sed -n 's,^/\* fuzz-needs: \(.*\) \*/$,\1,p' "$t"); do
        echo "$defined" | grep -qx "$f" || missing="$missing $f"
    done
    if [ -n "$missing" ]; then
        say "$name: skipped, the library does not define yet:$missing"
        continue
    fi
    extra=""
    echo "$defined" | grep -qx pdn_game_to_string && extra="-DFUZZ_HAVE_WRITER"
    tsrc=""
    for f in $(sed -n 's,^/\* fuzz-sources: \(.*\) \*/$,\1,p' "$t"); do
        tsrc="$tsrc $top/$f"
        extra="$extra -I$top/$(dirname "$f")"
    done
    [ -n "$tsrc" ] && extra="$extra -I$top/tools/common"
    # $tsrc and $extra are split into words on purpose
    if ! "$cc" $flags $extra -fsanitize=fuzzer -I"$work" -I"$top/lib" \
        -I"$top/fuzz" "$t" $tsrc $objs -o "$work/$name" 2>"$work/$name.build.log"; then
        cat "$work/$name.build.log" >&2
        say "$name: build failed"
        exit 1
    fi
    targets="$targets $name"
done
set -- $targets
if [ $# -eq 0 ]; then
    say "no target could be built"
    exit 1
fi
per=$((total / $#))
[ "$per" -ge 1 ] || per=1

# Seed corpora, built from the tree at run time.
seeds="$work/seeds"
mkdir -p "$seeds/pdn" "$seeds/fen" "$seeds/gametype" "$seeds/movetext" \
    "$seeds/board" "$seeds/pattern" "$seeds/manoeuvre" "$seeds/plies"
n=0
for f in "$top"/samples/*.pdn $(find "$top/tests/data" -type f -name '*.pdn' 2>/dev/null | sort); do
    [ -f "$f" ] || continue
    n=$((n + 1))
    head -c 32768 "$f" >"$seeds/pdn/s$n"
done
shared=""
if [ -n "${PDN_SHARED:-}" ] && [ -d "$PDN_SHARED" ]; then
    shared=$PDN_SHARED
elif [ -d "$top/../shared/corpus" ]; then
    shared=$top/../shared
fi
if [ -n "$shared" ]; then
    for f in $(find "$shared/corpus" "$shared/generated" -type f \
        \( -name '*.pdn' -o -name '*.PDN' -o -name '*.fen' \) | sort | awk 'NR % 6 == 1'); do
        n=$((n + 1))
        head -c 16384 "$f" >"$seeds/pdn/s$n"
    done
fi
# FEN and GameType values and move tokens found in those files, plus the
# forms of the reference that a small corpus may lack.
cat "$seeds"/pdn/* 2>/dev/null | tr -d '\r' |
    sed -n 's/.*\[FEN "\([^"]*\)".*/\1/p' | sort -u | head -300 |
    awk -v d="$seeds/fen" '{ f = d "/x" NR; printf "%s", $0 > f; close(f) }'
for v in 'W:W31-50:B1-20' 'B:WK4,18:B12,K30' 'B:W50:B' 'W:W:W31,32:B1' \
    'W:Wa1,c3,Ke5:Bh8' 'W:W06,10:B01. ' 'B:W18,24:B12:H0:F1' 'W::.' \
    '?:W1-5:BK46-50' 'W:W31-50:B1-20.'; do
    printf '%s' "$v" >"$seeds/fen/b$(printf '%s' "$v" | cksum | cut -d' ' -f1)"
done
cat "$seeds"/pdn/* 2>/dev/null | tr -d '\r' |
    sed -n 's/.*\[GameType "\([^"]*\)".*/\1/p' | sort -u | head -50 |
    awk -v d="$seeds/gametype" '{ f = d "/x" NR; printf "%s", $0 > f; close(f) }'
for v in 20 21 22 23 24 25 26 27 28 29 30 31 40 41 98 '20,W,10,10,N2,0' \
    '27,B,12,10,N0,1' '25,W,8,8,A0,0,G' ' 20 , W,10,10,N2,0' \
    '20,W,0,0,N,0' 'russian giveaway' 'American pool checkers'; do
    printf '%s' "$v" >"$seeds/gametype/b$(printf '%s' "$v" | cksum | cut -d' ' -f1)"
done
cat "$seeds"/pdn/* 2>/dev/null | tr -d '\r' | tr ' \t' '\n\n' |
    grep -E '^[0-9a-lA-L]+[-x:]?[0-9a-lA-L]*([-x:][0-9a-l]+)*[!?]*$' |
    grep -E '[-x:]|^[a-l][0-9]+[a-l][0-9]+$' | sort -u | head -400 |
    awk -v d="$seeds/movetext" '{ f = d "/x" NR; printf "%s", $0 > f; close(f) }'
for v in 32-28 26x17x10 c3:e5 E3:G5 a3b4 06-11 ed4 '47x38x24x13x36'; do
    printf '%s' "$v" >"$seeds/movetext/b$(printf '%s' "$v" | cksum | cut -d' ' -f1)"
done
# pdn-db search's patterns and manoeuvres (man/pdn-db.1, tests/cli/db.sh).
for v in 'W28:B19:E23' 'W22,K18:B9,12:E13,14' 'WK5' 'E1-5' 'B1,2,3:E9' \
    'Wa1,c3:Bh8' 'W21,22:E17,18:B14' 'B26:W31:E21' 'w1:b2:e3' 'E1,2,3,4,5'; do
    printf '%s' "$v" >"$seeds/pattern/b$(printf '%s' "$v" | cksum | cut -d' ' -f1)"
done
for v in 'WK1-5>46-50x2' 'B>=K@..60' 'B>29-32=K' 'W28,32>19,23@1..20' \
    'BK>x2@..80' 'W>' 'WM*>*x1' 'Wa3>b4@5' 'B>@3..' 'WK>46-50=K@1..1'; do
    printf '%s' "$v" >"$seeds/manoeuvre/b$(printf '%s' "$v" | cksum | cut -d' ' -f1)"
done
# plies streams (tools/db/plies.h), also read as a GameType and moves.
i=0
for v in '\376\122\054\132\050' '\377\002\043w\134B\360\043\064' \
    '\376\364\042\002\005' '\001\002\003\004\005\006\007\010\011\012' \
    '\376\363\041\063\002\042\044' '\005\000\000\000\000\000\000\000\000'; do
    i=$((i + 1))
    printf "$v" >"$seeds/plies/b$i"
done
# Rules positions: a variant byte (index in fuzz_board.c), a FEN, moves.
i=0
for v in '\000W:W31-50:B1-20\n32-28 19-23 28x19 14x23' \
    '\000W:W48:B24,K31,34,K42,43\n48x19' \
    '\000W:WK41,49:B9,10,12,19,38\n41x43' \
    '\000W:W47:B13,14,22,24,31,34,K41,44\n47x49' \
    '\000W:WK38:B18,19,32,33\n38x27x13x24x38' \
    '\000W:WK47:B14,19,29,31,42\n47x36 47x38x24x13x36' \
    '\002W:WK30:B10,12,18,K20,K26,27\n30x5' \
    '\002W:W30:BK26\n30-27' \
    '\005W:Wh6:Bg7,c5,d2\nh6:f8:a3' \
    '\001B:W21-32:B1-12\n11-15 23-19 8-11 22-17' \
    '\005\ne3-d4 f6-g5 g3-f4 g5:e3 f2:d4' \
    '\012\nb3-b4 c6-c5 c3-b3 d6-c6 b4-b5 c5xa5' \
    '\014W:W46-50:B1-5\n46-41 5-10 41-37' \
    '\007\n43-38 30-35 38-33' '\013\n22-18 11-15' '\015\nc3-d4 f6-e5'; do
    i=$((i + 1))
    printf "$v" >"$seeds/board/b$i"
done

status=0
say "running $# targets for ${per}s each:$targets"
for name in $targets; do
    case $name in
    reader | replay | boundary) seed=$seeds/pdn max_len=65536 ;;
    board) seed=$seeds/board max_len=4096 ;;
    *) seed=$seeds/$name max_len=1024 ;;
    esac
    [ -d "$seed" ] || seed=$seeds/pdn
    corpus=$work/corpus/$name
    mkdir -p "$corpus" "$work/artifacts"
    # The subshell keeps the shell's own "Aborted" job notice out of the
    # output; the target's report is in its log.
    (
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 \
        UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
            timeout $((per + 120)) "$work/$name" -max_total_time="$per" \
            -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
            -max_len="$max_len" -print_final_stats=1 \
            -artifact_prefix="$work/artifacts/$name-" \
            "$corpus" "$seed" >"$work/$name.log" 2>&1
        exit $?
    ) 2>/dev/null
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name.log" | tail -1)
    if [ "$rc" -ne 0 ]; then
        status=1
        keep=1
        say "$name: FAILED (status $rc) after ${execs:-?} runs"
        grep -E 'ERROR|SUMMARY|runtime error|fuzz property|Test unit written' \
            "$work/$name.log" | head -20 | sed 's/^/    /'
    else
        say "$name: ok, ${execs:-?} runs, corpus $(ls "$corpus" | wc -l) inputs"
    fi
done
if [ "$status" -ne 0 ]; then
    say "failures: logs and inputs kept in $work (reproduce: $work/NAME ARTIFACT)"
fi
exit "$status"
