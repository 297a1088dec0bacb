/* SPDX-License-Identifier: MIT */
/* GameType values: the standard table of PDN 3.0, parsing of the bare and
 * full forms, variant names (also as found in Variant tags), formatting,
 * and the per-variant conventions (result type, capture separator). */
#include <config.h>
#include "pdn/variant.h"

#include <stdio.h>
#include <string.h>

#include "core/pdn_private.h"

/* The standard values (pdn-reference.md section 3). names[0] is the
 * canonical name; the others are aliases accepted by by_name. */
typedef struct std_type {
    pdn_gametype gt;
    int result_type;
    char sep;
    const char *name;
    const char *giveaway_name;
} std_type;

static const std_type std_types[] = {
    {{20, 20, 0, 'W', 10, 10, 'N', 2, 0, 0}, PDN_RESULT_INTERNATIONAL, 'x',
     "international", "antidraughts"},
    {{21, 21, 0, 'B', 8, 8, 'N', 1, 0, 0}, PDN_RESULT_DEFAULT, 'x', "english",
     "english-giveaway"},
    {{22, 22, 0, 'W', 8, 8, 'N', 2, 1, 0}, PDN_RESULT_DEFAULT, 'x', "italian",
     "italian-giveaway"},
    {{23, 23, 0, 'B', 8, 8, 'N', 1, 0, 0}, PDN_RESULT_DEFAULT, 'x', "pool",
     "pool-giveaway"},
    {{24, 24, 0, 'W', 8, 8, 'N', 1, 1, 0}, PDN_RESULT_DEFAULT, 'x', "spanish",
     "spanish-giveaway"},
    {{25, 25, 0, 'W', 8, 8, 'A', 0, 0, 0}, PDN_RESULT_DEFAULT, ':', "russian",
     "russian-giveaway"},
    {{26, 26, 0, 'W', 8, 8, 'A', 0, 0, 0}, PDN_RESULT_DEFAULT, 'x', "brazilian",
     "brazilian-giveaway"},
    {{27, 27, 0, 'W', 12, 12, 'N', 2, 0, 0}, PDN_RESULT_INTERNATIONAL, 'x',
     "canadian", "canadian-giveaway"},
    {{28, 28, 0, 'W', 8, 8, 'N', 1, 1, 0}, PDN_RESULT_DEFAULT, 'x', "portuguese",
     "portuguese-giveaway"},
    {{29, 29, 0, 'W', 8, 8, 'A', 0, 0, 0}, PDN_RESULT_DEFAULT, 'x', "czech",
     "czech-giveaway"},
    {{30, 30, 0, 'W', 8, 8, 'A', 0, 0, 0}, PDN_RESULT_DEFAULT, 'x', "turkish",
     "turkish-giveaway"},
    {{31, 31, 0, 'B', 8, 8, 'N', 2, 0, 0}, PDN_RESULT_DEFAULT, '-', "thai",
     "thai-giveaway"},
    {{40, 40, 0, 'W', 10, 10, 'N', 2, 0, 0}, PDN_RESULT_DEFAULT, 'x', "frisian",
     "frisian-giveaway"},
    {{41, 41, 0, 'W', 10, 8, 'A', 0, 0, 0}, PDN_RESULT_DEFAULT, ':',
     "spantsiretti", "spantsiretti-giveaway"},
};
#define N_STD (sizeof std_types / sizeof std_types[0])

/* lidraughts' private number for antidraughts on International rules. */
#define TYPE_ANTIDRAUGHTS 98

/* The folk variants (PDN_FOLK_*, from 1): their names, also the seventh
 * GameType field, the type whose board they are played on, and the
 * number of those a site numbers (lidraughts: 96 Breakthrough, 97 Frysk!),
 * else 0. */
static const char *const folk_names[PDN_FOLK_COUNT] = {
    NULL, "diagonal", "northern", "samoyed", "two-move", "corners",
    "towers", "laska", "stavropol", "breakthrough", "frysk"
};
static const int folk_base[PDN_FOLK_COUNT] = {0, 25, 25, 25, 25, 30, 25, 21,
                                              25, 20, 40};
static const int folk_type[PDN_FOLK_COUNT] = {0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 96, 97};

/* The folk variant named by f[0..len-1] (already normalised or as written
 * in a GameType field), or PDN_FOLK_NONE. */
static int
folk_lookup(const char *f, size_t len)
{
    int i;

    for (i = 1; i < PDN_FOLK_COUNT; i++)
        if (strlen(folk_names[i]) == len && memcmp(f, folk_names[i], len) == 0)
            return i;
    return PDN_FOLK_NONE;
}

/* Names as they appear in Variant tags and on command lines, after
 * normalisation (lower case, runs of spaces, '_' and '-' as one '-', '!'
 * dropped, a trailing "draughts"/"checkers"/"dama" word dropped). The
 * folk and site variants are found by their names in folk_names. */
typedef struct alias {
    const char *name;
    int rules;
    int giveaway;
} alias;

static const alias aliases[] = {
    {"international", 20, 0},  {"10x10", 20, 0},
    {"english", 21, 0},        {"checkers", 21, 0},
    {"american", 21, 0},       {"british", 21, 0},
    {"italian", 22, 0},        {"pool", 23, 0},
    {"american-pool", 23, 0},  {"spanish", 24, 0},
    {"russian", 25, 0},        {"shashki", 25, 0},
    {"brazilian", 26, 0},      {"canadian", 27, 0},
    {"portuguese", 28, 0},     {"czech", 29, 0},
    {"turkish", 30, 0},        {"thai", 31, 0},
    {"frisian", 40, 0},        {"spantsiretti", 41, 0},
    {"american/english", 21, 0}, {"english/american", 21, 0},
    {"antidraughts", 20, 1},   {"anti", 20, 1},
    {"giveaway", 20, 1},       {"international-giveaway", 20, 1},
    {"giveaway-international", 20, 1},
    {"international-antidraughts", 20, 1},
    {"losing", 20, 1},
    {"russian-giveaway", 25, 1}, {"giveaway-russian", 25, 1},
    {"russian-antidraughts", 25, 1}, {"poddavki", 25, 1},
    {"russian-poddavki", 25, 1},
};
#define N_ALIASES (sizeof aliases / sizeof aliases[0])

static const std_type *
find_std(int type)
{
    size_t i;

    for (i = 0; i < N_STD; i++)
        if (std_types[i].gt.type == type)
            return &std_types[i];
    return NULL;
}

int
pdn_gametype_standard(int type, pdn_gametype *gt)
{
    const std_type *st;

    int i;

    if (type == TYPE_ANTIDRAUGHTS) {
        st = find_std(20);
        *gt = st->gt;
        gt->type = TYPE_ANTIDRAUGHTS;
        gt->giveaway = 1;
        return 0;
    }
    /* lidraughts' site variants: the board and rules of their base type */
    for (i = 1; i < PDN_FOLK_COUNT; i++) {
        if (folk_type[i] != type || type == 0)
            continue;
        *gt = find_std(folk_base[i])->gt;
        gt->type = type;
        gt->folk = i;
        return 0;
    }
    st = find_std(type);
    if (st == NULL)
        return -1;
    *gt = st->gt;
    return 0;
}

static int
is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Sets a PDN_EVARIANT error whose text ends with the quoted field. */
static void
field_error(pdn_error *err, const char *what, const char *f, size_t len)
{
    char q[64] = "";

    pdnp_quote(q, sizeof q, f, len, 40);
    pdnp_error_set(err, PDN_EVARIANT, PDN_SEV_ERROR, NULL, 0, "%s '%s'", what,
                   q);
}

/* A decimal number of 1..4 digits, or -1. */
static int
small_number(const char *f, size_t len)
{
    int v = 0;
    size_t i;

    if (len == 0 || len > 4)
        return -1;
    for (i = 0; i < len; i++) {
        if (f[i] < '0' || f[i] > '9')
            return -1;
        v = v * 10 + (f[i] - '0');
    }
    return v;
}

/* The fields of a full GameType, trimmed. */
#define MAX_FIELDS 7
typedef struct fields {
    const char *f[MAX_FIELDS];
    size_t len[MAX_FIELDS];
    int n;
    int spaced;   /* some field had spaces around it */
} fields;

static int
split(const char *s, fields *fs)
{
    const char *p = s;

    fs->n = 0;
    fs->spaced = 0;
    for (;;) {
        const char *e = p, *b = p;
        while (*e != '\0' && *e != ',')
            e++;
        if (fs->n == MAX_FIELDS)
            return -1;
        while (b < e && is_space(*b))
            b++;
        while (e > b && is_space(e[-1]))
            e--;
        if (b != p || (*e != '\0' && *e != ','))
            fs->spaced = 1;
        fs->f[fs->n] = b;
        fs->len[fs->n] = (size_t)(e - b);
        fs->n++;
        while (*e != '\0' && *e != ',')
            e++;
        if (*e == '\0')
            break;
        p = e + 1;
    }
    return 0;
}

/* Width or height field: 2..12; 0 (seen in the wild as "unknown") takes
 * the standard value with a warning. Returns the size, 0 for "use the
 * standard", -1 when invalid. */
static int
size_field(const char *f, size_t len)
{
    int v = small_number(f, len);

    if (v == 0)
        return 0;
    if (v < 2 || v > 12)
        return -1;
    return v;
}

int
pdn_gametype_parse(const char *s, pdn_gametype *gt, pdn_error *err)
{
    fields fs;
    pdn_gametype std;
    const char *warn = NULL;
    int type, v;

    pdn_error_clear(err);
    if (s == NULL)
        s = "";
    if (split(s, &fs) < 0) {
        field_error(err, "too many fields in GameType", s, strlen(s));
        return -1;
    }
    type = small_number(fs.f[0], fs.len[0]);
    if (type < 0) {
        field_error(err, fs.len[0] ? "invalid game type" : "empty GameType",
                    fs.f[0], fs.len[0]);
        return -1;
    }
    /* The number decides the rules, the result type and the start
     * position: a type we cannot play is refused rather than guessed. */
    if (pdn_gametype_standard(type, &std) < 0) {
        field_error(err, "unknown game type", fs.f[0], fs.len[0]);
        return -1;
    }
    if (fs.spaced)
        warn = "spaces around GameType fields";
    if (fs.n == 1) {
        *gt = std;
        goto done;
    }
    if (fs.n < 5) {
        field_error(err, "incomplete GameType (want "
                    "Type,StartColour,Width,Height,Notation[,InvertFlag])",
                    s, strlen(s));
        return -1;
    }
    /* Start from the standard value: later fields override what they say,
     * and the invert flag may be left out. */
    *gt = std;
    if (fs.len[1] != 1 || (fs.f[1][0] != 'W' && fs.f[1][0] != 'B')) {
        field_error(err, "invalid start colour in GameType", fs.f[1],
                    fs.len[1]);
        return -1;
    }
    gt->start = fs.f[1][0];
    v = size_field(fs.f[2], fs.len[2]);
    if (v < 0) {
        field_error(err, "invalid board width in GameType", fs.f[2],
                    fs.len[2]);
        return -1;
    }
    if (v > 0)
        gt->width = v;
    else if (warn == NULL)
        warn = "zero board size in GameType";
    v = size_field(fs.f[3], fs.len[3]);
    if (v < 0) {
        field_error(err, "invalid board height in GameType", fs.f[3],
                    fs.len[3]);
        return -1;
    }
    if (v > 0)
        gt->height = v;
    else if (warn == NULL)
        warn = "zero board size in GameType";
    if (fs.len[4] < 1 || fs.len[4] > 2 ||
        (fs.f[4][0] != 'A' && fs.f[4][0] != 'N' && fs.f[4][0] != 'S') ||
        (fs.len[4] == 2 && (fs.f[4][1] < '0' || fs.f[4][1] > '3'))) {
        field_error(err, "invalid notation in GameType", fs.f[4], fs.len[4]);
        return -1;
    }
    gt->notation = fs.f[4][0];
    if (fs.len[4] == 2) {
        gt->corner = fs.f[4][1] - '0';
    } else {
        /* "N" alone: the corner of the standard value if it uses the same
         * letter, else 0 (bottom-left). */
        gt->corner = std.notation == gt->notation ? std.corner : 0;
        if (warn == NULL)
            warn = "notation without corner digit in GameType";
    }
    if (fs.n >= 6) {
        if (fs.len[5] != 1 || (fs.f[5][0] != '0' && fs.f[5][0] != '1')) {
            field_error(err, "invalid invert flag in GameType", fs.f[5],
                        fs.len[5]);
            return -1;
        }
        gt->invert = fs.f[5][0] - '0';
    } else if (gt->width != std.width || gt->height != std.height ||
               gt->start != std.start) {
        /* PDN 3.0 makes the flag optional; the type's own value holds only
         * for its own board. */
        gt->invert = 0;
    }
    if (fs.n == 7) {
        int folk = folk_lookup(fs.f[6], fs.len[6]);
        if (folk != PDN_FOLK_NONE && gt->rules == folk_base[folk] &&
            !gt->giveaway) {
            gt->folk = folk;
        } else if (folk != PDN_FOLK_NONE) {
            char what[48];
            snprintf(what, sizeof what, "folk variant needs GameType %d",
                     folk_base[folk]);
            field_error(err, what, fs.f[6], fs.len[6]);
            return -1;
        } else if (fs.len[6] != 1 || fs.f[6][0] != 'G') {
            field_error(err, "invalid giveaway flag in GameType", fs.f[6],
                        fs.len[6]);
            return -1;
        } else if (gt->folk != PDN_FOLK_NONE) {
            /* 96 and 97 are folk variants by number: no giveaway form,
             * which their written form could not say */
            field_error(err, "no giveaway form of this variant", fs.f[6],
                        fs.len[6]);
            return -1;
        } else {
            gt->giveaway = 1;
        }
    }
done:
    if (warn != NULL) {
        char q[64] = "";
        pdnp_quote(q, sizeof q, s, strlen(s), 40);
        pdnp_error_set(err, PDN_EVARIANT, PDN_SEV_WARNING, NULL, 0,
                       "%s '%s'", warn, q);
        return 1;
    }
    return 0;
}

/* Normalises a variant name into out (see aliases). 0, or -1 if too long. */
static int
normalise(const char *name, char *out, size_t size)
{
    static const char *const drop[] = {"-draughts", "-checkers", "-dama",
                                       "-damas", "-dames", "-dammen"};
    size_t o = 0, i, n;
    int dash = 0;

    while (is_space(*name))
        name++;
    for (; *name != '\0'; name++) {
        char c = *name;
        if (is_space(c) || c == '_' || c == '-') {
            dash = o > 0;
            continue;
        }
        if (c == '!') /* lidraughts' "Frysk!" */
            continue;
        if (o + 3 >= size)
            return -1;
        if (dash)
            out[o++] = '-';
        dash = 0;
        out[o++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    out[o] = '\0';
    for (i = 0; i < sizeof drop / sizeof drop[0]; i++) {
        n = strlen(drop[i]);
        if (o > n && strcmp(out + o - n, drop[i]) == 0) {
            out[o - n] = '\0';
            break;
        }
    }
    return 0;
}

/* Names are looked up in a short table; by_name is called once per file or
 * option, never per move, so a linear scan is fine. */
int
pdn_gametype_by_name(const char *name, pdn_gametype *gt)
{
    char norm[64];
    size_t i;

    if (name == NULL)
        return -1;
    while (is_space(*name))
        name++;
    if (*name >= '0' && *name <= '9')
        return pdn_gametype_parse(name, gt, NULL) < 0 ? -1 : 0;
    if (normalise(name, norm, sizeof norm) < 0)
        return -1;
    i = (size_t)folk_lookup(norm, strlen(norm));
    if (i != PDN_FOLK_NONE && folk_type[i] != 0)
        return pdn_gametype_standard(folk_type[i], gt);
    if (i != PDN_FOLK_NONE) {
        pdn_gametype_standard(folk_base[i], gt);
        gt->folk = (int)i;
        if (i == PDN_FOLK_LASKA) {
            /* Lasker's board: 7x7, the 25 squares of a1's colour, White
             * first. */
            gt->width = gt->height = 7;
            gt->start = 'W';
            gt->notation = 'A';
            gt->corner = 0;
            gt->invert = 0;
        }
        return 0;
    }
    for (i = 0; i < N_ALIASES; i++) {
        if (strcmp(norm, aliases[i].name) == 0) {
            if (aliases[i].rules == 20 && aliases[i].giveaway)
                return pdn_gametype_standard(TYPE_ANTIDRAUGHTS, gt);
            pdn_gametype_standard(aliases[i].rules, gt);
            gt->giveaway = aliases[i].giveaway;
            return 0;
        }
    }
    /* The canonical "<name>-giveaway" of every type. */
    for (i = 0; i < N_STD; i++) {
        if (strcmp(norm, std_types[i].giveaway_name) == 0) {
            *gt = std_types[i].gt;
            gt->giveaway = 1;
            return 0;
        }
    }
    return -1;
}

const char *
pdn_gametype_name(const pdn_gametype *gt)
{
    const std_type *st = find_std(gt->rules);

    if (st == NULL)
        return "unknown";
    if (gt->folk > PDN_FOLK_NONE && gt->folk < PDN_FOLK_COUNT)
        return folk_names[gt->folk];
    return gt->giveaway ? st->giveaway_name : st->name;
}

/* Field by field: the struct has padding, so memcmp would not do. */
int
pdn_gametype_equal(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->rules == b->rules &&
           a->giveaway == b->giveaway && a->start == b->start &&
           a->width == b->width && a->height == b->height &&
           a->notation == b->notation && a->corner == b->corner &&
           a->invert == b->invert && a->folk == b->folk;
}

size_t
pdn_gametype_format(const pdn_gametype *gt, char *buf, size_t size)
{
    pdn_gametype std;
    int n;

    if (pdn_gametype_standard(gt->type, &std) == 0 &&
        pdn_gametype_equal(gt, &std))
        n = snprintf(buf, size, "%d", gt->type);
    else if (gt->folk > PDN_FOLK_NONE && gt->folk < PDN_FOLK_COUNT)
        /* A folk variant: its name as the seventh field. */
        n = snprintf(buf, size, "%d,%c,%d,%d,%c%d,%d,%s", gt->type, gt->start,
                     gt->width, gt->height, gt->notation, gt->corner,
                     gt->invert, folk_names[gt->folk]);
    else
        /* A giveaway game whose type number cannot say so (Russian
         * giveaway) gets the seventh field "G" that pdn_gametype_parse
         * reads back. */
        n = snprintf(buf, size, "%d,%c,%d,%d,%c%d,%d%s", gt->type, gt->start,
                     gt->width, gt->height, gt->notation, gt->corner,
                     gt->invert,
                     gt->giveaway && gt->type != TYPE_ANTIDRAUGHTS ? ",G"
                                                                   : "");
    return n < 0 ? 0 : (size_t)n;
}

int
pdn_gametype_result_type(const pdn_gametype *gt)
{
    const std_type *st = find_std(gt->rules);

    return st != NULL ? st->result_type : PDN_RESULT_DEFAULT;
}

char
pdn_gametype_capture_sep(const pdn_gametype *gt)
{
    const std_type *st = find_std(gt->rules);

    return st != NULL ? st->sep : 'x';
}
