# SPDX-License-Identifier: MIT
# Turns the opening tables (*.tsv: GameType, moves, name, English name,
# source, ballot number; "-" for a name or number that is not given; '#'
# lines are comments) into the C initialisers that lib/rules/opening.c
# includes. Run by lib/rules/local.mk at build time.
BEGIN { FS = "\t"; print "/* Generated from the tables in lib/openings by tsv2c.awk: do not edit. */" }
function cstr(s) {
    if (s == "-")
        return "NULL"
    gsub(/\\/, "\\\\", s)
    gsub(/"/, "\\\"", s)
    return "\"" s "\""
}
/^#/ || /^[ \t]*$/ { next }
NF != 6 || $1 !~ /^[0-9]+$/ || $6 !~ /^([0-9]+|-)$/ || $5 == "-" ||
($3 == "-") != ($4 == "-") || ($3 == "-" && $6 == "-") {
    printf "%s:%d: expected 6 tab-separated fields (a name or a ballot number)\n", FILENAME, FNR > "/dev/stderr"
    bad = 1
    exit 1
}
{ printf "{%d, %s, %s, %s, %s, %s},\n", $1, cstr($2), cstr($3), cstr($4), cstr($5), $6 == "-" ? 0 : $6 }
END { if (bad) exit 1 }
