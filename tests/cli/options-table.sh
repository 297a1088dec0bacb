#!/bin/sh
# SPDX-License-Identifier: MIT
# The option table of README.md against every tool's --help, both ways:
# each option --help lists (letter, long name, argument) is a row of the
# table naming that tool (or "all"), and each row's tools list it. Reserved
# letters are in no tool. A long-only option is a row with no letter
# (keyed _NAME here). The manual page of each tool names every long
# option of its --help, and every option its OPTIONS section heads is in
# its --help. pdn-db's commands are tools of their own here ("db search"
# in the table, pdn-db SEARCH --help), described in man/pdn-db.1 or
# man/pdn-db-explore.1.
. "${top_srcdir:-.}/tests/cli/setup.sh"

tools="pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft pdn-stats pdn-fix pdn-select"
command -v pdn-db >/dev/null 2>&1 &&
    tools="$tools pdn-db:create pdn-db:add pdn-db:search pdn-db:info pdn-db:explore pdn-db:serve pdn-db:optimize"
sed -n 's/^| `-\([[:alnum:]]\)` | `--\([a-z-]*\)` | *\([A-Z,]*\) *| \([a-z, ]*\) |.*/\1|\2|\3|\4/p
        s/^| `-\([[:alnum:]]\)` | *| *| \([a-z, ]*\) |.*/\1|-|-|\2/p
        s/^| *| `--\([a-z-]*\)` | *\([A-Z,]*\) *| \([a-z, ]*\) |.*/_\1|\1|\2|\3/p' \
    "$top_srcdir/README.md" | sed 's/||/|-|/; s/, /,/g' > "$tmp/rows"
nrows=$(wc -l < "$tmp/rows")
[ "$nrows" -ge 20 ] || { echo "FAIL: README option table: only $nrows rows read" >&2; fail=1; }
cut -d'|' -f1 "$tmp/rows" | sort | uniq -d > "$tmp/dup"
[ -s "$tmp/dup" ] && { echo "FAIL: README: letters in two rows: $(cat "$tmp/dup")" >&2; fail=1; }

# man_opts PAGE: the options the OPTIONS section of PAGE heads (.TP lines),
# one a line: --NAME or -L.
man_opts() {
    awk '/^\.SH/ { o = ($2 == "OPTIONS") } o && p { print } { p = ($0 == ".TP") }' "$1" |
        sed 's/\\-/-/g; s/\\f[BIRP]//g' > "$tmp/heads"
    grep -o -- '--[a-z][a-z-]*' "$tmp/heads" || true
    sed 's/--[a-z-]*//g' "$tmp/heads" |
        grep -o -- '\(^\|[^[:alnum:]-]\)-[[:alnum:]]\>' | sed 's/.*-/-/' || true
}
: > "$tmp/helps"
for t in $tools; do
    short=${t#pdn-}
    page=$t
    case $t in
    pdn-db:explore|pdn-db:serve) page=pdn-db-explore ;;
    pdn-db:*) page=pdn-db ;;
    esac
    short=$(printf '%s' "$short" | tr ':' ' ')
    t=$(printf '%s' "$t" | tr ':' ' ')
    # $t is split into words on purpose: pdn-db COMMAND
    $t --help | sed -n \
        's/^  -\([[:alnum:]]\), --\([a-z-]*\) \([A-Z][A-Z,]*\)\( .*\)\{0,1\}$/\1|\2|\3/p
         s/^  -\([[:alnum:]]\), --\([a-z-]*\)\(  .*\)\{0,1\}$/\1|\2|-/p
         s/^      --\([a-z-]*\) \([A-Z][A-Z,]*\)\( .*\)\{0,1\}$/_\1|\1|\2/p
         s/^      --\([a-z-]*\)\(  .*\)\{0,1\}$/_\1|\1|-/p' > "$tmp/help"
    [ -s "$tmp/help" ] || { echo "FAIL: $t --help: no option lines" >&2; fail=1; }
    sed "s/^/$page|/" "$tmp/help" >> "$tmp/helps"
    # --help -> README
    while IFS='|' read -r l n a; do
        row=$(grep "^$l|" "$tmp/rows" || true)
        if [ -z "$row" ]; then
            echo "FAIL: $t --$n is not in README's option table" >&2; fail=1; continue
        fi
        want="$l|$n|$a|"
        case $row in "$want"*) ;; *)
            echo "FAIL: $t: '-$l --$n $a' but README says '$row'" >&2; fail=1 ;;
        esac
        case ",${row##*|}," in *",$short,"*|*",all,"*) ;; *)
            echo "FAIL: $t has -$l but README's row does not name it: $row" >&2; fail=1 ;;
        esac
        # groff writes a hyphen as \- (inner hyphens of a name too)
        sed 's/\\-/-/g' "$top_srcdir/man/$page.1" | grep -q -- "--$n" ||
            { echo "FAIL: man/$page.1 does not name --$n" >&2; fail=1; }
    done < "$tmp/help"
    # README -> --help
    while IFS='|' read -r l n a who; do
        case ",$who," in *",$short,"*|*",all,"*) ;; *) continue ;; esac
        grep -q "^$l|$n|$a\$" "$tmp/help" ||
            { echo "FAIL: README says $t has -$l --$n $a; its --help does not" >&2; fail=1; }
    done < "$tmp/rows"
    # reserved letters are taken by no tool yet
    for l in $(grep '|reserved$' "$tmp/rows" | cut -d'|' -f1); do
        grep -q "^$l|" "$tmp/help" && { echo "FAIL: $t takes reserved -$l" >&2; fail=1; }
    done
done
# man page -> --help: what the OPTIONS section heads is an option of the
# tool (of one of its commands for pdn-db's pages)
for page in $(cut -d'|' -f1 "$tmp/helps" | sort -u); do
    man_opts "$top_srcdir/man/$page.1" | sort -u > "$tmp/manopts"
    [ -s "$tmp/manopts" ] || { echo "FAIL: man/$page.1: no OPTIONS headings read" >&2; fail=1; }
    grep "^$page|" "$tmp/helps" | awk -F'|' '{ if ($2 !~ /^_/) print "-" $2; print "--" $3 }' |
        sort -u > "$tmp/helpopts"
    comm -23 "$tmp/manopts" "$tmp/helpopts" > "$tmp/extra"
    [ -s "$tmp/extra" ] &&
        { echo "FAIL: man/$page.1 describes options its --help lacks: $(tr '\n' ' ' < "$tmp/extra")" >&2; fail=1; }
done
exit $fail
