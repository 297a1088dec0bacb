/* SPDX-License-Identifier: MIT */
/* pdn-db search --pattern (pattern.h): the groups read as FEN pieces
 * (pdn_fen_parse), placed on each variant's board (pdn_board_set_fen),
 * then compared square by square with the positions a game reaches. */
#include <config.h>
#include "pattern.h"
#include "common.h"

#include <ctype.h>
#include <string.h>

int
db_pattern_parse(db_pattern *p, const char *spec)
{
    tbuf w = {NULL, 0, 0}, b = {NULL, 0, 0}, e = {NULL, 0, 0};
    const char *s = spec;
    size_t n;
    pdn_error err;
    int rc = 0;

    memset(p, 0, sizeof *p);
    while (*s != '\0' && rc == 0) {
        n = strcspn(s, ":");
        int side = toupper((unsigned char)*s);
        tbuf *t = side == 'W' ? &w : side == 'B' ? &b : side == 'E' ? &e
                                                                   : NULL;

        if (t == NULL || n < 2 || t->len != 0)
            rc = -1;
        else
            tbuf_add(t, s + 1, n - 1);
        s += n + (s[n] == ':');
    }
    if (rc == 0 && w.len + b.len != 0) {
        tbuf f = {NULL, 0, 0};

        tbuf_printf(&f, "W:W%s:B%s", w.len ? w.data : "", b.len ? b.data : "");
        rc = pdn_fen_parse(f.data, &p->pieces, &err) < 0 ? -1 : 0;
        p->have_pieces = 1;
        tbuf_free(&f);
    }
    if (rc == 0 && e.len != 0) {
        tbuf f = {NULL, 0, 0};

        tbuf_printf(&f, "W:W%s:B", e.data);
        rc = pdn_fen_parse(f.data, &p->empty, &err) < 0 ? -1 : 0;
        p->have_empty = 1;
        /* as kings: a man may not stand on every row */
        for (n = 0; n < p->empty.count; n++)
            p->empty.piece[n].king = 1;
        tbuf_free(&f);
    }
    if (rc == 0 && !p->have_pieces && !p->have_empty)
        rc = -1;
    tbuf_free(&w);
    tbuf_free(&b);
    tbuf_free(&e);
    if (rc != 0)
        tool_usage_error("--pattern: bad pattern '%s'; expected groups such "
                         "as W22,K18:B9,12:E13,14 (W white pieces, B black "
                         "pieces, K a king, E empty squares)", spec);
    return rc;
}

/* Adds what board b holds (only its occupied squares) to the pattern,
 * each piece as empty when empty is set. */
static void
take(db_pattern *p, const pdn_board *b, int empty)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int f, r;

    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width && p->n < 2 * PDN_FEN_MAX; f++) {
            int c = PDN_COORD(f, r), q = pdn_board_piece(b, c);
            int rc = PDN_COORD(gt->width - 1 - f, gt->height - 1 - r);

            if (q == 0)
                continue;
            p->coord[0][p->n] = (unsigned char)c;
            p->coord[1][p->n] = (unsigned char)rc;
            p->piece[0][p->n] = empty ? 0 : (char)q;
            /* colours reversed: the other colour, the square turned */
            p->piece[1][p->n] = empty ? 0
                                : q == 'w' ? 'b' : q == 'b' ? 'w'
                                : q == 'W' ? 'B' : 'W';
            p->n++;
        }
}

int
db_pattern_variant(db_pattern *p, const char *gts)
{
    pdn_gametype gt;
    pdn_board *b;

    if (strcmp(gts, p->gts) == 0)
        return p->fits;
    snprintf(p->gts, sizeof p->gts, "%s", gts);
    p->n = 0;
    p->fits = 0;
    if (pdn_gametype_parse(gts, &gt, NULL) < 0 ||
        (b = pdn_board_new(&gt, NULL)) == NULL)
        return 0;
    p->fits = 1;
    if (p->have_pieces) {
        if (pdn_board_set_fen(b, &p->pieces, NULL) != 0)
            p->fits = 0;
        else
            take(p, b, 0);
    }
    if (p->fits && p->have_empty) {
        if (pdn_board_set_fen(b, &p->empty, NULL) != 0)
            p->fits = 0;
        else
            take(p, b, 1);
    }
    pdn_board_free(b);
    return p->fits;
}
