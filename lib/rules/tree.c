/* SPDX-License-Identifier: MIT */
/* Where a node stands in its game's tree: its parent (the move played
 * just before it), its ply, the line it is on; and the board at a node,
 * by replaying the game to it. The model keeps no parent links (a node
 * stays small), so a node is found by a walk of the tree from the game's
 * first move, with a worklist instead of recursion. */
#include <config.h>
#include "rules_private.h"

#include <string.h>
#include "core/pdn_private.h"

/* A line still to walk: its first node, the node before it, the ply of
 * its first move. */
typedef struct pending {
    const pdn_node *first, *parent;
    unsigned long ply;
} pending;

/* What the walk found of n. */
typedef struct where {
    const pdn_node *parent, *line;
    unsigned long ply;
} where;

/* Finds n in its game: 1 with *w, 0 when n is not in its game's tree, -1
 * when memory runs out. */
static int
locate(const pdn_node *n, where *w)
{
    pending local[32], *v = local;
    size_t nv = 0, cap = sizeof local / sizeof local[0];
    int found = 0;

    if (n == NULL)
        return 0;
    v[nv++] = (pending){pdn_game_first(pdn_node_game(n)), NULL, 1};
    while (nv > 0 && !found) {
        pending p = v[--nv];
        const pdn_node *m, *prev = p.parent;
        unsigned long ply = p.ply;

        for (m = p.first; m != NULL; m = pdn_node_next(m), ply++) {
            size_t i, k = pdn_node_variation_count(m);

            if (m == n) {
                w->parent = prev;
                w->line = p.first;
                w->ply = ply;
                found = 1;
                break;
            }
            for (i = 0; i < k; i++) {
                if (nv == cap) {
                    pending *nw;
                    size_t c = cap;
                    if (v == local) {
                        nw = pdnp_malloc(2 * cap * sizeof *nw);
                        if (nw != NULL)
                            memcpy(nw, local, sizeof local);
                        c = 2 * cap;
                    } else {
                        nw = pdnp_grow(v, &c, sizeof *nw);
                    }
                    if (nw == NULL) {
                        if (v != local)
                            pdnp_free(v);
                        return -1;
                    }
                    v = nw;
                    cap = c;
                }
                /* an alternative to m: the same parent and ply */
                v[nv++] = (pending){pdn_node_variation_at(m, i), prev, ply};
            }
            prev = m;
        }
    }
    if (v != local)
        pdnp_free(v);
    return found;
}

const pdn_node *
pdn_node_parent(const pdn_node *n)
{
    where w;

    return locate(n, &w) > 0 ? w.parent : NULL;
}

unsigned long
pdn_node_ply(const pdn_node *n)
{
    where w;

    return locate(n, &w) > 0 ? w.ply : 0;
}

const pdn_node *
pdn_node_line(const pdn_node *n)
{
    where w;

    return locate(n, &w) > 0 ? w.line : NULL;
}

int
pdn_replay_to(pdn_replay *r, const pdn_node *n, pdn_error *err)
{
    const pdn_game *g;
    pdn_error w;
    where at;
    int rc, st;

    pdn_error_clear(err);
    if (n == NULL || (rc = locate(n, &at)) == 0) {
        pdnp_error_set(err, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0,
                       "the node is not in its game");
        return -1;
    }
    if (rc < 0) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    g = pdn_node_game(n);
    rc = pdn_replay_start(r, g, at.line == pdn_game_first(g) ? NULL : at.line,
                          &w);
    if (rc < 0) {
        if (err != NULL)
            *err = w;
        return -1;
    }
    while (pdn_replay_node(r) != n) {
        if ((st = pdn_replay_next(r, err)) < 0)
            return -1;
        if (st == 0) { /* cannot happen: n is on the line */
            pdnp_error_set(err, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0,
                           "the node is not on its line");
            return -1;
        }
    }
    if (rc > 0 && err != NULL)
        *err = w;
    return rc;
}

pdn_board *
pdn_node_board(const pdn_node *n, pdn_error *err)
{
    pdn_replay *r = pdn_replay_new();
    const pdn_board *at;
    pdn_board *b = NULL;

    pdn_error_clear(err);
    if (r == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    /* a game without GameType: the variant its moves fit */
    pdn_replay_set_gametype_fn(r, pdn_infer_hook, NULL);
    if (pdn_replay_to(r, n, err) >= 0) {
        at = pdn_replay_board(r);
        if ((b = pdn_board_new(pdn_board_gametype(at), err)) != NULL)
            pdn_board_copy(b, at);
    }
    pdn_replay_free(r);
    return b;
}
