/* SPDX-License-Identifier: MIT */
/* pdn-db explore (explore.c): the games that reach a position, their
 * results, and every move played from it with its games and results
 * (from the first mover's side), transpositions counted. The games come
 * from pdn-db search's machinery (-X and the tag criteria); each is
 * replayed to the position and one move on. */
#ifndef PDN_TOOLS_DB_EXPLORE_H
#define PDN_TOOLS_DB_EXPLORE_H

#include <sqlite3.h>
#include <pdn/pdn.h>
#include "output.h"

struct tool_opts;
struct tool_out;
typedef struct db_explore db_explore;

/* An explorer of the position fen (text as given: fen_text). */
db_explore *explore_new(const pdn_fen *fen, const char *fen_text);
void explore_free(db_explore *x);
/* One game that reaches the position (outcome: games.outcome). */
void explore_game(db_explore *x, const struct tool_opts *o,
                  struct tool_out *to, const pdn_game *g,
                  const char *gts, int outcome);
/* After a database's games: how many of its games reach the position
 * after each move (the transpositions). 0, or -1 after reporting. */
int explore_db_done(db_explore *x, sqlite3 *db, const char *path);
/* Writes the report: text, or JSON records (pdn-json(5)). 0 or -1. */
int explore_report(db_explore *x, tool_output *out, int json);

#endif /* PDN_TOOLS_DB_EXPLORE_H */
