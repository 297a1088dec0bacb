#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool over every corpus file, with its main options: no crash (exit
# status below 128), no hang (a time limit), never status 2 on a readable
# file.
. "${top_srcdir:-.}/tests/cli/setup.sh"
need_shared

limit=120
to=
command -v timeout >/dev/null 2>&1 && to="timeout $limit"
find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
n=0
while IFS= read -r f; do
    for cmd in "pdn-validate" "pdn-validate -S -f json" "pdn-legal -v" \
               "pdn-legal -f json" "pdn-replay" "pdn-replay -a -f json" \
               "pdn-convert" "pdn-convert -m alg -c full" "pdn-convert -f json"; do
        n=$((n + 1))
        set +e
        # $cmd is split into words on purpose.
        $to $cmd "$f" > /dev/null 2> "$tmp/err"
        st=$?
        set -e
        if [ "$st" -ge 2 ]; then
            echo "FAIL: '$cmd $f' exited $st" >&2
            head -3 "$tmp/err" >&2
            fail=1
        fi
    done
done < "$tmp/files"
echo "corpus: $n runs"
exit $fail
