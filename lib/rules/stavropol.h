/* SPDX-License-Identifier: MIT */
/* Stavropol checkers (stavropol.c): the side to move may move a piece of
 * either colour. Reached from the public functions by one test of
 * b->r.stavropol. Never installed. */
#ifndef PDN_STAVROPOL_H
#define PDN_STAVROPOL_H

#include "rules_private.h"

/* The legal moves of b's position into l, captures merged (as pdnp_gen
 * lists them): none when no piece of the side to move's colour can move.
 * 0, or -1 with *err. */
int pdnp_sv_gen(const pdn_board *b, pdnp_mlist *l, pdn_error *err);
void pdnp_sv_apply(pdn_board *b, const pdn_move *m);
/* Leaves at depth >= 1 from b's position, lists[0..depth-1] the move
 * lists of each depth; 0 with err->code set on error. */
uint64_t pdnp_sv_perft(const pdn_board *b, int depth, pdnp_mlist *lists,
                       int merge, pdn_error *err);
/* Whether a piece of colour side (PDNP_WHITE or PDNP_BLACK) can move on
 * b by its colour's rules. */
int pdnp_sv_can_move(const pdn_board *b, int side);

#endif /* PDN_STAVROPOL_H */
