/* SPDX-License-Identifier: MIT */
/* The folk variants played on Russian rules (man/pdn-rules.7, FOLK
 * VARIANTS): what each changes is stated here as rule flags and start
 * positions; the generator in movegen.c reads the flags. */
#include <config.h>
#include "rules_private.h"

#include <string.h>

void
pdnp_folk_rules(const pdn_gametype *gt, pdnp_rules *r)
{
    switch (gt->folk) {
    case PDN_FOLK_NORTHERN:
        /* A captured king is not removed: a man of its colour takes its
         * place once the capture is over (captured pieces leave after
         * the move in Russian rules, so mid-capture it is still a king
         * that may not be jumped twice). */
        r->demote = 1;
        break;
    case PDN_FOLK_SAMOYED:
        /* Every piece is prey, own ones too, and capturing stays
         * compulsory. */
        r->any_prey = 1;
        break;
    case PDN_FOLK_TWO_MOVE:
        /* Each of the two moves is a whole Russian move (capture
         * compulsory at each); the turn passes after the second. */
        r->two_move = 1;
        break;
    default:
        break;
    }
}

/* Diagonal checkers: each side's men fill the playable squares between
 * its light corner and the long diagonal, which stays empty: on 8x8,
 * White c1 e1 g1 d2 f2 h2 e3 g3 f4 h4 g5 h6 (rows of 6, 4 and 2 along
 * the long diagonal), Black the mirror image from a8. A square (f, r)
 * belongs to White when f - r >= 2, to Black when r - f >= 2. */
int
pdnp_folk_initial(const pdn_board *b, pdnp_pos *p)
{
    const pdnp_geo *g = &b->g;
    int i;

    if (b->gt.folk != PDN_FOLK_DIAGONAL)
        return 0;
    memset(p, 0, sizeof *p);
    memset(p->sq, PDNP_OFF, sizeof p->sq);
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i];
        int f = PDN_COORD_FILE(g->coord[c]), r = PDN_COORD_RANK(g->coord[c]);
        p->sq[c] = PDNP_EMPTY;
        if (f - r >= 2)
            p->sq[c] = PDNP_WHITE;
        else if (r - f >= 2)
            p->sq[c] = PDNP_BLACK;
    }
    p->turn = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    pdnp_pos_sync(b, p);
    return 1;
}

/* Samoyed: can a piece of the side to move jump any piece, of either
 * colour, along one of its capture lines? capfrom gets all of the side's
 * pieces (the capture search finds which of them can). */
int
pdnp_folk_must_capture(const pdn_board *b, const pdnp_pos *p,
                       uint64_t *capfrom)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = p->sq;
    int side = p->turn, found = 0, i, k;

    memset(capfrom, 0, PDNP_WORDS * sizeof *capfrom);
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i], v = sq[c], king = (v & PDNP_KING) != 0;
        const int16_t *dirs = king ? g->kcap : g->mcap[side];
        int nd = king ? g->nkcap : g->nmcap;
        if (!(v & side))
            continue;
        capfrom[c >> 6] |= (uint64_t)1 << (c & 63);
        for (k = 0; k < nd && !found; k++) {
            int d = dirs[k], n = c + d;
            if (king && b->r.flying)
                while (sq[n] == PDNP_EMPTY)
                    n += d;
            if ((sq[n] & (PDNP_WHITE | PDNP_BLACK)) &&
                sq[n + d] == PDNP_EMPTY)
                found = 1;
        }
    }
    return found;
}
