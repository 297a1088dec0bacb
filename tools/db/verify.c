/* SPDX-License-Identifier: MIT */
/* pdn-db verify: every index checked against the games it was made from.
 * Each game's text is inflated and replayed as create replayed it (its
 * stored variant); what the indexes should hold for it is summed per game
 * (a count and an order-free 64-bit hash of its entries) and what they do
 * hold is taken away in one pass over each index, so that memory grows
 * with the games, not with the entries: a game whose sums do not come
 * back to zero is named. The plies streams and the tags are compared byte
 * for byte. */
#include <config.h>
#include "db.h"
#include "plies.h"
#include "explore.h"
#include "common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const tool_option verify_options[] = {{NULL, 0, NULL, NULL}};

static const tool_cmdline verify_cmdline = {
    "verify [OPTION]... DB...",
    "Check every index of the game databases DB against their games: the\n"
    "positions' and material's posting blocks, the plies streams, the tags\n"
    "and the explorer's tables (when built).\n",
    verify_options, "q", "",
    "\nExit status:\n  0  every index agrees with the games\n"
    "  1  findings (each named on standard error)\n"
    "  2  usage error, a database that cannot be read, or system trouble\n"};

/* At most this many findings of one kind are written (then a count). */
#define SHOWN 20

typedef struct sums {
    uint64_t *h;
    uint32_t *n;
} sums;

typedef struct vstate {
    const char *path;
    sqlite3 *db;
    int64_t top;             /* the highest game id */
    unsigned char *exists;   /* a bit per game id that has a row */
    unsigned char *skip;     /* ... whose text did not read (reported) */
    sums pos, mat, ex;
    long findings[8];
    /* the replay of one game */
    tool_opts vo;
    tool_cache cache;
    db_plies_enc pe;
    int setup;
    int64_t *keys, *plies;   /* every position's db_key, its ply */
    size_t nkeys, capkeys;
    int64_t *sigs;
    size_t nsigs, capsigs;
    ex_keyset ex_keep;       /* the keys the explorer's index holds */
} vstate;

enum { F_TEXT, F_TAGS, F_COLUMNS, F_PLIES, F_POS, F_MAT, F_EX, F_OTHER };
static const char *const fwhat[] = {
    "texts", "tags", "columns", "plies streams", "positions index",
    "material index", "explorer index", "others"};

static void
finding(vstate *v, int kind, const char *fmt, ...) TOOL_PRINTF(3, 4);

static void
finding(vstate *v, int kind, const char *fmt, ...)
{
    va_list ap;
    tbuf t = {NULL, 0, 0};
    char buf[1024];

    if (v->findings[kind]++ >= SHOWN)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    tbuf_printf(&t, "%s: %s", v->path, buf);
    tool_error("%s", t.data);
    tbuf_free(&t);
}

static int
bit_get(const unsigned char *b, int64_t i)
{
    return b[i >> 3] >> (i & 7) & 1;
}

static void
bit_set(unsigned char *b, int64_t i)
{
    b[i >> 3] |= (unsigned char)(1u << (i & 7));
}

static uint64_t
mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ x >> 30) * 0xBF58476D1CE4E5B9u;
    x = (x ^ x >> 27) * 0x94D049BB133111EBu;
    return x ^ x >> 31;
}

static void *
xgrow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    *cap = *cap ? *cap * 2 : 256;
    while (*cap < need)
        *cap *= 2;
    p = realloc(p, *cap * size);
    if (p == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    return p;
}

/* Every position of the replay, as create's see() keeps them. */
static int
seen(void *ud, const pdn_board *b, unsigned long ply, const pdn_move *mv)
{
    vstate *v = ud;
    int64_t m = db_material(b);
    size_t i;

    if (mv == NULL && ply > 0) {
        v->setup = 1;
        db_plies_setup(&v->pe, b);
    } else if (mv == NULL) {
        pdn_board *init = pdn_board_new(pdn_board_gametype(b), NULL);

        v->setup = init == NULL || !db_same_board(b, init);
        pdn_board_free(init);
        db_plies_begin(&v->pe, pdn_board_gametype(b), b, !v->setup);
    } else {
        db_plies_move(&v->pe, b, mv);
    }
    v->keys = xgrow(v->keys, &v->capkeys, v->nkeys + 1, sizeof *v->keys);
    v->plies = realloc(v->plies, v->capkeys * sizeof *v->plies);
    if (v->plies == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    v->keys[v->nkeys] = db_key(b);
    v->plies[v->nkeys++] = (int64_t)ply;
    for (i = 0; i < v->nsigs && v->sigs[i] != m; i++)
        ;
    if (i == v->nsigs) {
        v->sigs = xgrow(v->sigs, &v->capsigs, v->nsigs + 1, sizeof *v->sigs);
        v->sigs[v->nsigs++] = m;
    }
    return 0;
}

static int
cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return (x > y) - (x < y);
}

/* The index entries the game should have: each key once. */
static void
expect_keys(sums *s, int64_t id, uint32_t *k, size_t n)
{
    size_t i;

    qsort(k, n, sizeof *k, cmp_u32);
    for (i = 0; i < n; i++)
        if (i == 0 || k[i] != k[i - 1]) {
            s->h[id] += mix(k[i]);
            s->n[id]++;
        }
}

typedef struct lookup_ud {
    vstate *v;
    sums *s;
    int kind;
    long strays;
} lookup_ud;

static void
found_entry(void *ud, uint32_t key, uint32_t game)
{
    lookup_ud *l = ud;

    if ((int64_t)game > l->v->top || !bit_get(l->v->exists, game)) {
        if (l->strays++ < SHOWN)
            finding(l->v, l->kind, "%s: an entry (key %08x) of game %lu, "
                    "which does not exist", fwhat[l->kind], (unsigned)key,
                    (unsigned long)game);
        return;
    }
    l->s->h[game] -= mix(key);
    l->s->n[game]--;
}

/* The games whose sums did not come back to zero. */
static void
report_sums(vstate *v, sums *s, int kind, sqlite3_stmt *where)
{
    int64_t id;

    for (id = 1; id <= v->top; id++) {
        if (!bit_get(v->exists, id) || bit_get(v->skip, id) ||
            (s->h[id] == 0 && s->n[id] == 0))
            continue;
        sqlite3_reset(where);
        sqlite3_bind_int64(where, 1, id);
        if (sqlite3_step(where) == SQLITE_ROW)
            finding(v, kind, "game %lld (%s, game %lld): %s: its entries "
                    "differ from those its moves give (%s%ld)",
                    (long long)id, (const char *)sqlite3_column_text(where, 0),
                    (long long)sqlite3_column_int64(where, 1), fwhat[kind],
                    (int32_t)s->n[id] > 0 ? "entries missing: "
                    : s->n[id] != 0       ? "entries too many: "
                                          : "other keys, as many: ",
                    labs((long)(int32_t)s->n[id]));
    }
}

static int
table_exists(sqlite3 *db, const char *name)
{
    sqlite3_stmt *st = NULL;
    int yes = 0;

    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE name = ?",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        yes = sqlite3_step(st) == SQLITE_ROW;
    }
    sqlite3_finalize(st);
    return yes;
}

/* The tags stored for game id against the game's, and the columns made
 * from them. */
static void
check_tags(vstate *v, sqlite3_stmt *tags, sqlite3_stmt *row, int64_t id,
           const char *file, long long number, const pdn_game *g)
{
    size_t i = 0, n = pdn_game_tag_count(g);
    static const char *const cols[] = {"White", "Black", "Event", "Date"};
    int c;

    sqlite3_reset(tags);
    sqlite3_bind_int64(tags, 1, id);
    while (sqlite3_step(tags) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(tags, 1);
        const char *value = (const char *)sqlite3_column_text(tags, 2);

        if (i >= n || sqlite3_column_int64(tags, 0) != (int64_t)i ||
            name == NULL || value == NULL ||
            strcmp(name, pdn_game_tag_name_at(g, i)) != 0 ||
            strcmp(value, pdn_game_tag_value_at(g, i)) != 0) {
            finding(v, F_TAGS, "game %lld (%s, game %lld): tag %zu differs "
                    "from the game's text", (long long)id, file, number,
                    i + 1);
            return;
        }
        i++;
    }
    if (i != n) {
        finding(v, F_TAGS, "game %lld (%s, game %lld): %zu tags stored, "
                "%zu in the game's text", (long long)id, file, number, i, n);
        return;
    }
    for (c = 0; c < 4; c++) {
        const char *want = pdn_game_tag(g, cols[c]);
        const char *have = (const char *)sqlite3_column_text(row, 7 + c);

        if ((want == NULL) != (have == NULL) ||
            (want != NULL && strcmp(want, have) != 0))
            finding(v, F_COLUMNS, "game %lld (%s, game %lld): its %s column "
                    "differs from its tag", (long long)id, file, number,
                    cols[c]);
    }
}

/* One game: its text, tags, replay, plies stream and expected entries. */
static void
check_game(vstate *v, sqlite3_stmt *row, sqlite3_stmt *tags, tbuf *text,
           int64_t ex_last)
{
    int64_t id = sqlite3_column_int64(row, 0);
    const char *gts = (const char *)sqlite3_column_text(row, 1);
    const char *file = (const char *)sqlite3_column_text(row, 4);
    long long number = sqlite3_column_int64(row, 5);
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_error err;
    tool_out to;
    db_walked w;
    uint32_t *k;
    size_t i;
    int replayed = 0;

    if (db_text_unpack(sqlite3_column_blob(row, 2),
                       sqlite3_column_bytes(row, 2),
                       sqlite3_column_int64(row, 3), text) != 0 ||
        (r = pdn_reader_new_mem(text->data != NULL ? text->data : "",
                                text->len, file)) == NULL) {
        finding(v, F_TEXT, "game %lld (%s, game %lld): its stored text does "
                "not inflate", (long long)id, file, number);
        bit_set(v->skip, id);
        return;
    }
    if (pdn_reader_next(r, &g, &err) == 0 || g == NULL) {
        finding(v, F_TEXT, "game %lld (%s, game %lld): its stored text holds "
                "no game", (long long)id, file, number);
        bit_set(v->skip, id);
        pdn_reader_free(r);
        return;
    }
    check_tags(v, tags, row, id, file, number, g);
    v->nkeys = v->nsigs = 0;
    v->pe.ok = 0;
    v->pe.out.len = 0;
    v->setup = 0;
    if (gts != NULL && pdn_gametype_parse(gts, &v->vo.force, NULL) >= 0) {
        memset(&to, 0, sizeof to);
        to.cache = &v->cache;
        to.infer.r.cand = -1;
        replayed = db_walk(&v->vo, file, g, &v->vo.force, &to, 0, seen, v,
                           &w) == 0;
        tbuf_free(&to.out);
        tbuf_free(&to.err);
        free(to.folds);
    }
    /* the plies stream, byte for byte */
    {
        const void *have = sqlite3_column_blob(row, 6);
        int nhave = sqlite3_column_bytes(row, 6);
        int want = replayed && v->pe.ok && v->pe.out.len != 0;

        if (sqlite3_column_type(row, 6) == SQLITE_NULL) {
            if (want)
                finding(v, F_PLIES, "game %lld (%s, game %lld): no plies "
                        "stream", (long long)id, file, number);
        } else if (!want) {
            finding(v, F_PLIES, "game %lld (%s, game %lld): a plies stream "
                    "its moves do not give", (long long)id, file, number);
        } else if ((size_t)nhave != v->pe.out.len ||
                   memcmp(have, v->pe.out.data, v->pe.out.len) != 0) {
            finding(v, F_PLIES, "game %lld (%s, game %lld): its plies stream "
                    "differs from its moves", (long long)id, file, number);
        }
    }
    if (replayed) {
        k = tool_xmalloc((v->nkeys + v->nsigs + 1) * sizeof *k);
        for (i = 0; i < v->nkeys; i++)
            k[i] = DB_POS_KEY(v->keys[i]);
        expect_keys(&v->pos, id, k, v->nkeys);
        for (i = 0; i < v->nsigs; i++)
            k[i] = (uint32_t)v->sigs[i];
        expect_keys(&v->mat, id, k, v->nsigs);
        free(k);
        if (id <= ex_last)
            ex_game_digest(v->keys, v->plies, v->nkeys,
                           (const char *)sqlite3_column_text(row, 10),
                           sqlite3_column_int(row, 11), &v->ex_keep,
                           &v->ex.h[id],
                           &v->ex.n[id]);
    }
    pdn_game_free(g);
    pdn_reader_free(r);
}

static int
alloc_sums(sums *s, int64_t top)
{
    s->h = calloc((size_t)top + 1, sizeof *s->h);
    s->n = calloc((size_t)top + 1, sizeof *s->n);
    return s->h != NULL && s->n != NULL ? 0 : -1;
}

static void
free_sums(sums *s)
{
    free(s->h);
    free(s->n);
}

/* The explorer's game lists (explore_list) against the replays, its
 * sums (explore_sum) against its lists, and each game's entry of
 * explore_info against the game's outcome and Date. */
static int
check_explorer(vstate *v, int64_t ex_last)
{
    sqlite3_stmt *st, *sum;
    long strays = 0, bad = 0, badinfo = 0, matched = 0, nsums = -1;
    unsigned char *want, *info;
    int64_t *ids = NULL, i;
    size_t cap = 0;
    int rc;

    /* what the games give: their entries of explore_info */
    want = calloc((size_t)ex_last + 1, EX_INFO_SIZE);
    info = calloc((size_t)ex_last + 1, EX_INFO_SIZE);
    if (want == NULL || info == NULL) {
        free(want);
        free(info);
        tool_error("memory exhausted");
        return -1;
    }
    for (i = 0; i <= ex_last; i++)
        ex_info_entry(want + i * EX_INFO_SIZE, 0, NULL);
    memcpy(info, want, ((size_t)ex_last + 1) * EX_INFO_SIZE);
    st = db_prepare(v->db, v->path, "SELECT id, outcome, date FROM games"
                                    " WHERE id BETWEEN 1 AND ?");
    if (st == NULL)
        goto fail;
    sqlite3_bind_int64(st, 1, ex_last);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ex_info_entry(want + sqlite3_column_int64(st, 0) * EX_INFO_SIZE,
                      sqlite3_column_int(st, 1),
                      (const char *)sqlite3_column_text(st, 2));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        goto fail;
    /* explore_info as stored */
    st = db_prepare(v->db, v->path, "SELECT chunk, data FROM explore_info");
    if (st == NULL)
        goto fail;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t first = sqlite3_column_int64(st, 0) * EX_INFO_IDS;
        int64_t n = sqlite3_column_bytes(st, 1);

        if (first < 0 || first > ex_last || n % EX_INFO_SIZE != 0 ||
            n / EX_INFO_SIZE > EX_INFO_IDS ||
            first + n / EX_INFO_SIZE - 1 > ex_last) {
            if (badinfo++ < SHOWN)
                finding(v, F_EX, "explorer index: a row of explore_info "
                        "(chunk %lld) of games it does not cover",
                        (long long)sqlite3_column_int64(st, 0));
            continue;
        }
        memcpy(info + first * EX_INFO_SIZE, sqlite3_column_blob(st, 1),
               (size_t)n);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        goto fail;
    for (i = 1; i <= ex_last; i++)
        if (bit_get(v->exists, i) &&
            memcmp(info + i * EX_INFO_SIZE, want + i * EX_INFO_SIZE,
                   EX_INFO_SIZE) != 0 &&
            badinfo++ < SHOWN)
            finding(v, F_EX, "explorer index: game %lld: its outcome, year "
                    "or Date in explore_info differ from the game's",
                    (long long)i);
    /* the lists: each game hashed with its (key, next), and summed */
    st = db_prepare(v->db, v->path, "SELECT key, next, games FROM"
                                    " explore_list");
    sum = db_prepare(v->db, v->path, "SELECT games, wins, draws, losses,"
                                     " dated, year_sum, year_last FROM"
                                     " explore_sum WHERE key = ? AND"
                                     " next = ?");
    if (st == NULL || sum == NULL) {
        sqlite3_finalize(st);
        sqlite3_finalize(sum);
        goto fail;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t key = sqlite3_column_int64(st, 0),
                next = sqlite3_column_int64(st, 1);
        size_t len = (size_t)sqlite3_column_bytes(st, 2), n, k;
        int64_t c[7] = {0, 0, 0, 0, 0, 0, 0}, prev = 0;
        int same = 0;

        if (cap < len + 1) {
            cap = len + 1;
            free(ids);
            ids = tool_xmalloc(cap * sizeof *ids);
        }
        n = ex_list_decode(sqlite3_column_blob(st, 2), len, ids);
        for (k = 0; k < n; k++) {
            int64_t game = ids[k];
            const unsigned char *e;
            int year, outcome;

            if (game < 1 || game > ex_last || game <= prev ||
                !bit_get(v->exists, game)) {
                if (strays++ < SHOWN)
                    finding(v, F_EX, "explorer index: the list of a move "
                            "holds game %lld, which %s", (long long)game,
                            game > ex_last && game <= v->top
                                ? "it does not cover"
                            : game >= 1 && game <= prev
                                ? "is not in order"
                                : "does not exist");
                if (game <= prev)
                    continue;
                prev = game;
                continue;
            }
            prev = game;
            e = want + game * EX_INFO_SIZE;
            outcome = e[0];
            year = e[1] | e[2] << 8;
            v->ex.h[game] -= ex_row_hash(key, next, year, outcome);
            v->ex.n[game]--;
            c[0]++;
            c[1] += outcome == PDN_OUTCOME_FIRST;
            c[2] += outcome == PDN_OUTCOME_DRAW;
            c[3] += outcome == PDN_OUTCOME_SECOND;
            if (year != 0) {
                c[4]++;
                c[5] += year;
                if (year > c[6])
                    c[6] = year;
            }
        }
        sqlite3_bind_int64(sum, 1, key);
        sqlite3_bind_int64(sum, 2, next);
        if ((rc = sqlite3_step(sum)) == SQLITE_ROW) {
            matched++;
            same = 1;
            for (k = 0; k < 7; k++)
                if (sqlite3_column_int64(sum, (int)k) != c[k])
                    same = 0;
        }
        sqlite3_reset(sum);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            break;
        bad += !same;
    }
    sqlite3_finalize(sum);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        goto fail;
    /* explore_sum: a row for each list, no more */
    st = db_prepare(v->db, v->path, "SELECT count(*) FROM explore_sum");
    if (st != NULL && sqlite3_step(st) == SQLITE_ROW)
        nsums = (long)sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (nsums < 0)
        goto fail;
    bad += nsums - matched; /* sums of no list */
    if (bad > 0)
        finding(v, F_EX, "explorer index: %ld moves whose sums "
                "(explore_sum) differ from their games' lists", bad);
    if (ex_last < v->top)
        fprintf(stderr, "%s: %s: note: the explorer index covers the games "
                "up to %lld of %lld (pdn-db explore --index brings it up to "
                "date)\n", tool_name, v->path, (long long)ex_last,
                (long long)v->top);
    free(ids);
    free(want);
    free(info);
    return 0;
fail:
    db_fail(v->db, v->path, "explorer index");
    free(ids);
    free(want);
    free(info);
    return -1;
}

static int
verify_one(const char *path, int quiet)
{
    vstate v;
    sqlite3_stmt *row = NULL, *tags = NULL, *where = NULL;
    tbuf text = {NULL, 0, 0};
    lookup_ud l;
    int64_t ex_last = 0, games = 0;
    int rc, st = TOOL_TROUBLE, have_ex, i;
    long total = 0;

    memset(&v, 0, sizeof v);
    v.path = path;
    tool_opts_init(&v.vo);
    v.vo.quiet = 1;
    v.vo.have_force = 1;
    if ((v.db = db_open(path, 0)) == NULL)
        return TOOL_TROUBLE;
    /* one snapshot throughout (an add meanwhile is not seen) */
    if (db_exec(v.db, path, "BEGIN") != 0)
        goto out;
    row = db_prepare(v.db, path, "SELECT coalesce(max(id), 0) FROM games");
    if (row == NULL || sqlite3_step(row) != SQLITE_ROW) {
        db_fail(v.db, path, "query");
        goto out;
    }
    v.top = sqlite3_column_int64(row, 0);
    sqlite3_finalize(row);
    row = NULL;
    if (v.top > UINT32_MAX) {
        tool_error("%s: game ids beyond the index's 32 bits", path);
        goto out;
    }
    have_ex = table_exists(v.db, "explore_list") &&
              table_exists(v.db, "explore_sum") &&
              table_exists(v.db, "explore_info");
    if (have_ex && db_meta_int(v.db, "explore_format") != EX_FORMAT) {
        fprintf(stderr, "%s: %s: note: the explorer index is of an older "
                "format, not checked (pdn-db explore --index makes it "
                "anew)\n", tool_name, path);
        have_ex = 0;
    }
    if (have_ex) {
        ex_last = db_meta_int(v.db, "explore_last");
        if (ex_frequent(v.db, path, (long)db_meta_int(v.db, "explore_min"),
                        &v.ex_keep) != 0)
            goto out;
    }
    v.exists = calloc((size_t)v.top / 8 + 1, 1);
    v.skip = calloc((size_t)v.top / 8 + 1, 1);
    if (v.exists == NULL || v.skip == NULL || alloc_sums(&v.pos, v.top) ||
        alloc_sums(&v.mat, v.top) || (have_ex && alloc_sums(&v.ex, v.top))) {
        tool_error("memory exhausted");
        goto out;
    }
    row = db_prepare(v.db, path,
                     "SELECT g.id, g.gametype, g.raw, g.size, f.path,"
                     " g.number, p.data, g.white, g.black, g.event, g.date,"
                     " g.outcome FROM games g JOIN files f ON f.id = g.file"
                     " LEFT JOIN plies p ON p.game = g.id ORDER BY g.id");
    tags = db_prepare(v.db, path,
                      "SELECT t.seq, n.name, t.value FROM tag_values t"
                      " LEFT JOIN tag_names n ON n.id = t.name WHERE"
                      " t.game = ? ORDER BY t.seq");
    where = db_prepare(v.db, path, "SELECT f.path, g.number FROM games g"
                                   " JOIN files f ON f.id = g.file"
                                   " WHERE g.id = ?");
    if (row == NULL || tags == NULL || where == NULL)
        goto out;
    while ((rc = sqlite3_step(row)) == SQLITE_ROW) {
        bit_set(v.exists, sqlite3_column_int64(row, 0));
        check_game(&v, row, tags, &text, have_ex ? ex_last : 0);
        games++;
    }
    if (rc != SQLITE_DONE) {
        db_fail(v.db, path, "query");
        goto out;
    }
    /* tags of games that do not exist */
    {
        sqlite3_stmt *q = db_prepare(v.db, path,
                                     "SELECT count(*) FROM tag_values WHERE"
                                     " game NOT IN (SELECT id FROM games)"
                                     " OR name NOT IN (SELECT id FROM"
                                     " tag_names)");
        long n = q != NULL && sqlite3_step(q) == SQLITE_ROW
                     ? (long)sqlite3_column_int64(q, 0) : -1;

        sqlite3_finalize(q);
        if (n < 0)
            goto out;
        if (n > 0)
            finding(&v, F_TAGS, "%ld tags of no game or no name", n);
    }
    for (i = 0; i < 2; i++) {
        l.v = &v;
        l.s = i == 0 ? &v.pos : &v.mat;
        l.kind = i == 0 ? F_POS : F_MAT;
        l.strays = 0;
        if (db_post_lookup(v.db, path, i == 0 ? DB_POST_POSITION
                                              : DB_POST_MATERIAL,
                           0, UINT32_MAX, found_entry, &l) != 0)
            goto out;
        report_sums(&v, l.s, l.kind, where);
    }
    if (have_ex) {
        if (check_explorer(&v, ex_last) != 0)
            goto out;
        report_sums(&v, &v.ex, F_EX, where);
    }
    for (i = 0; i < 8; i++) {
        if (v.findings[i] > SHOWN)
            tool_error("%s: %s: %ld findings, the first %d shown", path,
                       fwhat[i], v.findings[i], SHOWN);
        total += v.findings[i];
    }
    if (!quiet)
        fprintf(stderr, "%s: %s: %lld games checked: %s\n", tool_name, path,
                (long long)games, total == 0 ? "every index agrees"
                                             : "findings");
    st = total == 0 ? TOOL_OK : TOOL_PROBLEMS;
out:
    sqlite3_finalize(row);
    sqlite3_finalize(tags);
    sqlite3_finalize(where);
    sqlite3_close(v.db);
    tbuf_free(&text);
    free(v.exists);
    free(v.skip);
    free_sums(&v.pos);
    free_sums(&v.mat);
    free_sums(&v.ex);
    ex_keyset_free(&v.ex_keep);
    free(v.keys);
    free(v.plies);
    free(v.sigs);
    db_plies_free(&v.pe);
    pdn_board_free(v.cache.board);
    pdn_movelist_free(v.cache.moves);
    infer_cache_free(&v.cache);
    return st;
}

int
db_verify_main(int argc, char **argv)
{
    tool_opts o;
    int c, st, i, worst = TOOL_OK;

    tool_opts_init(&o);
    while ((c = tool_getopt(&verify_cmdline, &o, argc, argv, &st)) != -1)
        ;
    if (st >= 0)
        return st;
    if (optind >= argc)
        return tool_usage_error("verify: no database named");
    for (i = optind; i < argc; i++) {
        st = verify_one(argv[i], o.quiet);
        worst = st > worst ? st : worst;
    }
    return worst;
}
