/* SPDX-License-Identifier: MIT */
/* Results and who they say won. PDN 3.0 writes every result from the side
 * that moves first: "1-0" (or "2-0" in the International result type) says
 * the first mover won, so in English draughts, where Black starts, "1-0"
 * means Black won. Every function here is pure (thread-safe, no
 * allocation). */
#ifndef PDN_RESULT_H
#define PDN_RESULT_H

#include <stddef.h>
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

/* The normal form of a result token: "1-0", "0-1", "1/2-1/2", "2-0",
 * "0-2", "1-1", "0-0" or "*", for every spelling pdn_result_outcome
 * accepts ("0:1", "½-½", " 1-0 ", "-" for "*"); NULL for anything else.
 * The string is static. */
const char *pdn_result_normalise(const char *result);

/* The normal form of the word s[0..n) when the reader takes it as a
 * result token (a game's terminator): "1-0", "0-1", "1/2-1/2", "2-0",
 * "0-2", "1-1", "0-0" or "*", with ':' for '-' and the one-character half
 * (UTF-8, as the reader decodes every input) for "1/2" ("0:1", "½-½"); no
 * blanks. NULL for any
 * other word, and for s NULL. The string is static; the strings it and
 * pdn_result_normalise and pdn_outcome_result return come from one table,
 * so equal results are equal pointers. */
const char *pdn_result_token(const char *s, size_t n);

/* The outcome of game g: its terminator, unless it has none or '*'; then
 * its Result tag (the default writer puts the result there and ends the
 * game with '*'). PDN_OUTCOME_UNKNOWN when neither says more, also for a
 * Result tag that is no result. */
pdn_outcome pdn_game_outcome(const pdn_game *g);

/* The points side ('W' or 'B') scores by outcome o in a game of type gt
 * (NULL: the default result type): in the International result type 2 a
 * win, 1 a draw, 0 a loss; else 1, 0.5 and 0. Both sides score 0 in a
 * 0-0 game. -1 for PDN_OUTCOME_UNKNOWN, PDN_OUTCOME_INVALID or a side
 * that is neither 'W' nor 'B'. */
double pdn_outcome_score(pdn_outcome o, const pdn_gametype *gt, int side);

/* What o says, naming the winner's colour when gt is given: "Black (the
 * first mover) won", "the second mover won" (gt NULL), "the game was
 * drawn", "both sides lost", "the result is unknown", "nothing (it is no
 * result)". Returns the length it needs, like snprintf. */
size_t pdn_outcome_describe(pdn_outcome o, const pdn_gametype *gt,
                            char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif /* PDN_RESULT_H */
