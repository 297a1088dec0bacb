/* SPDX-License-Identifier: MIT */
/* Results: their spellings, who they say won (from the first mover's side,
 * as PDN 3.0 writes them) and how each result type writes an outcome. */
#include <config.h>
#include <pdn/result.h>

#include <stdio.h>
#include <string.h>

/* The result tokens of PDN, in their normal forms, and the outcome each
 * says: the one table every part of pdntools reads (the reader's
 * terminators, the writer, the tools' checks and repairs, parallel
 * reading's cuts). tokens[7] is "*". */
static const char *const tokens[] = {"1-0", "0-1", "1/2-1/2", "2-0",
                                     "0-2", "1-1", "0-0",     "*"};
static const pdn_outcome says[] = {
    PDN_OUTCOME_FIRST, PDN_OUTCOME_SECOND, PDN_OUTCOME_DRAW,
    PDN_OUTCOME_FIRST, PDN_OUTCOME_SECOND, PDN_OUTCOME_DRAW,
    PDN_OUTCOME_BOTH_LOST, PDN_OUTCOME_UNKNOWN};
#define NTOKENS (sizeof tokens / sizeof tokens[0])

/* s[0..n) spelled as the table spells results, into t (size 16): ':' read
 * as '-', the one-character half (ISO-8859-1 0xBD or UTF-8 C2 BD) as
 * "1/2". Returns 0, or -1 when it cannot be a result (too long). */
static int
spell(const char *s, size_t n, char *t)
{
    size_t i, o = 0;

    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];

        if (o + 3 >= 16)
            return -1;
        if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xBD) {
            i++;
            c = 0xBD;
        }
        if (c == 0xBD) {
            memcpy(t + o, "1/2", 3);
            o += 3;
        } else {
            t[o++] = c == ':' ? '-' : (char)c;
        }
    }
    t[o] = '\0';
    return 0;
}

/* The index of t in tokens[], or -1. */
static int
lookup(const char *t)
{
    size_t i;

    for (i = 0; i < NTOKENS; i++)
        if (strcmp(t, tokens[i]) == 0)
            return (int)i;
    return -1;
}

/* The index in tokens[] of r with blanks around it dropped, spelled as
 * the table spells results ("-" is "*", as the reader takes it at the end
 * of a game), or -1. */
static int
normal_index(const char *r)
{
    char t[16];
    size_t n;
    int i;

    if (r == NULL)
        return -1;
    if ((i = lookup(r)) >= 0) /* written as the table writes it */
        return i;
    while (*r == ' ' || *r == '\t')
        r++;
    n = strlen(r);
    while (n > 0 && (r[n - 1] == ' ' || r[n - 1] == '\t'))
        n--;
    if (spell(r, n, t) != 0)
        return -1;
    return strcmp(t, "-") == 0 ? (int)NTOKENS - 1 : lookup(t);
}

pdn_outcome
pdn_result_outcome(const char *r)
{
    int i = normal_index(r);

    return i < 0 ? PDN_OUTCOME_INVALID : says[i];
}

int
pdn_outcome_winner(pdn_outcome o, const pdn_gametype *gt)
{
    if (gt == NULL || (o != PDN_OUTCOME_FIRST && o != PDN_OUTCOME_SECOND))
        return 0;
    if (o == PDN_OUTCOME_FIRST)
        return gt->start;
    return gt->start == 'W' ? 'B' : 'W';
}

pdn_outcome
pdn_outcome_no_move(const pdn_gametype *gt, int side_to_move)
{
    int first = side_to_move == gt->start;

    /* the side without a move loses, or wins when the aim is inverted */
    if (gt->giveaway)
        return first ? PDN_OUTCOME_FIRST : PDN_OUTCOME_SECOND;
    return first ? PDN_OUTCOME_SECOND : PDN_OUTCOME_FIRST;
}

const char *
pdn_outcome_result(pdn_outcome o, const pdn_gametype *gt)
{
    /* each outcome's token in tokens[], per result type */
    static const signed char at[2][6] = {{-1, 7, 0, 1, 2, 6},
                                         {-1, 7, 3, 4, 5, 6}};
    int intl = gt != NULL &&
               pdn_gametype_result_type(gt) == PDN_RESULT_INTERNATIONAL;

    if ((unsigned)o > PDN_OUTCOME_BOTH_LOST)
        return NULL;
    return at[intl][o] < 0 ? NULL : tokens[at[intl][o]];
}

const char *
pdn_result_normalise(const char *r)
{
    int i = normal_index(r);

    return i < 0 ? NULL : tokens[i];
}

pdn_outcome
pdn_game_outcome(const pdn_game *g)
{
    const char *term = pdn_game_result(g);
    pdn_outcome o;

    if (term != NULL && strcmp(term, "*") != 0)
        return pdn_result_outcome(term);
    o = pdn_result_outcome(pdn_game_tag(g, "Result"));
    return o == PDN_OUTCOME_INVALID ? PDN_OUTCOME_UNKNOWN : o;
}

double
pdn_outcome_score(pdn_outcome o, const pdn_gametype *gt, int side)
{
    double win = gt != NULL && pdn_gametype_result_type(gt) ==
                                   PDN_RESULT_INTERNATIONAL
                     ? 2.0
                     : 1.0;
    char first = gt != NULL ? gt->start : 'W';

    if (side != 'W' && side != 'B')
        return -1;
    switch (o) {
    case PDN_OUTCOME_FIRST:
        return side == first ? win : 0;
    case PDN_OUTCOME_SECOND:
        return side == first ? 0 : win;
    case PDN_OUTCOME_DRAW:
        return win / 2;
    case PDN_OUTCOME_BOTH_LOST:
        return 0;
    default:
        return -1;
    }
}

size_t
pdn_outcome_describe(pdn_outcome o, const pdn_gametype *gt, char *buf,
                     size_t size)
{
    int w = pdn_outcome_winner(o, gt);
    const char *s;
    int n;

    switch (o) {
    case PDN_OUTCOME_FIRST:
    case PDN_OUTCOME_SECOND:
        if (w != 0) {
            n = snprintf(buf, size, "%s (the %s mover) won",
                         w == 'W' ? "White" : "Black",
                         o == PDN_OUTCOME_FIRST ? "first" : "second");
            return n < 0 ? 0 : (size_t)n;
        }
        s = o == PDN_OUTCOME_FIRST ? "the first mover won"
                                   : "the second mover won";
        break;
    case PDN_OUTCOME_DRAW:
        s = "the game was drawn";
        break;
    case PDN_OUTCOME_BOTH_LOST:
        s = "both sides lost";
        break;
    case PDN_OUTCOME_UNKNOWN:
        s = "the result is unknown";
        break;
    default:
        s = "nothing (it is no result)";
        break;
    }
    n = snprintf(buf, size, "%s", s);
    return n < 0 ? 0 : (size_t)n;
}

const char *
pdn_result_token(const char *s, size_t n)
{
    char t[16];
    int i;

    if (s == NULL)
        return NULL;
    /* Fast paths: most words are moves, which fail here at once. */
    if (n == 3) {
        if ((s[1] != '-' && s[1] != ':') || s[0] < '0' || s[0] > '2' ||
            s[2] < '0' || s[2] > '2')
            return NULL;
    } else if (n == 7) {
        if (s[0] != '1' || s[1] != '/')
            return NULL;
    } else if (n == 1) {
        return s[0] == '*' ? tokens[7] : NULL;
    } else if (n < 3 || n > 9 ||
               ((unsigned char)s[0] != 0xBD && (unsigned char)s[0] != 0xC2)) {
        return NULL;
    }

    if (spell(s, n, t) != 0 || (i = lookup(t)) < 0)
        return NULL;
    return tokens[i];
}
