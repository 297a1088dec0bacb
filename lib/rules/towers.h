/* SPDX-License-Identifier: MIT */
/* The towers variants (towers.c): Bashni on Russian rules and Laska on
 * English rules, where a captured piece goes under the capturing stack.
 * The stacks live beside the board's usual position, which holds the top
 * piece of each stack (so that everything that reads only the pieces that
 * move, pdn_board_piece, the matcher's explanations, keeps working); the
 * generator, make and perft for stacks are here, reached from the public
 * functions by one test of b->tw. Never installed. */
#ifndef PDN_TOWERS_H
#define PDN_TOWERS_H

#include "rules_private.h"

/* The rule flags of the towers variants added to r (towers, tw_once). */
void pdnp_tw_rules(const pdn_gametype *gt, pdnp_rules *r);
/* Gives a board of a towers variant its stacks (b->tw) and its start
 * position (3 rows of single pieces each), b->init and b->pos mirroring
 * it. 0, or -1 with *err (PDN_ENOMEM). */
int pdnp_tw_new(pdn_board *b, pdn_error *err);
void pdnp_tw_free(struct pdnp_tw *tw);
void pdnp_tw_copy(pdn_board *dst, const pdn_board *src);
void pdnp_tw_reset(pdn_board *b);
/* The stacks of fen (whose tops pdn_board_set_fen has checked and placed
 * in *tops): installed on b with b->pos = *tops, or -1 with *err
 * (PDN_ESETUP) and b unchanged. */
int pdnp_tw_set_fen(pdn_board *b, const pdn_fen *fen, const pdnp_pos *tops,
                    pdn_error *err);
/* The pieces under each top of fen (as pdn_board_get_fen lists them). */
void pdnp_tw_get_fen(const pdn_board *b, pdn_fen *fen);
/* The legal moves of b's position into l, captures merged (as pdnp_gen
 * lists them). 0, or -1 with *err. */
int pdnp_tw_gen(const pdn_board *b, pdnp_mlist *l, pdn_error *err);
void pdnp_tw_apply(pdn_board *b, const pdn_move *m);
/* Leaves at depth >= 1 from b's position, with lists[0..depth-1] for
 * the move lists of each depth; 0 with err->code set on error. */
uint64_t pdnp_tw_perft(const pdn_board *b, int depth, pdnp_mlist *lists,
                       int merge, pdn_error *err);
/* What pdn_board_hash adds for the pieces under the tops. */
uint64_t pdnp_tw_hash(const pdn_board *b);

#endif /* PDN_TOWERS_H */
