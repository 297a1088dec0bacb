/* SPDX-License-Identifier: MIT */
/* pdn-db serve: the answers (their headers, JSON and errors, the access
 * log) and a request's parameters (known names, bounded values, cheap
 * regular expressions) read into the explorer's query. */
#include <config.h>
#include "serve.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* Each answer: written to the access log when one is kept. */
void
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

enum MHD_Result
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
                            " img-src 'self' data:;"
                            " script-src 'self' 'wasm-unsafe-eval'");
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

enum MHD_Result
sv_json(struct MHD_Connection *conn, sv_rq *q, unsigned code, tbuf *b)
{
    enum MHD_Result rc;

    tbuf_addc(b, '\n');
    rc = sv_send(conn, q, code, "application/json", b->data, b->len, 1);
    tbuf_free(b);
    return rc;
}

enum MHD_Result
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
enum MHD_Result
sv_retry(struct MHD_Connection *conn, sv_rq *q, const char *msg)
{
    q->retry = 1;
    return sv_error(conn, q, 503, msg);
}


enum MHD_Result
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

const char *
sv_get(const sv_req *q, const char *name)
{
    int i;

    for (i = 0; i < q->n; i++)
        if (strcmp(q->name[i], name) == 0)
            return q->value[i];
    return NULL;
}

/* A whole decimal number in lo..hi, or -1. */
long
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
int
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
