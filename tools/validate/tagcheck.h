/* SPDX-License-Identifier: MIT */
/* pdn-validate's tag checks. */
#ifndef PDN_TOOLS_TAGCHECK_H
#define PDN_TOOLS_TAGCHECK_H

#include "common.h"

/* Reports, into *to, what is wrong with g's tags: missing roster tags and
 * duplicates (warnings), a Date not in YYYY.MM.DD form (warning), a Result
 * that is no result (error) or is not written as gt's result type writes it
 * (the default one when gt is NULL; warning, but a note for the points
 * 2-0, 1-1, 0-2 of a Russian game, as Russian sites write results), a
 * Result tag that contradicts the terminator (error). */
void tagcheck(const tool_opts *o, const char *file, const pdn_game *g,
              const pdn_gametype *gt, tool_out *to);

#endif
