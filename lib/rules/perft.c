/* SPDX-License-Identifier: MIT */
/* Perft: the number of leaf positions at a given depth, the standard check
 * of a move generator against published figures. Bulk-counts the last ply
 * and makes/unmakes moves in place. */
#include <config.h>
#include "rules_private.h"

#include "core/pdn_private.h"

/* Depth recursion is bounded by the caller's depth argument; lists[k]
 * holds the moves of the node k + 1 plies above the leaves. */
static uint64_t
perft(const pdn_board *b, pdnp_pos *p, int depth, pdnp_mlist *lists,
      int merge, int *err)
{
    pdnp_mlist *l = &lists[depth - 1];
    uint64_t sum = 0;
    size_t i;

    if (depth == 1) {
        long n = pdnp_count(b, p, l, merge);
        if (n < 0) {
            *err = 1;
            return 0;
        }
        return (uint64_t)n;
    }
    if (pdnp_gen(b, p, l, merge, NULL) < 0) {
        *err = 1;
        return 0;
    }
    for (i = 0; i < l->n && !*err; i++) {
        pdnp_undo u;
        pdnp_make(b, p, &l->v[i], &u);
        sum += perft(b, p, depth - 1, lists, merge, err);
        pdnp_unmake(b, p, &l->v[i], &u);
    }
    return sum;
}

/* Works on a copy of the position, so b stays const. The per-depth lists
 * are allocated once here and grow as needed; 0 is returned when memory
 * runs out or a position hits a generator limit (PDN_ELIMIT). */
uint64_t
pdn_perft(const pdn_board *b, int depth, int merge)
{
    pdnp_mlist *lists;
    pdnp_pos p;
    uint64_t n;
    int i, err = 0;

    if (depth <= 0)
        return 1;
    lists = pdnp_malloc((size_t)depth * sizeof *lists);
    if (lists == NULL)
        return 0;
    for (i = 0; i < depth; i++)
        pdnp_mlist_init(&lists[i]);
    p = b->pos;
    n = perft(b, &p, depth, lists, merge != 0, &err);
    for (i = 0; i < depth; i++)
        pdnp_mlist_free(&lists[i]);
    pdnp_free(lists);
    return err ? 0 : n;
}
