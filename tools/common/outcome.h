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
/* Whether result (as written) is outcome who in points, as the
 * International result type writes it (2-0, 1-1, 0-2) where the default
 * result type writes it otherwise (1-0, 1/2-1/2, 0-1). */
int tool_result_in_points(const char *result, pdn_outcome who);
/* The result audit (pdn_check_result): a game whose final position b
 * leaves the side to move without a legal move, or that a folk variant's
 * own end (end at end_ply by the rule end_why; PDN_OUTCOME_UNKNOWN: none)
 * finished, must carry the result that implies; reports the contradiction
 * as an error. l is scratch space for the moves. */
void tool_check_result(const tool_opts *o, const char *file,
                       const pdn_game *g, const pdn_board *b,
                       pdn_movelist *l, pdn_outcome end,
                       unsigned long end_ply, const char *end_why,
                       tool_out *to);
/* The words of finding f (pdn_finding_text with flags), a new string
 * (the tool exits when memory runs out, as tool_xmalloc). */
char *tool_finding_words(const pdn_finding *f, unsigned flags);
/* Reports finding f of a move of g (pdn/check.h): an error in the one
 * wording of pdn_finding_text, with the position and the legal moves in
 * its words (in the record's members with -f json, and "suggest" for an
 * illegal move when with_suggest), then its "did you mean" as a note. */
void tool_report_finding(const tool_opts *o, tool_out *to, const char *file,
                         const pdn_game *g, const pdn_finding *f,
                         int with_suggest);

#endif /* PDN_TOOLS_OUTCOME_H */
