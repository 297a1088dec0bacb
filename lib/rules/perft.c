/* SPDX-License-Identifier: MIT */
/* Perft: the number of leaf positions at a given depth, the standard check
 * of a move generator against published figures. Bulk-counts the last ply
 * and makes/unmakes moves in place. */
#include <config.h>
#include "rules_private.h"
#include "stavropol.h"
#include "towers.h"

#include "core/pdn_private.h"

/* Depth recursion is bounded by the caller's depth argument; lists[k]
 * holds the moves of the node k + 1 plies above the leaves. */
static uint64_t
perft(const pdn_board *b, pdnp_pos *p, int depth, pdnp_mlist *lists,
      int merge, pdn_error *err)
{
    pdnp_mlist *l = &lists[depth - 1];
    uint64_t sum = 0;
    size_t i;

    if (depth == 1) {
        long n = pdnp_count(b, p, l, merge);
        if (n < 0) {
            /* The generator says why (a limit, or memory). */
            if (pdnp_gen(b, p, l, merge, err) == 0 && err->code == PDN_OK)
                pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                               "out of memory");
            return 0;
        }
        return (uint64_t)n;
    }
    if (pdnp_gen(b, p, l, merge, err) < 0)
        return 0;
    for (i = 0; i < l->n && err->code == PDN_OK; i++) {
        pdnp_undo u;
        pdnp_make(b, p, &l->v[i], &u);
        sum += perft(b, p, depth - 1, lists, merge, err);
        pdnp_unmake(b, p, &l->v[i], &u);
    }
    return sum;
}

/* Works on a copy of the position, so b stays const. The per-depth lists
 * are allocated once here and grow as needed. */
int
pdn_perft(const pdn_board *b, int depth, int merge, uint64_t *nodes,
          pdn_error *err)
{
    pdnp_mlist *lists;
    pdnp_pos p;
    pdn_error e;
    uint64_t n;
    int i;

    pdn_error_clear(err);
    pdn_error_clear(&e);
    if (nodes != NULL)
        *nodes = 0;
    if (b == NULL)
        return pdnp_error_arg(err, "pdn_perft", "b");
    if (depth <= 0) {
        if (nodes != NULL)
            *nodes = 1;
        return 0;
    }
    lists = pdnp_malloc((size_t)depth * sizeof *lists);
    if (lists == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    for (i = 0; i < depth; i++)
        pdnp_mlist_init(&lists[i]);
    p = b->pos;
    if (b->tw != NULL) /* the towers variants' stacks */
        n = pdnp_tw_perft(b, depth, lists, merge != 0, &e);
    else if (b->r.stavropol) /* either colour moves */
        n = pdnp_sv_perft(b, depth, lists, merge != 0, &e);
    else
        n = perft(b, &p, depth, lists, merge != 0, &e);
    for (i = 0; i < depth; i++)
        pdnp_mlist_free(&lists[i]);
    pdnp_free(lists);
    if (e.code != PDN_OK) {
        if (err != NULL)
            *err = e;
        return -1;
    }
    if (nodes != NULL)
        *nodes = n;
    return 0;
}
