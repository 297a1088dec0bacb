/* SPDX-License-Identifier: MIT */
/* "Did you mean": the legal move that a copying error most likely turned
 * into an illegal written move (pdn-legal). */
#ifndef PDN_TOOLS_SUGGEST_H
#define PDN_TOOLS_SUGGEST_H

#include "common.h"

/* A suggestion for the illegal move of node n at position b (l: b's legal
 * moves). Candidates are the legal moves one copying error away from what
 * was written: two digits swapped, one digit miscopied, added or dropped,
 * from and to exchanged, the squares numbered from another corner or the
 * board read mirrored, a capture written with a wrong or short path. Each
 * is tried on the moves written after n (up to SUGGEST_AHEAD of them); the
 * one that keeps the most of them legal wins, the likelier error breaking
 * ties. Nothing is suggested when no candidate keeps the next moves legal
 * (or, at the end of a line, when two are equally likely). Returns 1 with
 * the move in move (short form) and the kind of error in *why, else 0. */
#define SUGGEST_AHEAD 12
int suggest_move(const pdn_board *b, const pdn_movelist *l,
                 const pdn_node *n, char *move, size_t size,
                 const char **why);

/* Writes the suggestion as a note after the finding at pos:
 * "FILE:LINE:COL: note: did you mean 27-22? (two digits swapped) (game N)". */
void suggest_note(const tool_opts *o, tool_out *to, const char *file,
                  const pdn_pos *pos, unsigned long game, const char *move,
                  const char *why);

/* The whole file: suggest_file_game tallies each game replayed (any
 * thread; legal: every move legal) under its GameType gt (NULL: a game that
 * could not be replayed); suggest_file_end, after the file's last game,
 * writes into t one warning (code variant, no line) when every game with
 * moves, two or more, was illegal and one change of their common GameType
 * (the other side first, another numbering corner) makes all of them
 * legal, and starts the next file's tally. */
void suggest_file_game(const pdn_game *g, const pdn_gametype *gt, int legal);
void suggest_file_end(const tool_opts *o, tool_out *t);

#endif /* PDN_TOOLS_SUGGEST_H */
