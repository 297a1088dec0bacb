/* SPDX-License-Identifier: MIT */
/* The end rules of folk variants beyond "no legal move, lost"
 * (man/pdn-rules.7, FOLK VARIANTS): corners' race, Stavropol's side
 * that has left its own colour without a move, and Breakthrough's first
 * king. */
#include <config.h>
#include "rules_private.h"
#include "stavropol.h"

/* side's men on b: how many stand in its own start corner (*home) and
 * whether every one stands in the other side's start corner. */
static int
side_done(const pdn_board *b, int side, int *home)
{
    const pdnp_geo *g = &b->g;
    int i, n = 0, there = 0;

    *home = 0;
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i];
        if (!(b->pos.sq[c] & side))
            continue;
        n++;
        *home += (b->init.sq[c] & side) != 0;
        there += (b->init.sq[c] & (side ^ 3)) != 0;
    }
    return n > 0 && there == n;
}

/* Corners: who has won the race, if it is over. */
static pdn_outcome
race_end(const pdn_board *b, unsigned long ply, const char **why)
{
    int first = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    int mover = b->pos.turn ^ 3, home[3], done[3];
    const char *text = NULL;
    pdn_outcome out = PDN_OUTCOME_UNKNOWN;

    done[first] = side_done(b, first, &home[first]);
    done[first ^ 3] = side_done(b, first ^ 3, &home[first ^ 3]);
    if (mover != first && done[first] && done[mover]) {
        /* the second mover equalised on its move of the same number */
        out = PDN_OUTCOME_DRAW;
        text = "both sides brought every man into the opposite corner in "
               "moves of the same number";
    } else if (mover != first && done[first]) {
        out = PDN_OUTCOME_FIRST;
        text = "the first mover brought every man into the opposite corner "
               "and the second mover did not on its next move";
    } else if (mover != first && done[mover]) {
        out = PDN_OUTCOME_SECOND;
        text = "the second mover brought every man into the opposite "
               "corner first";
    } else if ((ply + 1) / 2 > 40 && home[mover] > 0) {
        /* the mover made its ply-th half of the moves: (ply + 1) / 2 */
        out = mover == first ? PDN_OUTCOME_SECOND : PDN_OUTCOME_FIRST;
        text = "a man in its own start corner after the side's 40th move";
    }
    if (why != NULL)
        *why = text;
    return out;
}

/* Breakthrough: the side that has a king has won, the side that just
 * made one first (only a setup can give both sides kings). */
static pdn_outcome
first_king(const pdn_board *b, int mover, int first, const char **why)
{
    const pdnp_geo *g = &b->g;
    int i, kings = 0;

    for (i = 0; i < g->nplay; i++) {
        int v = b->pos.sq[g->play[i]];
        if ((v & PDNP_KING) && (v & (PDNP_WHITE | PDNP_BLACK)))
            kings |= v & (PDNP_WHITE | PDNP_BLACK);
    }
    if (kings == 0)
        return PDN_OUTCOME_UNKNOWN;
    if (why != NULL)
        *why = "Breakthrough's first king was crowned";
    if (!(kings & mover))
        mover ^= 3;
    return mover == first ? PDN_OUTCOME_FIRST : PDN_OUTCOME_SECOND;
}

pdn_outcome
pdn_board_folk_end(const pdn_board *b, unsigned long ply, const char **why)
{
    int first = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    int mover = b->pos.turn ^ 3;

    if (why != NULL)
        *why = NULL;
    if (ply == 0)
        return PDN_OUTCOME_UNKNOWN;
    if (b->r.race)
        return race_end(b, ply, why);
    if (b->gt.folk == PDN_FOLK_BREAKTHROUGH)
        return first_king(b, mover, first, why);
    /* Stavropol: the side that just moved has no piece of its colour left
     * that can move, while the side to move has (else the side to move,
     * with no legal move, has lost). */
    if (b->r.stavropol && !pdnp_sv_can_move(b, mover) &&
        pdnp_sv_can_move(b, mover ^ 3)) {
        if (why != NULL)
            *why = "no piece of the colour of the side that moved can move";
        return mover == first ? PDN_OUTCOME_SECOND : PDN_OUTCOME_FIRST;
    }
    return PDN_OUTCOME_UNKNOWN;
}
