/* SPDX-License-Identifier: MIT */
/* The Hub protocol, version 2: the hello (hub, id, param, wait), the
 * parameters (set-param, then init and ready before the first search), a
 * search (pos, level, go, info lines, done), stop, ping and pong, quit.
 * Lines the client does not know are skipped, as the protocol asks. */
#include <config.h>
#include "engine_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines skipped while waiting for one answer before the engine is taken
 * as one that does not speak Hub. */
#define HUB_JUNK_MAX 100000

void
pdn_engine_options_init(pdn_engine_options *o)
{
    memset(o, 0, sizeof *o);
    o->stderr_fd = -1;
}

static char *
dup_or_empty(const char *s)
{
    return pdnp_strdup(s != NULL ? s : "");
}

static int
add_param(pdn_engine *e, const pdn_hub_line *l)
{
    pdnp_param *p;

    if (pdn_hub_line_get(l, "name") == NULL)
        return 0;
    if (e->nparams == e->capparams) {
        size_t cap = e->capparams ? e->capparams * 2 : 8;

        p = pdnp_realloc(e->params, cap * sizeof *p);
        if (p == NULL)
            return -1;
        e->params = p;
        e->capparams = cap;
    }
    p = &e->params[e->nparams];
    p->name = dup_or_empty(pdn_hub_line_get(l, "name"));
    p->value = dup_or_empty(pdn_hub_line_get(l, "value"));
    p->values = dup_or_empty(pdn_hub_line_get(l, "values"));
    if (p->name == NULL || p->value == NULL || p->values == NULL) {
        pdnp_free(p->name);
        pdnp_free(p->value);
        pdnp_free(p->values);
        return -1;
    }
    e->nparams++;
    return 0;
}

/* Reads lines until one whose command is cmd (its parsed form in *l),
 * handing the others to fn when not NULL. 0; -2 at the deadline (not
 * reported); -1 with *err. */
typedef int other_fn(pdn_engine *e, pdn_hub_line *l, void *ud);

static int
wait_for(pdn_engine *e, const char *cmd, double deadline, pdn_hub_line *l,
         other_fn *fn, void *ud, pdn_error *err)
{
    unsigned long junk = 0;

    for (;;) {
        char *line;
        int rc = pdnp_eng_read_line(e, deadline, cmd, &line, err);

        if (rc != 0)
            return rc;
        if (pdn_hub_line_parse(line, l) != 0) {
            if (++junk > HUB_JUNK_MAX) {
                pdnp_eng_fail(e, err, PDN_ESYNTAX, "%lu lines that are not "
                              "Hub (waiting for %s)", junk - 1, cmd);
                return -1;
            }
            continue;
        }
        if (strcmp(l->command, cmd) == 0)
            return 0;
        if (strcmp(l->command, "error") == 0 && fn == NULL) {
            const char *m = pdn_hub_line_get(l, "message");

            pdnp_eng_fail(e, err, PDN_EIO, "error \"%.100s\" (waiting for "
                          "%s)", m ? m : "", cmd);
            return -1;
        }
        if (fn != NULL) {
            rc = fn(e, l, ud);
            if (rc != 0)
                return rc;
        } else if (++junk > HUB_JUNK_MAX) {
            pdnp_eng_fail(e, err, PDN_ESYNTAX, "%lu lines that are not "
                          "what was asked (waiting for %s)", junk - 1, cmd);
            return -1;
        }
    }
}

static int
timed_out(pdn_engine *e, pdn_error *err, double secs, const char *what)
{
    pdnp_eng_fail(e, err, PDN_EIO, "no answer in %.1f s (waiting for %s)",
                  secs, what);
    return -1;
}

static int
hello_line(pdn_engine *e, pdn_hub_line *l, void *ud)
{
    (void)ud;
    if (strcmp(l->command, "id") == 0) {
        const char *v;

        if ((v = pdn_hub_line_get(l, "name")) != NULL)
            snprintf(e->name, sizeof e->name, "%s", v);
        if ((v = pdn_hub_line_get(l, "version")) != NULL)
            snprintf(e->version, sizeof e->version, "%s", v);
        if ((v = pdn_hub_line_get(l, "author")) != NULL)
            snprintf(e->author, sizeof e->author, "%s", v);
    } else if (strcmp(l->command, "param") == 0 && add_param(e, l) != 0)
        return -1;
    return 0;
}

pdn_engine *
pdn_engine_start(const pdn_engine_options *o, pdn_error *err)
{
    pdn_engine *e;
    pdn_hub_line l;
    int rc;

    pdn_error_clear(err);
    if (o == NULL || o->argv == NULL || o->argv[0] == NULL ||
        o->argv[0][0] == '\0') {
        pdnp_error_set(err, PDN_EIO, PDN_SEV_ERROR, NULL, 0,
                       "engine: no program given");
        return NULL;
    }
    e = pdnp_calloc(1, sizeof *e);
    if (e == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    e->fd = -1;
    e->timeout = o->timeout > 0 ? o->timeout : 10;
    e->max_line = o->max_line > 0 ? o->max_line : 1u << 20;
    pdnp_buf_init(&e->pending);
    if (pdnp_eng_spawn(e, o, err) != 0) {
        pdn_engine_free(e);
        return NULL;
    }
    snprintf(e->name, sizeof e->name, "%s", e->label);
    if (pdnp_eng_send(e, "hub", err) != 0) {
        pdn_engine_free(e);
        return NULL;
    }
    rc = wait_for(e, "wait", pdnp_now() + e->timeout, &l, hello_line, NULL,
                  err);
    if (rc == -2)
        timed_out(e, err, e->timeout, "the Hub hello");
    if (rc != 0) {
        if (err != NULL && err->code == PDN_OK)
            pdnp_eng_fail(e, err, PDN_ENOMEM, "out of memory");
        pdn_engine_free(e);
        return NULL;
    }
    return e;
}

void
pdn_engine_free(pdn_engine *e)
{
    size_t i;

    if (e == NULL)
        return;
    pdnp_eng_stop(e);
    for (i = 0; i < e->nparams; i++) {
        pdnp_free(e->params[i].name);
        pdnp_free(e->params[i].value);
        pdnp_free(e->params[i].values);
    }
    pdnp_free(e->params);
    pdnp_free(e->buf);
    pdnp_buf_free(&e->pending);
    pdnp_free(e);
}

const char *
pdn_engine_name(const pdn_engine *e)
{
    return e->name;
}

const char *
pdn_engine_version(const pdn_engine *e)
{
    return e->version;
}

const char *
pdn_engine_author(const pdn_engine *e)
{
    return e->author;
}

size_t
pdn_engine_param_count(const pdn_engine *e)
{
    return e->nparams;
}

const char *
pdn_engine_param_name(const pdn_engine *e, size_t i)
{
    return i < e->nparams ? e->params[i].name : NULL;
}

const char *
pdn_engine_param_value(const pdn_engine *e, size_t i)
{
    return i < e->nparams ? e->params[i].value : NULL;
}

const char *
pdn_engine_param_values(const pdn_engine *e, size_t i)
{
    return i < e->nparams ? e->params[i].values : NULL;
}

int
pdn_engine_failed(const pdn_engine *e, pdn_error *err)
{
    if (!e->failed)
        return 0;
    if (err != NULL)
        *err = e->ferr;
    return 1;
}

static int
check_usable(pdn_engine *e, pdn_error *err)
{
    if (e->failed) {
        if (err != NULL)
            *err = e->ferr;
        return -1;
    }
    pdn_error_clear(err);
    return 0;
}

static const pdnp_param *
find_param(const pdn_engine *e, const char *name)
{
    size_t i;

    for (i = 0; i < e->nparams; i++)
        if (strcmp(e->params[i].name, name) == 0)
            return &e->params[i];
    return NULL;
}

int
pdn_engine_set_param(pdn_engine *e, const char *name, const char *value,
                     pdn_error *err)
{
    if (check_usable(e, err) != 0)
        return -1;
    if (e->initialized) {
        pdnp_eng_fail(e, err, PDN_ETAG, "parameter '%.40s' set after the "
                      "first search", name);
        return -1;
    }
    if (strpbrk(value, "\"\r\n") != NULL || strpbrk(name, "\" =\r\n") != NULL
        || name[0] == '\0') {
        pdnp_eng_fail(e, err, PDN_ETAG, "parameter '%.40s': a name or value "
                      "Hub cannot carry", name);
        return -1;
    }
    if (find_param(e, name) == NULL) {
        pdnp_eng_fail(e, err, PDN_ETAG, "it has no parameter '%.40s'", name);
        return -1;
    }
    if (pdnp_buf_printf(&e->pending, "set-param name=%s value=\"%s\"\n",
                        name, value) != 0) {
        pdnp_eng_fail(e, err, PDN_ENOMEM, "out of memory");
        return -1;
    }
    return 0;
}

const char *
pdn_engine_variant_name(const pdn_gametype *gt)
{
    if (gt->width == 10 && gt->height == 10) {
        if (gt->rules == 20 && gt->folk == PDN_FOLK_BREAKTHROUGH &&
            !gt->giveaway)
            return "bt";
        if (gt->rules == 20 && gt->folk == PDN_FOLK_NONE)
            return gt->giveaway ? "losing" : "normal";
        if (gt->rules == 40 && !gt->giveaway && gt->folk == PDN_FOLK_NONE)
            return "frisian";
    }
    /* beyond Hub's own: the rules' name (a pdntools extension) */
    if (gt->folk == PDN_FOLK_NONE && pdn_square_count(gt) > 0 &&
        pdn_square_count(gt) <= 100)
        return pdn_gametype_name(gt);
    return NULL;
}

/* 1 when word is one of the blank-separated words of list. */
static int
has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    const char *s = list;

    while ((s = strstr(s, word)) != NULL) {
        if ((s == list || s[-1] == ' ') && (s[n] == '\0' || s[n] == ' '))
            return 1;
        s += n;
    }
    return 0;
}

int
pdn_engine_set_variant(pdn_engine *e, const pdn_gametype *gt, pdn_error *err)
{
    const char *v = pdn_engine_variant_name(gt);
    const pdnp_param *p;

    if (check_usable(e, err) != 0)
        return -1;
    if (v == NULL) {
        pdnp_eng_fail(e, err, PDN_EVARIANT, "Hub has no name for this "
                      "variant (%s)", pdn_gametype_name(gt));
        return -1;
    }
    if (strcmp(v, e->variant[0] ? e->variant : "normal") == 0)
        return 0;
    p = find_param(e, "variant");
    if (p == NULL || !has_word(p->values[0] ? p->values : p->value, v)) {
        pdnp_eng_fail(e, err, PDN_EVARIANT, "it does not play %s (its "
                      "variants: %.60s)", v,
                      p == NULL ? "normal" : p->values[0] ? p->values
                                                          : p->value);
        return -1;
    }
    if (e->initialized) {
        pdnp_eng_fail(e, err, PDN_EVARIANT, "variant %s asked after the "
                      "first search in %s", v,
                      e->variant[0] ? e->variant : "normal");
        return -1;
    }
    snprintf(e->variant, sizeof e->variant, "%s", v);
    if (pdnp_buf_printf(&e->pending, "set-param name=variant value=%s\n",
                        v) != 0) {
        pdnp_eng_fail(e, err, PDN_ENOMEM, "out of memory");
        return -1;
    }
    return 0;
}

static int
ensure_init(pdn_engine *e, pdn_error *err)
{
    pdn_hub_line l;
    int rc;

    if (e->initialized)
        return 0;
    if (e->pending.len > 0 &&
        pdnp_eng_write(e, e->pending.data, e->pending.len, err) != 0)
        return -1;
    if (pdnp_eng_send(e, "init", err) != 0)
        return -1;
    rc = wait_for(e, "ready", pdnp_now() + e->timeout * 3, &l, NULL, NULL,
                  err);
    if (rc == -2)
        return timed_out(e, err, e->timeout * 3, "ready");
    if (rc != 0)
        return -1;
    e->initialized = 1;
    return 0;
}

int
pdn_engine_ping(pdn_engine *e, pdn_error *err)
{
    pdn_hub_line l;
    int rc;

    if (check_usable(e, err) != 0 || pdnp_eng_send(e, "ping", err) != 0)
        return -1;
    rc = wait_for(e, "pong", pdnp_now() + e->timeout, &l, NULL, NULL, err);
    if (rc == -2)
        return timed_out(e, err, e->timeout, "pong");
    return rc;
}

int
pdn_engine_new_game(pdn_engine *e, pdn_error *err)
{
    if (check_usable(e, err) != 0 || ensure_init(e, err) != 0)
        return -1;
    return pdnp_eng_send(e, "new-game", err);
}

/* ---- a search ---- */

typedef struct search_ctx {
    const pdn_board *b;
    pdn_engine_result *res;
    char pv[4096];        /* the last info's pv */
    int have_pv;
} search_ctx;

static int
info_line(pdn_engine *e, pdn_hub_line *l, void *ud)
{
    search_ctx *c = ud;
    const char *v;

    (void)e;
    if (strcmp(l->command, "info") != 0)
        return 0;
    if ((v = pdn_hub_line_get(l, "score")) != NULL && v[0] != '\0') {
        char *end;
        double d = strtod(v, &end);

        if (*end == '\0' && d == d && d > -1e6 && d < 1e6) {
            c->res->score = d;
            c->res->has_score = 1;
        }
    }
    if ((v = pdn_hub_line_get(l, "depth")) != NULL) {
        long d = strtol(v, NULL, 10);

        if (d >= 0 && d < 100000)
            c->res->depth = (int)d;
    }
    if ((v = pdn_hub_line_get(l, "nodes")) != NULL)
        c->res->nodes = strtoull(v, NULL, 10);
    if ((v = pdn_hub_line_get(l, "pv")) != NULL) {
        snprintf(c->pv, sizeof c->pv, "%s", v);
        c->have_pv = 1;
    }
    return 0;
}

/* The pv's legal moves from b, into res (after its first move, which
 * must be the move played when both are given). */
static void
read_pv(const pdn_board *b, const char *pv, pdn_engine_result *res)
{
    pdn_board *t = pdn_board_clone(b, NULL);
    const char *s = pv;

    res->npv = 0;
    if (t == NULL)
        return;
    while (res->npv < PDN_ENGINE_PV_MAX) {
        size_t n;
        pdn_move m;

        while (*s == ' ')
            s++;
        n = strcspn(s, " ");
        if (n == 0 || pdn_engine_move_parse(t, s, n, &m, NULL) != 0)
            break;
        res->pv[res->npv++] = m;
        pdn_board_apply(t, &m);
        s += n;
    }
    pdn_board_free(t);
}

static int
same_move(const pdn_move *a, const pdn_move *b)
{
    int i;

    if (a->n != b->n || a->ncaptured != b->ncaptured)
        return 0;
    for (i = 0; i < a->n; i++)
        if (a->path[i] != b->path[i])
            return 0;
    return 1;
}

/* pos pos=... moves="..." for b: the start of its history and its moves. */
static int
send_position(pdn_engine *e, const pdn_board *b, pdn_error *err)
{
    size_t n = pdn_board_stack_size(b), i, k;
    pdn_board *t = NULL;
    char *s = e->out;
    size_t cap = sizeof e->out - 1;

    if (n > 0 && (t = pdn_board_clone(b, err)) == NULL)
        return -1;
    if (t != NULL)
        while (pdn_board_pop(t, NULL) == 0)
            ;
    k = (size_t)snprintf(s, cap, "pos pos=");
    k += pdn_engine_position_format(t ? t : b, s + k, cap - k);
    if (n > 0 && k + 10 < cap) {
        k += (size_t)snprintf(s + k, cap - k, " moves=\"");
        for (i = 0; i < n && k + 140 < cap; i++) {
            const pdn_move *m = pdn_board_stack_at(b, i);

            if (i > 0)
                s[k++] = ' ';
            k += pdn_engine_move_format(t, m, s + k, cap - k);
            pdn_board_apply(t, m);
        }
        if (i < n) {
            /* too long for a line: the position alone */
            k = (size_t)snprintf(s, cap, "pos pos=");
            k += pdn_engine_position_format(b, s + k, cap - k);
        } else
            s[k++] = '"';
    }
    pdn_board_free(t);
    if (k >= cap)
        return -1;
    s[k++] = '\n';
    return pdnp_eng_write(e, s, k, err);
}

int
pdn_engine_search(pdn_engine *e, const pdn_board *b,
                  const pdn_engine_limits *lim, pdn_engine_result *res,
                  pdn_error *err)
{
    static const pdn_engine_limits none = {0, 0, 0, 0, 0};
    const char *v = pdn_engine_variant_name(pdn_board_gametype(b));
    search_ctx c;
    pdn_hub_line l;
    char line[160];
    double t0, wait, deadline;
    const char *mv;
    pdn_status st;
    pdn_error me;
    int rc;

    if (lim == NULL)
        lim = &none;
    memset(res, 0, sizeof *res);
    if (check_usable(e, err) != 0)
        return -1;
    if (v == NULL || strcmp(v, e->variant[0] ? e->variant : "normal") != 0) {
        pdnp_eng_fail(e, err, PDN_EVARIANT, "a position of %s, the engine "
                      "set for %s", v ? v : pdn_gametype_name(
                                                pdn_board_gametype(b)),
                      e->variant[0] ? e->variant : "normal");
        return -1;
    }
    if (pdn_board_status(b, &st, err) != 0)
        return -1;
    if (st.moves == 0) {
        pdnp_error_set(err, PDN_EILLEGAL, PDN_SEV_ERROR, NULL, 0,
                       "engine '%s': no search of a position without a "
                       "legal move", e->label);
        return -1;
    }
    if (ensure_init(e, err) != 0 || send_position(e, b, err) != 0)
        return -1;
    if (lim->depth > 0) {
        snprintf(line, sizeof line, "level depth=%d", lim->depth);
        if (pdnp_eng_send(e, line, err) != 0)
            return -1;
    }
    if (lim->nodes > 0) {
        snprintf(line, sizeof line, "level nodes=%llu", lim->nodes);
        if (pdnp_eng_send(e, line, err) != 0)
            return -1;
    }
    if (lim->move_time > 0) {
        snprintf(line, sizeof line, "level move-time=%.3f", lim->move_time);
        if (pdnp_eng_send(e, line, err) != 0)
            return -1;
    }
    if (lim->depth <= 0 && lim->nodes == 0 && lim->move_time <= 0 &&
        pdnp_eng_send(e, "level depth=1", err) != 0)
        return -1;
    if (pdnp_eng_send(e, lim->analyze ? "go analyze" : "go think", err) != 0)
        return -1;
    memset(&c, 0, sizeof c);
    c.b = b;
    c.res = res;
    t0 = pdnp_now();
    wait = lim->timeout > 0 ? lim->timeout
           : lim->move_time > 0 ? lim->move_time * 2 + 10 : 60;
    deadline = t0 + wait;
    rc = wait_for(e, "done", deadline, &l, info_line, &c, err);
    if (rc == -2) {
        /* stop, and one more second for its move (less under a shorter
         * timeout) */
        if (pdnp_eng_send(e, "stop", err) != 0)
            return -1;
        rc = wait_for(e, "done", pdnp_now() + (wait < 1 ? wait : 1), &l,
                      info_line, &c, err);
        if (rc == -2)
            return timed_out(e, err, wait, "its move");
    }
    if (rc != 0)
        return -1;
    res->time = pdnp_now() - t0;
    mv = pdn_hub_line_get(&l, "move");
    if (mv == NULL || mv[0] == '\0') {
        pdnp_eng_fail(e, err, PDN_ESYNTAX, "'done' without a move");
        return -1;
    }
    if (pdn_engine_move_parse(b, mv, strlen(mv), &res->move, &me) != 0) {
        pdnp_eng_fail(e, err, me.code, "%s", me.text);
        return -1;
    }
    if (c.have_pv)
        read_pv(b, c.pv, res);
    if (res->npv == 0 || !same_move(&res->pv[0], &res->move)) {
        res->pv[0] = res->move;
        res->npv = 1;
    }
    return 0;
}
