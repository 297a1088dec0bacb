/* SPDX-License-Identifier: MIT */
/* pdn-select --sort: games kept in a temporary file by their key, then
 * written in order (selectsort.h). Memory: one key and two offsets per
 * game selected; the games' bytes stay on disk. */
#include <config.h>
#include "selectsort.h"
#include "selectcrit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct sort_item {
    char *key;                /* the tag's value, NULL: none */
    unsigned long long start; /* where its bytes start in the temporary */
    size_t index;             /* input order, for equal keys */
} sort_item;

int
selsort_open(selsort *ss)
{
    memset(&ss->out, 0, sizeof ss->out);
    ss->out.opt = 's';
    ss->out.name = "the --sort temporary file";
    ss->out.fp = tmpfile();
    if (ss->out.fp == NULL) {
        tool_error("--sort: a temporary file: %s", strerror(errno));
        return -1;
    }
    return 0;
}

void
selsort_add(selsort *ss, const pdn_game *g)
{
    const char *key = pdn_game_tag(g, ss->tag);
    size_t off, span;
    long head = tool_copy_head(NULL, g);

    pdn_game_raw_span(g, &off, &span);
    if (ss->n == ss->cap) {
        ss->cap = ss->cap ? 2 * ss->cap : 1024;
        ss->v = realloc(ss->v, ss->cap * sizeof *ss->v);
        if (ss->v == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    if (key != NULL && strcmp(ss->tag, "Date") == 0) {
        /* dates as dates, as -y reads them (2021.08.12 before 2021-08-13,
         * 2021.??.?? before 2021.01.05: first day, then last), then what
         * is not a date, by its bytes */
        char k[24];
        long lo, hi;

        if (selcrit_date(key, &lo, &hi) == 0) {
            snprintf(k, sizeof k, "0%08ld%08ld", lo, hi);
            ss->v[ss->n].key = strdup(k);
        } else {
            size_t n = strlen(key);

            if ((ss->v[ss->n].key = malloc(n + 2)) != NULL) {
                ss->v[ss->n].key[0] = '1';
                memcpy(ss->v[ss->n].key + 1, key, n + 1);
            }
        }
    } else {
        ss->v[ss->n].key = key != NULL ? strdup(key) : NULL;
    }
    ss->v[ss->n].start = ss->out.len - (span - (size_t)(head > 0 ? head : 0));
    ss->v[ss->n].index = ss->n;
    ss->n++;
}

static int
by_key(const void *a, const void *b)
{
    const sort_item *x = a, *y = b;
    int c = x->key == NULL ? (y->key == NULL ? 0 : 1)
            : y->key == NULL ? -1
                             : strcmp(x->key, y->key);

    return c != 0 ? c : x->index < y->index ? -1 : 1;
}

int
selsort_end(selsort *ss, tool_output *out)
{
    unsigned long long *end = NULL, n;
    char buf[65536];
    size_t i, k;
    int rc = 0;

    if (ss->out.fp == NULL)
        return 0;
    /* each game runs to where the next one starts */
    if (ss->n != 0) {
        end = tool_xmalloc(ss->n * sizeof *end);
        for (i = 0; i < ss->n; i++)
            end[i] = i + 1 < ss->n ? ss->v[i + 1].start : ss->out.len;
    }
    /* index is the input order: end[index] stays right after sorting */
    qsort(ss->v, ss->n, sizeof *ss->v, by_key);
    if (fflush(ss->out.fp) != 0 || ss->out.err != 0) {
        tool_error("--sort: the temporary file: %s",
                   strerror(ss->out.err ? ss->out.err : errno));
        rc = -1;
    }
    for (i = 0; rc == 0 && i < ss->n; i++) {
        unsigned long long at = ss->v[i].start, stop = end[ss->v[i].index];

        if (fseeko(ss->out.fp, (off_t)at, SEEK_SET) != 0)
            rc = -1;
        for (n = stop - at; rc == 0 && n > 0; n -= k) {
            k = fread(buf, 1, n < sizeof buf ? (size_t)n : sizeof buf,
                      ss->out.fp);
            if (k == 0)
                tool_error("--sort: the temporary file: %s",
                           ferror(ss->out.fp) ? strerror(errno)
                                              : "shorter than written");
            if (k == 0 || tool_write(out, buf, k) < 0)
                rc = -1;
        }
        /* the last game of the temporary may not end its line */
        if (rc == 0 && stop > at && out->last != '\n' &&
            tool_write(out, "\n", 1) < 0)
            rc = -1;
    }
    for (i = 0; i < ss->n; i++)
        free(ss->v[i].key);
    free(ss->v);
    free(end);
    fclose(ss->out.fp);
    ss->out.fp = NULL;
    return rc;
}
