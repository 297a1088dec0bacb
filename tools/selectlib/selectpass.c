/* SPDX-License-Identifier: MIT */
/* pdn-select -J: two passes over the inputs before the one that writes.
 * The first stores the fingerprint of every game selected; the second
 * replays them again and marks each stored game that another selected
 * game's moves begin with (its fragment). Both number the games as the
 * writing pass does, and decide variants the same way (the same first
 * pass per file), so that their fingerprints agree. */
#include <config.h>
#include "selectpass.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef selpass pass;

/* A prefix of the game being replayed: a stored game it begins with. */
static void
prefix_hit(void *ud, const pdn_fingerprint *fp)
{
    pass *p = ud;
    uint32_t first = seldup_get(p->all, fp);

    if (first != 0 && p->nhits < sizeof p->hits / sizeof p->hits[0])
        p->hits[p->nhits++] = first;
}

void
selpass_game(selpass *p, const tool_opts *o, const char *file,
             const pdn_game *g, tool_cache *cache, uint32_t index)
{
    tool_out to;
    sel_verdict v;
    uint32_t i;

    memset(&to, 0, sizeof to);
    to.cache = cache;
    to.infer.r.cand = -1;
    p->nhits = 0;
    p->index = index;
    selcrit_game(p->c, o, file, g, &to, &v,
                 p->container != NULL ? prefix_hit : NULL, p);
    tbuf_free(&to.out);
    tbuf_free(&to.err);
    free(to.folds);
    if (!v.match || !v.have_fp)
        return;
    if (p->container == NULL) {
        seldup_put(p->all, &v.fp, p->index);
        return;
    }
    for (i = 0; i < p->nhits; i++)
        if (p->container[p->hits[i]] == 0 && p->hits[i] != p->index)
            p->container[p->hits[i]] = p->index;
}

static int
one_file(pass *p, const tool_opts *o, const char *name, tool_cache *cache)
{
    FILE *fp = fopen(name, "rb");
    infer_prior prior;
    pdn_reader *r;
    pdn_game *g;
    pdn_error err;
    int rc;

    if (fp == NULL) {
        tool_error("%s: %s", name, strerror(errno));
        return -1;
    }
    memset(&prior, 0, sizeof prior);
    prior.prior = -1;
    if (!o->have_gt && !o->have_force)
        infer_prepass(o, fp, name, &prior);
    cache->prior = &prior;
    if ((r = run_limit(pdn_reader_new_file(fp, name))) == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    if (p->container == NULL)
        seldup_file_start(p->all, name, p->base + 1);
    while ((rc = pdn_reader_next(r, &g, &err)) != 0) {
        if (g != NULL) {
            selpass_game(p, o, name, g, cache,
                         p->base + (uint32_t)pdn_game_number(g));
            pdn_game_free(g);
        }
        if (rc < 0 && (err.code == PDN_EIO || err.code == PDN_ENOMEM))
            break;
    }
    pdn_reader_free(r);
    fclose(fp);
    p->base = p->index;
    cache->prior = NULL;
    return 0;
}

int
selpass_fragments(const sel_crit *c, const tool_opts *o, int argc,
                  char **argv, seldup *all, uint32_t **container)
{
    pass p;
    tool_cache cache;
    uint32_t total = 0;
    int i, k, st = 0;

    memset(&cache, 0, sizeof cache);
    for (k = 0; k < 2 && st == 0; k++) {
        memset(&p, 0, sizeof p);
        p.c = c;
        p.all = all;
        if (k == 1 && (p.container = *container =
                           calloc((size_t)total + 1, sizeof **container)) == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        for (i = 0; i < argc && st == 0; i++)
            st = one_file(&p, o, argv[i], &cache);
        total = p.base;
    }
    pdn_board_free(cache.board);
    pdn_movelist_free(cache.moves);
    infer_cache_free(&cache);
    return st;
}
