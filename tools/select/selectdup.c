/* SPDX-License-Identifier: MIT */
/* pdn-select's fingerprint table (selectdup.h): linear probing, grown by
 * doubling at three quarters full. */
#include <config.h>
#include "selectdup.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

static size_t
home(const seldup *d, uint64_t a)
{
    return (size_t)(a ^ (a >> 29)) & (d->cap - 1);
}

static void
grow(seldup *d)
{
    size_t cap = d->cap ? d->cap * 2 : 1024, i;
    seldup_entry *old = d->slot;
    size_t oldcap = d->cap;

    d->slot = calloc(cap, sizeof *d->slot);
    if (d->slot == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    d->cap = cap;
    for (i = 0; i < oldcap; i++) {
        size_t k;

        if (old[i].index == 0)
            continue;
        for (k = home(d, old[i].a); d->slot[k].index != 0; k = (k + 1) & (cap - 1))
            ;
        d->slot[k] = old[i];
    }
    free(old);
}

uint32_t
seldup_get(const seldup *d, const pdn_fingerprint *fp)
{
    uint32_t b = (uint32_t)(fp->h[1] >> 32);
    size_t k;

    if (d->cap == 0)
        return 0;
    for (k = home(d, fp->h[0]); d->slot[k].index != 0;
         k = (k + 1) & (d->cap - 1))
        if (d->slot[k].a == fp->h[0] && d->slot[k].b == b)
            return d->slot[k].index;
    return 0;
}

uint32_t
seldup_put(seldup *d, const pdn_fingerprint *fp, uint32_t index)
{
    uint32_t b = (uint32_t)(fp->h[1] >> 32), first;
    size_t k;

    if ((first = seldup_get(d, fp)) != 0)
        return first;
    if (4 * (d->count + 1) > 3 * d->cap)
        grow(d);
    for (k = home(d, fp->h[0]); d->slot[k].index != 0;
         k = (k + 1) & (d->cap - 1))
        ;
    d->slot[k].a = fp->h[0];
    d->slot[k].b = b;
    d->slot[k].index = index;
    d->count++;
    return 0;
}

void
seldup_file_start(seldup *d, const char *name, uint32_t first)
{
    if (d->nfiles == d->capfiles) {
        d->capfiles = d->capfiles ? 2 * d->capfiles : 8;
        d->files = realloc(d->files, d->capfiles * sizeof *d->files);
        if (d->files == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    d->files[d->nfiles].name = tool_xmalloc(strlen(name) + 1);
    strcpy(d->files[d->nfiles].name, name);
    d->files[d->nfiles].first = first;
    d->nfiles++;
}

const char *
seldup_name(const seldup *d, uint32_t index, unsigned long *game)
{
    size_t lo = 0, hi = d->nfiles;

    /* the last file whose first game is at or before index */
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;

        if (d->files[mid].first <= index)
            lo = mid;
        else
            hi = mid;
    }
    if (d->nfiles == 0) {
        *game = index;
        return "?";
    }
    *game = index - d->files[lo].first + 1;
    return d->files[lo].name;
}

void
seldup_free(seldup *d)
{
    size_t i;

    for (i = 0; i < d->nfiles; i++)
        free(d->files[i].name);
    free(d->files);
    free(d->slot);
    memset(d, 0, sizeof *d);
}
