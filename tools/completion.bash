# SPDX-License-Identifier: MIT
# Bash completion of the pdntools programs (installed once per tool name).
# Nothing is listed here: the options come from the tool's own --help, and
# the values of an option (game types, formats, styles...) from the usage
# error the tool gives for an empty value, which names the valid ones. An
# option whose argument is a FILE completes file names. pdn-db's commands
# come from its --help, each command's options from pdn-db COMMAND --help.

# _pdntools_opts CMD [SUB]: "LETTER LONGNAME ARG" lines of CMD's (or CMD
# SUB's) --help (ARG is - for an option without argument; LETTER is _ for
# a long-only option).
_pdntools_opts()
{
    "$1" ${2:+"$2"} --help 2>/dev/null | sed -n \
        's/^  -\([[:alnum:]]\), --\([[:alnum:]-]*\) \([[:upper:]][[:upper:]]*\) .*/\1 \2 \3/p
         s/^  -\([[:alnum:]]\), --\([[:alnum:]-]*\)  .*/\1 \2 -/p
         s/^  -\([[:alnum:]]\), --\([[:alnum:]-]*\)$/\1 \2 -/p
         s/^      --\([[:alnum:]-]*\) \([[:upper:]][[:upper:]]*\) .*/_ \1 \2/p
         s/^      --\([[:alnum:]-]*\)  .*/_ \1 -/p
         s/^      --\([[:alnum:]-]*\)$/_ \1 -/p
         s/^  -\([[:alnum:]]\) \([[:upper:]][[:upper:]]*\) .*/\1 - \2/p
         s/^  -\([[:alnum:]]\)  .*/\1 - -/p'
}

# _pdntools_values CMD SUB LETTER NAME: the valid values CMD (SUB: its
# command, or empty) names for -LETTER, or for --NAME when LETTER is _ (a
# long-only option).
_pdntools_values()
{
    local opt="-$3"
    [ "$3" = _ ] && opt="--$4="
    "$1" ${2:+"$2"} "$opt" '' </dev/null 2>&1 >/dev/null |
        sed -n 's/.*valid \(values\|names\): \([^(]*\).*/\2/p' |
        tr ',' '\n' | sed 's/^ *//; s/ *$//; /^$/d'
}

_pdntools()
{
    local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev= opts
    local letter= arg= name= l n a sub=
    COMPREPLY=()
    [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # pdn-db COMMAND: the commands its --help lists, then the command's
    if [ "${cmd##*/}" = pdn-db ]; then
        if [ "$COMP_CWORD" -le 1 ]; then
            COMPREPLY=($(compgen -W "$("$cmd" --help 2>/dev/null |
                sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')" -- "$cur"))
            return 0
        fi
        sub=${COMP_WORDS[1]}
    fi
    # --option=VALUE: bash splits the word at '='
    if [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [ "$cur" = "=" ]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        cur=
    fi
    opts=$(_pdntools_opts "$cmd" "$sub")
    # The option before the word: its letter and argument name; a long
    # name may be abbreviated when only one option starts so.
    case $prev in
    --?*)
        local m=0 p=${prev#--}
        while read -r l n a; do
            if [ "$n" = "$p" ]; then
                letter=$l arg=$a name=$n m=1
                break
            fi
            case $n in "$p"*) m=$((m + 1)) letter=$l arg=$a name=$n ;; esac
        done <<EOF
$opts
EOF
        [ "$m" = 1 ] || letter=
        ;;
    -?)
        while read -r l n a; do
            [ "$l" = "${prev#-}" ] && letter=$l arg=$a name=$n
        done <<EOF
$opts
EOF
        ;;
    esac
    if [ -n "$letter" ] && [ "$arg" != "-" ]; then
        case $arg in
        FILE) COMPREPLY=($(compgen -f -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W \
                           "$(_pdntools_values "$cmd" "$sub" "$letter" "$name")" \
                           -- "$cur")) ;;
        esac
        return 0
    fi
    case $cur in
    -*)
        COMPREPLY=($(compgen -W "$(printf '%s\n' "$opts" |
            awk '{ if ($1 != "_") print "-" $1; if ($2 != "-") print "--" $2 }')" \
            -- "$cur"))
        ;;
    *)
        COMPREPLY=($(compgen -f -- "$cur"))
        ;;
    esac
    return 0
}

complete -F _pdntools -o filenames pdn-validate pdn-legal pdn-replay \
    pdn-convert pdn-perft pdn-stats pdn-fix pdn-select pdn-analyse pdn-match
complete -F _pdntools -o filenames pdn-db
