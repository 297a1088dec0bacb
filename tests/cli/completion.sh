#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/completion.bash in bash: options (long names, abbreviations),
# option values taken from the tools' usage errors (game types, formats,
# styles), file names for FILE arguments and operands.
. "${top_srcdir:-.}/tests/cli/setup.sh"

if ! command -v bash >/dev/null 2>&1; then
    echo "SKIP: no bash"
    exit 77
fi
mkdir "$tmp/d" && : > "$tmp/d/games.pdn" && : > "$tmp/d/gamma.txt"

# comp WANT WORD...: completes the last WORD; WANT is the whole reply.
comp() {
    want=$1
    shift
    got=$(bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
                   _pdntools; [ ${#COMPREPLY[@]} = 0 ] ||
                   printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
          sh "$top_srcdir/tools/completion.bash" "$@")
    [ "$got" = "$want" ] || { echo "FAIL: complete '$*': got '$got', want '$want'" >&2; fail=1; }
}

comp "--format " pdn-legal --fo
comp "--games --gametype --good " pdn-legal --g
comp "--variations --version " pdn-legal --v
comp "--divide " pdn-perft --di
comp "--adjudicate-moves --adjudicate-score " pdn-match --adj
comp "--depth --divide --duplicates --fen --gametype --help --jobs --version -D -F -V -d -g -h -j -u " pdn-perft -
comp "antidraughts brazilian breakthrough canadian corners czech diagonal english frisian frysk international italian laska northern pool portuguese russian samoyed spanish spantsiretti stavropol thai towers turkish two-move " pdn-legal -g ""
comp "russian " pdn-legal --gametype ru
comp "russian " pdn-perft --game ru
comp "json text " pdn-legal -f ""
comp "board fen html json svg " pdn-replay --format ""
comp "compat keep pdn3 " pdn-convert --style = ""
comp "full keep short " pdn-convert -c ""
comp "alg num " pdn-convert --notation ""
comp "json text " pdn-stats -f ""
comp "--dry-run " pdn-fix --dr
comp "$tmp/d/games.pdn $tmp/d/gamma.txt " pdn-legal -w "$tmp/d/ga"
comp "$tmp/d/games.pdn " pdn-validate -q "$tmp/d/game"
# the values of long-only options, in every tool that takes them
for t in pdn-validate pdn-legal pdn-replay pdn-convert pdn-stats pdn-fix pdn-select; do
    comp "json none text " $t --summary ""
done
comp "json " pdn-select --summ = j
comp "json " pdn-stats --summary j
comp "a4 letter " pdn-replay --page ""
# a value that is not an option's is no completion
comp "" pdn-legal -j ""
# the completion is loaded for every tool
for t in pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft pdn-stats pdn-fix pdn-select; do
    bash -c '. "$1"; complete -p "$2"' sh "$top_srcdir/tools/completion.bash" "$t" \
        >/dev/null 2>&1 || { echo "FAIL: no completion for $t" >&2; fail=1; }
done
# pdn-db: its commands, then each command's options and their values
if command -v pdn-db >/dev/null 2>&1; then
    comp "add create explore info optimize search serve verify " pdn-db ""
    comp "--vacuum --version " pdn-db optimize --v
    comp "search serve " pdn-db s
    comp "--drop-duplicates " pdn-db create --dr
    comp "--manoeuvre --material --max-count " pdn-db search --ma
    comp "--pattern --player --plies --position " pdn-db search --p
    comp "json pdn " pdn-db search -f ""
    comp "json text " pdn-db create --format ""
    comp "json text " pdn-db explore -f ""
    comp "illegal legal " pdn-db search --legality ""
    comp "json none text " pdn-db add --summary ""
    comp "russian " pdn-db create -g ru
    comp "$tmp/d/games.pdn " pdn-db search -o "$tmp/d/game"
    comp "" pdn-db search -I ""
    bash -c '. "$1"; complete -p pdn-db' sh "$top_srcdir/tools/completion.bash" \
        >/dev/null 2>&1 || { echo "FAIL: no completion for pdn-db" >&2; fail=1; }
fi
exit $fail
