/* SPDX-License-Identifier: MIT */
/* The explorer's index and nodes (explore.h). The index holds, for every
 * game and every position it reaches (its first visit), the key of the
 * position one ply later (0 when the game ends there) with the game's
 * outcome and year: table explore(key, next, year, game, outcome); its
 * sums per (key, next) are table explore_sum, which answers a node with
 * no filter in one range read. A filtered node reads the rows of explore
 * joined with the games. A next key is named by the legal move of the
 * position that makes it. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char index_sql[] =
    "CREATE TABLE IF NOT EXISTS explore(key INTEGER NOT NULL,"
    " next INTEGER NOT NULL, year INTEGER, game INTEGER NOT NULL,"
    " outcome INTEGER NOT NULL, PRIMARY KEY(key, next, year, game))"
    " WITHOUT ROWID;\n"
    "CREATE TABLE IF NOT EXISTS explore_sum(key INTEGER NOT NULL,"
    " next INTEGER NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,"
    " draws INTEGER NOT NULL, losses INTEGER NOT NULL,"
    " dated INTEGER NOT NULL, year_sum INTEGER NOT NULL, year_last INTEGER,"
    " PRIMARY KEY(key, next)) WITHOUT ROWID;\n"
    "CREATE INDEX IF NOT EXISTS explore_games ON games(white, black, event,"
    " date, outcome);\n"
    "CREATE TABLE IF NOT EXISTS explore_variants(gametype TEXT PRIMARY KEY,"
    " games INTEGER NOT NULL) WITHOUT ROWID;\n";

static pdn_board *ex_board(ex_db *x, const ex_query *q, tbuf *err);
static void in_fn(sqlite3_context *cx, int argc, sqlite3_value **argv);

/* The year a Date tag begins with (0: none). */
static int
year_of(const char *d)
{
    int y = 0, i;

    if (d == NULL)
        return 0;
    for (i = 0; i < 4; i++) {
        if (!isdigit((unsigned char)d[i]))
            return 0;
        y = y * 10 + (d[i] - '0');
    }
    return y;
}

/* ---- the index ---- */

typedef struct ex_row {
    int64_t key, next, game;
    int year, outcome;
} ex_row;

typedef struct ex_build {
    sqlite3 *db;
    const char *path;
    sqlite3_stmt *ins;
    ex_row *rows;
    size_t nrows, cap;
    int failed;
} ex_build;

static int
cmp_row(const void *a, const void *b)
{
    const ex_row *x = a, *y = b;

    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    if (x->next != y->next)
        return x->next < y->next ? -1 : 1;
    if (x->year != y->year)
        return x->year < y->year ? -1 : 1;
    return (x->game > y->game) - (x->game < y->game);
}

static void
ex_flush(ex_build *s)
{
    size_t i;

    qsort(s->rows, s->nrows, sizeof *s->rows, cmp_row);
    for (i = 0; i < s->nrows && !s->failed; i++) {
        const ex_row *r = &s->rows[i];

        sqlite3_bind_int64(s->ins, 1, r->key);
        sqlite3_bind_int64(s->ins, 2, r->next);
        if (r->year != 0)
            sqlite3_bind_int(s->ins, 3, r->year);
        else
            sqlite3_bind_null(s->ins, 3);
        sqlite3_bind_int64(s->ins, 4, r->game);
        sqlite3_bind_int(s->ins, 5, r->outcome);
        if (sqlite3_step(s->ins) != SQLITE_DONE) {
            db_fail(s->db, s->path, "explorer index");
            s->failed = 1;
        }
        sqlite3_reset(s->ins);
    }
    s->nrows = 0;
}

static void
ex_push(ex_build *s, int64_t key, int64_t next, int64_t game, int year,
        int outcome)
{
    if (s->nrows == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->rows = realloc(s->rows, s->cap * sizeof *s->rows);
        if (s->rows == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    s->rows[s->nrows].key = key;
    s->rows[s->nrows].next = next;
    s->rows[s->nrows].game = game;
    s->rows[s->nrows].year = year;
    s->rows[s->nrows].outcome = outcome;
    s->nrows++;
}

typedef struct ex_ply {
    int64_t key;
    int64_t ply;
} ex_ply;

/* One game's positions in ply order: a row for the first visit of each
 * position, with every key one ply later (0 when there is none). */
static void
ex_game_rows(ex_build *s, int64_t game, const ex_ply *p, size_t n, int year,
             int outcome)
{
    size_t i, j, k;

    for (i = 0; i < n; i++) {
        int any = 0;

        for (j = 0; j < i && p[j].key != p[i].key; j++)
            ;
        if (j < i)
            continue;
        for (k = i + 1; k < n && p[k].ply <= p[i].ply + 1; k++)
            if (p[k].ply == p[i].ply + 1) {
                ex_push(s, p[i].key, p[k].key, game, year, outcome);
                any = 1;
            }
        if (!any)
            ex_push(s, p[i].key, 0, game, year, outcome);
    }
}

uint64_t
ex_row_hash(int64_t key, int64_t next, int year, int outcome)
{
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15u ^
                 ((uint64_t)next + 0x632BE59BD9B4E019u) * 0xBF58476D1CE4E5B9u ^
                 ((uint64_t)(unsigned)year << 8 | (unsigned)(outcome & 0xff));

    h ^= h >> 31;
    h *= 0x94D049BB133111EBu;
    return h ^ h >> 29;
}

void
ex_game_digest(const int64_t *keys, const int64_t *plies, size_t n,
               const char *date, int outcome, uint64_t *hash, uint32_t *count)
{
    static ex_build s;
    int year = year_of(date);
    ex_ply *p = tool_xmalloc((n ? n : 1) * sizeof *p);
    size_t i;

    for (i = 0; i < n; i++) {
        p[i].key = keys[i];
        p[i].ply = plies[i];
    }
    s.nrows = 0;
    ex_game_rows(&s, 0, p, n, year, outcome);
    free(p);
    /* each (key, next) once, as INSERT OR IGNORE keeps them */
    qsort(s.rows, s.nrows, sizeof *s.rows, cmp_row);
    for (i = 0; i < s.nrows; i++) {
        if (i > 0 && s.rows[i].key == s.rows[i - 1].key &&
            s.rows[i].next == s.rows[i - 1].next)
            continue;
        *hash += ex_row_hash(s.rows[i].key, s.rows[i].next, year, outcome);
        ++*count;
    }
}

/* One game's positions in ply order, replayed from its stored text as
 * pdn-db create replayed it (its stored variant, setups applied). */
typedef struct ex_replay {
    tool_opts vo;
    tool_cache cache;
    tbuf text;
    ex_ply *p;
    size_t n, cap;
} ex_replay;

static int
ex_seen(void *ud, const pdn_board *b, unsigned long ply, const pdn_move *m)
{
    ex_replay *x = ud;

    (void)m;
    if (x->n == x->cap) {
        x->cap = x->cap ? x->cap * 2 : 256;
        x->p = realloc(x->p, x->cap * sizeof *x->p);
        if (x->p == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    x->p[x->n].key = db_key(b);
    x->p[x->n++].ply = (int64_t)ply;
    return 0;
}

static void
ex_replay_game(ex_replay *x, const char *gts, const void *raw, int len,
               int64_t size)
{
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_error err;
    tool_out to;
    db_walked w;

    x->n = 0;
    if (gts == NULL || pdn_gametype_parse(gts, &x->vo.force, NULL) < 0 ||
        db_text_unpack(raw, len, size, &x->text) != 0 ||
        (r = pdn_reader_new_mem(x->text.data, x->text.len, "db")) == NULL)
        return;
    if (pdn_reader_next(r, &g, &err) != 0 && g != NULL) {
        memset(&to, 0, sizeof to);
        to.cache = &x->cache;
        to.infer.r.cand = -1;
        x->vo.file = "db";
        db_walk(&x->vo, "db", g, &x->vo.force, &to, 0, ex_seen, x, &w);
        tbuf_free(&to.out);
        tbuf_free(&to.err);
        free(to.folds);
    }
    pdn_game_free(g);
    pdn_reader_free(r);
}

static void
ex_replay_free(ex_replay *x)
{
    pdn_board_free(x->cache.board);
    pdn_movelist_free(x->cache.moves);
    infer_cache_free(&x->cache);
    tbuf_free(&x->text);
    free(x->p);
}

/* Brings the index up to date: the games added since it was built. */
static int
ex_index(sqlite3 *db, const char *path)
{
    ex_build s;
    ex_replay x;
    sqlite3_stmt *g = NULL;
    int64_t last, top;
    int rc;
    char sql[1024];

    memset(&s, 0, sizeof s);
    memset(&x, 0, sizeof x);
    tool_opts_init(&x.vo);
    x.vo.quiet = 1;
    x.vo.have_force = 1;
    s.db = db;
    s.path = path;
    if (db_exec(db, path, "BEGIN IMMEDIATE") != 0)
        return -1;
    if (db_exec(db, path, index_sql) != 0)
        goto fail;
    last = db_meta_int(db, "explore_last");
    top = -1;
    if ((g = db_prepare(db, path, "SELECT coalesce(max(id), 0) FROM games")) ==
        NULL)
        goto fail;
    if (sqlite3_step(g) == SQLITE_ROW)
        top = sqlite3_column_int64(g, 0);
    sqlite3_finalize(g);
    g = NULL;
    if (top <= last) {
        db_exec(db, path, "COMMIT");
        return 0;
    }
    if ((s.ins = db_prepare(db, path, "INSERT OR IGNORE INTO explore"
                                      " VALUES(?, ?, ?, ?, ?)")) == NULL)
        goto fail;
    /* the games in id order, each replayed */
    snprintf(sql, sizeof sql, "SELECT id, outcome, date, gametype, raw, size"
                              " FROM games WHERE id > %lld AND gametype IS"
                              " NOT NULL ORDER BY id", (long long)last);
    if ((g = db_prepare(db, path, sql)) == NULL)
        goto fail;
    while ((rc = sqlite3_step(g)) == SQLITE_ROW && !s.failed) {
        ex_replay_game(&x, (const char *)sqlite3_column_text(g, 3),
                       sqlite3_column_blob(g, 4), sqlite3_column_bytes(g, 4),
                       sqlite3_column_int64(g, 5));
        ex_game_rows(&s, sqlite3_column_int64(g, 0), x.p, x.n,
                     year_of((const char *)sqlite3_column_text(g, 2)),
                     sqlite3_column_int(g, 1));
        if (s.nrows >= (1u << 20))
            ex_flush(&s);
    }
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_fail(db, path, "explorer index");
        goto fail;
    }
    ex_flush(&s);
    if (s.failed)
        goto fail;
    snprintf(sql, sizeof sql,
             "INSERT INTO explore_sum SELECT key, next, count(*),"
             " sum(outcome = %d), sum(outcome = %d), sum(outcome = %d),"
             " count(year), coalesce(sum(year), 0), max(year) FROM explore"
             " WHERE game > %lld GROUP BY key, next ON CONFLICT(key, next)"
             " DO UPDATE SET games = games + excluded.games,"
             " wins = wins + excluded.wins, draws = draws + excluded.draws,"
             " losses = losses + excluded.losses,"
             " dated = dated + excluded.dated,"
             " year_sum = year_sum + excluded.year_sum,"
             " year_last = max(coalesce(year_last, 0),"
             " coalesce(excluded.year_last, 0));",
             PDN_OUTCOME_FIRST, PDN_OUTCOME_DRAW, PDN_OUTCOME_SECOND,
             (long long)last);
    if (db_exec(db, path, sql) != 0)
        goto fail;
    /* the variants, most games first: what a query chooses among */
    if (db_exec(db, path, "DELETE FROM explore_variants;"
                          " INSERT INTO explore_variants SELECT gametype,"
                          " count(*) FROM games WHERE gametype IS NOT NULL"
                          " GROUP BY gametype") != 0)
        goto fail;
    snprintf(sql, sizeof sql, "INSERT OR REPLACE INTO meta"
                              " VALUES('explore_last', %lld); COMMIT;",
             (long long)top);
    if (db_exec(db, path, sql) != 0)
        goto fail;
    sqlite3_finalize(g);
    sqlite3_finalize(s.ins);
    ex_replay_free(&x);
    free(s.rows);
    return 0;
fail:
    sqlite3_finalize(g);
    sqlite3_finalize(s.ins);
    ex_replay_free(&x);
    free(s.rows);
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* 1 when the index holds every game of db. */
static int
ex_fresh(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int fresh = 0;

    if (sqlite3_prepare_v2(db, "SELECT (SELECT coalesce(max(id), 0) FROM"
                               " games) <= (SELECT value FROM meta WHERE"
                               " key = 'explore_last')", -1, &st,
                           NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        fresh = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return fresh;
}

int
ex_open(ex_db *x, const char *path, int index)
{
    sqlite3_stmt *st;

    memset(x, 0, sizeof *x);
    x->path = path;
    if (index) {
        sqlite3 *w = db_open(path, 1);

        if (w == NULL)
            return -1;
        if (!ex_fresh(w) && ex_index(w, path) != 0) {
            sqlite3_close(w);
            return -1;
        }
        sqlite3_close(w);
    }
    if ((x->db = db_open(path, 0)) == NULL)
        return -1;
    if (!ex_fresh(x->db)) {
        tool_error("%s: the explorer's index is missing or older than the "
                   "games: pdn-db explore --index %s brings it up to date",
                   path, path);
        ex_close(x);
        return -1;
    }
    sqlite3_create_function(x->db, "ex_in", 1, SQLITE_UTF8, x, in_fn, NULL,
                            NULL);
    x->sum = db_prepare(x->db, path,
                        "SELECT next, games, wins, draws, losses, dated,"
                        " year_sum, year_last FROM explore_sum WHERE key = ?");
    x->sum_in = db_prepare(x->db, path,
                           "SELECT next, count(*), sum(outcome = 2),"
                           " sum(outcome = 4), sum(outcome = 3), count(year),"
                           " coalesce(sum(year), 0), max(year) FROM explore"
                           " WHERE key = ? AND ex_in(game) GROUP BY next");
    x->sum_one = db_prepare(x->db, path, "SELECT games FROM explore_sum"
                                         " WHERE key = ? AND next = ?");
    x->reach = db_prepare(x->db, path, "SELECT coalesce(sum(games), 0) FROM"
                                       " explore_sum WHERE key = ?");
    st = db_prepare(x->db, path, "SELECT gametype FROM explore_variants"
                                 " ORDER BY games DESC, gametype");
    if (x->sum == NULL || x->sum_in == NULL || x->sum_one == NULL || x->reach == NULL ||
        st == NULL) {
        sqlite3_finalize(st);
        ex_close(x);
        return -1;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *v = (const char *)sqlite3_column_text(st, 0);

        x->variants = realloc(x->variants,
                              (x->nvariants + 1) * sizeof *x->variants);
        if (x->variants == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        x->variants[x->nvariants] = tool_xmalloc(strlen(v) + 1);
        strcpy(x->variants[x->nvariants++], v);
    }
    sqlite3_finalize(st);
    return 0;
}

void
ex_close(ex_db *x)
{
    size_t i;

    sqlite3_finalize(x->sum);
    sqlite3_finalize(x->sum_one);
    sqlite3_finalize(x->sum_in);
    for (i = 0; i < EX_SETS_KEPT; i++) {
        free(x->kept[i].set);
        free(x->kept[i].key);
    }
    if (x->set_key == NULL)
        free(x->set); /* a set not kept */
    sqlite3_finalize(x->reach);
    for (i = 0; i < x->nvariants; i++)
        free(x->variants[i]);
    free(x->variants);
    sqlite3_close(x->db);
    memset(x, 0, sizeof *x);
}

/* ---- a node ---- */

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

int
ex_key(ex_db *x, const ex_query *q, int64_t *key, tbuf *err)
{
    pdn_board *b = ex_board(x, q, err);

    if (b == NULL)
        return -1;
    *key = db_key(b);
    pdn_board_free(b);
    return 0;
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
static void
in_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
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
static int
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

static void
count_add(ex_count *c, sqlite3_stmt *st, int col)
{
    long dated = (long)sqlite3_column_int64(st, col + 4);

    c->games += (long)sqlite3_column_int64(st, col);
    c->wins += (long)sqlite3_column_int64(st, col + 1);
    c->draws += (long)sqlite3_column_int64(st, col + 2);
    c->losses += (long)sqlite3_column_int64(st, col + 3);
    c->unknown = c->games - c->wins - c->draws - c->losses;
    c->dated += dated;
    c->year_sum += (double)sqlite3_column_int64(st, col + 5);
    if (sqlite3_column_int(st, col + 6) > c->year_last)
        c->year_last = sqlite3_column_int(st, col + 6);
}

static char *
dup_col(sqlite3_stmt *st, int i)
{
    const char *v = (const char *)sqlite3_column_text(st, i);
    char *d;

    if (v == NULL)
        return NULL;
    d = tool_xmalloc(strlen(v) + 1);
    strcpy(d, v);
    return d;
}

static void
games_free(ex_game *g, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        free(g[i].white);
        free(g[i].black);
        free(g[i].event);
        free(g[i].date);
        free(g[i].result);
    }
    free(g);
}

/* The latest games (by year, then last stored) of the rows key, next. */
static int
top_games(ex_db *x, int filtered, int64_t key, int64_t next, int limit,
          ex_game **out, size_t *nout)
{
    tbuf s = {NULL, 0, 0};
    sqlite3_stmt *st;
    int rc;

    *out = NULL;
    *nout = 0;
    if (limit <= 0)
        return 0;
    tbuf_printf(&s, "SELECT g.id, g.white, g.black, g.event, g.date,"
                    " g.result, e.year FROM (SELECT game, year FROM explore"
                    " WHERE key = ?1 AND next = ?2%s ORDER BY year DESC,"
                    " game DESC LIMIT %d) e JOIN games g ON g.id = e.game"
                    " ORDER BY e.year DESC, e.game DESC",
                filtered ? " AND ex_in(game)" : "", limit);
    st = db_prepare(x->db, x->path, s.data);
    tbuf_free(&s);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, key);
    sqlite3_bind_int64(st, 2, next);
    *out = tool_xmalloc((size_t)limit * sizeof **out);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        ex_game *g = &(*out)[(*nout)++];

        g->id = sqlite3_column_int64(st, 0);
        g->white = dup_col(st, 1);
        g->black = dup_col(st, 2);
        g->event = dup_col(st, 3);
        g->date = dup_col(st, 4);
        g->result = dup_col(st, 5);
        g->year = sqlite3_column_int(st, 6);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The board of q: its variant (the filter's, or the first of the
 * database's where the position stands and has games), set up and moved. */
static pdn_board *
ex_board(ex_db *x, const ex_query *q, tbuf *err)
{
    pdn_fen fen;
    pdn_error e;
    size_t v;
    pdn_board *fallback = NULL;
    pdn_movelist *l = pdn_movelist_new();
    long furthest = -1;      /* the moves played in the variant whose
                                error err holds */

    if (l == NULL)
        return NULL;
    memset(&e, 0, sizeof e);
    if (q->fen != NULL && pdn_fen_parse(q->fen, &fen, &e) < 0) {
        tbuf_printf(err, "bad FEN '%.80s': %s", q->fen, e.text);
        pdn_movelist_free(l);
        return NULL;
    }
    for (v = 0; v < x->nvariants + 1; v++) {
        pdn_gametype gt;
        pdn_board *b;
        const char *p = q->moves;
        int bad = 0;
        long played = 0;

        if (v == x->nvariants) {
            if (!q->crit.have_variant || x->nvariants != 0)
                break;
            gt = q->crit.variant; /* an empty database */
        } else if (pdn_gametype_parse(x->variants[v], &gt, NULL) < 0 ||
                   (q->crit.have_variant &&
                    (gt.type != q->crit.variant.type ||
                     gt.rules != q->crit.variant.rules ||
                     gt.giveaway != q->crit.variant.giveaway ||
                     gt.width != q->crit.variant.width ||
                     gt.height != q->crit.variant.height)))
            continue;
        if ((b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        memset(&e, 0, sizeof e);
        if (q->fen != NULL && pdn_board_set_fen(b, &fen, &e) != 0) {
            if (err->len == 0)
                tbuf_printf(err, "FEN '%.80s': %s", q->fen, e.text);
            pdn_board_free(b);
            continue;
        }
        /* the moves, move numbers left out */
        while (p != NULL && *p != '\0' && !bad) {
            size_t len;
            pdn_movetext mt;
            pdn_match m;
            const char *t;

            while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
                p++;
            for (len = 0; p[len] != '\0' && p[len] != ' ' && p[len] != ',' &&
                          p[len] != '\t' && p[len] != '\n';
                 len++)
                ;
            if (len == 0)
                break;
            t = p;
            p += len;
            while (len > 0 && isdigit((unsigned char)*t) &&
                   memchr(t, '.', len) != NULL) {
                const char *dot = memchr(t, '.', len);
                size_t k = (size_t)(dot - t);

                while (k < len && t[k] == '.')
                    k++;
                len -= k;
                t += k;
            }
            if (len == 0)
                continue;
            /* the error named is the one of the variant that played the
             * most moves: the move where the line goes wrong */
            if (pdn_movetext_parse(t, len, &mt) != 0) {
                if (played > furthest) {
                    tbuf_free(err);
                    tbuf_printf(err, "bad move '%.*s'",
                                (int)(len > 40 ? 40 : len), t);
                    furthest = played;
                }
                bad = 1;
            } else if (pdn_board_play(b, &mt, &m, l, NULL) != PDN_MATCH_LEGAL) {
                if (played > furthest) {
                    tbuf_free(err);
                    tbuf_printf(err, "move '%.*s' is %s here",
                                (int)(len > 40 ? 40 : len), t,
                                m.status == PDN_MATCH_AMBIGUOUS
                                    ? "ambiguous"
                                    : "illegal");
                    furthest = played;
                }
                bad = 1;
            } else {
                played++;
            }
        }
        if (bad) {
            pdn_board_free(b);
            continue;
        }
        tbuf_free(err);
        sqlite3_bind_int64(x->reach, 1, db_key(b));
        if (sqlite3_step(x->reach) == SQLITE_ROW &&
            sqlite3_column_int64(x->reach, 0) > 0) {
            sqlite3_reset(x->reach);
            pdn_board_free(fallback);
            pdn_movelist_free(l);
            return b;
        }
        sqlite3_reset(x->reach);
        if (fallback == NULL)
            fallback = b;
        else
            pdn_board_free(b);
    }
    pdn_movelist_free(l);
    if (fallback == NULL && err->len == 0)
        tbuf_adds(err, x->nvariants == 0 ? "the database has no replayed game"
                                         : "no variant of the database fits");
    return fallback;
}

static int
by_games(const void *a, const void *b)
{
    const ex_move *x = a, *y = b;

    if (x->c.games != y->c.games)
        return x->c.games < y->c.games ? 1 : -1;
    return strcmp(x->move, y->move);
}

static int
by_latest(const void *a, const void *b)
{
    const ex_game *x = a, *y = b;

    if (x->year != y->year)
        return x->year < y->year ? 1 : -1;
    return (x->id < y->id) - (x->id > y->id);
}

/* Names the next key of each move by the legal move that makes it; rows
 * no legal move makes (a setup) count as games that end here. */
static int
name_moves(ex_db *x, ex_node *n, const pdn_board *b, ex_count *rows,
           int64_t *next, size_t nrows)
{
    pdn_movelist *l = pdn_movelist_new();
    pdn_board *t = pdn_board_new(&n->gt, NULL);
    size_t i, k;

    if (l == NULL || t == NULL || pdn_board_moves(b, l, NULL) != 0) {
        pdn_movelist_free(l);
        pdn_board_free(t);
        return -1;
    }
    n->moves = tool_xmalloc((nrows + 1) * sizeof *n->moves);
    memset(n->moves, 0, (nrows + 1) * sizeof *n->moves);
    for (k = 0; k < pdn_movelist_count(l); k++) {
        const pdn_move *m = pdn_movelist_at(l, k);
        int64_t key;

        pdn_board_copy(t, b);
        pdn_board_apply(t, m);
        key = db_key(t);
        for (i = 0; i < nrows && (next[i] != key || next[i] == 0); i++)
            ;
        if (i == nrows)
            continue;
        {
            ex_move *mv = &n->moves[n->nmoves++];

            mv->next = key;
            mv->c = rows[i];
            pdn_move_format(b, l, m, PDN_MOVE_SHORT, mv->move,
                            sizeof mv->move);
            tool_fen(t, mv->fen, sizeof mv->fen);
            next[i] = 0; /* named: another legal move cannot make it */
            rows[i].games = -1;
        }
    }
    for (i = 0; i < nrows; i++)
        if (rows[i].games >= 0)
            n->ended += rows[i].games;
    pdn_movelist_free(l);
    pdn_board_free(t);
    /* transpositions: the games that reach where a move leads */
    for (i = 0; i < n->nmoves; i++) {
        ex_move *mv = &n->moves[i];

        sqlite3_bind_int64(x->reach, 1, mv->next);
        if (sqlite3_step(x->reach) == SQLITE_ROW)
            mv->reached = (long)sqlite3_column_int64(x->reach, 0);
        sqlite3_reset(x->reach);
        sqlite3_bind_int64(x->sum_one, 1, n->key);
        sqlite3_bind_int64(x->sum_one, 2, mv->next);
        if (sqlite3_step(x->sum_one) == SQLITE_ROW)
            mv->via = (long)sqlite3_column_int64(x->sum_one, 0);
        sqlite3_reset(x->sum_one);
    }
    qsort(n->moves, n->nmoves, sizeof *n->moves, by_games);
    return 0;
}

int
ex_node_get(ex_db *x, const ex_query *q, ex_node *n, tbuf *err)
{
    pdn_board *b;
    sqlite3_stmt *st;
    ex_count *rows = NULL;
    int64_t *next = NULL;
    size_t nrows = 0, cap = 0, i;
    int rc, filtered;
    tbuf s = {NULL, 0, 0};

    memset(n, 0, sizeof *n);
    if ((b = ex_board(x, q, err)) == NULL)
        return -1;
    n->file = x->path;
    n->gt = *pdn_board_gametype(b);
    pdn_gametype_format(&n->gt, n->gts, sizeof n->gts);
    tool_fen(b, n->fen, sizeof n->fen);
    n->turn = pdn_board_turn(b);
    n->key = db_key(b);
    ex_functions(x, &q->crit);
    filtered = ex_filters(&q->crit, &s);
    tbuf_free(&s);
    if (filtered && ex_set(x, q) != 0) {
        pdn_board_free(b);
        tbuf_adds(err, sqlite3_errcode(x->db) == SQLITE_INTERRUPT
                           ? "query interrupted: it took too long"
                           : sqlite3_errmsg(x->db));
        return -2;
    }
    st = filtered ? x->sum_in : x->sum;
    sqlite3_bind_int64(st, 1, n->key);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (nrows == cap) {
            cap = cap ? cap * 2 : 32;
            rows = realloc(rows, cap * sizeof *rows);
            next = realloc(next, cap * sizeof *next);
            if (rows == NULL || next == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
        }
        memset(&rows[nrows], 0, sizeof *rows);
        next[nrows] = sqlite3_column_int64(st, 0);
        count_add(&rows[nrows], st, 1);
        count_add(&n->c, st, 1);
        nrows++;
    }
    sqlite3_reset(st);
    if (rc != SQLITE_DONE ||
        name_moves(x, n, b, rows, next, nrows) != 0) {
        tbuf_adds(err, rc == SQLITE_INTERRUPT ? "query interrupted: it took "
                                                "too long"
                                              : sqlite3_errmsg(x->db));
        free(rows);
        free(next);
        pdn_board_free(b);
        ex_node_free(n);
        return -2;
    }
    free(rows);
    free(next);
    pdn_board_free(b);
    /* the games: each move's latest 10 at least (the position's own
     * latest 10 are among them, whatever --top), and the latest that end
     * here; each move's list cut to --top once the position's are taken */
    for (i = 0; i < n->nmoves; i++)
        if (top_games(x, filtered, n->key, n->moves[i].next,
                      q->top > 10 ? q->top : 10, &n->moves[i].top,
                      &n->moves[i].ntop) != 0)
            goto fail;
    {
        ex_game *end;
        size_t nend, k;

        if (top_games(x, filtered, n->key, 0, 10, &end, &nend) != 0)
            goto fail;
        n->games = tool_xmalloc((nend + 10 * n->nmoves + 1) * sizeof *n->games);
        for (k = 0; k < nend; k++)
            n->games[n->ngames++] = end[k];
        free(end);
        for (i = 0; i < n->nmoves; i++)
            for (k = 0; k < n->moves[i].ntop && k < 10; k++) {
                ex_game *g = &n->games[n->ngames++], *f = &n->moves[i].top[k];

                *g = *f;
#define DUPS(field)                                                           \
    do {                                                                      \
        g->field = NULL;                                                      \
        if (f->field != NULL) {                                               \
            g->field = tool_xmalloc(strlen(f->field) + 1);                    \
            strcpy(g->field, f->field);                                       \
        }                                                                     \
    } while (0)
                DUPS(white);
                DUPS(black);
                DUPS(event);
                DUPS(date);
                DUPS(result);
#undef DUPS
            }
        qsort(n->games, n->ngames, sizeof *n->games, by_latest);
        while (n->ngames > 10) {
            n->ngames--;
            free(n->games[n->ngames].white);
            free(n->games[n->ngames].black);
            free(n->games[n->ngames].event);
            free(n->games[n->ngames].date);
            free(n->games[n->ngames].result);
        }
        for (i = 0; i < n->nmoves; i++) {
            size_t keep = q->top > 0 ? (size_t)q->top : 0;

            while (n->moves[i].ntop > keep) {
                ex_game *g = &n->moves[i].top[--n->moves[i].ntop];

                free(g->white);
                free(g->black);
                free(g->event);
                free(g->date);
                free(g->result);
            }
        }
    }
    return 0;
fail:
    tbuf_adds(err, sqlite3_errcode(x->db) == SQLITE_INTERRUPT
                       ? "query interrupted: it took too long"
                       : sqlite3_errmsg(x->db));
    ex_node_free(n);
    return -2;
}

void
ex_node_free(ex_node *n)
{
    size_t i;

    for (i = 0; i < n->nmoves; i++)
        games_free(n->moves[i].top, n->moves[i].ntop);
    free(n->moves);
    games_free(n->games, n->ngames);
    memset(n, 0, sizeof *n);
}

/* ---- JSON ---- */

static void
json_int(tbuf *b, const char *name, long v)
{
    tbuf_printf(b, ",\"%s\":%ld", name, v);
}

static void
json_wdl(tbuf *b, const char *name, long w, long d, long l)
{
    tbuf_printf(b, ",\"%s\":{\"wins\":%ld,\"draws\":%ld,\"losses\":%ld}", name,
                w, d, l);
}

static void
json_counts(tbuf *b, const ex_count *c)
{
    json_int(b, "games", c->games);
    json_int(b, "wins", c->wins);
    json_int(b, "draws", c->draws);
    json_int(b, "losses", c->losses);
    json_int(b, "unknown", c->unknown);
    if (c->dated > 0)
        tbuf_printf(b, ",\"year_average\":%.1f,\"year_last\":%d",
                    c->year_sum / (double)c->dated, c->year_last);
    else
        tbuf_adds(b, ",\"year_average\":null,\"year_last\":null");
}

static void
json_str(tbuf *b, const char *name, const char *v)
{
    tbuf_printf(b, ",\"%s\":", name);
    if (v != NULL)
        tbuf_json(b, v);
    else
        tbuf_adds(b, "null");
}

void
ex_json_games(tbuf *b, const ex_game *g, size_t n)
{
    size_t i;

    tbuf_addc(b, '[');
    for (i = 0; i < n; i++) {
        tbuf_printf(b, "%s{\"id\":%lld", i ? "," : "", (long long)g[i].id);
        json_str(b, "white", g[i].white);
        json_str(b, "black", g[i].black);
        json_str(b, "event", g[i].event);
        json_str(b, "date", g[i].date);
        if (g[i].year != 0)
            json_int(b, "year", g[i].year);
        else
            tbuf_adds(b, ",\"year\":null");
        json_str(b, "result", g[i].result);
        tbuf_addc(b, '}');
    }
    tbuf_addc(b, ']');
}

void
ex_json_position(tbuf *b, const ex_node *n)
{
    const ex_count *c = &n->c;
    int first_moves = n->turn == n->gt.start;
    char w = n->gt.start == 'W';

    tbuf_adds(b, "{\"type\":\"position\",\"file\":");
    tbuf_json(b, n->file);
    tbuf_adds(b, ",\"game\":null,\"fen\":");
    tbuf_json(b, n->fen);
    json_str(b, "gametype", n->gts);
    json_str(b, "variant", pdn_gametype_name(&n->gt));
    tbuf_printf(b, ",\"key\":\"%016llx\",\"turn\":\"%c\",\"first\":\"%c\"",
                (unsigned long long)n->key, n->turn, n->gt.start);
    json_counts(b, c);
    json_int(b, "continued", c->games - n->ended);
    json_int(b, "ended", n->ended);
    json_wdl(b, "to_move", first_moves ? c->wins : c->losses, c->draws,
             first_moves ? c->losses : c->wins);
    json_wdl(b, "white", w ? c->wins : c->losses, c->draws,
             w ? c->losses : c->wins);
    json_wdl(b, "black", w ? c->losses : c->wins, c->draws,
             w ? c->wins : c->losses);
    tbuf_adds(b, ",\"top\":");
    ex_json_games(b, n->games, n->ngames);
    tbuf_addc(b, '}');
}

void
ex_json_move(tbuf *b, const ex_node *n, const ex_move *m)
{
    tbuf_adds(b, "{\"type\":\"move\",\"file\":");
    tbuf_json(b, n->file);
    tbuf_adds(b, ",\"game\":null,\"move\":");
    tbuf_json(b, m->move);
    tbuf_printf(b, ",\"key\":\"%016llx\"", (unsigned long long)m->next);
    json_str(b, "fen", m->fen);
    json_counts(b, &m->c);
    json_int(b, "reached", m->reached);
    tbuf_printf(b, ",\"transposition\":%s",
                m->reached > m->via ? "true" : "false");
    tbuf_adds(b, ",\"top\":");
    ex_json_games(b, m->top, m->ntop);
    tbuf_addc(b, '}');
}

void
ex_board_json(tbuf *b, const pdn_gametype *gt, const char *fen)
{
    pdn_board *bd = pdn_board_new(gt, NULL);
    int sq, n = pdn_square_count(gt);

    tbuf_printf(b, "{\"width\":%d,\"height\":%d,\"squares\":[", gt->width,
                gt->height);
    if (bd != NULL && fen != NULL)
        pdn_board_set_fen_string(bd, fen, NULL);
    for (sq = 1; sq <= n; sq++) {
        int at = pdn_square_to_coord(gt, sq), p = 0;
        char name[16];

        if (at < 0)
            continue;
        if (bd != NULL)
            p = pdn_board_piece(bd, at);
        pdn_coord_name(gt, at, name, sizeof name);
        tbuf_printf(b, "%s[%d,%d,\"%c\",", sq > 1 ? "," : "",
                    PDN_COORD_FILE(at), PDN_COORD_RANK(at),
                    p != 0 && strchr("wbWB", p) != NULL ? p : '.');
        tbuf_json(b, name);
        tbuf_addc(b, ']');
    }
    tbuf_adds(b, "]}");
    pdn_board_free(bd);
}

/* A stored game: its text, and its moves replayed from its start with
 * the position after each: {"id":..,"pdn":..,"gametype":..,"start":FEN,
 * "plies":[{"move":..,"fen":..}]}. */
int
ex_game_json(ex_db *x, int64_t id, tbuf *b, tbuf *err)
{
    sqlite3_stmt *st = db_prepare(x->db, x->path,
                                  "SELECT sqlar_uncompress(raw, size), pre,"
                                  " gametype, white, black,"
                                  " event, date, result FROM games"
                                  " WHERE id = ?");
    pdn_reader *r = NULL;
    pdn_game *g = NULL;
    pdn_gametype gt;
    pdn_board *bd = NULL;
    pdn_movelist *l = NULL;
    const pdn_node *nd;
    pdn_error e;
    const char *raw;
    int len, pre, first = 1;
    char fen[PDN_FEN_MAX * 5];

    if (st == NULL)
        return -2;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) != SQLITE_ROW) {
        tbuf_printf(err, "no game %lld", (long long)id);
        sqlite3_finalize(st);
        return -1;
    }
    raw = sqlite3_column_blob(st, 0);
    len = sqlite3_column_bytes(st, 0);
    pre = sqlite3_column_int(st, 1);
    if (pre > len)
        pre = len;
    tbuf_printf(b, "{\"type\":\"game\",\"id\":%lld", (long long)id);
    json_str(b, "white", (const char *)sqlite3_column_text(st, 3));
    json_str(b, "black", (const char *)sqlite3_column_text(st, 4));
    json_str(b, "event", (const char *)sqlite3_column_text(st, 5));
    json_str(b, "date", (const char *)sqlite3_column_text(st, 6));
    json_str(b, "result", (const char *)sqlite3_column_text(st, 7));
    json_str(b, "gametype", (const char *)sqlite3_column_text(st, 2));
    {
        tbuf t = {NULL, 0, 0};

        tbuf_add(&t, raw != NULL ? raw + pre : "", (size_t)(len - pre));
        json_str(b, "pdn", t.data != NULL ? t.data : "");
        tbuf_free(&t);
    }
    if (sqlite3_column_text(st, 2) != NULL &&
        pdn_gametype_parse((const char *)sqlite3_column_text(st, 2), &gt,
                           NULL) >= 0 &&
        (r = pdn_reader_new_mem(raw, (size_t)len, "db")) != NULL &&
        pdn_reader_next(r, &g, &e) > 0 && g != NULL &&
        (bd = pdn_board_new(&gt, NULL)) != NULL &&
        (l = pdn_movelist_new()) != NULL) {
        const char *f = pdn_game_tag(g, "FEN");

        if (f != NULL)
            pdn_board_set_fen_string(bd, f, NULL);
        tool_fen(bd, fen, sizeof fen);
        json_str(b, "start", fen);
        tbuf_adds(b, ",\"board\":");
        ex_board_json(b, &gt, fen);
        tbuf_adds(b, ",\"plies\":[");
        for (nd = pdn_game_first(g); nd != NULL; nd = pdn_node_next(nd)) {
            const pdn_movetext *mt = pdn_node_move(nd);
            pdn_match m;

            if (mt == NULL)
                continue;
            if (pdn_board_play(bd, mt, &m, l, NULL) != PDN_MATCH_LEGAL)
                break;
            tool_fen(bd, fen, sizeof fen);
            tbuf_adds(b, first ? "{\"move\":" : ",{\"move\":");
            first = 0;
            tbuf_json(b, pdn_node_text(nd));
            json_str(b, "fen", fen);
            tbuf_addc(b, '}');
        }
        tbuf_addc(b, ']');
    } else {
        tbuf_adds(b, ",\"start\":null,\"plies\":[]");
    }
    tbuf_addc(b, '}');
    pdn_movelist_free(l);
    pdn_board_free(bd);
    pdn_game_free(g);
    pdn_reader_free(r);
    sqlite3_finalize(st);
    return 0;
}

void
ex_node_json(tbuf *b, const ex_node *n)
{
    size_t i;

    tbuf_adds(b, "{\"position\":");
    ex_json_position(b, n);
    tbuf_adds(b, ",\"board\":");
    ex_board_json(b, &n->gt, n->fen);
    tbuf_adds(b, ",\"moves\":[");
    for (i = 0; i < n->nmoves; i++) {
        if (i > 0)
            tbuf_addc(b, ',');
        ex_json_move(b, n, &n->moves[i]);
    }
    tbuf_adds(b, "]}");
}
