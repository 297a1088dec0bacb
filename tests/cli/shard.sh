#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-select's shard splitter (--shard-games N, --shard-bytes N with
# -i TEMPLATE holding %{shard}); tests/cli/games-range.sh is the recipe on game
# ranges instead. The shards of a file, concatenated, are the file byte
# for byte (cmp); each holds whole games: read again, the shards give the
# very game records (tags, in order) of the whole file; N is respected
# (N games in every shard but the last; at most N bytes, but for the end
# of its last line, unless a shard is one game); no input is written over; the options go together or are a
# usage error. Over every file of the shared corpus when ../shared is
# there.
. "${top_srcdir:-.}/tests/cli/setup.sh"

fx=$top_srcdir/tests/data/select/player/input.pdn

# The game records of files, without their file, game number and place
# (records_of: from pdn-select's JSON records already made).
records_of() {
    sed -n 's/^{"type":"game","file":"[^"]*","game":[0-9]*,"line":[0-9]*,"offset":[0-9]*,//p' "$1"
}
records() {
    pdn-select -q --summary none -f json "$@" 2>/dev/null > "$tmp/rec.json" || true
    records_of "$tmp/rec.json"
}
# Games per shard, in shard order: "NAME COUNT" lines.
per_shard_of() {
    sed -n 's/^{"type":"game","file":"\([^"]*\)",.*/\1/p' "$1" | uniq -c |
        awk '{ print $2, $1 }'
}
# check FILE DIR MODE N: the shards in DIR (s-0001.pdn, ...) of FILE.
check() {
    f=$1 d=$2 mode=$3 n=$4
    set -- "$d"/s-*.pdn
    if [ ! -e "$1" ]; then
        echo "FAIL: $f: --shard-$mode $n made no shard" >&2
        fail=1
        return
    fi
    cat "$@" | cmp -s - "$f" ||
        { echo "FAIL: $f: the shards of --shard-$mode $n are not the input" >&2; fail=1; }
    # the whole file's records: once a file (the corpus loop makes them)
    [ "${whole_of:-}" = "$f" ] || { records "$f" > "$tmp/whole"; whole_of=$f; }
    # the shards read once for both their records and their counts
    pdn-select -q --summary none -f json "$@" 2>/dev/null > "$tmp/shards.json" || true
    records_of "$tmp/shards.json" > "$tmp/parts"
    cmp -s "$tmp/whole" "$tmp/parts" ||
        { echo "FAIL: $f: the shards of --shard-$mode $n do not hold its games whole" >&2; fail=1; }
    per_shard_of "$tmp/shards.json" > "$tmp/counts"
    [ "$(wc -l < "$tmp/counts")" = $# ] ||
        { echo "FAIL: $f: --shard-$mode $n: a shard holds no game" >&2; fail=1; }
    # one awk over every shard (a few processes a file, not a few a
    # shard: OCA makes thousands of shards)
    wc -c "$@" | awk -v t="$tmp/sizes" '$2 != "total" { print $2, $1 > t }'
    awk -v mode="$mode" -v n="$n" -v counts="$tmp/counts" -v sizes="$tmp/sizes" '
        BEGIN {
            while ((getline l < counts) > 0) { split(l, a, " "); c[a[1]] = a[2]; order[++k] = a[1] }
            while ((getline l < sizes) > 0) { split(l, a, " "); b[a[1]] = a[2] }
        }
        { last[FILENAME] = $0 }
        END {
            for (i = 1; i <= k; i++) {
                s = order[i]
                if (mode == "games") {
                    if (c[s] != n && !(i == k && c[s] <= n)) {
                        print "FAIL: " s ": " c[s] " games, --shard-games " n > "/dev/stderr"; bad = 1
                    }
                } else {
                    # the end of its last line (blanks, newline) comes
                    # with the game after it: a shard may pass N by that
                    match(last[s], /[ \t\r]*$/)
                    if (b[s] > n + RLENGTH && c[s] != 1) {
                        print "FAIL: " s ": " b[s] " bytes in " c[s] " games, --shard-bytes " n > "/dev/stderr"; bad = 1
                    }
                }
            }
            exit bad
        }' "$@" || fail=1
}

# The fixture: six games.
mkdir "$tmp/g"
pdn-select -q --shard-games 4 -i "$tmp/g/s-%{shard}.pdn" "$fx"
[ "$(ls "$tmp/g")" = "$(printf 's-0001.pdn\ns-0002.pdn')" ] ||
    { echo "FAIL: --shard-games 4 of 6 games: $(ls "$tmp/g" | tr '\n' ' ')" >&2; fail=1; }
check "$fx" "$tmp/g" games 4
mkdir "$tmp/b"
pdn-select -q --shard-bytes 400 -i "$tmp/b/s-%{shard}.pdn" "$fx"
[ "$(ls "$tmp/b" | wc -l)" -ge 3 ] || { echo "FAIL: --shard-bytes 400: $(ls "$tmp/b" | wc -l) shards" >&2; fail=1; }
check "$fx" "$tmp/b" bytes 400
# A shard smaller than any game: one game a shard.
mkdir "$tmp/one"
pdn-select -q --shard-bytes 1 -i "$tmp/one/s-%{shard}.pdn" "$fx"
[ "$(ls "$tmp/one" | wc -l)" = 6 ] || { echo "FAIL: --shard-bytes 1: not one game a shard" >&2; fail=1; }
check "$fx" "$tmp/one" bytes 1

# An input without its last newline: none is added.
printf '[Event "a"]\n1. 11-15 *\n\n[Event "b"]\n1. 11-16 *' > "$tmp/nonl.pdn"
mkdir "$tmp/nl"
pdn-select -q --shard-games 1 -i "$tmp/nl/s-%{shard}.pdn" "$tmp/nonl.pdn"
check "$tmp/nonl.pdn" "$tmp/nl" games 1

# Two inputs: numbered on, a shard never spans them.
mkdir "$tmp/two"
pdn-select -q --shard-games 4 -i "$tmp/two/s-%{shard}.pdn" "$fx" "$tmp/nonl.pdn"
[ "$(ls "$tmp/two" | tr '\n' ' ')" = "s-0001.pdn s-0002.pdn s-0003.pdn " ] &&
    cat "$tmp/two/s-0003.pdn" | cmp -s - "$tmp/nonl.pdn" &&
    cat "$tmp/two/s-0001.pdn" "$tmp/two/s-0002.pdn" | cmp -s - "$fx" ||
    { echo "FAIL: two inputs: shards $(ls "$tmp/two" | tr '\n' ' ')" >&2; fail=1; }

# Never over an input: the run fails, the input stays.
mkdir "$tmp/in"
cp "$fx" "$tmp/in/s-0002.pdn"
expect_status 2 pdn-select -q --shard-games 2 -i "$tmp/in/s-%{shard}.pdn" "$tmp/in/s-0002.pdn" &&
    grep -q 'is an input' "$tmp/err" ||
    { echo "FAIL: a shard named as the input: not refused" >&2; fail=1; }
cmp -s "$tmp/in/s-0002.pdn" "$fx" || { echo "FAIL: an input was written over" >&2; fail=1; }

# Usage errors: status 2, no file made.
mkdir "$tmp/u"
expect_status 2 pdn-select --shard-games 2 "$fx" || true
expect_status 2 pdn-select --shard-games 2 -i "$tmp/u/%{Event}.pdn" "$fx" || true
expect_status 2 pdn-select -i "$tmp/u/s-%{shard}.pdn" "$fx" || true
expect_status 2 pdn-select --shard-games 2 --shard-bytes 9 -i "$tmp/u/s-%{shard}.pdn" "$fx" || true
expect_status 2 pdn-select --shard-games 0 -i "$tmp/u/s-%{shard}.pdn" "$fx" || true
[ -z "$(ls "$tmp/u")" ] || { echo "FAIL: a usage error made files" >&2; fail=1; }

# The corpus: every file, by games and by bytes.
shared=$(shared_dir)
if [ -n "$shared" ]; then
    find "$shared/corpus" -type f ! -name '*.md' | sort > "$tmp/files"
    nf=0 n1=0
    while IFS= read -r f; do
        records "$f" > "$tmp/whole"
        whole_of=$f
        [ -s "$tmp/whole" ] || continue
        nf=$((nf + 1))
        # a file of one game is one shard either way: split by games only
        # (most corpus files are one game; both ways made this test the
        # suite's slowest)
        modes='"games 3" "bytes 4096"'
        [ "$(wc -l < "$tmp/whole")" -gt 1 ] || { modes='"games 3"'; n1=$((n1 + 1)); }
        eval "set -- $modes"
        for m in "$@"; do
            rm -rf "$tmp/c"
            mkdir "$tmp/c"
            # $m is split into words on purpose.
            set +e
            pdn-select -q --summary none --shard-$m -i "$tmp/c/s-%{shard}.pdn" "$f" 2>/dev/null
            st=$?
            set -e
            # 1: a game that cannot be read (it is still copied)
            [ "$st" -le 1 ] || { echo "FAIL: $f: --shard-$m exited $st" >&2; fail=1; continue; }
            check "$f" "$tmp/c" $m
        done
    done < "$tmp/files"
    echo "shard: $nf corpus files split by games, $((nf - n1)) of them (the files of more than one game) by bytes too"
    [ "$nf" -gt 100 ] || { echo "FAIL: only $nf corpus files with games" >&2; fail=1; }
fi
exit $fail
