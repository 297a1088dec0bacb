/* SPDX-License-Identifier: MIT */
/* pdn-select -J's passes before the writing one (selectpass.c). */
#ifndef PDN_TOOLS_SELECTPASS_H
#define PDN_TOOLS_SELECTPASS_H

#include <stdint.h>
#include "common.h"
#include "selectcrit.h"
#include "selectdup.h"

/* Fills *all with the fingerprint of every game c selects in the inputs
 * (named FILE:GAME by its file table) and *container (malloc'd, indexed
 * by game number over all inputs) with, for each game stored, the first
 * selected game whose moves begin with its moves, or 0. Returns 0, or -1
 * after reporting an input that cannot be read. */
int selpass_fragments(const sel_crit *c, const tool_opts *o, int argc,
                      char **argv, seldup *all, uint32_t **container);

/* One pass over games decided elsewhere (pdn-db search's stored games):
 * the first (container NULL) stores the fingerprint of each game c
 * selects in *all; the second marks in container[] each stored game
 * that the moves of a selected game begin. */
typedef struct selpass {
    const sel_crit *c;
    seldup *all;
    uint32_t *container;     /* second pass: NULL in the first */
    uint32_t hits[64], nhits;
    uint32_t base, index;
} selpass;
/* Game g of file, numbered index over every input, in pass p. */
void selpass_game(selpass *p, const tool_opts *o, const char *file,
                  const pdn_game *g, tool_cache *cache, uint32_t index);

#endif /* PDN_TOOLS_SELECTPASS_H */
