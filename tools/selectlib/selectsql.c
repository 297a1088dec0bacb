/* SPDX-License-Identifier: MIT */
/* pdn-select's criteria as SQL on a pdn-db database (selectsql.h). */
#include <config.h>
#include "selectsql.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* pdn_tag(i, value) */
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

/* pdn_date(date) */
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

/* pdn_folk(gametype) */
static void
folk_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const char *v = (const char *)sqlite3_value_text(argv[0]);
    pdn_gametype gt;

    (void)argc;
    sqlite3_result_int(cx, v != NULL && pdn_gametype_by_name(v, &gt) == 0
                               ? gt.folk : -1);
}

void
selsql_functions(sqlite3 *db, const sel_crit *c)
{
    sqlite3_create_function(db, "pdn_tag", 2, SQLITE_UTF8, (void *)c, tag_fn,
                            NULL, NULL);
    sqlite3_create_function(db, "pdn_date", 1, SQLITE_UTF8, (void *)c,
                            date_fn, NULL, NULL);
    sqlite3_create_function(db, "pdn_folk", 1,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, folk_fn,
                            NULL, NULL);
}

/* The condition on the tag names of criterion t (NAME~=ERE: the name in
 * any case, ASCII, as strcasecmp). */
static char *
tag_names(const sel_tag *t, const char *col)
{
    return t->name != NULL
               ? sqlite3_mprintf("%s = %Q%s", col, t->name,
                                 t->icase ? " COLLATE NOCASE" : "")
               : sqlite3_mprintf("%s IN ('White', 'Black')", col);
}

/* The games' column of tag criterion t's name (White, Black, Event), or
 * NULL. */
static const char *
tag_column(const sel_tag *t)
{
    static const char *const cols[][2] = {
        {"White", "white"}, {"Black", "black"}, {"Event", "event"}};
    size_t k;

    for (k = 0; k < sizeof cols / sizeof cols[0]; k++)
        if ((t->icase ? strcasecmp(t->name, cols[k][0])
                      : strcmp(t->name, cols[k][0])) == 0)
            return cols[k][1];
    return NULL;
}

int
selsql_where(const sel_crit *c, int what, tbuf *q)
{
    size_t i;
    int any = 0;

    for (i = 0; (what & SELSQL_TAGS) && i < c->ntags; i++, any = 1) {
        const char *name = c->tags[i].name, *col;
        char *cond;

        if ((what & SELSQL_TAG_COLUMNS) && name == NULL) {
            tbuf_printf(q, " AND (pdn_tag(%zu, g.white) OR pdn_tag(%zu,"
                           " g.black))", i, i);
            continue;
        }
        if ((what & SELSQL_TAG_COLUMNS) &&
            (col = tag_column(&c->tags[i])) != NULL) {
            tbuf_printf(q, " AND pdn_tag(%zu, g.%s)", i, col);
            continue;
        }
        cond = tag_names(&c->tags[i], "t.name");
        tbuf_printf(q, " AND EXISTS(SELECT 1 FROM tags t WHERE t.game = g.id"
                       " AND %s AND pdn_tag(%zu, t.value))", cond, i);
        sqlite3_free(cond);
    }
    if ((what & SELSQL_RESULT) && c->have_result) {
        tbuf_printf(q, " AND g.outcome = %d", (int)c->result);
        any = 1;
    }
    if ((what & SELSQL_COLUMNS) && c->have_variant) {
        tbuf_printf(q, " AND g.type = %d AND g.rules = %d AND g.giveaway = %d"
                       " AND g.width = %d AND g.height = %d",
                    c->variant.type, c->variant.rules, c->variant.giveaway,
                    c->variant.width, c->variant.height);
        /* towers, northern: Russian's numbers, a name */
        tbuf_printf(q, " AND pdn_folk(g.gametype) = %d", c->variant.folk);
        any = 1;
    }
    if ((what & SELSQL_COLUMNS) && c->have_plies) {
        tbuf_printf(q, " AND g.moves BETWEEN %lu AND %llu", c->plies_lo,
                    (unsigned long long)c->plies_hi > 9223372036854775807ULL
                        ? 9223372036854775807ULL
                        : (unsigned long long)c->plies_hi);
        any = 1;
    }
    if ((what & SELSQL_COLUMNS) && c->comments) {
        tbuf_printf(q, " AND g.comments = %d", c->comments == 1);
        any = 1;
    }
    if ((what & SELSQL_COLUMNS) && c->legality) {
        tbuf_printf(q, " AND g.legal = %d", c->legality == 1);
        any = 1;
    }
    if ((what & SELSQL_DATE) && c->date_hi != 0) {
        tbuf_adds(q, " AND pdn_date(g.date)");
        any = 1;
    } else if ((what & SELSQL_YEAR) && c->date_hi != 0) {
        /* the year: the first four digits */
        tbuf_printf(q, " AND CAST(substr(ltrim(g.date, ' '), 1, 4) AS INTEGER)"
                       " BETWEEN %ld AND %ld", c->date_lo / 10000,
                    c->date_hi / 10000);
        any = 1;
    }
    if ((what & SELSQL_COLUMNS) && selcrit_replays(c)) {
        tbuf_adds(q, " AND g.gametype IS NOT NULL");
        any = 1;
    }
    return any;
}

/* A copy of the text of column 0 of st's row, or NULL. */
static char *
column_copy(sqlite3_stmt *st)
{
    const char *t = (const char *)sqlite3_column_text(st, 0);

    return t != NULL ? strcpy(tool_xmalloc(strlen(t) + 1), t) : NULL;
}

int
selsql_tag_games(sqlite3 *db, const sel_crit *c, size_t i,
                 void (*fn)(void *ud, int64_t id), void *ud)
{
    sqlite3_stmt *names = NULL, *first = NULL, *next = NULL, *games = NULL;
    char *cond = tag_names(&c->tags[i], "name");
    char *sql = cond != NULL ? sqlite3_mprintf("SELECT id FROM tag_names"
                                               " WHERE %s", cond)
                             : NULL;
    int rc = 0;

    if (sql == NULL ||
        sqlite3_prepare_v2(db, sql, -1, &names, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT min(value) FROM tag_values WHERE"
                               " name = ?", -1, &first, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT value FROM tag_values WHERE name = ?"
                               " AND value > ? ORDER BY value LIMIT 1", -1,
                           &next, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT game FROM tag_values WHERE name = ?"
                               " AND value = ?", -1, &games, NULL) != SQLITE_OK)
        rc = -1;
    sqlite3_free(cond);
    sqlite3_free(sql);
    while (rc == 0 && sqlite3_step(names) == SQLITE_ROW) {
        int64_t name = sqlite3_column_int64(names, 0);
        char *cur = NULL;

        sqlite3_bind_int64(first, 1, name);
        if (sqlite3_step(first) == SQLITE_ROW)
            cur = column_copy(first);
        sqlite3_reset(first);
        while (cur != NULL) {
            if (regexec(&c->tags[i].re, cur, 0, NULL, 0) == 0) {
                sqlite3_bind_int64(games, 1, name);
                sqlite3_bind_text(games, 2, cur, -1, SQLITE_STATIC);
                while (sqlite3_step(games) == SQLITE_ROW)
                    fn(ud, sqlite3_column_int64(games, 0));
                if (sqlite3_reset(games) != SQLITE_OK)
                    rc = -1;
            }
            /* the next distinct value: one seek past this one */
            sqlite3_bind_int64(next, 1, name);
            sqlite3_bind_text(next, 2, cur, -1, SQLITE_TRANSIENT);
            free(cur);
            cur = NULL;
            if (rc == 0 && sqlite3_step(next) == SQLITE_ROW)
                cur = column_copy(next);
            if (sqlite3_reset(next) != SQLITE_OK)
                rc = -1;
        }
    }
    if (sqlite3_finalize(names) != SQLITE_OK)
        rc = -1;
    sqlite3_finalize(first);
    sqlite3_finalize(next);
    sqlite3_finalize(games);
    return rc;
}
