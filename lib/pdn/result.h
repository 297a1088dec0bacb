/* SPDX-License-Identifier: MIT */
/* Results and who they say won. PDN 3.0 writes every result from the side
 * that moves first: "1-0" (or "2-0" in the International result type) says
 * the first mover won, so in English draughts, where Black starts, "1-0"
 * means Black won. */
#ifndef PDN_RESULT_H
#define PDN_RESULT_H

#include <pdn/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pdn_outcome {
    PDN_OUTCOME_INVALID = 0, /* not a result */
    PDN_OUTCOME_UNKNOWN,     /* "*" (or "-"): unknown, unfinished */
    PDN_OUTCOME_FIRST,       /* the first mover won: 1-0, 2-0 */
    PDN_OUTCOME_SECOND,      /* the second mover won: 0-1, 0-2 */
    PDN_OUTCOME_DRAW,        /* 1/2-1/2, 1-1 */
    PDN_OUTCOME_BOTH_LOST    /* 0-0 */
} pdn_outcome;

/* The outcome of a result as written in a Result tag or as a game
 * terminator: "1-0 0-1 1/2-1/2 0-0 *" (default result type), "2-0 0-2 1-1"
 * (International), and the spellings of real archives: ':' for '-'
 * ("1/2:1/2", "0:1"), the one-character half (UTF-8 or ISO-8859-1) for
 * "1/2" ("½-½"), blanks around, and '-' for '*' as the reader takes it at
 * the end of a game. PDN_OUTCOME_INVALID for anything else ("", "?",
 * NULL). */
pdn_outcome pdn_result_outcome(const char *result);

/* The side ('W' or 'B') that outcome o says won in a game of type gt
 * (from gt->start); 0 when o names no winner. */
int pdn_outcome_winner(pdn_outcome o, const pdn_gametype *gt);

/* The outcome of a game over because the side to move ('W' or 'B') has no
 * legal move: that side lost, or won in a giveaway game. */
pdn_outcome pdn_outcome_no_move(const pdn_gametype *gt, int side_to_move);

/* How o is written in gt's result type ("1-0" or "2-0", ...); gt NULL is
 * the default result type. NULL for PDN_OUTCOME_INVALID. */
const char *pdn_outcome_result(pdn_outcome o, const pdn_gametype *gt);

#ifdef __cplusplus
}
#endif
#endif /* PDN_RESULT_H */
