/* SPDX-License-Identifier: MIT */
/* pdn-db serve: the explorer over HTTP (libmicrohttpd). A pool of threads
 * answers a bounded number of connections; each thread takes one of as
 * many read-only connections to the database; a query past its time
 * limit is interrupted (SQLite's progress handler). The page is built
 * into the program (ex_asset): no file is read to answer a request. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SV_OPT_PORT 0xb6 /* TOOL_LONG_OWN + 22 */
#define SV_OPT_BIND 0xb7
#define SV_OPT_THREADS 0xb8
#define SV_OPT_LIMIT 0xb9
#define SV_OPT_TIME 0xba

/* What a request may hold: a parameter's value, the parameters. */
#define SV_PARAM_MAX 1024
#define SV_PARAMS_MAX 16

static const tool_option serve_options[] = {
    {"port", SV_OPT_PORT, "N", "the TCP port (default 8080; 0: any free one,\n"
                               "printed when the server starts)"},
    {"bind", SV_OPT_BIND, "ADDR", "the IPv4 address to listen on (default\n"
                                  "127.0.0.1: this machine only)"},
    {"threads", SV_OPT_THREADS, "N", "threads answering requests (default 4)"},
    {"connections", SV_OPT_LIMIT, "N",
     "connections open at once, at most (default 64)"},
    {"time-limit", SV_OPT_TIME, "MS",
     "a query's time limit in milliseconds (default 2000)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline serve_cmdline = {
    "serve [OPTION]... DB",
    "Serve the explorer of the database DB over HTTP: a page and a JSON API\n"
    "(/api/explore, /api/search, /api/game), read-only. SIGINT or SIGTERM\n"
    "stops it.\n",
    serve_options, "", "",
    "\nExit status:\n  0  stopped by SIGINT, SIGTERM or SIGHUP\n"
    "  2  usage error, a database that cannot be read, an address or port\n"
    "     that cannot be listened on, system trouble\n"};

typedef struct sv_conn {
    ex_db x;
    int busy;
    struct timespec deadline;
} sv_conn;

typedef struct sv_state {
    const char *path;
    sv_conn *conns;
    int nconns;
    long time_ms;
    pthread_mutex_t lock;
    pthread_cond_t freed;
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
    pthread_mutex_lock(&s->lock);
    c->busy = 0;
    pthread_cond_signal(&s->freed);
    pthread_mutex_unlock(&s->lock);
}

static enum MHD_Result
sv_send(struct MHD_Connection *conn, unsigned code, const char *type,
        const char *body, size_t len, int copy)
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
    rc = MHD_queue_response(conn, code, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result
sv_json(struct MHD_Connection *conn, unsigned code, tbuf *b)
{
    enum MHD_Result rc;

    tbuf_addc(b, '\n');
    rc = sv_send(conn, code, "application/json", b->data, b->len, 1);
    tbuf_free(b);
    return rc;
}

static enum MHD_Result
sv_error(struct MHD_Connection *conn, unsigned code, const char *msg)
{
    tbuf b = {NULL, 0, 0};

    tbuf_printf(&b, "{\"error\":");
    tbuf_json(&b, msg);
    tbuf_printf(&b, ",\"status\":%u}", code);
    return sv_json(conn, code, &b);
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

static enum MHD_Result
sv_explore(sv_state *s, struct MHD_Connection *conn, const sv_req *r)
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
        return sv_error(conn, 400, why);
    }
    c = sv_take(s);
    rc = ex_node_get(&c->x, &q, &n, &err);
    sv_give(s, c);
    selcrit_free(&q.crit);
    tbuf_free(&key);
    if (rc != 0) {
        enum MHD_Result res =
            sv_error(conn, rc == -1 ? 400 : 503,
                     err.data != NULL ? err.data : "query failed");
        tbuf_free(&err);
        return res;
    }
    ex_node_json(&b, &n);
    ex_node_free(&n);
    return sv_json(conn, 200, &b);
}

static enum MHD_Result
sv_game(sv_state *s, struct MHD_Connection *conn, const sv_req *r)
{
    long id = sv_number(sv_get(r, "id"), 1, 2147483647L);
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0};
    sv_conn *c;
    int rc;

    if (id < 0)
        return sv_error(conn, 400, "id: a game number (1 and up) is wanted");
    c = sv_take(s);
    rc = ex_game_json(&c->x, id, &b, &err);
    sv_give(s, c);
    if (rc != 0) {
        enum MHD_Result res = sv_error(conn, rc == -1 ? 404 : 503,
                                       err.data != NULL ? err.data
                                                        : "query failed");
        tbuf_free(&b);
        tbuf_free(&err);
        return res;
    }
    return sv_json(conn, 200, &b);
}

/* The games that pass the filters (and reach the position, when one is
 * given): how many, and a page of them. */
static enum MHD_Result
sv_search(sv_state *s, struct MHD_Connection *conn, const sv_req *r)
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
        return sv_error(conn, 400, why);
    }
    rc = SQLITE_DONE;
    if (((v = sv_get(r, "limit")) != NULL &&
         (limit = sv_number(v, 1, 500)) < 0) ||
        ((v = sv_get(r, "offset")) != NULL &&
         (offset = sv_number(v, 0, 2147483647L)) < 0)) {
        selcrit_free(&q.crit);
        return sv_error(conn, 400, "limit: 1 to 500; offset: 0 and up");
    }
    c = sv_take(s);
    if (q.fen != NULL || q.moves != NULL) {
        if (ex_key(&c->x, &q, &key, &err) != 0) {
            enum MHD_Result res;

            sv_give(s, c);
            selcrit_free(&q.crit);
            res = sv_error(conn, 400, err.data);
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
        tbuf_printf(&sql, " AND g.id IN (SELECT game FROM explore WHERE"
                          " key = %lld)", (long long)key);
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
    if (rc != SQLITE_DONE)
        tbuf_adds(&err, rc == SQLITE_INTERRUPT
                            ? "query interrupted: it took too long"
                            : sqlite3_errmsg(c->x.db));
    sqlite3_finalize(st);
    sv_give(s, c);
    selcrit_free(&q.crit);
    tbuf_free(&sql);
    if (rc != SQLITE_DONE) {
        enum MHD_Result res = sv_error(conn, 503, err.data);

        tbuf_free(&b);
        tbuf_free(&err);
        return res;
    }
    if (count == 0 && offset > 0)
        count = -1; /* past the end: unknown here */
    tbuf_printf(&b, "],\"count\":%ld,\"offset\":%ld}", count, offset);
    return sv_json(conn, 200, &b);
}

/* The request as sent, before libmicrohttpd decodes it: a NUL written
 * %00 would cut a decoded value short unseen. A request's context
 * (con_cls) is one of these: 0 none, 1 a NUL; 2 and 3 the same once its
 * headers have been seen. */
static char sv_ctx[4];

static void *
sv_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    (void)conn;
    return &sv_ctx[uri != NULL && strstr(uri, "%00") != NULL];
}

static enum MHD_Result
sv_answer(void *cls, struct MHD_Connection *conn, const char *url,
          const char *method, const char *version, const char *upload,
          size_t *upload_size, void **con_cls)
{
    sv_state *s = cls;
    sv_req r;
    size_t len;
    const char *type, *a;
    int k = *con_cls != NULL ? (int)((char *)*con_cls - sv_ctx) : 0;

    (void)version;
    (void)upload;
    if (k < 2) {
        *con_cls = &sv_ctx[k + 2]; /* answered on the next call */
        return MHD_YES;
    }
    if (*upload_size != 0) {
        *upload_size = 0; /* a body is not read */
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return sv_error(conn, 405, "only GET and HEAD are answered");
    if (k == 3)
        return sv_error(conn, 400, "a NUL byte (%00) in the request");
    memset(&r, 0, sizeof r);
    if (strncmp(url, "/api/", 5) != 0) {
        const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;

        if (strchr(name, '/') != NULL || (a = ex_asset(name, &len, &type)) ==
                                             NULL)
            return sv_error(conn, 404, "not found");
        return sv_send(conn, 200, type, a, len, 0);
    }
    if (strcmp(url, "/api/explore") == 0)
        r.allowed = "|fen|moves|player|event|result|date|variant|tag|top|";
    else if (strcmp(url, "/api/search") == 0)
        r.allowed = "|fen|moves|player|event|result|date|variant|tag|limit|"
                    "offset|";
    else if (strcmp(url, "/api/game") == 0)
        r.allowed = "|id|";
    else
        return sv_error(conn, 404, "not found: the API is /api/explore, "
                                   "/api/search and /api/game");
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, sv_param, &r);
    if (r.why[0] != '\0')
        return sv_error(conn, 400, r.why);
    if (url[5] == 'e')
        return sv_explore(s, conn, &r);
    if (url[5] == 's')
        return sv_search(s, conn, &r);
    return sv_game(s, conn, &r);
}

int
db_serve_main(int argc, char **argv)
{
    static sv_state s;
    tool_opts o;
    struct MHD_Daemon *d;
    struct sockaddr_in sa;
    const char *bind = "127.0.0.1";
    long port = 8080, threads = 4, limit = 64, v;
    int c, st, i, sig;
    sigset_t set;
    const union MHD_DaemonInfo *info;

    tool_opts_init(&o);
    s.time_ms = 2000;
    while ((c = tool_getopt(&serve_cmdline, &o, argc, argv, &st)) != -1) {
        if (c == SV_OPT_BIND) {
            bind = optarg;
            continue;
        }
        if (tool_number_option(c, optarg, c == SV_OPT_PORT ? 0 : 1,
                               c == SV_OPT_PORT      ? 65535
                               : c == SV_OPT_THREADS ? 64
                               : c == SV_OPT_LIMIT   ? 4096
                                                     : 600000,
                               NULL, &v) < 0)
            return TOOL_TROUBLE;
        if (c == SV_OPT_PORT)
            port = v;
        else if (c == SV_OPT_THREADS)
            threads = v;
        else if (c == SV_OPT_LIMIT)
            limit = v;
        else
            s.time_ms = v;
    }
    if (st >= 0)
        return st;
    if (optind + 1 != argc)
        return tool_usage_error("serve: %s", optind >= argc
                                                 ? "no database named"
                                                 : "one database only");
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((unsigned short)port);
    if (inet_pton(AF_INET, bind, &sa.sin_addr) != 1)
        return tool_usage_error("--bind: '%s' is not an IPv4 address", bind);
    s.path = argv[optind];
    s.nconns = (int)threads;
    s.conns = tool_xmalloc((size_t)threads * sizeof *s.conns);
    memset(s.conns, 0, (size_t)threads * sizeof *s.conns);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.freed, NULL);
    for (i = 0; i < s.nconns; i++) {
        if (ex_open(&s.conns[i].x, s.path, i == 0) != 0) {
            while (i-- > 0)
                ex_close(&s.conns[i].x);
            free(s.conns);
            return TOOL_TROUBLE;
        }
        sqlite3_progress_handler(s.conns[i].x.db, 1000, sv_progress,
                                 &s.conns[i]);
    }
    /* the signals that stop the server go to this thread alone */
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ERROR_LOG,
        0, NULL, NULL, sv_answer, &s, MHD_OPTION_SOCK_ADDR, &sa,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)limit,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)10,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned)1,
        MHD_OPTION_URI_LOG_CALLBACK, sv_uri, NULL, MHD_OPTION_END);
    if (d == NULL) {
        tool_error("%s:%ld: cannot listen (%s)", bind, port,
                   errno != 0 ? strerror(errno) : "libmicrohttpd failed");
        st = TOOL_TROUBLE;
    } else {
        info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
        fprintf(stderr, "pdn-db: serving %s on http://%s:%u/\n", s.path, bind,
                info != NULL ? (unsigned)info->port : (unsigned)port);
        fflush(stderr);
        sigwait(&set, &sig);
        MHD_stop_daemon(d);
        st = TOOL_OK;
    }
    for (i = 0; i < s.nconns; i++)
        ex_close(&s.conns[i].x);
    free(s.conns);
    return st;
}
