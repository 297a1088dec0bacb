/* SPDX-License-Identifier: MIT */
/* Queries of the move generator, with its tables and rules: why a from-to
 * is no quiet move (pdnp_quiet_move, inline in rules_private.h, says
 * whether it is one), the square behind a captured piece. pdn_board_play
 * and the matcher (play.c, match.c) ask these rather than knowing the
 * geometry themselves; the capture-route query, which needs the capture
 * search, is pdnp_gen_routes in capture.c. */
#include <config.h>
#include "rules_private.h"

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
pdnp_quiet_why(const pdn_board *b, const pdnp_pos *p, int from, int to)
{
    int v = p->sq[from];

    if (!(v & p->turn) || p->sq[to] != PDNP_EMPTY)
        return PDN_WHY_BLOCKED;
    if (!pdnp_quiet_reach(b, p, from, to))
        return !(v & PDNP_KING) && backwards(b, p, from, to)
                   ? PDN_WHY_DIRECTION
                   : PDN_WHY_BLOCKED;
    if ((v & PDNP_KING) && pdnp_king_blocked(b, p, from))
        return PDN_WHY_OTHER;
    return PDN_WHY_NONE;
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
