/* SPDX-License-Identifier: MIT */
/* pdn-db serve, between its files: serve.c starts the server and keeps
 * its connections (the Host check, the header timeout, the routing of a
 * request); servedb.c hands each request a connection to the database
 * and its snapshot; servehttp.c writes the answers and reads and checks
 * a request's parameters; serveapi.c answers the API (/api/explore,
 * /api/search, /api/game, and /api/engine with --engine). */
#ifndef PDN_TOOLS_DB_SERVE_H
#define PDN_TOOLS_DB_SERVE_H

#include "db.h"
#include "explore.h"
#include "common.h"
#include "engcmd.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

/* Host names a request may name besides the built-in ones. */
#define SV_HOSTS_MAX 8

/* What a request may hold: a parameter's value, the parameters. */
#define SV_PARAM_MAX 1024
#define SV_PARAMS_MAX 16

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

/* --engine: the engine that evaluates a position for the page, one
 * search at a time, each bounded by lim (depth, time). */
typedef struct sv_engine {
    int on;
    engcmd cmd;
    pdn_engine_limits lim;
    pthread_mutex_t lock;
} sv_engine;

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
    sv_engine eng;
} sv_state;

/* The request's parameters, checked: known names, bounded values. */
typedef struct sv_req {
    const char *allowed;     /* names, each followed by '|' */
    const char *name[SV_PARAMS_MAX];
    const char *value[SV_PARAMS_MAX];
    int n;
    char why[160];
} sv_req;

/* servedb.c: the database's connections and their snapshots */
sv_conn *sv_take(sv_state *s);
void sv_give(sv_state *s, sv_conn *c);
void sv_close(sv_conn *c);
int sv_begin(sv_state *s, sv_conn *c, tbuf *err);
int sv_failed(sv_conn *c);

/* servehttp.c: the answers */
void sv_log(sv_state *s, struct MHD_Connection *conn, const sv_rq *q);
enum MHD_Result sv_send(struct MHD_Connection *conn, sv_rq *q, unsigned code,
                        const char *type, const char *body, size_t len,
                        int copy);
enum MHD_Result sv_json(struct MHD_Connection *conn, sv_rq *q, unsigned code,
                        tbuf *b);
enum MHD_Result sv_error(struct MHD_Connection *conn, sv_rq *q,
                         unsigned code, const char *msg);
enum MHD_Result sv_retry(struct MHD_Connection *conn, sv_rq *q,
                         const char *msg);

/* servehttp.c: the request's parameters */
enum MHD_Result sv_param(void *ud, enum MHD_ValueKind kind, const char *key,
                         const char *value);
const char *sv_get(const sv_req *q, const char *name);
long sv_number(const char *v, long lo, long hi);
int sv_query(const sv_req *r, ex_query *q, tbuf *key, char *why, size_t size);

/* serveapi.c: the API's answers */
enum MHD_Result sv_explore(sv_state *s, struct MHD_Connection *conn,
                           sv_rq *rq, const sv_req *r);
enum MHD_Result sv_game(sv_state *s, struct MHD_Connection *conn, sv_rq *rq,
                        const sv_req *r);
enum MHD_Result sv_search(sv_state *s, struct MHD_Connection *conn,
                          sv_rq *rq, const sv_req *r);
enum MHD_Result sv_engine_answer(sv_state *s, struct MHD_Connection *conn,
                                 sv_rq *rq, const sv_req *r);

#endif
