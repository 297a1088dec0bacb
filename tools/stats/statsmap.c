/* SPDX-License-Identifier: MIT */
/* String-keyed counters for pdn-stats (statsmap.h): open addressing over
 * an array of entries kept in insertion order. */
#include <config.h>
#include "statsmap.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

static size_t
hash(const char *s)
{
    size_t h = 2166136261u;

    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static void
rehash(smap *m)
{
    size_t i, k, n = m->nslot ? m->nslot * 2 : 8;

    free(m->slot);
    m->slot = tool_xmalloc(n * sizeof *m->slot);
    memset(m->slot, 0, n * sizeof *m->slot);
    m->nslot = n;
    for (i = 0; i < m->len; i++) {
        for (k = hash(m->e[i].key) & (n - 1); m->slot[k] != 0;
             k = (k + 1) & (n - 1))
            ;
        m->slot[k] = i + 1;
    }
}

smap_entry *
smap_find(const smap *m, const char *key)
{
    size_t k;

    if (m == NULL || m->nslot == 0)
        return NULL;
    for (k = hash(key) & (m->nslot - 1); m->slot[k] != 0;
         k = (k + 1) & (m->nslot - 1))
        if (strcmp(m->e[m->slot[k] - 1].key, key) == 0)
            return &m->e[m->slot[k] - 1];
    return NULL;
}

smap_entry *
smap_get(smap *m, const char *key)
{
    size_t k, len;
    smap_entry *e;

    if (2 * (m->len + 1) > m->nslot)
        rehash(m);
    for (k = hash(key) & (m->nslot - 1); m->slot[k] != 0;
         k = (k + 1) & (m->nslot - 1))
        if (strcmp(m->e[m->slot[k] - 1].key, key) == 0)
            return &m->e[m->slot[k] - 1];
    if (m->len == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 4;
        e = realloc(m->e, m->cap * sizeof *m->e);
        if (e == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        m->e = e;
    }
    e = &m->e[m->len];
    memset(e, 0, sizeof *e);
    len = strlen(key);
    e->key = tool_xmalloc(len + 1);
    memcpy(e->key, key, len + 1);
    m->slot[k] = ++m->len;
    return e;
}

static const smap *sorting;
static int sort_points;

static int
by_count(const void *a, const void *b)
{
    const smap_entry *x = &sorting->e[*(const size_t *)a];
    const smap_entry *y = &sorting->e[*(const size_t *)b];

    if (sort_points && x->units != y->units)
        return x->units > y->units ? -1 : 1;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return strcmp(x->key, y->key);
}

size_t *
smap_order(const smap *m, int by_points)
{
    size_t *ix = tool_xmalloc((m->len + 1) * sizeof *ix), i;

    for (i = 0; i < m->len; i++)
        ix[i] = i;
    sorting = m;
    sort_points = by_points;
    qsort(ix, m->len, sizeof *ix, by_count);
    return ix;
}

void
smap_free(smap *m)
{
    size_t i;

    for (i = 0; i < m->len; i++) {
        free(m->e[i].key);
        if (m->e[i].sub != NULL) {
            smap_free(m->e[i].sub);
            free(m->e[i].sub);
        }
    }
    free(m->e);
    free(m->slot);
    memset(m, 0, sizeof *m);
}
