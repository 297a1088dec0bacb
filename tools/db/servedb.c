/* SPDX-License-Identifier: MIT */
/* pdn-db serve: the database's connections, one per thread, each taken
 * by one request at a time; a request is answered inside one read
 * transaction (one snapshot), the database opened again when it changed
 * (PRAGMA data_version) or was replaced (its device and inode); a query
 * past its time limit is interrupted (SQLite's progress handler). */
#include <config.h>
#include "serve.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int
sv_progress(void *ud)
{
    const sv_conn *c = ud;
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > c->deadline.tv_sec ||
           (now.tv_sec == c->deadline.tv_sec &&
            now.tv_nsec > c->deadline.tv_nsec);
}

sv_conn *
sv_take(sv_state *s)
{
    sv_conn *c = NULL;
    int i;

    pthread_mutex_lock(&s->lock);
    while (c == NULL) {
        for (i = 0; i < s->nconns && s->conns[i].busy; i++)
            ;
        if (i < s->nconns) {
            c = &s->conns[i];
            c->busy = 1;
        } else {
            pthread_cond_wait(&s->freed, &s->lock);
        }
    }
    pthread_mutex_unlock(&s->lock);
    clock_gettime(CLOCK_MONOTONIC, &c->deadline);
    c->deadline.tv_sec += s->time_ms / 1000;
    c->deadline.tv_nsec += (s->time_ms % 1000) * 1000000L;
    if (c->deadline.tv_nsec >= 1000000000L) {
        c->deadline.tv_sec++;
        c->deadline.tv_nsec -= 1000000000L;
    }
    return c;
}

void
sv_give(sv_state *s, sv_conn *c)
{
    if (c->open && sqlite3_get_autocommit(c->x.db) == 0)
        sqlite3_exec(c->x.db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_lock(&s->lock);
    c->busy = 0;
    pthread_cond_signal(&s->freed);
    pthread_mutex_unlock(&s->lock);
}

void
sv_close(sv_conn *c)
{
    if (c->open)
        ex_close(&c->x);
    c->open = 0;
    c->stale = 0;
}

/* BEGIN on c and a read: the snapshot of c's reads until the end of the
 * transaction, and *v its PRAGMA data_version (changed when another
 * connection has committed since c last looked). SQLITE_OK or an error
 * code. */
static int
sv_snapshot(sv_conn *c, long long *v)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_exec(c->x.db, "BEGIN", NULL, NULL, NULL);

    if (rc == SQLITE_OK &&
        (rc = sqlite3_prepare_v2(c->x.db, "PRAGMA data_version", -1, &st,
                                 NULL)) == SQLITE_OK &&
        (rc = sqlite3_step(st)) == SQLITE_ROW) {
        *v = sqlite3_column_int64(st, 0);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc == SQLITE_OK &&
        (rc = sqlite3_prepare_v2(c->x.db, "SELECT count(*) FROM meta", -1,
                                 &st, NULL)) == SQLITE_OK &&
        (rc = sqlite3_step(st)) == SQLITE_ROW)
        rc = SQLITE_OK;
    sqlite3_finalize(st);
    return rc;
}

/* Opens a read transaction on c: its reads until sv_give see one
 * snapshot of the database. A database that changed since c's last
 * request (data_version) or was replaced (another file at the path) is
 * opened again first. 0; -1 when the database cannot be read now (why in
 * *err: busy, being changed, its index stale): a 503 to retry. */
int
sv_begin(sv_state *s, sv_conn *c, tbuf *err)
{
    struct stat sb;
    long long v = -1;
    int rc, tries;

    for (tries = 0; tries < 3; tries++) {
        if (stat(s->path, &sb) != 0) {
            tbuf_printf(err, "the database cannot be read now (%s)",
                        strerror(errno));
            sv_close(c);
            return -1;
        }
        if (c->open && (c->stale || sb.st_dev != c->dev || sb.st_ino != c->ino))
            sv_close(c);
        if (!c->open) {
            /* a read lock held meanwhile: no commit (of a database in
             * rollback-journal mode) comes between what ex_open reads
             * (the index's freshness, the variants) and the snapshot */
            sqlite3 *guard = NULL;

            if (sqlite3_open_v2(s->path, &guard, SQLITE_OPEN_READONLY, NULL) !=
                    SQLITE_OK ||
                (sqlite3_busy_timeout(guard, 1000),
                 sqlite3_exec(guard, "BEGIN; SELECT count(*) FROM"
                                     " sqlite_master", NULL, NULL,
                              NULL)) != SQLITE_OK) {
                tbuf_printf(err, "the database is busy (%s)",
                            sqlite3_errmsg(guard));
                sqlite3_close(guard);
                return -1;
            }
            if (ex_open(&c->x, s->path, 0) != 0) {
                sqlite3_close(guard);
                tbuf_adds(err, "the database is being changed or its "
                               "explorer's index is not up to date");
                return -1;
            }
            c->open = 1;
            c->dev = sb.st_dev;
            c->ino = sb.st_ino;
            sqlite3_busy_timeout(c->x.db, 1000);
            sqlite3_progress_handler(c->x.db, 1000, sv_progress, c);
            rc = sv_snapshot(c, &v);
            sqlite3_close(guard); /* its transaction rolled back */
            if (rc == SQLITE_OK) {
                c->version = v;
                return 0;
            }
        } else {
            rc = sv_snapshot(c, &v);
        }
        if (rc != SQLITE_OK) {
            tbuf_printf(err, "the database is busy (%s)",
                        sqlite3_errmsg(c->x.db));
            sqlite3_exec(c->x.db, "ROLLBACK", NULL, NULL, NULL);
            if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
                c->stale = 1;
            return -1;
        }
        if (c->version == v)
            return 0;
        /* written since: its variants and kept sets may be out of date */
        sqlite3_exec(c->x.db, "ROLLBACK", NULL, NULL, NULL);
        sv_close(c);
    }
    tbuf_adds(err, "the database is being changed");
    return -1;
}

/* After a failed query on c: a busy or damaged database is a 503 to
 * retry (and a damaged one is opened again), an interrupted query a 503
 * too. The seconds to wait before a retry, or 0. */
int
sv_failed(sv_conn *c)
{
    int e = c->open ? sqlite3_errcode(c->x.db) : SQLITE_CANTOPEN;

    if (e == SQLITE_INTERRUPT)
        return 0;
    if (e != SQLITE_BUSY && e != SQLITE_LOCKED)
        c->stale = 1; /* SQLITE_CORRUPT, NOTADB, SCHEMA, IOERR... */
    return 1;
}
