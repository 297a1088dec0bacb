/* SPDX-License-Identifier: MIT */
/* pdn-db search --pattern: a sub-position (pattern.c). Squares that must
 * hold a man or a king of a colour, squares that must be empty, the rest
 * free; written as the pieces of a FEN, groups separated by ':', each
 * begun by W (white pieces), B (black pieces) or E (empty squares):
 * "W22,K18:B9,12:E13,14" (squares as the variant numbers or names them,
 * ranges 1-5 too). */
#ifndef PDN_TOOLS_DB_PATTERN_H
#define PDN_TOOLS_DB_PATTERN_H

#include <pdn/pdn.h>

typedef struct db_pattern {
    pdn_fen pieces;          /* the W and B groups */
    pdn_fen empty;           /* the E group, as white men */
    int have_pieces, have_empty;
    int reversed;            /* also with colours reversed */
    /* the pattern on the board of one variant: coord and what stands
     * there (0: empty), as given and with colours reversed */
    char gts[64];
    int fits;                /* its squares are on that board */
    size_t n;
    unsigned char coord[2][2 * PDN_FEN_MAX];
    char piece[2][2 * PDN_FEN_MAX];
} db_pattern;

/* Parses SPEC into *p: 0, or -1 after a usage error. */
int db_pattern_parse(db_pattern *p, const char *spec);
/* Places the pattern on the board of the GameType written gts (kept
 * until another is asked for): 1 when its squares are on that board. */
int db_pattern_variant(db_pattern *p, const char *gts);
/* 1 when the position whose squares are sq (db_squares: what stands on
 * each coord) holds the pattern (or, when p->reversed, the pattern with
 * colours reversed). Inline: a search calls it at every ply. */
static inline int
db_pattern_match(const db_pattern *p, const unsigned char *sq)
{
    int k;
    size_t i;

    for (k = 0; k < 1 + (p->reversed != 0); k++) {
        for (i = 0; i < p->n; i++)
            if (sq[p->coord[k][i]] != (unsigned char)p->piece[k][i])
                break;
        if (i == p->n)
            return 1;
    }
    return 0;
}

#endif /* PDN_TOOLS_DB_PATTERN_H */
