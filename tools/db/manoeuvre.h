/* SPDX-License-Identifier: MIT */
/* pdn-db search --manoeuvre (manoeuvre.c): a move of the main line made
 * by a piece of a colour (a man, a king, or either) from one set of
 * squares to another, capturing at least N pieces, promoting, within a
 * window of plies. Written SIDE[KIND]FROM>TO[xN][=K][@LO..HI]:
 * "WK1-5>46-50x2", "B>29-32=K", "W28,32>19,23@1..20" (squares as in a
 * FEN of the variant, * or nothing for any square). */
#ifndef PDN_TOOLS_DB_MANOEUVRE_H
#define PDN_TOOLS_DB_MANOEUVRE_H

#include <pdn/pdn.h>

typedef struct db_manoeuvre {
    char side;               /* 'W' or 'B' */
    char kind;               /* 'M', 'K' or 0: either */
    int any_from, any_to;
    pdn_fen from, to;        /* as kings: a man may not stand everywhere */
    int captures;            /* at least */
    int promotes;
    unsigned long lo, hi;    /* plies of the move (from 1); hi 0: no end */
    /* on the board of one variant */
    char gts[64];
    int fits;
    unsigned char in_from[256], in_to[256];
} db_manoeuvre;

/* Parses SPEC: 0, or -1 after a usage error. */
int db_manoeuvre_parse(db_manoeuvre *v, const char *spec);
/* Places the squares on the board of gts: 1 when they are on it. */
int db_manoeuvre_variant(db_manoeuvre *v, const char *gts);
/* 1 when move m, played at ply (from 1) and leading to the position
 * whose squares are sq (db_squares), is the manoeuvre (m's first and last
 * squares, captures and promotion are read). Inline: a search calls it
 * at every ply. */
static inline int
db_manoeuvre_match(const db_manoeuvre *v, const unsigned char *sq,
                   unsigned long ply, const pdn_move *m)
{
    int to, p;

    /* what rules most moves out first: captures, then squares */
    if (m->ncaptured < v->captures || (v->promotes && !m->promotes) ||
        ply < v->lo || (v->hi != 0 && ply > v->hi))
        return 0;
    to = m->path[m->n - 1];
    if ((!v->any_from && !v->in_from[m->path[0]]) ||
        (!v->any_to && !v->in_to[to]))
        return 0;
    p = sq[to];
    return p != 0 && (p == 'w' || p == 'W' ? 'W' : 'B') == v->side &&
           (!v->kind ||
            (m->promotes || p == 'w' || p == 'b' ? 'M' : 'K') == v->kind);
}

#endif /* PDN_TOOLS_DB_MANOEUVRE_H */
