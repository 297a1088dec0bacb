/* SPDX-License-Identifier: MIT */
/* Queries of the move generator, with its tables and rules: whether a
 * from-to is a quiet move (and why not), the square behind a captured
 * piece. pdn_board_play and the matcher (play.c, match.c) ask these rather
 * than knowing the geometry themselves; the capture-route query, which
 * needs the capture search, is pdnp_gen_routes in movegen.c. */
#include <config.h>
#include "rules_private.h"

/* Whether a quiet step or line of the generator's leads from -> to. */
static int
quiet_reach(const pdn_board *b, const pdnp_pos *p, int from, int to)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = p->sq;
    int side = p->turn, k;

    if (!(sq[from] & PDNP_KING)) {
        for (k = 0; k < g->nmdir; k++)
            if (from + g->mdir[side][k] == to)
                return 1;
        return 0;
    }
    for (k = 0; k < g->nkdir; k++) {
        int d = g->kdir[k], c = from + d;
        while (sq[c] == PDNP_EMPTY) {
            if (c == to)
                return 1;
            if (!b->r.flying)
                break;
            c += d;
        }
    }
    return 0;
}

/* A man's step backwards: to lies on a line from from in a direction the
 * other side's men step in and this side's do not. */
static int
backwards(const pdn_board *b, const pdnp_pos *p, int from, int to)
{
    const pdnp_geo *g = &b->g;
    int side = p->turn, opp = side ^ 3, k, j;

    for (k = 0; k < g->nmdir; k++) {
        int d = g->mdir[opp][k], c;
        for (j = 0; j < g->nmdir && g->mdir[side][j] != d; j++)
            ;
        if (j < g->nmdir)
            continue;
        for (c = from + d; p->sq[c] != PDNP_OFF; c += d)
            if (c == to)
                return 1;
    }
    return 0;
}

int
pdnp_quiet_move(const pdn_board *b, const pdnp_pos *p, int from, int to,
                pdnp_mv *m, int *why)
{
    const unsigned char *sq = p->sq;
    int side = p->turn, v = sq[from];

    *why = PDN_WHY_BLOCKED;
    if (!(v & side) || sq[to] != PDNP_EMPTY)
        return 0;
    if (!quiet_reach(b, p, from, to)) {
        if (!(v & PDNP_KING) && backwards(b, p, from, to))
            *why = PDN_WHY_DIRECTION;
        return 0;
    }
    if ((v & PDNP_KING) && pdnp_king_blocked(b, p, from)) {
        *why = PDN_WHY_OTHER;
        return 0;
    }
    *why = PDN_WHY_NONE;
    m->from = (uint16_t)from;
    m->to = (uint16_t)to;
    m->npath = 2;
    m->ncap = 0;
    m->piece = (unsigned char)v;
    m->promotes = !(v & PDNP_KING) && (b->g.promo[to] & side) != 0;
    return 1;
}

int
pdnp_jump_behind(const pdn_board *b, int from, int cap)
{
    const pdnp_geo *g = &b->g;
    int k;

    for (k = 0; k < g->nkcap; k++) {
        int d = g->kcap[k], c;
        for (c = from + d; c >= 0 && c < PDNP_CELLS_MAX &&
                           b->pos.sq[c] != PDNP_OFF;
             c += d)
            if (c == cap)
                return cap + d;
    }
    return -1;
}
