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
 * the program (ex_asset): no file is read to answer a request. serve.h
 * names the other files of the server. */
#include <config.h>
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

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
#define SV_OPT_ENGINE 0xc0
#define SV_OPT_DEPTH 0xc1
#define SV_OPT_MOVE_TIME 0xc2

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
    {"engine", SV_OPT_ENGINE, "CMD",
     "an engine (Hub) that evaluates the page's\n"
     "positions (/api/engine): its command line, split\n"
     "into words as the shell would, run without a shell"},
    {"depth", SV_OPT_DEPTH, "N", "the engine's search depth (default 8)"},
    {"move-time", SV_OPT_MOVE_TIME, "SECS",
     "the engine's time per position, at most (default 2)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline serve_cmdline = {
    "serve [OPTION]... DB",
    "Serve the explorer of the database DB over HTTP: a page and a JSON API\n"
    "(/api/explore, /api/search, /api/game; /api/engine with --engine),\n"
    "read-only: the explorer's index\n"
    "must be up to date (pdn-db explore --index DB). SIGINT or SIGTERM stops\n"
    "it.\n",
    serve_options, "", "",
    "\nExit status:\n  0  stopped by SIGINT, SIGTERM or SIGHUP\n"
    "  2  usage error, a database that cannot be read or whose explorer's\n"
    "     index is missing or stale, an address or port that cannot be\n"
    "     listened on, system trouble\n"};

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

/* libmicrohttpd's idle timeout of a connection, in seconds: the header
 * timeout, 10 at least, and longer than an engine's search may take
 * (its timeout, the second after stop, and 5 to spare), since a request
 * waiting on the engine is idle meanwhile. */
static unsigned
sv_conn_timeout(const sv_state *s, long header)
{
    double t = header > 10 ? (double)header : 10.0;

    if (s->eng.on && s->eng.lim.timeout + 6 > t)
        t = s->eng.lim.timeout + 6;
    return (unsigned)(t + 0.999);
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
    else if (strcmp(url, "/api/engine") == 0)
        r.allowed = "|fen|gametype|";
    else
        return sv_error(conn, rq, 404, "not found: the API is /api/explore, "
                                       "/api/search, /api/game and "
                                       "/api/engine");
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, sv_param, &r);
    if (r.why[0] != '\0')
        return sv_error(conn, rq, 400, r.why);
    if (url[5] == 'e' && url[6] == 'x')
        return sv_explore(s, conn, rq, &r);
    if (url[5] == 's')
        return sv_search(s, conn, rq, &r);
    if (url[5] == 'e' && url[6] == 'n')
        return sv_engine_answer(s, conn, rq, &r);
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
    const char *bind = "127.0.0.1", *log = NULL, *slash, *engine = NULL;
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
        if (c == SV_OPT_ENGINE) {
            engine = optarg;
            continue;
        }
        if (c == SV_OPT_MOVE_TIME) {
            if (tool_real_option("move-time", optarg, 0.01, 3600,
                                 &s.eng.lim.move_time) != 0)
                return TOOL_TROUBLE;
            continue;
        }
        if (tool_number_option(c, optarg,
                               c == SV_OPT_PORT ? 0 : 1,
                               c == SV_OPT_PORT      ? 65535
                               : c == SV_OPT_THREADS ? 64
                               : c == SV_OPT_LIMIT   ? 4096
                               : c == SV_OPT_PER_IP  ? 4096
                               : c == SV_OPT_HEADER  ? 3600
                               : c == SV_OPT_DEPTH   ? 99
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
        else if (c == SV_OPT_DEPTH)
            s.eng.lim.depth = (int)v;
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
    if (engine != NULL) {
        const char *why;

        if (engcmd_split(engine, &s.eng.cmd.argv, &why) != 0)
            return tool_usage_error("--engine: %s", why);
        if (engcmd_init(&s.eng.cmd) != 0) {
            engcmd_free(s.eng.cmd.argv);
            tool_error("memory exhausted");
            return TOOL_TROUBLE;
        }
        pthread_mutex_init(&s.eng.lock, NULL);
        if (s.eng.lim.depth == 0)
            s.eng.lim.depth = 8;
        if (s.eng.lim.move_time <= 0)
            s.eng.lim.move_time = 2;
        s.eng.lim.analyze = 1;
        /* a hung engine is given up 3 s past the move time (the
         * library's default, twice it and 10 s more, outlasts the
         * connection, which libmicrohttpd would then close unanswered);
         * the connection's timeout below covers the wait, the stop and
         * its second */
        s.eng.lim.timeout = s.eng.lim.move_time + 3;
        s.eng.on = 1;
    } else if (s.eng.lim.depth != 0 || s.eng.lim.move_time > 0) {
        return tool_usage_error("--depth and --move-time: for --engine");
    }
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
        MHD_OPTION_CONNECTION_TIMEOUT, sv_conn_timeout(&s, header),
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
    if (s.eng.on) {
        engcmd_end(&s.eng.cmd);
        engcmd_free(s.eng.cmd.argv);
    }
    if (s.log != NULL && s.log != stderr)
        fclose(s.log);
    return st;
}
