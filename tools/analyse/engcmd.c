/* SPDX-License-Identifier: MIT */
/* --engine's words and the pool of engines (engcmd.h). */
#include <config.h>
#include "engcmd.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct engcmd_pool {
    pthread_mutex_t lock;
    pdn_engine **idle;
    pdn_gametype *gts;
    size_t n, cap;
} engcmd_pool;

void
engcmd_free(char **argv)
{
    size_t i;

    for (i = 0; argv != NULL && argv[i] != NULL; i++)
        free(argv[i]);
    free(argv);
}

int
engcmd_split(const char *s, char ***out, const char **why)
{
    size_t n = 0, len = strlen(s);
    char **v = calloc(len / 2 + 2, sizeof *v);
    char *w = NULL;
    size_t k = 0;

    *why = "out of memory";
    if (v == NULL)
        return -1;
    for (;;) {
        int in_word = 0;

        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (*s == '\0')
            break;
        w = malloc(len + 1);
        if (w == NULL)
            goto fail;
        k = 0;
        while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\n') {
            in_word = 1;
            if (*s == '\'') {
                const char *q = strchr(s + 1, '\'');

                if (q == NULL) {
                    *why = "an unterminated quote";
                    goto fail;
                }
                memcpy(w + k, s + 1, (size_t)(q - s - 1));
                k += (size_t)(q - s - 1);
                s = q + 1;
            } else if (*s == '"') {
                s++;
                while (*s != '"') {
                    if (*s == '\0') {
                        *why = "an unterminated quote";
                        goto fail;
                    }
                    if (*s == '\\' && strchr("\"\\$`", s[1]) != NULL &&
                        s[1] != '\0')
                        s++;
                    w[k++] = *s++;
                }
                s++;
            } else if (*s == '\\') {
                if (s[1] == '\0') {
                    *why = "a backslash at the end";
                    goto fail;
                }
                w[k++] = s[1];
                s += 2;
            } else
                w[k++] = *s++;
        }
        (void)in_word;
        w[k] = '\0';
        v[n++] = w;
        w = NULL;
    }
    if (n == 0) {
        *why = "no program";
        free(v);
        return -1;
    }
    *out = v;
    return 0;
fail:
    free(w);
    engcmd_free(v);
    return -1;
}

int
engcmd_init(engcmd *c)
{
    c->pool = calloc(1, sizeof *c->pool);
    if (c->pool == NULL)
        return -1;
    pthread_mutex_init(&c->pool->lock, NULL);
    return 0;
}

void
engcmd_end(engcmd *c)
{
    size_t i;

    if (c->pool == NULL)
        return;
    for (i = 0; i < c->pool->n; i++)
        pdn_engine_free(c->pool->idle[i]);
    free(c->pool->idle);
    free(c->pool->gts);
    pthread_mutex_destroy(&c->pool->lock);
    free(c->pool);
    c->pool = NULL;
}

static pdn_engine *
start(engcmd *c, const pdn_gametype *gt, pdn_error *err)
{
    pdn_engine_options o;
    pdn_engine *e;
    size_t i;

    pdn_engine_options_init(&o);
    o.argv = (const char *const *)c->argv;
    o.dir = c->dir;
    e = pdn_engine_start(&o, err);
    if (e == NULL)
        return NULL;
    for (i = 0; i < c->nparams; i++) {
        const char *p = c->params[i], *eq = strchr(p, '=');
        char name[256];
        size_t n = eq ? (size_t)(eq - p) : strlen(p);

        if (n >= sizeof name)
            n = sizeof name - 1;
        memcpy(name, p, n);
        name[n] = '\0';
        if (pdn_engine_set_param(e, name, eq ? eq + 1 : "", err) != 0) {
            pdn_engine_free(e);
            return NULL;
        }
    }
    if (pdn_engine_set_variant(e, gt, err) != 0) {
        pdn_engine_free(e);
        return NULL;
    }
    return e;
}

pdn_engine *
engcmd_get(engcmd *c, const pdn_gametype *gt, pdn_error *err)
{
    engcmd_pool *p = c->pool;
    pdn_engine *e = NULL;
    size_t i;

    pthread_mutex_lock(&p->lock);
    for (i = 0; i < p->n; i++)
        if (pdn_gametype_equal(&p->gts[i], gt)) {
            e = p->idle[i];
            p->idle[i] = p->idle[p->n - 1];
            p->gts[i] = p->gts[p->n - 1];
            p->n--;
            break;
        }
    pthread_mutex_unlock(&p->lock);
    if (e != NULL) {
        pdn_error_clear(err);
        return e;
    }
    return start(c, gt, err);
}

void
engcmd_put(engcmd *c, pdn_engine *e, const pdn_gametype *gt)
{
    engcmd_pool *p = c->pool;

    if (e == NULL)
        return;
    if (pdn_engine_failed(e, NULL)) {
        pdn_engine_free(e);
        return;
    }
    pthread_mutex_lock(&p->lock);
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 8;
        pdn_engine **ni = realloc(p->idle, cap * sizeof *ni);
        pdn_gametype *ng;

        if (ni != NULL)
            p->idle = ni;
        ng = ni ? realloc(p->gts, cap * sizeof *ng) : NULL;
        if (ng != NULL) {
            p->gts = ng;
            p->cap = cap;
        }
    }
    if (p->n < p->cap) {
        p->idle[p->n] = e;
        p->gts[p->n++] = *gt;
        e = NULL;
    }
    pthread_mutex_unlock(&p->lock);
    pdn_engine_free(e);
}
