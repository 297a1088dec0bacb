/* SPDX-License-Identifier: MIT */
/* --openings of pdn-legal and pdn-replay (-f json): after each game's
 * records, a record of type game with its opening. */
#ifndef PDN_TOOLS_OPENREC_H
#define PDN_TOOLS_OPENREC_H

#include "common.h"

/* The long option's code in both tools (after their own: none yet). */
#define TOOL_OPT_OPENINGS 0xaf /* TOOL_LONG_OWN + 15 */

/* The option's table line, and its check: -1 after a usage error (it
 * needs -f json), else 0. */
#define TOOL_OPENINGS_OPTION                                                \
    {"openings", TOOL_OPT_OPENINGS, NULL,                                   \
     "-f json: after each game, a record of type\n"                         \
     "game with its opening (name, code, ballot)"}
int tool_openings_check(int openings, int json);

/* Appends to to->out the game record of g under gt:
 * {"type":"game","file":F,"game":N,"opening":{"name":..,"name_en":..,
 * "plies":P,"code":..,"ballot":B}}, opening null when the game has
 * neither a name nor a code (an endgame setup, no move). A game that
 * cannot be classified for want of memory marks to fatal. */
void tool_opening_record(tool_out *to, const char *file, const pdn_game *g,
                         const pdn_gametype *gt);

#endif /* PDN_TOOLS_OPENREC_H */
