/* SPDX-License-Identifier: MIT */
/* pdn-validate's tag checks: the seven-tag roster, duplicates, the Date
 * form, Result values of the game's result type and the Result tag against
 * the game terminator. */
#include <config.h>
#include "tagcheck.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                     "White", "Black", "Result"};

/* Value of the one or two digits at d, as atoi reads them. */
static int
num2(const char *d)
{
    int v = d[0] - '0';

    return isdigit((unsigned char)d[1]) ? v * 10 + d[1] - '0' : v;
}

/* Whether v, which says who, is a result as Russian sites write one in a
 * Russian game (GameType 25, its giveaway and folk forms): in points, as
 * the International result type writes who (2-0, 1-1 or 0-2), where the
 * default result type writes it otherwise; accepted with a note. */
static int
russian_points(const pdn_gametype *gt, const char *v, pdn_outcome who)
{
    return gt != NULL && gt->type == 25 && tool_result_in_points(v, who);
}

/* YYYY.MM.DD with '?' for unknown digits; "?" alone is fine too. */
static int
date_ok(const char *d, char sep)
{
    static const char shape[] = "dddd.dd.dd";
    int i;

    if (*d == '\0' || (d[0] == '?' && d[1] == '\0') ||
        strcmp(d, "????.??.??") == 0)
        return 1;
    for (i = 0; shape[i]; i++) {
        if (shape[i] == '.' ? d[i] != sep
                            : !isdigit((unsigned char)d[i]) && d[i] != '?')
            return 0;
    }
    if (d[i] != '\0')
        return 0;
    if (d[5] != '?' && (num2(d + 5) < 1 || num2(d + 5) > 12))
        return 0;
    return d[8] == '?' || (num2(d + 8) >= 1 && num2(d + 8) <= 31);
}

/* The game whose tag indices cmp_tag sorts (qsort has no user data). */
static _Thread_local const pdn_game *sorting;

static int
cmp_tag(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int c = strcmp(pdn_game_tag_name_at(sorting, x),
                   pdn_game_tag_name_at(sorting, y));

    return c != 0 ? c : (x > y) - (x < y);
}

static int
cmp_index(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return (x > y) - (x < y);
}

/* Every tag whose name an earlier tag has. Sorting tag indices by name
 * keeps this O(n log n), with 4 bytes a tag, for games with absurd numbers
 * of tags. */
static void
check_duplicates(const tool_opts *o, const char *file, const pdn_game *g,
                 tool_out *to)
{
    size_t i, k, n = pdn_game_tag_count(g);
    uint32_t *t;
    pdn_pos pos;

    if (n < 2 || n > UINT32_MAX)
        return;
    t = tool_xmalloc(n * sizeof *t);
    for (i = 0; i < n; i++)
        t[i] = (uint32_t)i;
    sorting = g;
    qsort(t, n, sizeof *t, cmp_tag);
    /* keep the later ones of each run of equal names, in input order */
    for (k = 0, i = 1; i < n; i++)
        if (strcmp(pdn_game_tag_name_at(g, t[i]),
                   pdn_game_tag_name_at(g, t[i - 1])) == 0)
            t[k++] = t[i];
    qsort(t, k, sizeof *t, cmp_index);
    for (i = 0; i < k; i++) {
        if (strcmp(pdn_game_tag_name_at(g, t[i]), "FEN") == 0)
            continue; /* the driver's warning, in every tool */
        pos = pdn_game_tag_pos_at(g, t[i]);
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
                  PDN_ETAG, NULL, "duplicate tag '%s'",
                  pdn_game_tag_name_at(g, t[i]));
    }
    free(t);
}

/* Roster index of a tag name, -1 for any other name. */
static int
roster_index(const char *s)
{
    int k;

    switch (s[0]) {
    case 'E':
        k = 0;
        break;
    case 'S':
        k = 1;
        break;
    case 'D':
        k = 2;
        break;
    case 'R':
        k = s[1] == 'o' ? 3 : 6;
        break;
    case 'W':
        k = 4;
        break;
    case 'B':
        k = 5;
        break;
    default:
        return -1;
    }
    return strcmp(s, roster[k]) == 0 ? k : -1;
}

/* Tag counts up to this are checked for duplicates pair by pair. */
#define SMALL_TAGS 32

void
tagcheck(const tool_opts *o, const char *file, const pdn_game *g,
           const pdn_gametype *gt, tool_out *to)
{
    /* the outcomes whose tokens (pdn_outcome_result) a Result tag takes,
     * in the order the message lists them */
    static const pdn_outcome forms[5] = {
        PDN_OUTCOME_FIRST, PDN_OUTCOME_SECOND, PDN_OUTCOME_DRAW,
        PDN_OUTCOME_BOTH_LOST, PDN_OUTCOME_UNKNOWN};
    const char *results[5];
    char says[2][64];
    pdn_outcome who, said;
    unsigned long num = pdn_game_number(g);
    size_t i, j, n = pdn_game_tag_count(g), len;
    size_t at[7]; /* index of the first tag of each roster name */
    const char *v, *term = pdn_game_result(g);
    const char *names[SMALL_TAGS];
    char missing[80];
    pdn_pos pos;
    int ok, k;
    unsigned seen = 0;

    /* One walk over the tags finds the roster tags; the look-ups by name
     * it replaces each walked them all. */
    for (i = 0; i < n; i++) {
        const char *name = pdn_game_tag_name_at(g, i);

        if (i < SMALL_TAGS)
            names[i] = name;
        k = roster_index(name);
        if (k >= 0 && !(seen & (1u << k))) {
            seen |= 1u << k;
            at[k] = i;
        }
    }
    if (seen != 0x7f && n != 0) {
        for (len = 0, k = 0; k < 7; k++) {
            size_t m = strlen(roster[k]);

            if (seen & (1u << k))
                continue;
            if (len > 0) {
                memcpy(missing + len, ", ", 2);
                len += 2;
            }
            memcpy(missing + len, roster[k], m);
            len += m;
        }
        missing[len] = '\0';
        pos = pdn_game_pos(g);
        tool_diag(o, to, file, &pos, num, PDN_SEV_WARNING, PDN_ETAG, NULL,
                  "missing roster tags: %s", missing);
    }
    if (n <= SMALL_TAGS) {
        /* each tag whose name an earlier one has, in input order */
        for (i = 1; i < n; i++) {
            for (j = 0; j < i; j++)
                if (names[j][0] == names[i][0] &&
                    strcmp(names[j], names[i]) == 0)
                    break;
            if (j == i || strcmp(names[i], "FEN") == 0)
                continue; /* FEN: the driver's warning, in every tool */
            pos = pdn_game_tag_pos_at(g, i);
            tool_diag(o, to, file, &pos, num, PDN_SEV_WARNING, PDN_ETAG,
                      NULL, "duplicate tag '%s'", names[i]);
        }
    } else {
        check_duplicates(o, file, g, to);
    }
    if ((seen & 4) &&
        !date_ok(v = pdn_game_tag_value_at(g, at[2]), '.')) {
        pos = pdn_game_tag_pos_at(g, at[2]);
        tool_diag(o, to, file, &pos, num, PDN_SEV_WARNING, PDN_ETAG, NULL,
                  date_ok(v, '-') ? "date '%s' is in PDN 2.0 form, not "
                                    "YYYY.MM.DD"
                                  : "date '%s' is not YYYY.MM.DD",
                  v);
    }
    if (!(seen & 64))
        return;
    v = pdn_game_tag_value_at(g, at[6]);
    if (*v == '\0' || strcmp(v, "?") == 0)
        return;
    for (ok = 0, i = 0; i < 5; i++) {
        results[i] = pdn_outcome_result(forms[i], gt);
        ok |= strcmp(v, results[i]) == 0;
    }
    who = pdn_result_outcome(v);
    if (who == PDN_OUTCOME_INVALID) {
        pos = pdn_game_tag_pos_at(g, at[6]);
        tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_ERESULT, NULL,
                  "result '%s' is not one of %s, %s, %s, %s, %s", v,
                  results[0], results[1], results[2], results[3],
                  results[4]);
    } else if (!ok && russian_points(gt, v, who)) {
        pos = pdn_game_tag_pos_at(g, at[6]);
        tool_diag(o, to, file, &pos, num, TOOL_SEV_NOTE, PDN_ERESULT, NULL,
                  "result '%s' is written in points as Russian sites write "
                  "results, not '%s' (accepted)", v,
                  pdn_outcome_result(who, gt));
    } else if (!ok) {
        pos = pdn_game_tag_pos_at(g, at[6]);
        tool_diag(o, to, file, &pos, num, PDN_SEV_WARNING, PDN_ERESULT, NULL,
                  "result '%s' is not in the form of this game's result "
                  "type: '%s'", v, pdn_outcome_result(who, gt));
    }
    if (who != PDN_OUTCOME_INVALID && who != PDN_OUTCOME_UNKNOWN &&
        term != NULL && (said = pdn_result_outcome(term)) !=
                            PDN_OUTCOME_UNKNOWN && said != who) {
        pos = pdn_game_tag_pos_at(g, at[6]);
        tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_ERESULT, NULL,
                  "Result tag '%s' says %s, but the game terminator '%s' "
                  "says %s", v,
                  tool_outcome_text(who, gt, says[0], sizeof says[0]), term,
                  tool_outcome_text(said, gt, says[1], sizeof says[1]));
    }
}
