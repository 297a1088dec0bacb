/* SPDX-License-Identifier: MIT */
/* pdn-db serve: the explorer over HTTP (libmicrohttpd). A pool of threads
 * answers a bounded number of connections (in all and per client
 * address); a connection that has not sent a request's headers within
 * the header timeout is shut down (slow clients cannot hold every slot);
 * each thread takes one of as many read-only connections to the
 * database and answers a request inside one read transaction (one
 * snapshot), reopening the database when it changed (PRAGMA data_version)
 * or was replaced (its device and inode); a query past its time limit is
 * interrupted (SQLite's progress handler). Requests must name this
 * machine in their Host header (DNS rebinding). The page is built into
 * the program (ex_asset): no file is read to answer a request. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <pdn/opening.h>

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>

#define SV_OPT_PORT 0xb6 /* TOOL_LONG_OWN + 22 */
#define SV_OPT_BIND 0xb7
#define SV_OPT_THREADS 0xb8
#define SV_OPT_LIMIT 0xb9
#define SV_OPT_TIME 0xba
#define SV_OPT_HEADER 0xbb
#define SV_OPT_PER_IP 0xbc
#define SV_OPT_HOST 0xbd
#define SV_OPT_LOG 0xbe
#define SV_OPT_PATH 0xbf

/* Host names a request may name besides the built-in ones. */
#define SV_HOSTS_MAX 8

/* What a request may hold: a parameter's value, the parameters. */
#define SV_PARAM_MAX 1024
#define SV_PARAMS_MAX 16

static const tool_option serve_options[] = {
    {"port", SV_OPT_PORT, "N", "the TCP port (default 8080; 0: any free one,\n"
                               "printed when the server starts)"},
    {"bind", SV_OPT_BIND, "ADDR", "the IPv4 or IPv6 address to listen on\n"
                                  "(default 127.0.0.1: this machine only)"},
    {"threads", SV_OPT_THREADS, "N", "threads answering requests (default 4)"},
    {"connections", SV_OPT_LIMIT, "N",
     "connections open at once, at most (default 256)"},
    {"per-ip", SV_OPT_PER_IP, "N",
     "connections open at once from one address (default 32)"},
    {"header-timeout", SV_OPT_HEADER, "S",
     "seconds a connection has to send a request's\n"
     "headers (default 10)"},
    {"time-limit", SV_OPT_TIME, "MS",
     "a query's time limit in milliseconds (default 2000)"},
    {"allow-host", SV_OPT_HOST, "NAME",
     "a further name requests may give in their Host\n"
     "header (besides localhost and the address)"},
    {"access-log", SV_OPT_LOG, "FILE",
     "a line per request to FILE ('-': standard error)"},
    {"show-path", SV_OPT_PATH, NULL,
     "the database's path in the JSON answers (default:\n"
     "its file name only)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline serve_cmdline = {
    "serve [OPTION]... DB",
    "Serve the explorer of the database DB over HTTP: a page and a JSON API\n"
    "(/api/explore, /api/search, /api/game), read-only: the explorer's index\n"
    "must be up to date (pdn-db explore --index DB). SIGINT or SIGTERM stops\n"
    "it.\n",
    serve_options, "", "",
    "\nExit status:\n  0  stopped by SIGINT, SIGTERM or SIGHUP\n"
    "  2  usage error, a database that cannot be read or whose explorer's\n"
    "     index is missing or stale, an address or port that cannot be\n"
    "     listened on, system trouble\n"};

/* A read-only connection to the database, taken by one request at a time. */
typedef struct sv_conn {
    ex_db x;
    int open;                /* x is open */
    int stale;               /* reopen before the next request */
    int busy;
    long long version;       /* PRAGMA data_version when last checked */
    dev_t dev;               /* the file x has open */
    ino_t ino;
    struct timespec deadline;
} sv_conn;

/* A TCP connection, from accept to close: when its current request began
 * waiting for headers (the reaper shuts it down past the header timeout). */
typedef struct sv_sock {
    struct sv_sock *prev, *next;
    int fd;
    int waiting;             /* headers of a request not all read yet */
    int shut;                /* shut down by the reaper */
    struct timespec since;
} sv_sock;

/* A request, from its URI to its completion (libmicrohttpd's con_cls). */
typedef struct sv_rq {
    int nul;                 /* "%00" in the request as sent */
    int seen;                /* its headers have been seen */
    int retry;               /* Retry-After of the answer (seconds), 0 none */
    unsigned code;           /* the answer's status, 0 none */
    size_t bytes;
    char method[8];
    char uri[256];
    struct timespec t0;
} sv_rq;

typedef struct sv_state {
    const char *path;
    const char *shown;       /* the database as the JSON answers name it */
    sv_conn *conns;
    int nconns;
    long time_ms;
    pthread_mutex_t lock;
    pthread_cond_t freed;
    /* the Host header: these names (and localhost) with any port */
    const char *hosts[SV_HOSTS_MAX + 3];
    int nhosts;
    FILE *log;
    pthread_mutex_t log_lock;
    sv_sock *socks;          /* open TCP connections, under sock_lock */
    pthread_mutex_t sock_lock;
} sv_state;

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

static sv_conn *
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

static void
sv_give(sv_state *s, sv_conn *c)
{
    if (c->open && sqlite3_get_autocommit(c->x.db) == 0)
        sqlite3_exec(c->x.db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_lock(&s->lock);
    c->busy = 0;
    pthread_cond_signal(&s->freed);
    pthread_mutex_unlock(&s->lock);
}

static void
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
static int
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
static int
sv_failed(sv_conn *c)
{
    int e = c->open ? sqlite3_errcode(c->x.db) : SQLITE_CANTOPEN;

    if (e == SQLITE_INTERRUPT)
        return 0;
    if (e != SQLITE_BUSY && e != SQLITE_LOCKED)
        c->stale = 1; /* SQLITE_CORRUPT, NOTADB, SCHEMA, IOERR... */
    return 1;
}

/* Each answer: written to the access log when one is kept. */
static void
sv_log(sv_state *s, struct MHD_Connection *conn, const sv_rq *q)
{
    const union MHD_ConnectionInfo *ci;
    char addr[INET6_ADDRSTRLEN + 2] = "-", when[32];
    struct timespec now;
    time_t t = time(NULL);
    struct tm tm;

    if (s->log == NULL || q == NULL)
        return;
    ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci != NULL && ci->client_addr != NULL) {
        const struct sockaddr *sa = ci->client_addr;

        if (sa->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr,
                      addr, sizeof addr);
        else if (sa->sa_family == AF_INET6)
            inet_ntop(AF_INET6,
                      &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
                      addr, sizeof addr);
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
    gmtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    pthread_mutex_lock(&s->log_lock);
    fprintf(s->log, "%s %s \"%s %s\" %u %zu %.1fms\n", when, addr,
            q->method[0] != '\0' ? q->method : "-", q->uri,
            q->code, q->bytes,
            (double)(now.tv_sec - q->t0.tv_sec) * 1e3 +
                (double)(now.tv_nsec - q->t0.tv_nsec) / 1e6);
    fflush(s->log);
    pthread_mutex_unlock(&s->log_lock);
}

static enum MHD_Result
sv_send(struct MHD_Connection *conn, sv_rq *q, unsigned code,
        const char *type, const char *body, size_t len, int copy)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        len, (void *)body,
        copy ? MHD_RESPMEM_MUST_COPY : MHD_RESPMEM_PERSISTENT);
    enum MHD_Result rc;

    if (r == NULL)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; style-src 'self';"
                            " img-src 'self' data:");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    if (q != NULL && q->retry > 0) {
        char v[16];

        snprintf(v, sizeof v, "%d", q->retry);
        MHD_add_response_header(r, "Retry-After", v);
    }
    rc = MHD_queue_response(conn, code, r);
    MHD_destroy_response(r);
    if (q != NULL) {
        q->code = code;
        q->bytes = len;
    }
    return rc;
}

static enum MHD_Result
sv_json(struct MHD_Connection *conn, sv_rq *q, unsigned code, tbuf *b)
{
    enum MHD_Result rc;

    tbuf_addc(b, '\n');
    rc = sv_send(conn, q, code, "application/json", b->data, b->len, 1);
    tbuf_free(b);
    return rc;
}

static enum MHD_Result
sv_error(struct MHD_Connection *conn, sv_rq *q, unsigned code,
         const char *msg)
{
    tbuf b = {NULL, 0, 0};

    tbuf_printf(&b, "{\"error\":");
    tbuf_json(&b, msg);
    tbuf_printf(&b, ",\"status\":%u", code);
    if (q != NULL && q->retry > 0)
        tbuf_printf(&b, ",\"retry_after\":%d", q->retry);
    tbuf_addc(&b, '}');
    return sv_json(conn, q, code, &b);
}

/* A 503 to retry in a second: the database busy or being changed. */
static enum MHD_Result
sv_retry(struct MHD_Connection *conn, sv_rq *q, const char *msg)
{
    q->retry = 1;
    return sv_error(conn, q, 503, msg);
}

/* The request's parameters, checked: known names, bounded values. */
typedef struct sv_req {
    const char *allowed;     /* names, each followed by '|' */
    const char *name[SV_PARAMS_MAX];
    const char *value[SV_PARAMS_MAX];
    int n;
    char why[160];
} sv_req;

static enum MHD_Result
sv_param(void *ud, enum MHD_ValueKind kind, const char *key, const char *value)
{
    sv_req *q = ud;
    char probe[40];

    (void)kind;
    if (q->why[0] != '\0')
        return MHD_NO;
    if (strlen(key) > 20) {
        snprintf(q->why, sizeof q->why, "unknown parameter '%.20s...'", key);
        return MHD_NO;
    }
    snprintf(probe, sizeof probe, "|%s|", key);
    if (strstr(q->allowed, probe) == NULL) {
        snprintf(q->why, sizeof q->why, "unknown parameter '%s'", key);
        return MHD_NO;
    }
    if (value != NULL && strlen(value) > SV_PARAM_MAX) {
        snprintf(q->why, sizeof q->why, "parameter '%s' is longer than %d "
                 "bytes", key, SV_PARAM_MAX);
        return MHD_NO;
    }
    if (q->n == SV_PARAMS_MAX) {
        snprintf(q->why, sizeof q->why, "more than %d parameters",
                 SV_PARAMS_MAX);
        return MHD_NO;
    }
    q->name[q->n] = key;
    q->value[q->n++] = value != NULL ? value : "";
    return MHD_YES;
}

static const char *
sv_get(const sv_req *q, const char *name)
{
    int i;

    for (i = 0; i < q->n; i++)
        if (strcmp(q->name[i], name) == 0)
            return q->value[i];
    return NULL;
}

/* A whole decimal number in lo..hi, or -1. */
static long
sv_number(const char *v, long lo, long hi)
{
    char *end;
    long n;

    if (v == NULL || *v < '0' || *v > '9')
        return -1;
    errno = 0;
    n = strtol(v, &end, 10);
    if (errno != 0 || *end != '\0' || n < lo || n > hi)
        return -1;
    return n;
}

/* 0 when a regular expression from a request is cheap to match: no
 * back-reference (their matching takes time exponential in the value's
 * length, and a match cannot be interrupted), at most two counted
 * repetitions each bounded by 100 (regcomp expands them), groups nested
 * at most 8 deep; else -1 with why. */
static int
sv_regex_ok(const char *name, const char *re, char *why, size_t size)
{
    int depth = 0, counted = 0;
    const char *p;

    for (p = re; *p != '\0'; p++) {
        if (*p == '\\') {
            if (p[1] >= '1' && p[1] <= '9') {
                snprintf(why, size, "%s: back-references (\\%c) are not "
                         "answered by the server", name, p[1]);
                return -1;
            }
            if (p[1] != '\0')
                p++;
        } else if (*p == '[') {
            /* a bracket expression: ']' first is a member */
            p++;
            if (*p == '^')
                p++;
            if (*p == ']')
                p++;
            while (*p != '\0' && *p != ']')
                p++;
            if (*p == '\0')
                break;
        } else if (*p == '(') {
            if (++depth > 8) {
                snprintf(why, size, "%s: groups nested more than 8 deep",
                         name);
                return -1;
            }
        } else if (*p == ')') {
            depth--;
        } else if (*p == '{') {
            char *end;
            long lo = strtol(p + 1, &end, 10), hi = lo;

            if (*end == ',')
                hi = isdigit((unsigned char)end[1]) ? strtol(end + 1, &end, 10)
                                                    : lo;
            if (++counted > 2 || lo > 100 || hi > 100) {
                snprintf(why, size, "%s: at most two counted repetitions, "
                         "each at most {100}", name);
                return -1;
            }
        }
    }
    return 0;
}

/* The filters and the position of a request into q: 0, or -1 with why. */
static int
sv_query(const sv_req *r, ex_query *q, tbuf *key, char *why, size_t size)
{
    static const struct {
        const char *name;
        int letter;
    } map[] = {{"player", 'P'},  {"event", SELECT_OPT_EVENT},
               {"result", 'Y'},  {"date", 'y'},
               {"variant", 'K'}, {"tag", 'T'}};
    size_t k;
    int i;
    const char *v;

    memset(q, 0, sizeof *q);
    q->top = 3;
    for (i = 0; i < r->n; i++)
        for (k = 0; k < sizeof map / sizeof map[0]; k++)
            if (strcmp(r->name[i], map[k].name) == 0 &&
                r->value[i][0] != '\0') {
                if ((k == 0 || k == 1 || k == 5) &&
                    sv_regex_ok(map[k].name, r->value[i], why, size) != 0)
                    return -1;
                if (selcrit_option(&q->crit, map[k].letter, r->value[i]) <=
                    0) {
                    snprintf(why, size, "bad %s '%.60s'", map[k].name,
                             r->value[i]);
                    return -1;
                }
                /* the filters in order: the key of their games' set */
                tbuf_printf(key, "%s=%s\n", map[k].name, r->value[i]);
            }
    q->filter_key = key->data;
    if ((v = sv_get(r, "fen")) != NULL && v[0] != '\0')
        q->fen = v;
    if ((v = sv_get(r, "moves")) != NULL && v[0] != '\0')
        q->moves = v;
    if ((v = sv_get(r, "top")) != NULL &&
        (q->top = (int)sv_number(v, 0, EX_TOP_MAX)) < 0) {
        snprintf(why, size, "bad top '%.20s': a number from 0 to %d", v,
                 EX_TOP_MAX);
        return -1;
    }
    return 0;
}

/* Plays one written move on b: its move in *m. 0, or -1 (not a move, or
 * not legal here). */
static int
sv_play(pdn_board *b, pdn_movelist *l, const char *t, size_t len, pdn_move *m)
{
    pdn_movetext mt;
    pdn_match k;

    if (pdn_movetext_parse(t, len, &mt) != 0 ||
        pdn_board_play(b, &mt, &k, l, NULL) != PDN_MATCH_LEGAL)
        return -1;
    *m = k.move;
    return 0;
}

static void
sv_opening_name(tbuf *b, const pdn_board *start, const pdn_move *line,
                size_t n)
{
    pdn_opening op;
    const char *name = NULL;

    if (pdn_opening_classify(start, line, n, &op, NULL) == 0)
        name = op.name_en != NULL ? op.name_en : op.name;
    if (name != NULL)
        tbuf_json(b, name);
    else
        tbuf_adds(b, "null");
}

/* ,"openings":{"position":NAME,"moves":[NAME,...]}: the named opening
 * (lib/pdn/opening.h's tables, its English name) the line of q makes, and
 * the one each move of n makes after it; null where none is named. The
 * line: q's moves from q's FEN or the variant's initial position. */
static void
sv_openings(tbuf *b, const ex_node *n, const ex_query *q)
{
    pdn_board *start = pdn_board_new(&n->gt, NULL), *t = NULL, *u = NULL;
    pdn_movelist *l = pdn_movelist_new();
    pdn_move *line = NULL;
    size_t nline = 0, i;
    const char *p = q->moves;
    int ok = start != NULL && l != NULL;

    if (ok && q->fen != NULL && pdn_board_set_fen_string(start, q->fen, NULL) < 0)
        ok = 0;
    if (ok && ((t = pdn_board_new(&n->gt, NULL)) == NULL ||
               (u = pdn_board_new(&n->gt, NULL)) == NULL))
        ok = 0;
    if (ok)
        pdn_board_copy(t, start);
    /* the line, as ex_node_get read it (move numbers left out) */
    line = tool_xmalloc((strlen(p != NULL ? p : "") / 2 + 2) * sizeof *line);
    while (ok && p != NULL && *p != '\0') {
        size_t len;
        const char *w;

        p += strspn(p, " ,\t\n");
        len = strcspn(p, " ,\t\n");
        if (len == 0)
            break;
        w = p;
        p += len;
        while (len > 0 && isdigit((unsigned char)*w) &&
               memchr(w, '.', len) != NULL) {
            size_t k = (size_t)((const char *)memchr(w, '.', len) - w);

            while (k < len && w[k] == '.')
                k++;
            len -= k;
            w += k;
        }
        if (len > 0 && sv_play(t, l, w, len, &line[nline++]) != 0)
            ok = 0;
    }
    tbuf_adds(b, ",\"openings\":{\"position\":");
    if (ok)
        sv_opening_name(b, start, line, nline);
    else
        tbuf_adds(b, "null");
    tbuf_adds(b, ",\"moves\":[");
    for (i = 0; i < n->nmoves; i++) {
        if (i > 0)
            tbuf_addc(b, ',');
        if (ok) {
            line = realloc(line, (nline + 1) * sizeof *line);
            if (line == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
            pdn_board_copy(u, t);
        }
        if (ok && sv_play(u, l, n->moves[i].move, strlen(n->moves[i].move),
                          &line[nline]) == 0)
            sv_opening_name(b, start, line, nline + 1);
        else
            tbuf_adds(b, "null");
    }
    tbuf_adds(b, "]}");
    free(line);
    pdn_movelist_free(l);
    pdn_board_free(start);
    pdn_board_free(t);
    pdn_board_free(u);
}

static enum MHD_Result
sv_explore(sv_state *s, struct MHD_Connection *conn, sv_rq *rq,
           const sv_req *r)
{
    ex_query q;
    ex_node n;
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0}, key = {NULL, 0, 0};
    char why[160];
    sv_conn *c;
    int rc;

    if (sv_query(r, &q, &key, why, sizeof why) != 0) {
        selcrit_free(&q.crit);
        tbuf_free(&key);
        return sv_error(conn, rq, 400, why);
    }
    c = sv_take(s);
    if (sv_begin(s, c, &err) != 0) {
        rc = -3;
    } else {
        rc = ex_node_get(&c->x, &q, &n, &err);
        if (rc == -2)
            rq->retry = sv_failed(c);
    }
    sv_give(s, c);
    selcrit_free(&q.crit);
    tbuf_free(&key);
    if (rc != 0) {
        enum MHD_Result res;

        if (rc == -3)
            res = sv_retry(conn, rq, err.data);
        else
            res = sv_error(conn, rq, rc == -1 ? 400 : 503,
                           err.data != NULL ? err.data : "query failed");
        tbuf_free(&err);
        return res;
    }
    n.file = s->shown;
    ex_node_json(&b, &n);
    b.len--; /* its closing brace: the openings go in */
    sv_openings(&b, &n, &q);
    tbuf_addc(&b, '}');
    ex_node_free(&n);
    return sv_json(conn, rq, 200, &b);
}

static enum MHD_Result
sv_game(sv_state *s, struct MHD_Connection *conn, sv_rq *rq, const sv_req *r)
{
    long id = sv_number(sv_get(r, "id"), 1, 2147483647L);
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0};
    sv_conn *c;
    int rc;

    if (id < 0)
        return sv_error(conn, rq, 400,
                        "id: a game number (1 and up) is wanted");
    c = sv_take(s);
    if (sv_begin(s, c, &err) != 0) {
        rc = -3;
    } else {
        rc = ex_game_json(&c->x, id, &b, &err);
        if (rc == -2)
            rq->retry = sv_failed(c);
    }
    sv_give(s, c);
    if (rc != 0) {
        enum MHD_Result res;

        if (rc == -3)
            res = sv_retry(conn, rq, err.data);
        else
            res = sv_error(conn, rq, rc == -1 ? 404 : 503,
                           err.data != NULL ? err.data : "query failed");
        tbuf_free(&b);
        tbuf_free(&err);
        return res;
    }
    return sv_json(conn, rq, 200, &b);
}
/* The games that pass the filters (and reach the position, when one is
 * given): how many, and a page of them. */
static enum MHD_Result
sv_search(sv_state *s, struct MHD_Connection *conn, sv_rq *rq,
          const sv_req *r)
{
    ex_query q;
    tbuf sql = {NULL, 0, 0}, b = {NULL, 0, 0}, err = {NULL, 0, 0},
         fkey = {NULL, 0, 0};
    char why[160];
    const char *v;
    long limit = 50, offset = 0, count = 0;
    int64_t key = 0;
    int have_key = 0, rc = SQLITE_DONE;
    sqlite3_stmt *st = NULL;
    sv_conn *c;

    rc = sv_query(r, &q, &fkey, why, sizeof why);
    tbuf_free(&fkey); /* the search does not keep a set */
    q.filter_key = NULL;
    if (rc != 0) {
        selcrit_free(&q.crit);
        return sv_error(conn, rq, 400, why);
    }
    rc = SQLITE_DONE;
    if (((v = sv_get(r, "limit")) != NULL &&
         (limit = sv_number(v, 1, 500)) < 0) ||
        ((v = sv_get(r, "offset")) != NULL &&
         (offset = sv_number(v, 0, 2147483647L)) < 0)) {
        selcrit_free(&q.crit);
        return sv_error(conn, rq, 400, "limit: 1 to 500; offset: 0 and up");
    }
    c = sv_take(s);
    if (sv_begin(s, c, &err) != 0) {
        enum MHD_Result res;

        sv_give(s, c);
        selcrit_free(&q.crit);
        res = sv_retry(conn, rq, err.data);
        tbuf_free(&err);
        return res;
    }
    if (q.fen != NULL || q.moves != NULL) {
        if (ex_key(&c->x, &q, &key, &err) != 0) {
            enum MHD_Result res;

            sv_give(s, c);
            selcrit_free(&q.crit);
            res = sv_error(conn, rq, 400, err.data);
            tbuf_free(&err);
            return res;
        }
        have_key = 1;
    }
    ex_functions(&c->x, &q.crit);
    tbuf_adds(&sql, "SELECT g.id, g.white, g.black, g.event, g.date,"
                    " g.result, count(*) OVER () FROM games g WHERE 1");
    ex_filters(&q.crit, &sql);
    if (q.crit.have_variant)
        tbuf_printf(&sql, " AND g.type = %d AND g.rules = %d"
                          " AND g.width = %d AND g.height = %d",
                    q.crit.variant.type, q.crit.variant.rules,
                    q.crit.variant.width, q.crit.variant.height);
    if (have_key)
        ex_games_cond(&c->x, key, &sql);
    tbuf_printf(&sql, " ORDER BY g.id LIMIT %ld OFFSET %ld", limit, offset);
    tbuf_adds(&b, "{\"games\":[");
    if (sqlite3_prepare_v2(c->x.db, sql.data, -1, &st, NULL) == SQLITE_OK) {
        int first = 1;

        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            ex_game g;
            int i;
            const char *col[5];

            for (i = 0; i < 5; i++)
                col[i] = (const char *)sqlite3_column_text(st, i + 1);
            g.id = sqlite3_column_int64(st, 0);
            g.white = (char *)col[0];
            g.black = (char *)col[1];
            g.event = (char *)col[2];
            g.date = (char *)col[3];
            g.result = (char *)col[4];
            g.year = col[3] != NULL ? atoi(col[3]) : 0;
            if (g.year < 1000 || g.year > 9999)
                g.year = 0;
            count = (long)sqlite3_column_int64(st, 6);
            {
                tbuf one = {NULL, 0, 0};

                ex_json_games(&one, &g, 1); /* [{...}]: its one record */
                if (!first)
                    tbuf_addc(&b, ',');
                tbuf_add(&b, one.data + 1, one.len - 2);
                tbuf_free(&one);
            }
            first = 0;
        }
    } else {
        rc = SQLITE_ERROR;
    }
    if (rc != SQLITE_DONE && rc != SQLITE_INTERRUPT)
        rq->retry = sv_failed(c);
    if (rc != SQLITE_DONE)
        tbuf_adds(&err, rc == SQLITE_INTERRUPT
                            ? "query interrupted: it took too long"
                            : sqlite3_errmsg(c->x.db));
    sqlite3_finalize(st);
    sv_give(s, c);
    selcrit_free(&q.crit);
    tbuf_free(&sql);
    if (rc != SQLITE_DONE) {
        enum MHD_Result res = sv_error(conn, rq, 503, err.data);

        tbuf_free(&b);
        tbuf_free(&err);
        return res;
    }
    if (count == 0 && offset > 0)
        count = -1; /* past the end: unknown here */
    tbuf_printf(&b, "],\"count\":%ld,\"offset\":%ld}", count, offset);
    return sv_json(conn, rq, 200, &b);
}

/* 1 when the Host header names this machine or an allowed name: a page
 * of another site that resolves its name to this address (DNS
 * rebinding) sends its own name, refused with 421. An address written
 * as such cannot be rebound; no Host at all (HTTP/1.0) is taken. */
static int
sv_host_ok(const sv_state *s, const char *host)
{
    char name[256];
    size_t len;
    int i;
    struct in6_addr a6;
    struct in_addr a4;

    if (host == NULL)
        return 1;
    if (host[0] == '[') {
        const char *end = strchr(host, ']');

        if (end == NULL || (size_t)(end - host - 1) >= sizeof name)
            return 0;
        len = (size_t)(end - host - 1);
        memcpy(name, host + 1, len);
        name[len] = '\0';
        return inet_pton(AF_INET6, name, &a6) == 1 &&
               (end[1] == '\0' || end[1] == ':');
    }
    len = strcspn(host, ":");
    if (len >= sizeof name)
        return 0;
    memcpy(name, host, len);
    name[len] = '\0';
    if (inet_pton(AF_INET, name, &a4) == 1)
        return 1;
    if (len > 0 && name[len - 1] == '.')
        name[--len] = '\0'; /* "localhost." */
    for (i = 0; i < s->nhosts; i++)
        if (strcasecmp(name, s->hosts[i]) == 0)
            return 1;
    return 0;
}

static sv_sock *
sv_sock_of(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

    return ci != NULL ? ci->socket_context : NULL;
}

/* A TCP connection opened or closed: kept in s->socks meanwhile. */
static void
sv_notify_sock(void *cls, struct MHD_Connection *conn, void **ctx,
               enum MHD_ConnectionNotificationCode toe)
{
    sv_state *s = cls;
    sv_sock *k = *ctx;

    pthread_mutex_lock(&s->sock_lock);
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);

        k = calloc(1, sizeof *k);
        if (k != NULL && ci != NULL) {
            k->fd = ci->connect_fd;
            k->waiting = 1;
            clock_gettime(CLOCK_MONOTONIC, &k->since);
            k->next = s->socks;
            if (s->socks != NULL)
                s->socks->prev = k;
            s->socks = k;
        } else {
            free(k);
            k = NULL;
        }
        *ctx = k;
    } else if (k != NULL) {
        /* called before libmicrohttpd closes the socket: the reaper,
         * under the same lock, never shuts down a reused descriptor */
        if (k->prev != NULL)
            k->prev->next = k->next;
        else
            s->socks = k->next;
        if (k->next != NULL)
            k->next->prev = k->prev;
        free(k);
        *ctx = NULL;
    }
    pthread_mutex_unlock(&s->sock_lock);
}

/* Shuts down the connections whose request's headers are later than
 * timeout seconds (libmicrohttpd then closes them). */
static void
sv_reap(sv_state *s, long timeout)
{
    struct timespec now;
    sv_sock *k;

    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&s->sock_lock);
    for (k = s->socks; k != NULL; k = k->next)
        if (k->waiting && !k->shut &&
            (now.tv_sec - k->since.tv_sec) * 1000L +
                    (now.tv_nsec - k->since.tv_nsec) / 1000000L >=
                timeout * 1000L) {
            shutdown(k->fd, SHUT_RDWR);
            k->shut = 1;
        }
    pthread_mutex_unlock(&s->sock_lock);
}

static void
sv_waiting(sv_state *s, struct MHD_Connection *conn, int waiting)
{
    sv_sock *k = sv_sock_of(conn);

    if (k == NULL)
        return;
    pthread_mutex_lock(&s->sock_lock);
    k->waiting = waiting;
    clock_gettime(CLOCK_MONOTONIC, &k->since);
    pthread_mutex_unlock(&s->sock_lock);
}

/* The request as sent, before libmicrohttpd decodes it: a NUL written
 * %00 would cut a decoded value short unseen. Its context (con_cls) is
 * made here and freed when it completes (sv_done). */
static void *
sv_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
    sv_rq *q = calloc(1, sizeof *q);

    (void)cls;
    (void)conn;
    if (q == NULL)
        return NULL;
    clock_gettime(CLOCK_MONOTONIC, &q->t0);
    if (uri != NULL) {
        size_t i;

        q->nul = strstr(uri, "%00") != NULL;
        /* for the log: printable, bounded */
        for (i = 0; uri[i] != '\0' && i + 1 < sizeof q->uri; i++)
            q->uri[i] = (uri[i] > ' ' && uri[i] < 0x7f && uri[i] != '"')
                            ? uri[i]
                            : '?';
    }
    return q;
}

static void
sv_done(void *cls, struct MHD_Connection *conn, void **con_cls,
        enum MHD_RequestTerminationCode toe)
{
    sv_state *s = cls;
    sv_rq *q = *con_cls;

    (void)toe;
    if (q != NULL && q->seen)
        sv_log(s, conn, q);
    free(q);
    *con_cls = NULL;
    /* the next request on the connection has its own header time */
    sv_waiting(s, conn, 1);
}

static enum MHD_Result
sv_answer(void *cls, struct MHD_Connection *conn, const char *url,
          const char *method, const char *version, const char *upload,
          size_t *upload_size, void **con_cls)
{
    sv_state *s = cls;
    sv_rq *rq = *con_cls;
    sv_req r;
    size_t len;
    const char *type, *a;

    (void)version;
    (void)upload;
    if (rq == NULL)
        return MHD_NO;
    if (rq->seen) {
        /* a body after the answer (libmicrohttpd discards it) */
        *upload_size = 0;
        return MHD_YES;
    }
    /* the headers are in: answered at once, so that a body announced
     * (Expect: 100-continue too) is never waited for and never read */
    rq->seen = 1;
    snprintf(rq->method, sizeof rq->method, "%s", method);
    sv_waiting(s, conn, 0);
    if (!sv_host_ok(s, MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                   MHD_HTTP_HEADER_HOST)))
        return sv_error(conn, rq, 421, "the Host header names another "
                                       "site: this server answers for "
                                       "localhost and its address only "
                                       "(--allow-host)");
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return sv_error(conn, rq, 405, "only GET and HEAD are answered");
    if (rq->nul)
        return sv_error(conn, rq, 400, "a NUL byte (%00) in the request");
    memset(&r, 0, sizeof r);
    if (strncmp(url, "/api/", 5) != 0) {
        const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;

        if (strchr(name, '/') != NULL || (a = ex_asset(name, &len, &type)) ==
                                             NULL)
            return sv_error(conn, rq, 404, "not found");
        return sv_send(conn, rq, 200, type, a, len, 0);
    }
    if (strcmp(url, "/api/explore") == 0)
        r.allowed = "|fen|moves|player|event|result|date|variant|tag|top|";
    else if (strcmp(url, "/api/search") == 0)
        r.allowed = "|fen|moves|player|event|result|date|variant|tag|limit|"
                    "offset|";
    else if (strcmp(url, "/api/game") == 0)
        r.allowed = "|id|";
    else
        return sv_error(conn, rq, 404, "not found: the API is /api/explore, "
                                       "/api/search and /api/game");
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, sv_param, &r);
    if (r.why[0] != '\0')
        return sv_error(conn, rq, 400, r.why);
    if (url[5] == 'e')
        return sv_explore(s, conn, rq, &r);
    if (url[5] == 's')
        return sv_search(s, conn, rq, &r);
    return sv_game(s, conn, rq, &r);
}

/* 1 when the address (IPv4 or IPv6) is this machine's only. */
static int
sv_loopback(int family, const void *a)
{
    if (family == AF_INET)
        return ((const unsigned char *)a)[0] == 127;
    return IN6_IS_ADDR_LOOPBACK((const struct in6_addr *)a);
}

int
db_serve_main(int argc, char **argv)
{
    static sv_state s;
    tool_opts o;
    struct MHD_Daemon *d;
    struct sockaddr_in sa;
    struct sockaddr_in6 sa6;
    const char *bind = "127.0.0.1", *log = NULL, *slash;
    long port = 8080, threads = 4, limit = 256, per_ip = 32, header = 10, v;
    int c, st, i, sig, six = 0, show_path = 0;
    unsigned flags;
    sigset_t set;
    const union MHD_DaemonInfo *info;
    struct timespec tick = {0, 250000000L};

    tool_opts_init(&o);
    s.time_ms = 2000;
    s.hosts[s.nhosts++] = "localhost";
    while ((c = tool_getopt(&serve_cmdline, &o, argc, argv, &st)) != -1) {
        if (c == SV_OPT_BIND) {
            bind = optarg;
            continue;
        }
        if (c == SV_OPT_HOST) {
            if (s.nhosts == SV_HOSTS_MAX + 1)
                return tool_usage_error("--allow-host: at most %d names",
                                        SV_HOSTS_MAX);
            s.hosts[s.nhosts++] = optarg;
            continue;
        }
        if (c == SV_OPT_LOG) {
            log = optarg;
            continue;
        }
        if (c == SV_OPT_PATH) {
            show_path = 1;
            continue;
        }
        if (tool_number_option(c, optarg,
                               c == SV_OPT_PORT ? 0 : 1,
                               c == SV_OPT_PORT      ? 65535
                               : c == SV_OPT_THREADS ? 64
                               : c == SV_OPT_LIMIT   ? 4096
                               : c == SV_OPT_PER_IP  ? 4096
                               : c == SV_OPT_HEADER  ? 3600
                                                     : 600000,
                               NULL, &v) < 0)
            return TOOL_TROUBLE;
        if (c == SV_OPT_PORT)
            port = v;
        else if (c == SV_OPT_THREADS)
            threads = v;
        else if (c == SV_OPT_LIMIT)
            limit = v;
        else if (c == SV_OPT_PER_IP)
            per_ip = v;
        else if (c == SV_OPT_HEADER)
            header = v;
        else
            s.time_ms = v;
    }
    if (st >= 0)
        return st;
    if (optind + 1 != argc)
        return tool_usage_error("serve: %s", optind >= argc
                                                 ? "no database named"
                                                 : "one database only");
    if (per_ip > limit)
        per_ip = limit;
    memset(&sa, 0, sizeof sa);
    memset(&sa6, 0, sizeof sa6);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((unsigned short)port);
    sa6.sin6_family = AF_INET6;
    sa6.sin6_port = htons((unsigned short)port);
    if (inet_pton(AF_INET, bind, &sa.sin_addr) == 1)
        six = 0;
    else if (inet_pton(AF_INET6, bind, &sa6.sin6_addr) == 1)
        six = 1;
    else
        return tool_usage_error("--bind: '%s' is not an IPv4 or IPv6 address",
                                bind);
    s.hosts[s.nhosts++] = bind;
    s.path = argv[optind];
    slash = strrchr(s.path, '/');
    s.shown = show_path || slash == NULL ? s.path : slash + 1;
    if (log != NULL) {
        s.log = strcmp(log, "-") == 0 ? stderr : fopen(log, "a");
        if (s.log == NULL) {
            tool_error("%s: %s", log, strerror(errno));
            return TOOL_TROUBLE;
        }
    }
    s.nconns = (int)threads;
    s.conns = tool_xmalloc((size_t)threads * sizeof *s.conns);
    memset(s.conns, 0, (size_t)threads * sizeof *s.conns);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.freed, NULL);
    pthread_mutex_init(&s.log_lock, NULL);
    pthread_mutex_init(&s.sock_lock, NULL);
    /* the database is read as it is: a missing or stale explorer's index
     * is said (pdn-db explore --index makes it), never built here */
    if (ex_open(&s.conns[0].x, s.path, 0) != 0) {
        free(s.conns);
        if (s.log != NULL && s.log != stderr)
            fclose(s.log);
        return TOOL_TROUBLE;
    }
    ex_close(&s.conns[0].x);
    /* the signals that stop the server go to this thread alone */
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    if (!sv_loopback(six ? AF_INET6 : AF_INET,
                     six ? (const void *)&sa6.sin6_addr
                         : (const void *)&sa.sin_addr))
        fprintf(stderr, "pdn-db: warning: %s is not a loopback address: "
                        "other machines can read the database's games "
                        "(--bind 127.0.0.1 keeps them to this one)\n",
                bind);
    flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
            MHD_USE_ERROR_LOG | (six ? MHD_USE_IPv6 : 0);
    d = MHD_start_daemon(
        flags, 0, NULL, NULL, sv_answer, &s, MHD_OPTION_SOCK_ADDR,
        six ? (struct sockaddr *)&sa6 : (struct sockaddr *)&sa,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)per_ip,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)(header > 10 ? header : 10),
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned)1,
        MHD_OPTION_URI_LOG_CALLBACK, sv_uri, NULL,
        MHD_OPTION_NOTIFY_COMPLETED, sv_done, &s,
        MHD_OPTION_NOTIFY_CONNECTION, sv_notify_sock, &s, MHD_OPTION_END);
    if (d == NULL) {
        tool_error("%s:%ld: cannot listen (%s)", bind, port,
                   errno != 0 ? strerror(errno) : "libmicrohttpd failed");
        st = TOOL_TROUBLE;
    } else {
        info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
        fprintf(stderr, "pdn-db: serving %s on http://%s%s%s:%u/\n", s.path,
                six ? "[" : "", bind, six ? "]" : "",
                info != NULL ? (unsigned)info->port : (unsigned)port);
        fflush(stderr);
        /* a quarter of a second at a time: the slow headers are cut */
        for (;;) {
            sig = sigtimedwait(&set, NULL, &tick);
            if (sig > 0)
                break;
            sv_reap(&s, header);
        }
        MHD_stop_daemon(d);
        st = TOOL_OK;
    }
    for (i = 0; i < s.nconns; i++)
        sv_close(&s.conns[i]);
    free(s.conns);
    if (s.log != NULL && s.log != stderr)
        fclose(s.log);
    return st;
}
