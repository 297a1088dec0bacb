/* SPDX-License-Identifier: MIT */
/* The explorer's index (explore.h). A build makes, for every game and
 * every position it reaches (its first visit) that at least EX_MIN games
 * reach (as the position index counts them), a row: the key of the
 * position one ply later (0 when the game ends there) with the game's
 * outcome and year (temporary table ex_rows, dropped with the build's
 * connection). It keeps their sums per (key, next), table explore_sum,
 * which answers a node's counts with no filter in one range read, and
 * their games per (key, next), delta-coded, table explore_list, which a
 * node intersects with the set of its filters (or reads whole for its
 * latest games); each game's outcome, year and Date range are table
 * explore_info. The positions fewer games reach, most of them, are
 * answered by replaying those games (ex_key_rows): the rows they would
 * have. ex_open builds the index when asked, or brings it up to date
 * after an add, and opens a database with it. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char index_sql[] =
    "DROP TABLE IF EXISTS main.explore;\n"
    "CREATE TEMP TABLE IF NOT EXISTS ex_rows(key INTEGER NOT NULL,"
    " next INTEGER NOT NULL, year INTEGER, game INTEGER NOT NULL,"
    " outcome INTEGER NOT NULL, PRIMARY KEY(key, next, year, game))"
    " WITHOUT ROWID;\n"
    "DELETE FROM temp.ex_rows;\n"
    "CREATE TABLE IF NOT EXISTS explore_sum(key INTEGER NOT NULL,"
    " next INTEGER NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,"
    " draws INTEGER NOT NULL, losses INTEGER NOT NULL,"
    " dated INTEGER NOT NULL, year_sum INTEGER NOT NULL, year_last INTEGER,"
    " PRIMARY KEY(key, next)) WITHOUT ROWID;\n"
    "CREATE TABLE IF NOT EXISTS explore_list(key INTEGER NOT NULL,"
    " next INTEGER NOT NULL, games BLOB NOT NULL, PRIMARY KEY(key, next))"
    " WITHOUT ROWID;\n"
    "CREATE TABLE IF NOT EXISTS explore_info(chunk INTEGER PRIMARY KEY,"
    " data BLOB NOT NULL);\n"
    "CREATE INDEX IF NOT EXISTS explore_games ON games(white, black, event,"
    " date, outcome);\n"
    "CREATE TABLE IF NOT EXISTS explore_variants(gametype TEXT PRIMARY KEY,"
    " games INTEGER NOT NULL) WITHOUT ROWID;\n";

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

/* ---- the keys the index holds ---- */

static int cmp_u32(const void *a, const void *b);

typedef struct key_vec {
    uint32_t *v;
    size_t n, cap;
} key_vec;

static void
key_vec_add(key_vec *k, uint32_t v)
{
    if (k->n == k->cap) {
        uint32_t *w;

        k->cap = k->cap ? k->cap * 2 : 256;
        w = tool_xmalloc(k->cap * sizeof *w);
        if (k->n != 0)
            memcpy(w, k->v, k->n * sizeof *w);
        free(k->v);
        k->v = w;
    }
    k->v[k->n++] = v;
}

static void
entry_key(void *ud, uint32_t key, uint32_t game)
{
    db_post_add(ud, key, game);
}

static void
entry_game(void *ud, uint32_t key, uint32_t game)
{
    (void)key;
    key_vec_add(ud, game);
}

/* The keys the position index gives at least min games (f) and, with
 * last > 0, the keys it gave at least min of the games up to last (old:
 * the keys an index of those games holds) and the games up to last of
 * the keys of f not in old (games: sorted, each once). */
static int
frequent(sqlite3 *db, const char *path, long min, int64_t last,
         ex_keyset *f, ex_keyset *old, key_vec *games)
{
    db_postings k;
    uint64_t *tmp;
    size_t i, j, m;

    memset(f, 0, sizeof *f);
    memset(&k, 0, sizeof k);
    /* the index has an entry for a key and a game: a key's entries are
     * its games (the segments in turn: sorted by key, their games
     * ascending) */
    if (db_post_lookup(db, path, DB_POST_POSITION, 0, UINT32_MAX, entry_key,
                       &k) != 0) {
        db_post_free(&k);
        return -1;
    }
    tmp = tool_xmalloc((k.n ? k.n : 1) * sizeof *tmp);
    db_sort64(k.v, k.n, tmp);
    free(tmp);
    f->k = tool_xmalloc((k.n ? k.n : 1) * sizeof *f->k);
    if (old != NULL) {
        memset(old, 0, sizeof *old);
        old->k = tool_xmalloc((k.n ? k.n : 1) * sizeof *old->k);
    }
    for (i = 0; i < k.n; i = j) {
        size_t before = 0;

        for (j = i; j < k.n && k.v[j] >> 32 == k.v[i] >> 32; j++)
            before += (int64_t)(uint32_t)k.v[j] <= last;
        if ((long)(j - i) < min)
            continue;
        f->k[f->n++] = (uint32_t)(k.v[i] >> 32);
        if (old == NULL)
            continue;
        if ((long)before >= min) {
            old->k[old->n++] = (uint32_t)(k.v[i] >> 32);
            continue;
        }
        for (m = i; m < j; m++)
            if ((int64_t)(uint32_t)k.v[m] <= last)
                key_vec_add(games, (uint32_t)k.v[m]);
    }
    db_post_free(&k);
    if (games != NULL && games->n > 1) {
        qsort(games->v, games->n, sizeof *games->v, cmp_u32);
        for (i = 1, j = 1; i < games->n; i++)
            if (games->v[i] != games->v[j - 1])
                games->v[j++] = games->v[i];
        games->n = j;
    }
    return 0;
}

int
ex_frequent(sqlite3 *db, const char *path, long min, ex_keyset *f)
{
    return frequent(db, path, min, 0, f, NULL, NULL);
}

int
ex_keyset_has(const ex_keyset *f, uint32_t k)
{
    size_t lo = 0, hi = f->n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;

        if (f->k[mid] < k)
            lo = mid + 1;
        else if (f->k[mid] > k)
            hi = mid;
        else
            return 1;
    }
    return 0;
}

void
ex_keyset_free(ex_keyset *f)
{
    free(f->k);
    memset(f, 0, sizeof *f);
}

/* ---- the index ---- */

typedef struct ex_build {
    sqlite3 *db;
    const char *path;
    sqlite3_stmt *ins;
    ex_row *rows;
    size_t nrows, cap;
    int failed;
    const ex_keyset *keep;   /* the keys kept (NULL: all) */
    sqlite3_stmt *touch;     /* records the keys of the rows written
                                (an update: their sums and lists are
                                made anew) */
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
        if (s->touch != NULL && (i == 0 || r->key != s->rows[i - 1].key)) {
            sqlite3_bind_int64(s->touch, 1, r->key);
            if (sqlite3_step(s->touch) != SQLITE_DONE) {
                db_fail(s->db, s->path, "explorer index");
                s->failed = 1;
            }
            sqlite3_reset(s->touch);
        }
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

        if (s->keep != NULL && !ex_keyset_has(s->keep, DB_POS_KEY(p[i].key)))
            continue;
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
               const char *date, int outcome, const ex_keyset *keep,
               uint64_t *hash, uint32_t *count)
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
    s.keep = keep;
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

static int
cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return (x > y) - (x < y);
}

/* The games the position index gives for key, sorted, each once. */
static int
key_games(ex_db *x, int64_t key, key_vec *g)
{
    size_t i, n = 0;

    g->n = 0;
    if (db_post_lookup(x->db, x->path, DB_POST_POSITION, DB_POS_KEY(key),
                       DB_POS_KEY(key), entry_game, g) != 0)
        return -1;
    qsort(g->v, g->n, sizeof *g->v, cmp_u32);
    for (i = 0; i < g->n; i++)
        if (i == 0 || g->v[i] != g->v[i - 1])
            g->v[n++] = g->v[i];
    g->n = n;
    return 0;
}

int
ex_key_rows(ex_db *x, int64_t key, ex_row **rows, size_t *n)
{
    key_vec g = {NULL, 0, 0};
    ex_build s;
    ex_row *out = NULL;
    size_t i, k, nout = 0, cap = 0;
    int rc = 0;

    *rows = NULL;
    *n = 0;
    memset(&s, 0, sizeof s);
    if (x->rp == NULL) {
        x->rp = tool_xmalloc(sizeof *x->rp);
        memset(x->rp, 0, sizeof *x->rp);
        tool_opts_init(&x->rp->vo);
        x->rp->vo.quiet = 1;
        x->rp->vo.have_force = 1;
    }
    if (x->one == NULL &&
        (x->one = db_prepare(x->db, x->path, "SELECT outcome, date, gametype,"
                                             " raw, size FROM games WHERE"
                                             " id = ?")) == NULL)
        return -1;
    if (key_games(x, key, &g) != 0) {
        free(g.v);
        return -1;
    }
    for (i = 0; i < g.n; i++) {
        int st;

        sqlite3_bind_int64(x->one, 1, g.v[i]);
        st = sqlite3_step(x->one);
        if (st == SQLITE_ROW && sqlite3_column_type(x->one, 2) != SQLITE_NULL) {
            ex_replay_game(x->rp, (const char *)sqlite3_column_text(x->one, 2),
                           sqlite3_column_blob(x->one, 3),
                           sqlite3_column_bytes(x->one, 3),
                           sqlite3_column_int64(x->one, 4));
            s.nrows = 0;
            ex_game_rows(&s, g.v[i], x->rp->p, x->rp->n,
                         year_of((const char *)sqlite3_column_text(x->one, 1)),
                         sqlite3_column_int(x->one, 0));
            for (k = 0; k < s.nrows; k++) {
                if (s.rows[k].key != key)
                    continue;
                if (nout == cap) {
                    cap = cap ? cap * 2 : 16;
                    out = realloc(out, cap * sizeof *out);
                    if (out == NULL) {
                        tool_error("memory exhausted");
                        exit(TOOL_TROUBLE);
                    }
                }
                out[nout++] = s.rows[k];
            }
        } else if (st != SQLITE_ROW && st != SQLITE_DONE) {
            rc = -1;
        }
        sqlite3_reset(x->one);
        if (rc != 0)
            break;
    }
    free(g.v);
    free(s.rows);
    if (rc != 0) {
        free(out);
        return -1;
    }
    *rows = out;
    *n = nout;
    return 0;
}

typedef struct games_cond {
    tbuf *sql;
    int first;
} games_cond;

static void
cond_ids(void *ud, int64_t next, const int64_t *ids, size_t n)
{
    games_cond *c = ud;
    size_t i;

    (void)next;
    for (i = 0; i < n; i++) {
        tbuf_printf(c->sql, "%s%lld", c->first ? "" : ",", (long long)ids[i]);
        c->first = 0;
    }
}

int
ex_games_cond(ex_db *x, int64_t key, tbuf *sql)
{
    games_cond gc;
    ex_row *r;
    size_t n, i;
    int rc = 0, held;

    sqlite3_bind_int64(x->reach, 1, key);
    held = sqlite3_step(x->reach) == SQLITE_ROW &&
           sqlite3_column_int64(x->reach, 0) > 0;
    sqlite3_reset(x->reach);
    gc.sql = sql;
    gc.first = 1;
    /* a position the index holds: its game lists; else its rows */
    if (!held && ex_key_rows(x, key, &r, &n) != 0)
        return -1;
    tbuf_adds(sql, " AND g.id IN (");
    if (held)
        rc = ex_lists(x, key, cond_ids, &gc);
    else {
        for (i = 0; i < n; i++)
            cond_ids(&gc, r[i].next, &r[i].game, 1);
        free(r);
    }
    tbuf_adds(sql, ")");
    return rc;
}

/* ---- the game lists (explore_list) ---- */

/* Appends v as a varint (7 bits a byte, low first). */
static void
put_varint(tbuf *b, uint64_t v)
{
    unsigned char c[10];
    size_t n = 0;

    do {
        c[n++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v != 0);
    tbuf_add(b, (const char *)c, n);
}

static int
cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

    return (x > y) - (x < y);
}

/* Writes the list of one (key, next): games g[0..n) sorted, each once. */
static int
list_put(sqlite3_stmt *ins, int64_t key, int64_t next, int64_t *g, size_t n,
         tbuf *b)
{
    size_t i;
    int64_t last = 0;

    qsort(g, n, sizeof *g, cmp_i64);
    b->len = 0;
    for (i = 0; i < n; i++) {
        if (i > 0 && g[i] == g[i - 1])
            continue;
        put_varint(b, (uint64_t)(g[i] - last));
        last = g[i];
    }
    sqlite3_bind_int64(ins, 1, key);
    sqlite3_bind_int64(ins, 2, next);
    sqlite3_bind_blob(ins, 3, b->data != NULL ? b->data : "", (int)b->len,
                      SQLITE_STATIC);
    if (sqlite3_step(ins) != SQLITE_DONE) {
        sqlite3_reset(ins);
        return -1;
    }
    sqlite3_reset(ins);
    return 0;
}

/* The game lists of the rows of ex_rows that cond selects (" WHERE ...",
 * or ""), written anew. */
static int
lists_build(sqlite3 *db, const char *path, const char *cond)
{
    sqlite3_stmt *rd = NULL, *ins = NULL;
    tbuf sql = {NULL, 0, 0}, b = {NULL, 0, 0};
    tbuf gb = {NULL, 0, 0};  /* the games of (key, next) */
    int64_t key = 0, next = 0;
    int rc = -1, st;

    tbuf_printf(&sql, "DELETE FROM explore_list%s", cond);
    if (db_exec(db, path, sql.data) != 0)
        goto done;
    sql.len = 0;
    tbuf_printf(&sql, "SELECT key, next, game FROM temp.ex_rows%s ORDER BY"
                      " key, next", cond);
    if ((rd = db_prepare(db, path, sql.data)) == NULL ||
        (ins = db_prepare(db, path, "INSERT INTO explore_list VALUES(?, ?,"
                                    " ?)")) == NULL)
        goto done;
    while ((st = sqlite3_step(rd)) == SQLITE_ROW) {
        int64_t k = sqlite3_column_int64(rd, 0), x = sqlite3_column_int64(rd, 1);

        int64_t game = sqlite3_column_int64(rd, 2);

        if (gb.len != 0 && (k != key || x != next)) {
            if (list_put(ins, key, next, (int64_t *)(void *)gb.data,
                         gb.len / sizeof game, &b) != 0)
                break;
            gb.len = 0;
        }
        key = k;
        next = x;
        tbuf_add(&gb, (const char *)&game, sizeof game);
    }
    if (st == SQLITE_DONE &&
        (gb.len == 0 || list_put(ins, key, next, (int64_t *)(void *)gb.data,
                                 gb.len / sizeof(int64_t), &b) == 0))
        rc = 0;
    else
        db_fail(db, path, "explorer index");
done:
    sqlite3_finalize(rd);
    sqlite3_finalize(ins);
    tbuf_free(&sql);
    tbuf_free(&b);
    tbuf_free(&gb);
    return rc;
}

size_t
ex_list_decode(const unsigned char *p, size_t len, int64_t *ids)
{
    size_t i = 0, n = 0;
    int64_t last = 0;

    while (i < len) {
        uint64_t v = 0;
        int sh = 0;

        while (i < len && (p[i] & 0x80) && sh < 63) {
            v |= (uint64_t)(p[i++] & 0x7f) << sh;
            sh += 7;
        }
        if (i < len)
            v |= (uint64_t)p[i++] << sh;
        last += (int64_t)v;
        ids[n++] = last;
    }
    return n;
}

int
ex_lists(ex_db *x, int64_t key,
         void (*fn)(void *ud, int64_t next, const int64_t *ids, size_t n),
         void *ud)
{
    int64_t *ids = NULL;
    size_t cap = 0;
    int st;

    sqlite3_bind_int64(x->list, 1, key);
    while ((st = sqlite3_step(x->list)) == SQLITE_ROW) {
        const unsigned char *p = sqlite3_column_blob(x->list, 1);
        size_t len = (size_t)sqlite3_column_bytes(x->list, 1), n;

        if (cap < len + 1) {
            cap = len + 1; /* a game at least a byte */
            free(ids);
            ids = tool_xmalloc(cap * sizeof *ids);
        }
        n = ex_list_decode(p, len, ids);
        fn(ud, sqlite3_column_int64(x->list, 0), ids, n);
    }
    sqlite3_reset(x->list);
    free(ids);
    return st == SQLITE_DONE ? 0 : -1;
}

/* Table explore_info: each game's outcome, year and Date range, for
 * the filters and the filtered nodes (ex_info), EX_INFO_IDS games a row
 * (chunk c: ids c * EX_INFO_IDS and on), EX_INFO_SIZE bytes a game:
 * outcome, year (16 bits), the Date's first and last day (YYYYMMDD, 32
 * bits each; first > last: no Date), little-endian. */
static void
info_put(unsigned char *p, int outcome, int year, const char *d)
{
    long lo = 1, hi = 0;
    int i;

    if (d == NULL || selcrit_date(d, &lo, &hi) != 0) {
        lo = 1;
        hi = 0;
    }
    p[0] = (unsigned char)outcome;
    p[1] = (unsigned char)(year & 0xff);
    p[2] = (unsigned char)(year >> 8 & 0xff);
    for (i = 0; i < 4; i++) {
        p[3 + i] = (unsigned char)((uint32_t)lo >> (8 * i) & 0xff);
        p[7 + i] = (unsigned char)((uint32_t)hi >> (8 * i) & 0xff);
    }
}

void
ex_info_entry(unsigned char *p, int outcome, const char *date)
{
    info_put(p, outcome, year_of(date), date);
}

static void
info_get(ex_db *x, int64_t id, const unsigned char *p)
{
    uint32_t lo = 0, hi = 0;
    int i;

    x->info_outcome[id] = p[0];
    x->info_year[id] = (uint16_t)(p[1] | p[2] << 8);
    for (i = 0; i < 4; i++) {
        lo |= (uint32_t)p[3 + i] << (8 * i);
        hi |= (uint32_t)p[7 + i] << (8 * i);
    }
    x->info_dlo[id] = (int32_t)lo;
    x->info_dhi[id] = (int32_t)hi;
}

/* The rows of explore_info of the games from id from to top, written
 * anew (the chunk of from and those after it). */
static int
info_build(sqlite3 *db, const char *path, int64_t from, int64_t top)
{
    int64_t c0 = from / EX_INFO_IDS, c, first = c0 * EX_INFO_IDS, i;
    size_t n = (size_t)(top >= first ? top - first + 1 : 0);
    unsigned char *buf = tool_xmalloc(n * EX_INFO_SIZE + 1);
    sqlite3_stmt *rd = NULL, *ins = NULL;
    int rc = -1, st;

    for (i = 0; i < (int64_t)n; i++)
        info_put(buf + i * EX_INFO_SIZE, 0, 0, NULL);
    if ((rd = db_prepare(db, path, "SELECT id, outcome, date FROM games"
                                   " WHERE id BETWEEN ? AND ?")) == NULL ||
        (ins = db_prepare(db, path, "INSERT OR REPLACE INTO explore_info"
                                    " VALUES(?, ?)")) == NULL)
        goto done;
    sqlite3_bind_int64(rd, 1, first);
    sqlite3_bind_int64(rd, 2, top);
    while ((st = sqlite3_step(rd)) == SQLITE_ROW) {
        const char *d = (const char *)sqlite3_column_text(rd, 2);
        int64_t id = sqlite3_column_int64(rd, 0);

        info_put(buf + (id - first) * EX_INFO_SIZE,
                 sqlite3_column_int(rd, 1), year_of(d), d);
    }
    if (st != SQLITE_DONE)
        goto done;
    for (c = c0; c <= top / EX_INFO_IDS && n > 0; c++) {
        int64_t lo = c * EX_INFO_IDS, hi = lo + EX_INFO_IDS - 1;

        if (hi > top)
            hi = top;
        sqlite3_bind_int64(ins, 1, c);
        sqlite3_bind_blob(ins, 2, buf + (lo - first) * EX_INFO_SIZE,
                          (int)((hi - lo + 1) * EX_INFO_SIZE), SQLITE_STATIC);
        if (sqlite3_step(ins) != SQLITE_DONE)
            goto done;
        sqlite3_reset(ins);
    }
    rc = 0;
done:
    if (rc != 0)
        db_fail(db, path, "explorer index");
    sqlite3_finalize(rd);
    sqlite3_finalize(ins);
    free(buf);
    return rc;
}

/* ex_info from explore_info: 0, or 1 when it does not cover every game
 * up to x->info_max's candidate max. */
static int
info_read(ex_db *x, int64_t max)
{
    sqlite3_stmt *st;
    int64_t covered = -1;

    if (sqlite3_prepare_v2(x->db, "SELECT chunk, data FROM explore_info"
                                  " ORDER BY chunk", -1, &st, NULL) !=
        SQLITE_OK) {
        sqlite3_finalize(st);
        return 1;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        int64_t c = sqlite3_column_int64(st, 0), id = c * EX_INFO_IDS, k;
        const unsigned char *p = sqlite3_column_blob(st, 1);
        int64_t n = sqlite3_column_bytes(st, 1) / EX_INFO_SIZE;

        if (id != covered + 1)
            break;
        for (k = 0; k < n && id + k <= max; k++)
            info_get(x, id + k, p + k * EX_INFO_SIZE);
        covered = id + n - 1;
    }
    sqlite3_finalize(st);
    return covered >= max ? 0 : 1;
}

int
ex_info(ex_db *x)
{
    sqlite3_stmt *st;
    int64_t max = 0, i;
    int rc;

    if (x->info_max >= 0)
        return 0;
    if ((st = db_prepare(x->db, x->path, "SELECT coalesce(max(id), 0) FROM"
                                         " games")) == NULL)
        return -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        max = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    x->info_outcome = tool_xmalloc((size_t)max + 1);
    x->info_year = tool_xmalloc(((size_t)max + 1) * sizeof *x->info_year);
    x->info_dlo = tool_xmalloc(((size_t)max + 1) * sizeof *x->info_dlo);
    x->info_dhi = tool_xmalloc(((size_t)max + 1) * sizeof *x->info_dhi);
    for (i = 0; i <= max; i++) {
        x->info_outcome[i] = 0;
        x->info_year[i] = 0;
        x->info_dlo[i] = 1;
        x->info_dhi[i] = 0;
    }
    if (info_read(x, max) == 0) {
        x->info_max = max;
        return 0;
    }
    /* an index without the table: the covering index explore_games, no
     * game text read */
    if ((st = db_prepare(x->db, x->path, "SELECT id, outcome, date FROM"
                                         " games INDEXED BY explore_games")) ==
        NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        const char *d = (const char *)sqlite3_column_text(st, 2);
        unsigned char p[EX_INFO_SIZE];

        if (id < 0 || id > max)
            continue;
        info_put(p, sqlite3_column_int(st, 1), year_of(d), d);
        info_get(x, id, p);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return -1;
    x->info_max = max;
    return 0;
}

/* An update: the rows of the games already indexed at the positions
 * touched, from their lists (explore_list) and the games' outcomes and
 * Dates, added to ex_rows, so that their sums and lists are made anew
 * from every game. */
static int
old_rows(ex_build *s)
{
    sqlite3_stmt *rd, *one, *touch = s->touch;
    int st = SQLITE_ERROR, st1;

    rd = db_prepare(s->db, s->path, "SELECT key, next, games FROM"
                                    " explore_list WHERE key IN (SELECT key"
                                    " FROM temp.ex_touched)");
    one = db_prepare(s->db, s->path, "SELECT outcome, date FROM games WHERE"
                                     " id = ?");
    if (rd == NULL || one == NULL)
        goto done;
    s->touch = NULL; /* the keys read are those touched already */
    while ((st = sqlite3_step(rd)) == SQLITE_ROW && !s->failed) {
        size_t len = (size_t)sqlite3_column_bytes(rd, 2), i, n;
        int64_t key = sqlite3_column_int64(rd, 0),
                next = sqlite3_column_int64(rd, 1), game;
        int64_t *ids = tool_xmalloc((len + 1) * sizeof *ids);

        n = ex_list_decode(sqlite3_column_blob(rd, 2), len, ids);
        for (i = 0; i < n; i++) {
            game = ids[i];
            sqlite3_bind_int64(one, 1, game);
            if ((st1 = sqlite3_step(one)) == SQLITE_ROW)
                ex_push(s, key, next, game,
                        year_of((const char *)sqlite3_column_text(one, 1)),
                        sqlite3_column_int(one, 0));
            sqlite3_reset(one);
            if (st1 != SQLITE_ROW && st1 != SQLITE_DONE) {
                st = st1;
                free(ids);
                goto done;
            }
        }
        free(ids);
        if (s->nrows >= (1u << 20))
            ex_flush(s);
    }
    if (st == SQLITE_DONE) {
        ex_flush(s);
        if (s->failed)
            st = SQLITE_ERROR;
    }
done:
    if (st != SQLITE_DONE)
        db_fail(s->db, s->path, "explorer index");
    s->touch = touch;
    sqlite3_finalize(rd);
    sqlite3_finalize(one);
    return st == SQLITE_DONE ? 0 : -1;
}

/* The rows of game (the row of g: id, outcome, date, gametype, raw,
 * size) for the keys s->keep holds. */
static void
game_rows(ex_build *s, ex_replay *x, sqlite3_stmt *g)
{
    ex_replay_game(x, (const char *)sqlite3_column_text(g, 3),
                   sqlite3_column_blob(g, 4), sqlite3_column_bytes(g, 4),
                   sqlite3_column_int64(g, 5));
    ex_game_rows(s, sqlite3_column_int64(g, 0), x->p, x->n,
                 year_of((const char *)sqlite3_column_text(g, 2)),
                 sqlite3_column_int(g, 1));
    if (s->nrows >= (1u << 20))
        ex_flush(s);
}

/* Brings the index up to date: the rows of the games added since it was
 * built (last), and of the games before them that reach a position now
 * kept that was not (fresh); the sums and lists of the positions whose
 * rows changed made anew. An index of another format or minimum is made
 * anew. */
static int
ex_index(sqlite3 *db, const char *path)
{
    ex_build s;
    ex_replay x;
    ex_keyset keep = {NULL, 0}, old = {NULL, 0}, fresh = {NULL, 0};
    key_vec before = {NULL, 0, 0};
    sqlite3_stmt *g = NULL;
    int64_t last, top;
    size_t i;
    int rc;
    const char *touched = "";
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
    /* an index of another format, or kept by another minimum, is made
     * anew */
    if (db_meta_int(db, "explore_format") != EX_FORMAT ||
        db_meta_int(db, "explore_min") != EX_MIN)
        last = 0;
    top = -1;
    if ((g = db_prepare(db, path, "SELECT coalesce(max(id), 0) FROM games")) ==
        NULL)
        goto fail;
    if (sqlite3_step(g) == SQLITE_ROW)
        top = sqlite3_column_int64(g, 0);
    sqlite3_finalize(g);
    g = NULL;
    if (last != 0 && top <= last) {
        db_exec(db, path, "COMMIT");
        return 0;
    }
    if (last == 0 && db_exec(db, path, "DELETE FROM"
                                       " explore_sum; DELETE FROM"
                                       " explore_list; DELETE FROM"
                                       " explore_info") != 0)
        goto fail;
    if (info_build(db, path, last + 1, top) != 0)
        goto fail;
    if (frequent(db, path, EX_MIN, last, &keep, last != 0 ? &old : NULL,
                 &before) != 0)
        goto fail;
    s.keep = &keep;
    if ((s.ins = db_prepare(db, path, "INSERT OR IGNORE INTO"
                                      " temp.ex_rows VALUES(?, ?, ?, ?,"
                                      " ?)")) == NULL)
        goto fail;
    if (last != 0) {
        /* the positions whose rows change */
        if (db_exec(db, path, "CREATE TEMP TABLE IF NOT EXISTS"
                              " ex_touched(key INTEGER PRIMARY KEY);"
                              " DELETE FROM temp.ex_touched") != 0 ||
            (s.touch = db_prepare(db, path, "INSERT OR IGNORE INTO"
                                            " temp.ex_touched VALUES(?)")) ==
                NULL)
            goto fail;
        touched = " WHERE key IN (SELECT key FROM temp.ex_touched)";
        /* the games before that reach a position kept now, not then: its
         * rows for those positions only */
        fresh.k = tool_xmalloc((keep.n ? keep.n : 1) * sizeof *fresh.k);
        for (i = 0; i < keep.n; i++)
            if (!ex_keyset_has(&old, keep.k[i]))
                fresh.k[fresh.n++] = keep.k[i];
        if ((g = db_prepare(db, path, "SELECT id, outcome, date, gametype,"
                                      " raw, size FROM games WHERE id = ? AND"
                                      " gametype IS NOT NULL")) == NULL)
            goto fail;
        s.keep = &fresh;
        for (i = 0; i < before.n && !s.failed; i++) {
            sqlite3_bind_int64(g, 1, before.v[i]);
            if ((rc = sqlite3_step(g)) == SQLITE_ROW)
                game_rows(&s, &x, g);
            else if (rc != SQLITE_DONE) {
                db_fail(db, path, "explorer index");
                goto fail;
            }
            sqlite3_reset(g);
        }
        sqlite3_finalize(g);
        g = NULL;
        s.keep = &keep;
    }
    /* the games added, in id order, each replayed */
    snprintf(sql, sizeof sql, "SELECT id, outcome, date, gametype, raw, size"
                              " FROM games WHERE id > %lld AND gametype IS"
                              " NOT NULL ORDER BY id", (long long)last);
    if ((g = db_prepare(db, path, sql)) == NULL)
        goto fail;
    while ((rc = sqlite3_step(g)) == SQLITE_ROW && !s.failed)
        game_rows(&s, &x, g);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_fail(db, path, "explorer index");
        goto fail;
    }
    ex_flush(&s);
    if (s.failed || (last != 0 && old_rows(&s) != 0))
        goto fail;
    snprintf(sql, sizeof sql,
             "DELETE FROM explore_sum%s;"
             " INSERT INTO explore_sum SELECT key, next, count(*),"
             " sum(outcome = %d), sum(outcome = %d), sum(outcome = %d),"
             " count(year), coalesce(sum(year), 0), max(year) FROM"
             " temp.ex_rows%s GROUP BY key, next;",
             touched, PDN_OUTCOME_FIRST, PDN_OUTCOME_DRAW, PDN_OUTCOME_SECOND,
             touched);
    if (db_exec(db, path, sql) != 0 || lists_build(db, path, touched) != 0)
        goto fail;
    /* the variants, most games first: what a query chooses among */
    if (db_exec(db, path, "DELETE FROM explore_variants;"
                          " INSERT INTO explore_variants SELECT gametype,"
                          " count(*) FROM games WHERE gametype IS NOT NULL"
                          " GROUP BY gametype") != 0)
        goto fail;
    snprintf(sql, sizeof sql, "INSERT OR REPLACE INTO meta"
                              " VALUES('explore_last', %lld),"
                              " ('explore_format', %d), ('explore_min', %d);"
                              " DELETE FROM temp.ex_rows; COMMIT;",
             (long long)top, EX_FORMAT, EX_MIN);
    if (db_exec(db, path, sql) != 0)
        goto fail;
    rc = 0;
    goto done;
fail:
    rc = -1;
done:
    sqlite3_finalize(g);
    sqlite3_finalize(s.ins);
    sqlite3_finalize(s.touch);
    if (rc != 0)
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    ex_replay_free(&x);
    free(s.rows);
    ex_keyset_free(&keep);
    ex_keyset_free(&old);
    ex_keyset_free(&fresh);
    free(before.v);
    return rc;
}

#define EX_STR(x) #x
#define EX_XSTR(x) EX_STR(x)
#define EX_FORMAT_S EX_XSTR(EX_FORMAT)

/* 1 when the index holds every game of db. */
static int
ex_fresh(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int fresh = 0;

    if (sqlite3_prepare_v2(db, "SELECT (SELECT coalesce(max(id), 0) FROM"
                               " games) <= (SELECT value FROM meta WHERE"
                               " key = 'explore_last') AND (SELECT value"
                               " FROM meta WHERE key = 'explore_format') = "
                               EX_FORMAT_S, -1, &st,
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
    x->info_max = -1;
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
        if (db_meta_int(x->db, "explore_last") != 0 &&
            db_meta_int(x->db, "explore_format") != EX_FORMAT)
            tool_error("%s: the explorer's index is of an older format: "
                       "pdn-db explore --index %s makes it anew", path,
                       path);
        else
            tool_error("%s: the explorer's index is missing or older than "
                       "the games: pdn-db explore --index %s brings it up "
                       "to date", path, path);
        ex_close(x);
        return -1;
    }
    x->sum = db_prepare(x->db, path,
                        "SELECT next, games, wins, draws, losses, dated,"
                        " year_sum, year_last FROM explore_sum WHERE key = ?");
    x->sum_one = db_prepare(x->db, path, "SELECT games FROM explore_sum"
                                         " WHERE key = ? AND next = ?");
    x->reach = db_prepare(x->db, path, "SELECT coalesce(sum(games), 0) FROM"
                                       " explore_sum WHERE key = ?");
    x->list = db_prepare(x->db, path, "SELECT next, games FROM explore_list"
                                      " WHERE key = ?");
    st = db_prepare(x->db, path, "SELECT gametype FROM explore_variants"
                                 " ORDER BY games DESC, gametype");
    if (x->sum == NULL || x->sum_one == NULL || x->reach == NULL ||
        x->list == NULL || st == NULL) {
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
    for (i = 0; i < EX_SETS_KEPT; i++) {
        free(x->kept[i].set);
        free(x->kept[i].key);
    }
    if (x->set_key == NULL)
        free(x->set); /* a set not kept */
    sqlite3_finalize(x->reach);
    sqlite3_finalize(x->one);
    sqlite3_finalize(x->list);
    free(x->info_outcome);
    free(x->info_year);
    free(x->info_dlo);
    free(x->info_dhi);
    if (x->rp != NULL) {
        ex_replay_free(x->rp);
        free(x->rp);
    }
    for (i = 0; i < x->nvariants; i++)
        free(x->variants[i]);
    free(x->variants);
    sqlite3_close(x->db);
    memset(x, 0, sizeof *x);
}
