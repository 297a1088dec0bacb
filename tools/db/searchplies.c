/* SPDX-License-Identifier: MIT */
/* pdn-db search's --pattern and --manoeuvre (search.h): decided from the
 * plies table (plies.h) without a replay, over the candidates or, in
 * threads, over the whole table; a game the table does not hold is
 * replayed from its text. */
#include <config.h>
#include "search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int
conds_see(void *ud, const unsigned char *sq, unsigned long ply,
          const pdn_move *m)
{
    return db_conds_see(ud, sq, ply, m);
}

/* Decides a game by its stream: 1 it meets k, 0 it does not, -1 the
 * stream cannot say (the game is then replayed from its text). */
static int
stream_decides(db_conds *k, db_plies_geom *g, const char *gts,
               const void *data, int n)
{
    db_conds_start(k);
    if (gts == NULL || data == NULL || n <= 0 || !db_plies_geom_for(g, gts))
        return -1;
    if (!db_conds_variant(k, gts))
        return 0;
    if (db_plies_walk(g, data, (size_t)n, conds_see, k) != 0)
        return -1;
    return db_conds_end(k);
}

/* Decides game id by the stream of the current row of st (its gametype in
 * column col, its data in col + 1) into s->sbits and s->mbits. */
static void
decide_row(search_state *s, db_conds *k, db_plies_geom *g, int64_t id,
           sqlite3_stmt *st, int col)
{
    int r = stream_decides(k, g, (const char *)sqlite3_column_text(st, col),
                           sqlite3_column_blob(st, col + 1),
                           sqlite3_column_bytes(st, col + 1));

    if (r >= 0 && id >= 0 && id < s->cands.nseen)
        bit_set(s->sbits, id);
    if (r > 0 && id >= 0 && id < s->cands.nseen)
        bit_set(s->mbits, id);
}

/* One thread's share of the plies table: games lo..hi (ranges begin at a
 * multiple of 8, so that no two threads write one byte of the bits). */
typedef struct plies_job {
    search_state *s;
    const char *path;        /* opened by the thread (DB_OPEN_SCAN) */
    int64_t lo, hi;
    const unsigned char *only; /* the candidates' bits, or NULL: all */
    db_conds conds;
    db_plies_geom geom;
    int failed;
    pthread_t thread;
} plies_job;

static void *
plies_run(void *arg)
{
    plies_job *j = arg;
    search_state *s = j->s;
    sqlite3 *db = db_open(j->path, DB_OPEN_SCAN);
    sqlite3_stmt *st = NULL;
    int rc = SQLITE_ERROR;

    if (db != NULL)
        st = db_prepare(db, j->path, "SELECT game, gametype, data FROM plies"
                                     " WHERE game BETWEEN ?1 AND ?2");
    if (st != NULL) {
        sqlite3_bind_int64(st, 1, j->lo);
        sqlite3_bind_int64(st, 2, j->hi);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int64_t id = sqlite3_column_int64(st, 0);

            if (id < 0 || id >= s->cands.nseen ||
                (j->only != NULL && !bit_get(j->only, id)))
                continue;
            decide_row(s, &j->conds, &j->geom, id, st, 1);
        }
        if (rc != SQLITE_DONE)
            db_fail(db, j->path, "query");
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    j->failed = rc != SQLITE_DONE;
    return NULL;
}

/* The threads a scan of n games gets. */
static int
scan_threads(int64_t n)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    if (n < 4096 || cpus < 2)
        return 1;
    return cpus > 8 ? 8 : (int)cpus;
}

/* Decides every candidate the plies table holds (s->sbits, s->mbits),
 * then keeps as candidates the games it did not rule out. 0, or -1 after
 * reporting. */
int
search_plies_pass(search_state *s, sqlite3 *db, const char *path)
{
    int64_t top = s->cands.nseen - 1, id;
    unsigned char *only = NULL;
    plies_job *jobs;
    int nt, t, failed = 0;
    size_t i, n;

    free(s->sbits);
    free(s->mbits);
    s->sbits = s->mbits = NULL;
    if (!s->have_conds || s->cands.nseen <= 1)
        return 0;
    s->sbits = calloc((size_t)(s->cands.nseen + 7) / 8, 1);
    s->mbits = calloc((size_t)(s->cands.nseen + 7) / 8, 1);
    if (s->sbits == NULL || s->mbits == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    if (s->cands.use && (int64_t)s->cands.n * 4 < top + 64) {
        /* few candidates: each one's stream by its id */
        sqlite3_stmt *st = db_prepare(db, path, "SELECT gametype, data FROM"
                                                " plies WHERE game = ?1");
        int rc = SQLITE_DONE;

        if (st == NULL)
            return -1;
        for (i = 0; i < s->cands.n && rc != SQLITE_ERROR; i++) {
            id = s->cands.ids[i];
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, id);
            if ((rc = sqlite3_step(st)) != SQLITE_ROW) {
                rc = rc == SQLITE_DONE ? rc : SQLITE_ERROR;
                continue;
            }
            decide_row(s, &s->conds, &s->geom, id, st, 0);
        }
        sqlite3_finalize(st);
        if (rc == SQLITE_ERROR)
            return db_fail(db, path, "query"), -1;
    } else {
        if (s->cands.use) {
            only = calloc((size_t)(s->cands.nseen + 7) / 8, 1);
            if (only == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
            for (i = 0; i < s->cands.n; i++)
                if (s->cands.ids[i] >= 0 && s->cands.ids[i] < s->cands.nseen)
                    bit_set(only, s->cands.ids[i]);
        }
        nt = scan_threads(top);
        jobs = tool_xmalloc((size_t)nt * sizeof *jobs);
        for (t = 0; t < nt; t++) {
            plies_job *j = &jobs[t];

            j->s = s;
            j->path = path;
            j->lo = t == 0 ? 0 : (top / nt * t) & ~(int64_t)7;
            j->hi = t == nt - 1 ? top : ((top / nt * (t + 1)) & ~(int64_t)7) - 1;
            j->only = only;
            j->failed = 0;
            db_conds_copy(&j->conds, &s->conds);
            memset(&j->geom, 0, sizeof j->geom);
        }
        for (t = 1; t < nt; t++)
            if (pthread_create(&jobs[t].thread, NULL, plies_run, &jobs[t]) !=
                0)
                plies_run(&jobs[t]), jobs[t].thread = pthread_self();
        plies_run(&jobs[0]);
        for (t = 0; t < nt; t++) {
            if (t > 0 && !pthread_equal(jobs[t].thread, pthread_self()))
                pthread_join(jobs[t].thread, NULL);
            failed |= jobs[t].failed;
            db_conds_free(&jobs[t].conds);
        }
        free(jobs);
        free(only);
        if (failed)
            return -1;
    }
    if (s->every) /* -x, -Z: every game is looked at all the same */
        return 0;
    /* the candidates: those the streams did not rule out */
    n = 0;
    if (s->cands.use) {
        for (i = 0; i < s->cands.n; i++) {
            id = s->cands.ids[i];
            if (id < 0 || id >= s->cands.nseen || !bit_get(s->sbits, id) ||
                bit_get(s->mbits, id))
                s->cands.ids[n++] = id;
        }
        s->cands.n = n;
        return 0;
    }
    s->cands.nnext = 0;
    for (id = 1; id <= top; id++)
        if (!bit_get(s->sbits, id) || bit_get(s->mbits, id))
            search_cand_push(s, id);
    {
        int64_t *tp = s->cands.ids;
        size_t tc = s->cands.cap;

        s->cands.ids = s->cands.next, s->cands.n = s->cands.nnext,
        s->cands.cap = s->cands.capnext;
        s->cands.next = tp, s->cands.nnext = 0, s->cands.capnext = tc;
    }
    s->cands.use = 1;
    return 0;
}

/* --pattern, --manoeuvre on one game of the query (st its row): by its
 * stream when the pass decided it (again for -f json, for its plies),
 * else by replaying its text. */
int
search_conds_game(search_state *s, const char *path, int64_t id,
                  const char *file, const char *gts, sqlite3_stmt *st)
{
    if (s->sbits != NULL && id >= 0 && id < s->cands.nseen &&
        bit_get(s->sbits, id)) {
        int match = bit_get(s->mbits, id);

        if (match && s->json && !s->so.count_only) {
            if (s->plies_st == NULL &&
                (s->plies_st = db_prepare(sqlite3_db_handle(st), path,
                                          "SELECT gametype, data FROM plies"
                                          " WHERE game = ?1")) == NULL)
                exit(TOOL_TROUBLE);
            sqlite3_reset(s->plies_st);
            sqlite3_bind_int64(s->plies_st, 1, id);
            if (sqlite3_step(s->plies_st) != SQLITE_ROW ||
                stream_decides(&s->conds, &s->geom,
                               (const char *)sqlite3_column_text(s->plies_st,
                                                                 0),
                               sqlite3_column_blob(s->plies_st, 1),
                               sqlite3_column_bytes(s->plies_st, 1)) != 1) {
                tool_error("%s: game %lld: its plies changed while read",
                           path, (long long)id);
                exit(TOOL_TROUBLE);
            }
        }
        return match;
    }
    search_text_of(s, st);
    return search_walk_game(s, file, gts, s->text.data, (int)s->text.len);
}
