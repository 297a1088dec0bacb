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

int
seldup_drop(seldup *seen, const seldup *all, const uint32_t *container,
            const pdn_fingerprint *fp, uint32_t me, const tool_opts *o,
            const char *file, unsigned long number, pdn_pos pos)
{
    uint32_t first;

    if (container != NULL) {
        /* -J: the first pass knows every game selected; a fragment
         * first, since the game it repeats may be one too */
        if ((first = seldup_get(all, fp)) != 0 && container[first] != 0) {
            seldup_report(all, o, file, number, pos, "beginning of",
                          container[first]);
            return 1;
        }
        if (first != 0 && first != me) {
            seldup_report(all, o, file, number, pos, "same game as", first);
            return 1;
        }
    } else if ((first = seldup_put(seen, fp, me)) != 0) {
        seldup_report(seen, o, file, number, pos, "same game as", first);
        return 1;
    }
    return 0;
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

uint32_t
seldup_number(seldup_seq *q, seldup *d, int other, const char *file,
              unsigned long n)
{
    if (other || n <= q->last) {
        q->base = q->index;
        seldup_file_start(d, file, q->base + 1);
    }
    q->last = n;
    q->index = q->base + (uint32_t)n;
    return q->index;
}

/* Which game a dropped one repeats: "FILE:LINE:COL: note: same game as
 * game N of FILE2 (game M)" on stderr, or with -f json a record
 * {"type":"duplicate",...,"kind":"same"|"beginning","of":{"file":FILE2,
 * "game":N}} of the output. Not a finding: it does not change the exit
 * status. */
void
seldup_report(const seldup *names, const tool_opts *o, const char *file,
              unsigned long number, pdn_pos pos, const char *what,
              uint32_t first)
{
    unsigned long num;
    const char *name = seldup_name(names, first, &num);
    tbuf b = {NULL, 0, 0};

    if (o->quiet)
        return;
    if (!o->json) {
        progress_clear();
        fprintf(stderr, "%s: %s:%lu:%lu: note: %s game %lu of %s (game "
                        "%lu)\n", tool_name, file,
                (unsigned long)pos.line, (unsigned long)pos.column, what, num,
                name, number);
        return;
    }
    tool_json_head(&b, "duplicate", file, number);
    tbuf_adds(&b, ",\"line\":");
    tool_json_num(&b, pos.line);
    tbuf_adds(&b, ",\"col\":");
    tool_json_num(&b, pos.column);
    tbuf_printf(&b, ",\"kind\":\"%s\",\"of\":{\"file\":",
                strcmp(what, "same game as") == 0 ? "same" : "beginning");
    tbuf_json(&b, name);
    tbuf_printf(&b, ",\"game\":%lu}}\n", num);
    /* a write error is kept by the output: the run ends with status 2 */
    tool_write(o->out, b.data, b.len);
    tbuf_free(&b);
}
