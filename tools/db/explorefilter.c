/* SPDX-License-Identifier: MIT */
/* The explorer's filters (explore.h): pdn-db search's tag, date and
 * result criteria as SQL conditions on the games (selectsql.h: the
 * functions pdn_tag and pdn_date), and the set of the
 * games that pass them (a bit per game, the last few sets kept): each
 * criterion turned once into the set of its games (set_indexed), which
 * a filtered node intersects with the game lists of its position. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"
#include "selectsql.h"

#include <stdlib.h>
#include <string.h>

/* The SQL functions of the filters (selectsql.h). */
void
ex_functions(ex_db *x, const sel_crit *c)
{
    selsql_functions(x->db, c);
}

/* The conditions of q's filters on the games g (after " AND ..."); 0
 * when there is none. White, Black and Event from their columns (the
 * first value). */
int
ex_filters(const sel_crit *c, tbuf *q)
{
    return selsql_where(c, SELSQL_TAGS | SELSQL_TAG_COLUMNS | SELSQL_RESULT |
                               SELSQL_DATE, q);
}

/* The bits of the games of a tag criterion (tag_game). */
struct tag_set {
    unsigned char *bits;
    int64_t max;
};

static void
tag_game(void *ud, int64_t id)
{
    struct tag_set *t = ud;

    if (id >= 0 && id <= t->max)
        t->bits[id >> 3] |= (unsigned char)(1u << (id & 7));
}

/* The set of the filters into x->set (zeroed, ids up to max): each tag
 * criterion a set from schema 5's index tag_values (its expression
 * evaluated once per distinct value: selsql_tag_games), intersected; the
 * date range and the result from each game's Date and outcome read once
 * (ex_info). 0, 1 when the tag criteria need the scan of ex_set (a
 * database of schema 4), -1 on error. */
static int
set_indexed(ex_db *x, const sel_crit *c, int64_t max)
{
    size_t nb = (size_t)(max / 8 + 1), i, k;
    unsigned char *one;
    int rc = 0;
    int64_t id;

    if (c->ntags != 0 && !db_has_index(x->db, "tag_values_value"))
        return 1;
    if ((c->date_hi != 0 || c->have_result) && ex_info(x) != 0)
        return -1;
    one = tool_xmalloc(nb);
    memset(x->set, 0xff, nb);
    for (i = 0; rc == 0 && i < c->ntags; i++) {
        struct tag_set t = {one, max};

        memset(one, 0, nb);
        rc = selsql_tag_games(x->db, c, i, tag_game, &t);
        for (k = 0; k < nb; k++)
            x->set[k] &= one[k];
    }
    free(one);
    if (rc != 0 || (c->date_hi == 0 && !c->have_result))
        return rc;
    for (id = 0; id <= max; id++) {
        unsigned char *byte = &x->set[id >> 3];
        unsigned bit = 1u << (id & 7);

        if (!(*byte & bit))
            continue;
        if (id > x->info_max ||
            (c->date_hi != 0 &&
             (x->info_dlo[id] > x->info_dhi[id] ||
              x->info_dhi[id] < c->date_lo || x->info_dlo[id] > c->date_hi)) ||
            (c->have_result && x->info_outcome[id] != (unsigned)c->result))
            *byte &= (unsigned char)~bit;
    }
    return 0;
}

/* The games that pass q's filters, as a bit per game id: kept for the
 * next query with the same filters (q->filter_key). 0, or -1. */
int
ex_set(ex_db *x, const ex_query *q)
{
    tbuf s = {NULL, 0, 0};
    sqlite3_stmt *st = NULL;
    int64_t max = 0;
    int rc;

    struct ex_kept *k = NULL;
    size_t i;

    x->clock++;
    for (i = 0; q->filter_key != NULL && i < EX_SETS_KEPT; i++)
        if (x->kept[i].key != NULL &&
            strcmp(x->kept[i].key, q->filter_key) == 0) {
            x->kept[i].used = x->clock;
            x->set = x->kept[i].set;
            x->set_max = x->kept[i].max;
            x->set_key = x->kept[i].key;
            return 0;
        }
    if (x->set_key == NULL)
        free(x->set); /* the last set was not kept */
    x->set = NULL;
    x->set_key = NULL;
    x->set_max = -1;
    if (sqlite3_prepare_v2(x->db, "SELECT coalesce(max(id), 0) FROM games",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        max = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    x->set = tool_xmalloc((size_t)(max / 8 + 1));
    memset(x->set, 0, (size_t)(max / 8 + 1));
    if ((rc = set_indexed(x, &q->crit, max)) < 0) {
        db_fail(x->db, x->path, "filter");
        return -1;
    }
    if (rc == 0)
        goto kept;
    tbuf_adds(&s, "SELECT id FROM games g WHERE 1");
    ex_filters(&q->crit, &s);
    st = db_prepare(x->db, x->path, s.data);
    tbuf_free(&s);
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);

        if (id >= 0 && id <= max)
            x->set[id >> 3] |= (unsigned char)(1u << (id & 7));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return -1;
kept:
    x->set_max = max;
    if (q->filter_key != NULL) {
        /* kept in place of the least recently used */
        for (i = 0; i < EX_SETS_KEPT; i++)
            if (k == NULL || x->kept[i].used < k->used)
                k = &x->kept[i];
        free(k->set);
        free(k->key);
        k->set = x->set;
        k->max = max;
        k->key = tool_xmalloc(strlen(q->filter_key) + 1);
        strcpy(k->key, q->filter_key);
        k->used = x->clock;
        x->set_key = k->key;
    }
    return 0;
}
