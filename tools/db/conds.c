/* SPDX-License-Identifier: MIT */
/* pdn-db search: --pattern, --manoeuvre, --sequence, --streak (conds.h).
 * The events of one ply (its move, a setup after it) are gathered, then
 * the ply is closed: what its conditions met counts once. */
#include <config.h>
#include "conds.h"
#include "common.h"

#include <string.h>

int
db_conds_add(db_conds *k, int pattern, const char *spec)
{
    db_cond *c;

    if (k->n == DB_CONDS_MAX) {
        tool_usage_error("at most %d --pattern and --manoeuvre",
                         DB_CONDS_MAX);
        return -1;
    }
    c = &k->c[k->n];
    memset(c, 0, sizeof *c);
    c->is_pattern = pattern;
    if (pattern ? db_pattern_parse(&c->pattern, spec)
                : db_manoeuvre_parse(&c->manoeuvre, spec))
        return -1;
    /* EVERY lists the plies of the first pattern, else of the first */
    if (pattern && !k->c[k->report].is_pattern)
        k->report = k->n;
    k->n++;
    return 0;
}

void
db_conds_reversed(db_conds *k, int reversed)
{
    int i;

    for (i = 0; i < k->n; i++)
        k->c[i].pattern.reversed = reversed;
}

int
db_conds_variant(db_conds *k, const char *gts)
{
    int i;

    for (i = 0; i < k->n; i++)
        if (!(k->c[i].is_pattern
                  ? db_pattern_variant(&k->c[i].pattern, gts)
                  : db_manoeuvre_variant(&k->c[i].manoeuvre, gts)))
            return 0;
    return 1;
}

void
db_conds_start(db_conds *k)
{
    k->found = 0;
    k->next = 0;
    k->run = 0;
    k->hits = 0;
    k->have_ply = 0;
    k->matched = 0;
    k->plies.len = 0;
    tbuf_addc(&k->plies, '[');
}

static uint32_t
all_of(const db_conds *k)
{
    return k->n == 32 ? 0xFFFFFFFFu : (1u << k->n) - 1;
}

static void
list(db_conds *k, unsigned long ply)
{
    if (k->plies.len > 1)
        tbuf_addc(&k->plies, ',');
    tbuf_addu(&k->plies, ply);
}

/* The ply gathered is closed: what its events met counts. */
static void
close_ply(db_conds *k)
{
    uint32_t h = k->hits;
    int i;

    if (!k->have_ply)
        return;
    k->have_ply = 0;
    k->hits = 0;
    if (k->mode == DB_CONDS_EVERY) {
        k->found |= h;
        if ((h >> k->report & 1) && (k->all_plies || k->plies.len == 1))
            list(k, k->ply);
    } else if (k->mode == DB_CONDS_SEQUENCE) {
        if (k->next < k->n && (h >> k->next & 1))
            k->at[k->next++] = k->ply;
    } else if (!k->matched) {
        k->run = h & (k->run << 1 | 1);
        if (k->run >> (k->n - 1) & 1) {
            k->matched = 1;
            for (i = 0; i < k->n; i++)
                k->at[i] = k->ply - (unsigned long)(k->n - 1 - i);
        }
    }
}

/* 1 when closing the ply gathered would decide the game. */
static int
decided(const db_conds *k)
{
    if (k->mode == DB_CONDS_EVERY)
        return !k->all_plies && ((k->found | k->hits) == all_of(k));
    if (k->mode == DB_CONDS_SEQUENCE)
        return k->next == k->n ||
               (k->next == k->n - 1 && (k->hits >> k->next & 1));
    return k->matched ||
           ((k->hits & (k->run << 1 | 1)) >> (k->n - 1) & 1);
}

int
db_conds_see(db_conds *k, const unsigned char *sq, unsigned long ply,
             const pdn_move *m)
{
    int i;

    if (k->have_ply && ply != k->ply)
        close_ply(k);
    if (!k->have_ply) {
        k->have_ply = 1;
        k->ply = ply;
    }
    for (i = 0; i < k->n; i++) {
        const db_cond *c = &k->c[i];

        if (c->is_pattern ? db_pattern_match(&c->pattern, sq)
                          : m != NULL && db_manoeuvre_match(&c->manoeuvre,
                                                            sq, ply, m))
            k->hits |= 1u << i;
    }
    return decided(k);
}

int
db_conds_end(db_conds *k)
{
    int i;

    close_ply(k);
    if (k->mode == DB_CONDS_EVERY) {
        k->matched = k->found == all_of(k);
    } else {
        if (k->mode == DB_CONDS_SEQUENCE)
            k->matched = k->next == k->n;
        for (i = 0; k->matched && i < k->n; i++)
            list(k, k->at[i]);
    }
    tbuf_addc(&k->plies, ']');
    return k->matched;
}

void
db_conds_copy(db_conds *dst, const db_conds *src)
{
    memcpy(dst, src, sizeof *dst);
    memset(&dst->plies, 0, sizeof dst->plies);
}

void
db_conds_free(db_conds *k)
{
    tbuf_free(&k->plies);
}
