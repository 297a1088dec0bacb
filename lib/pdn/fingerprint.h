/* SPDX-License-Identifier: MIT */
/* Game fingerprints: a 128-bit value that stands for a game's variant,
 * start position and the moves played from it, and for nothing else (not
 * its tags, comments, move numbers or how its captures were written). Two
 * games with the same fingerprint are, but for a chance of about 2^-64 per
 * pair, the same game: deduplication keeps fingerprints, never games. */
#ifndef PDN_FINGERPRINT_H
#define PDN_FINGERPRINT_H

#include <stdint.h>
#include <pdn/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdn_fingerprint {
    uint64_t h[2];
} pdn_fingerprint;

/* Starts f from b's variant (rules, board size and colours; not its
 * numbering or notation) and position (pdn_board_hash). */
void pdn_fingerprint_start(pdn_fingerprint *f, const pdn_board *b);
/* Adds a move played (as pdn_board_moves or pdn_board_play gave it): its
 * from and to squares and the set of pieces it captured, so that a capture
 * written short or with its whole path counts as one move. */
void pdn_fingerprint_move(pdn_fingerprint *f, const pdn_move *m);
/* Adds a setup met in the moves (a FEN command): the position b now has. */
void pdn_fingerprint_setup(pdn_fingerprint *f, const pdn_board *b);
/* 1 when a and b are the same value. */
int pdn_fingerprint_equal(const pdn_fingerprint *a, const pdn_fingerprint *b);

#ifdef __cplusplus
}
#endif
#endif /* PDN_FINGERPRINT_H */
