/* SPDX-License-Identifier: MIT */
/* pdn-select --sort TAG (selectsort.c): the games selected, byte for byte
 * as they would go to the output, kept in a temporary file with their
 * key, then written in the order of the key (the bytes of the tag's value,
 * Date's as dates the way -y reads them; games without it last; equal
 * keys in input order). */
#ifndef PDN_TOOLS_SELECTSORT_H
#define PDN_TOOLS_SELECTSORT_H

#include "common.h"

struct sort_item;

typedef struct selsort {
    const char *tag;          /* --sort TAG, or NULL */
    tool_output out;          /* the temporary the games go to */
    struct sort_item *v;
    size_t n, cap;
} selsort;

/* pdn-select's code of --sort (after its other long-only options). */
#define SELECT_OPT_SORT 0xa3

/* Opens the temporary: 0, or -1 after reporting. */
int selsort_open(selsort *ss);
/* After g's bytes were copied to ss->out: g's key, and where its bytes
 * start (the game's raw span less the head that went with the game
 * before). */
void selsort_add(selsort *ss, const pdn_game *g);
/* Writes the games in order to out and frees everything: 0, or -1 after
 * reporting a write error. */
int selsort_end(selsort *ss, tool_output *out);

#endif /* PDN_TOOLS_SELECTSORT_H */
