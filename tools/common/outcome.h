/* SPDX-License-Identifier: MIT */
/* Outcome logic (outcome.c) over libpdn's results (pdn/result.h). */
#ifndef PDN_TOOLS_OUTCOME_H
#define PDN_TOOLS_OUTCOME_H

#include "driver.h"

/* What outcome o says, naming the winner's colour in a game of type gt
 * (NULL when the type is unknown): "Black (the first mover) won", "the
 * game was drawn", "both sides lost", ... A static string or buf. */
const char *tool_outcome_text(pdn_outcome o, const pdn_gametype *gt,
                              char *buf, size_t size);
/* A game whose final position b leaves the side to move without a legal
 * move must carry the result that implies (pdn_outcome_no_move); reports
 * the contradiction as an error. l is scratch space for the moves. */
void tool_check_result(const tool_opts *o, const char *file,
                       const pdn_game *g, const pdn_board *b,
                       pdn_movelist *l, tool_out *to);
/* A folk variant's own end (pdn_board_folk_end): a result other than the
 * one the game ended with (real, at ply, by the rule why) is an error. */
void tool_check_race(const tool_opts *o, const char *file, const pdn_game *g,
                     const pdn_board *b, pdn_outcome real, unsigned long ply,
                     const char *why, tool_out *to);

#endif /* PDN_TOOLS_OUTCOME_H */
