/* SPDX-License-Identifier: MIT */
/* One change of GameType that makes a whole file legal (pdn-legal); the
 * "did you mean" of one move is the library's (pdn/check.h). */
#ifndef PDN_TOOLS_SUGGEST_H
#define PDN_TOOLS_SUGGEST_H

#include "common.h"

/* The whole file: suggest_file_game tallies each game replayed (any
 * thread; legal: every move legal) under its GameType gt (NULL: a game that
 * could not be replayed); suggest_file_end, after the file's last game,
 * writes into t one warning (code variant, no line) when every game with
 * moves, two or more, was illegal and one change of their common GameType
 * (the other side first, another numbering corner) makes all of them
 * legal, and starts the next file's tally. */
void suggest_file_game(const pdn_game *g, const pdn_gametype *gt, int legal);
void suggest_file_end(const tool_opts *o, const char *file, tool_out *t);

#endif /* PDN_TOOLS_SUGGEST_H */
