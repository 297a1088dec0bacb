/* SPDX-License-Identifier: MIT */
/* pdn-stats' counters: a map from strings (variants, results, events,
 * players, openings) to counts, with room for a score-table row and a
 * nested map (an event's players). */
#ifndef PDN_TOOLS_STATSMAP_H
#define PDN_TOOLS_STATSMAP_H

#include <stddef.h>

struct smap;

typedef struct smap_entry {
    char *key;
    unsigned long n;           /* games */
    unsigned long won, drawn, lost;
    unsigned long units;       /* points in halves */
    int wide;                  /* a 2/1/0 result was counted */
    struct smap *sub;          /* an event's players, a player's
                                  opponents, or NULL */
} smap_entry;

typedef struct smap {
    smap_entry *e;
    size_t len, cap;
    size_t *slot;              /* index + 1 into e, 0: empty */
    size_t nslot;
} smap;

/* The entry of key, or NULL (m may be NULL). */
smap_entry *smap_find(const smap *m, const char *key);
/* The entry of key, added with zero counts when new. */
smap_entry *smap_get(smap *m, const char *key);
/* The indexes of m's entries by count (by_points: by points, then
 * count), largest first, then by key: a new array of m->len entries
 * (free()). Not thread-safe. */
size_t *smap_order(const smap *m, int by_points);
/* Frees m's entries and their nested maps. */
void smap_free(smap *m);

#endif /* PDN_TOOLS_STATSMAP_H */
