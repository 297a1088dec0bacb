#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool, with its main options, over every corpus file: no crash, no
# hang (a time limit), the exit status measured for that command (the
# corpus has broken games, so most report problems: 1; plain pdn-convert
# only warns: 0), and nothing on standard error but diagnostics
# ("tool: FILE:LINE:COL: error|warning: MESSAGE (game N)", or one JSON
# object a line with -f json); pdn-validate and pdn-legal report on
# standard output and write nothing on standard error. Each command reads
# all files at once; when it crashes or fails (2 and above), it is run
# again file by file to name the culprit. Then notation round trips:
# numeric -> algebraic -> numeric gives what numeric gives directly, and
# the same the other way, GameType and FEN tags aside (a first pass
# declares the notation; FEN tags are rewritten canonically).
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

to=
command -v timeout >/dev/null 2>&1 && to="timeout 600"
find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
nfiles=$(wc -l < "$tmp/files")
n=0
diag_text='^pdn-[a-z]*: .*:[0-9][0-9]*:[0-9][0-9]*: \(error\|warning\): .* (game [0-9][0-9]*)$'
diag_json='^{"type":"finding","file":.*"severity":"\(error\|warning\)".*}$'
# a file's own diagnostic (the GameType decided for its untagged games, a
# count of folded warnings): FILE: warning: MESSAGE, no line or game
diag_file='^pdn-[a-z]*: [^:]*: \(error\|warning\): '
# the closing summary of a run
summary='^pdn-[a-z]*: [0-9]* files*, [0-9]* games*, .* in [0-9.]* s$'
while read -r want cmd; do
    n=$((n + 1))
    set +e
    # $cmd is split into words on purpose; the file names have no blanks.
    $to $cmd $(cat "$tmp/files") > /dev/null 2> "$tmp/err"
    st=$?
    set -e
    case $cmd in
    pdn-validate*|pdn-legal*) pattern='^$' file_pattern='^$' ;;
    pdn-replay*json*) pattern=$diag_json file_pattern='^$' ;; # pdn-convert -f json: PDN as JSON, text reports
    *) pattern=$diag_text file_pattern=$diag_file ;;
    esac
    if grep -v -e "$pattern" -e "$file_pattern" -e "$summary" "$tmp/err" > "$tmp/other"; then
        echo "FAIL: '$cmd' over the corpus: unexpected standard error:" >&2
        head -3 "$tmp/other" | sed 's/^/    /' >&2
        fail=1
    fi
    if [ "$st" != "$want" ]; then
        echo "FAIL: '$cmd' over the corpus exited $st, expected $want" >&2
        fail=1
    fi
    [ "$st" -lt 2 ] && continue
    while IFS= read -r f; do
        set +e
        $to $cmd "$f" > /dev/null 2> "$tmp/err"
        st=$?
        set -e
        if [ "$st" -ge 2 ]; then
            echo "  '$cmd $f' exited $st" >&2
            head -3 "$tmp/err" | sed 's/^/    /' >&2
        fi
    done < "$tmp/files"
done <<'EOF_CMDS'
1 pdn-validate
1 pdn-validate -S -f json
1 pdn-legal -v
1 pdn-legal -f json -j 2
1 pdn-replay
1 pdn-replay -a -f json
1 pdn-replay -f board
0 pdn-convert
1 pdn-convert -m alg -c full
1 pdn-convert -f json
1 pdn-convert -s compat -c short -j 2
EOF_CMDS
# round_trip NAME FILE...: converting to numeric directly or through
# algebraic gives the same games, and so does converting to algebraic
# directly or through numeric.
round_trip() {
    name=$1
    shift
    strip() { grep -v '^\[GameType \|^\[FEN ' || true; }
    pdn-convert -q -m num "$@" 2>/dev/null | strip > "$tmp/n1"
    pdn-convert -q -m alg "$@" 2>/dev/null | pdn-convert -q -m num 2>/dev/null |
        strip > "$tmp/n2"
    pdn-convert -q -m alg "$@" 2>/dev/null | strip > "$tmp/a1"
    pdn-convert -q -m num "$@" 2>/dev/null | pdn-convert -q -m alg 2>/dev/null |
        strip > "$tmp/a2"
    if ! cmp -s "$tmp/n1" "$tmp/n2" || ! cmp -s "$tmp/a1" "$tmp/a2"; then
        echo "FAIL: $name: notation round trip changes the games" >&2
        diff "$tmp/n1" "$tmp/n2" | head -6 >&2
        diff "$tmp/a1" "$tmp/a2" | head -6 >&2
        fail=1
    fi
}
for d in "$shared"/corpus/*/ "$shared"/corpus/*/*/; do
    [ -d "$d" ] || continue
    find "$d" -maxdepth 1 -type f ! -name '*.md' | sort > "$tmp/dir"
    [ -s "$tmp/dir" ] || continue
    round_trip "$d" $(cat "$tmp/dir")
done
echo "corpus: $n commands over $nfiles files, notation round trips"
exit $fail
