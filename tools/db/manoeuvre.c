/* SPDX-License-Identifier: MIT */
/* pdn-db search --manoeuvre (manoeuvre.h). */
#include <config.h>
#include "manoeuvre.h"
#include "common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A square list (FEN squares, ranges) into *fen, or '*' or nothing:
 * any. */
static int
squares(const char *s, size_t n, pdn_fen *fen, int *any)
{
    tbuf f = {NULL, 0, 0};
    size_t i;
    int rc;

    *any = n == 0 || (n == 1 && s[0] == '*');
    if (*any)
        return 0;
    tbuf_adds(&f, "W:W");
    tbuf_add(&f, s, n);
    tbuf_adds(&f, ":B");
    rc = pdn_fen_parse(f.data, fen, NULL) < 0 ? -1 : 0;
    tbuf_free(&f);
    for (i = 0; i < fen->count; i++)
        fen->piece[i].king = 1;
    return rc;
}

static int
number(const char **s, unsigned long *v)
{
    char *end;

    if (!isdigit((unsigned char)**s))
        return -1;
    *v = strtoul(*s, &end, 10);
    *s = end;
    return 0;
}

int
db_manoeuvre_parse(db_manoeuvre *v, const char *spec)
{
    const char *s = spec, *gt;
    size_t n;
    unsigned long k;

    memset(v, 0, sizeof *v);
    v->side = (char)toupper((unsigned char)*s);
    if (v->side != 'W' && v->side != 'B')
        goto bad;
    s++;
    if (*s == 'K' || *s == 'M')
        v->kind = *s++;
    if ((gt = strchr(s, '>')) == NULL ||
        squares(s, (size_t)(gt - s), &v->from, &v->any_from) != 0)
        goto bad;
    s = gt + 1;
    n = strcspn(s, "x=@");
    if (squares(s, n, &v->to, &v->any_to) != 0)
        goto bad;
    s += n;
    if (*s == 'x') {
        s++;
        if (number(&s, &k) != 0 || k > 64)
            goto bad;
        v->captures = (int)k;
    }
    if (*s == '=') {
        if (s[1] != 'K')
            goto bad;
        v->promotes = 1;
        s += 2;
    }
    if (*s == '@') {
        s++;
        if (*s != '.' && number(&s, &v->lo) != 0)
            goto bad;
        if (strncmp(s, "..", 2) == 0) {
            s += 2;
            if (*s != '\0' && number(&s, &v->hi) != 0)
                goto bad;
        } else {
            v->hi = v->lo;
        }
        /* a move is at ply 1 or later: an end written 0 (hi 0 is "no
         * end") or below the start holds no move */
        if ((v->hi == 0 && s[-1] == '0') || (v->hi != 0 && v->hi < v->lo))
            goto bad;
    }
    if (*s != '\0')
        goto bad;
    return 0;
bad:
    tool_usage_error("--manoeuvre: bad manoeuvre '%s'; expected "
                     "SIDE[KIND]FROM>TO[xN][=K][@LO..HI], such as "
                     "WK1-5>46-50x2, B>29-32=K or W28,32>19,23@1..20 "
                     "(* for any square)", spec);
    return -1;
}

/* Marks the squares of fen on gt's board in set; -1 if one is not on
 * it. */
static int
mark(const pdn_gametype *gt, const pdn_fen *fen, unsigned char *set)
{
    pdn_board *b = pdn_board_new(gt, NULL);
    int f, r, rc = -1;

    memset(set, 0, 256);
    if (b != NULL && pdn_board_set_fen(b, fen, NULL) == 0) {
        for (r = 0; r < gt->height; r++)
            for (f = 0; f < gt->width; f++)
                if (pdn_board_piece(b, PDN_COORD(f, r)) != 0)
                    set[PDN_COORD(f, r)] = 1;
        rc = 0;
    }
    pdn_board_free(b);
    return rc;
}

int
db_manoeuvre_variant(db_manoeuvre *v, const char *gts)
{
    pdn_gametype gt;

    if (strcmp(gts, v->gts) == 0)
        return v->fits;
    snprintf(v->gts, sizeof v->gts, "%s", gts);
    v->fits = pdn_gametype_parse(gts, &gt, NULL) >= 0 &&
              (v->any_from || mark(&gt, &v->from, v->in_from) == 0) &&
              (v->any_to || mark(&gt, &v->to, v->in_to) == 0);
    return v->fits;
}
