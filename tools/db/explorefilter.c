/* SPDX-License-Identifier: MIT */
/* The explorer's filters (explore.h): pdn-db search's tag, date and
 * result criteria as SQL conditions on the games and their functions
 * ex_tag, ex_date and ex_in, and the set of the games that pass them (a
 * bit per game, the last few sets kept). */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

/* ex_tag(i, value): the i-th tag criterion matches value. */
static void
tag_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const sel_crit *c = sqlite3_user_data(cx);
    int i = sqlite3_value_int(argv[0]);
    const char *v = (const char *)sqlite3_value_text(argv[1]);

    (void)argc;
    sqlite3_result_int(cx, i >= 0 && (size_t)i < c->ntags && v != NULL &&
                               regexec(&c->tags[i].re, v, 0, NULL, 0) == 0);
}

/* ex_date(date): the Date tag lies in -y's range, as pdn-select decides. */
static void
date_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const sel_crit *c = sqlite3_user_data(cx);
    const char *d = (const char *)sqlite3_value_text(argv[0]);
    long lo, hi;

    (void)argc;
    sqlite3_result_int(cx, d != NULL && selcrit_date(d, &lo, &hi) == 0 &&
                               hi >= c->date_lo && lo <= c->date_hi);
}

void
ex_functions(ex_db *x, const sel_crit *c)
{
    sqlite3_create_function(x->db, "ex_tag", 2, SQLITE_UTF8, (void *)c,
                            tag_fn, NULL, NULL);
    sqlite3_create_function(x->db, "ex_date", 1, SQLITE_UTF8, (void *)c,
                            date_fn, NULL, NULL);
}

/* The conditions of q's filters on the games g (after " AND ..."); 0
 * when there is none. */
int
ex_filters(const sel_crit *c, tbuf *q)
{
    size_t i;
    int any = 0;

    for (i = 0; i < c->ntags; i++, any = 1) {
        const char *name = c->tags[i].name;
        char *cond;

        /* White, Black and Event from their columns (the first value) */
        if (name == NULL)
            tbuf_printf(q, " AND (ex_tag(%zu, g.white) OR ex_tag(%zu,"
                           " g.black))", i, i);
        else if (strcmp(name, "White") == 0 || strcmp(name, "Black") == 0 ||
                 strcmp(name, "Event") == 0)
            tbuf_printf(q, " AND ex_tag(%zu, g.%s)", i,
                        name[0] == 'W' ? "white"
                        : name[0] == 'B' ? "black" : "event");
        else {
            cond = sqlite3_mprintf("t.name = %Q", name);
            tbuf_printf(q, " AND EXISTS(SELECT 1 FROM tags t WHERE"
                           " t.game = g.id AND %s AND ex_tag(%zu, t.value))",
                        cond, i);
            sqlite3_free(cond);
        }
    }
    if (c->have_result) {
        tbuf_printf(q, " AND g.outcome = %d", (int)c->result);
        any = 1;
    }
    if (c->date_hi != 0) {
        tbuf_adds(q, " AND ex_date(g.date)");
        any = 1;
    }
    return any;
}

/* ex_in(game): the game passes the filters (the set of ex_set). */
void
ex_in_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const ex_db *x = sqlite3_user_data(cx);
    sqlite3_int64 id = sqlite3_value_int64(argv[0]);

    (void)argc;
    sqlite3_result_int(cx, id >= 0 && id <= x->set_max &&
                               (x->set[id >> 3] >> (id & 7) & 1));
}

/* The games of tag criterion i into bits: its expression matched once a
 * distinct value of its tag names (a seek each on tag_values_value), the
 * games of the values that match read from the same index. */
static int
tag_bits(ex_db *x, const sel_crit *c, size_t i, unsigned char *bits,
         int64_t max)
{
    sqlite3_stmt *names, *first, *next, *games;
    char *sql = c->tags[i].name != NULL
                    ? sqlite3_mprintf("SELECT id FROM tag_names WHERE name ="
                                      " %Q%s", c->tags[i].name,
                                      c->tags[i].icase ? " COLLATE NOCASE"
                                                       : "")
                    : sqlite3_mprintf("SELECT id FROM tag_names WHERE name"
                                      " IN ('White', 'Black')");
    int rc = 0;

    names = sql != NULL ? db_prepare(x->db, x->path, sql) : NULL;
    sqlite3_free(sql);
    first = db_prepare(x->db, x->path, "SELECT min(value) FROM tag_values"
                                       " WHERE name = ?");
    next = db_prepare(x->db, x->path, "SELECT value FROM tag_values WHERE"
                                      " name = ? AND value > ? ORDER BY"
                                      " value LIMIT 1");
    games = db_prepare(x->db, x->path, "SELECT game FROM tag_values WHERE"
                                       " name = ? AND value = ?");
    if (names == NULL || first == NULL || next == NULL || games == NULL)
        rc = -1;
    while (rc == 0 && sqlite3_step(names) == SQLITE_ROW) {
        int64_t name = sqlite3_column_int64(names, 0);
        const char *t;
        char *cur = NULL;

        sqlite3_bind_int64(first, 1, name);
        if (sqlite3_step(first) == SQLITE_ROW &&
            (t = (const char *)sqlite3_column_text(first, 0)) != NULL)
            cur = strcpy(tool_xmalloc(strlen(t) + 1), t);
        sqlite3_reset(first);
        while (cur != NULL) {
            if (regexec(&c->tags[i].re, cur, 0, NULL, 0) == 0) {
                sqlite3_bind_int64(games, 1, name);
                sqlite3_bind_text(games, 2, cur, -1, SQLITE_STATIC);
                while (sqlite3_step(games) == SQLITE_ROW) {
                    int64_t id = sqlite3_column_int64(games, 0);

                    if (id >= 0 && id <= max)
                        bits[id >> 3] |= (unsigned char)(1u << (id & 7));
                }
                if (sqlite3_reset(games) != SQLITE_OK)
                    rc = -1;
            }
            sqlite3_bind_int64(next, 1, name);
            sqlite3_bind_text(next, 2, cur, -1, SQLITE_TRANSIENT);
            free(cur);
            cur = NULL;
            if (rc == 0 && sqlite3_step(next) == SQLITE_ROW &&
                (t = (const char *)sqlite3_column_text(next, 0)) != NULL)
                cur = strcpy(tool_xmalloc(strlen(t) + 1), t);
            if (sqlite3_reset(next) != SQLITE_OK)
                rc = -1;
        }
    }
    sqlite3_finalize(names);
    sqlite3_finalize(first);
    sqlite3_finalize(next);
    sqlite3_finalize(games);
    return rc;
}

/* The set of the filters from schema 5's indexes, into x->set (zeroed,
 * ids up to max): each tag criterion a set (tag_bits), intersected. 0, 1
 * when the indexes do not serve (a filter that is not a tag's, or a
 * database of schema 4: the scan of ex_set), -1 on error. The code for
 * -y (games_year) and -Y (a lookup per game left) stays for when they
 * pay: at 10^5 they cost 60-90 ms of CPU against the scan's 20. */
static int
set_indexed(ex_db *x, const sel_crit *c, int64_t max)
{
    size_t nb = (size_t)(max / 8 + 1), i, k;
    unsigned char *one;
    sqlite3_stmt *st;
    int rc = 0;

    /* -y and -Y alone read fewer pages by the scan below (a row lookup
     * for each game of a year range costs more than the scan at 10^5) */
    if (c->ntags == 0 || c->date_hi != 0 || c->have_result ||
        !db_has_index(x->db, "tag_values_value") ||
        !db_has_index(x->db, "games_year"))
        return 1;
    one = tool_xmalloc(nb);
    memset(x->set, 0xff, nb);
    for (i = 0; rc == 0 && i < c->ntags; i++) {
        memset(one, 0, nb);
        rc = tag_bits(x, c, i, one, max);
        for (k = 0; k < nb; k++)
            x->set[k] &= one[k];
    }
    if (rc == 0 && c->date_hi != 0) {
        memset(one, 0, nb);
        st = db_prepare(x->db, x->path,
                        "SELECT id, date FROM games WHERE CAST(substr("
                        "ltrim(date, ' '), 1, 4) AS INTEGER) BETWEEN ?"
                        " AND ?");
        if (st == NULL)
            rc = -1;
        else {
            sqlite3_bind_int64(st, 1, c->date_lo / 10000);
            sqlite3_bind_int64(st, 2, c->date_hi / 10000);
            while (sqlite3_step(st) == SQLITE_ROW) {
                int64_t id = sqlite3_column_int64(st, 0);
                const char *d = (const char *)sqlite3_column_text(st, 1);
                long lo, hi;

                if (id >= 0 && id <= max && d != NULL &&
                    selcrit_date(d, &lo, &hi) == 0 && hi >= c->date_lo &&
                    lo <= c->date_hi)
                    one[id >> 3] |= (unsigned char)(1u << (id & 7));
            }
            if (sqlite3_finalize(st) != SQLITE_OK)
                rc = -1;
        }
        for (k = 0; k < nb; k++)
            x->set[k] &= one[k];
    }
    if (rc == 0 && c->have_result) {
        st = db_prepare(x->db, x->path, "SELECT outcome FROM games WHERE"
                                        " id = ?");
        if (st == NULL)
            rc = -1;
        for (k = 0; rc == 0 && k < nb; k++) {
            int b;

            for (b = 0; x->set[k] != 0 && b < 8; b++) {
                if (!(x->set[k] >> b & 1))
                    continue;
                sqlite3_bind_int64(st, 1, (int64_t)k * 8 + b);
                if (sqlite3_step(st) != SQLITE_ROW ||
                    sqlite3_column_int(st, 0) != (int)c->result)
                    x->set[k] &= (unsigned char)~(1u << b);
                sqlite3_reset(st);
            }
        }
        sqlite3_finalize(st);
    }
    free(one);
    return rc;
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
