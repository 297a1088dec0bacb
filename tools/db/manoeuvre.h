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
 * squares, captures and promotion are read). */
int db_manoeuvre_match(const db_manoeuvre *v, const unsigned char *sq,
                       unsigned long ply, const pdn_move *m);

#endif /* PDN_TOOLS_DB_MANOEUVRE_H */
