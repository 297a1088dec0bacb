#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool, with its main options, over every corpus file: no crash (exit
# status below 128), no hang (a time limit), and never status 2 on readable
# files. Each command reads all files at once; when it fails, it is run
# again file by file to name the culprit.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

to=
command -v timeout >/dev/null 2>&1 && to="timeout 600"
find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
nfiles=$(wc -l < "$tmp/files")
n=0
for cmd in "pdn-validate" "pdn-validate -S -f json" "pdn-legal -v" \
           "pdn-legal -f json -j 2" "pdn-replay" "pdn-replay -a -f json" \
           "pdn-replay -f board" "pdn-convert" "pdn-convert -m alg -c full" \
           "pdn-convert -f json" "pdn-convert -s compat -c short -j 2"; do
    n=$((n + 1))
    set +e
    # $cmd is split into words on purpose; the file names have no blanks.
    $to $cmd $(cat "$tmp/files") > /dev/null 2> "$tmp/err"
    st=$?
    set -e
    [ "$st" -lt 2 ] && continue
    echo "FAIL: '$cmd' over the corpus exited $st" >&2
    fail=1
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
done
echo "corpus: $n commands over $nfiles files"
exit $fail
