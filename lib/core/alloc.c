/* SPDX-License-Identifier: MIT */
/* Allocation wrappers with a failure-injection hook, and growable buffers. */
#include <config.h>
#include "pdn_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The failure hook is the only mutable file-scope state in the library; it
 * exists for the ENOMEM tests and is never set by production code. */
static long fail_after = -1;

static int
should_fail(void)
{
    if (fail_after < 0)
        return 0;
    if (fail_after == 0)
        return 1;
    fail_after--;
    return 0;
}

void
pdnp_alloc_fail_after(long n)
{
    fail_after = n;
}

void *
pdnp_malloc(size_t size)
{
    if (should_fail())
        return NULL;
    return malloc(size ? size : 1);
}

void *
pdnp_calloc(size_t n, size_t size)
{
    if (should_fail())
        return NULL;
    return calloc(n ? n : 1, size ? size : 1);
}

void *
pdnp_realloc(void *p, size_t size)
{
    if (should_fail())
        return NULL;
    return realloc(p, size ? size : 1);
}

char *
pdnp_strndup(const char *s, size_t n)
{
    char *d = pdnp_malloc(n + 1);
    if (d == NULL)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *
pdnp_strdup(const char *s)
{
    return pdnp_strndup(s, strlen(s));
}

void
pdnp_free(void *p)
{
    free(p);
}

void
pdnp_buf_init(pdnp_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
}

void
pdnp_buf_free(pdnp_buf *b)
{
    pdnp_free(b->data);
    pdnp_buf_init(b);
}

void
pdnp_buf_clear(pdnp_buf *b)
{
    b->len = 0;
    if (b->data != NULL)
        b->data[0] = '\0';
}

int
pdnp_buf_reserve(pdnp_buf *b, size_t extra)
{
    size_t need, cap;
    char *p;

    if (extra > (size_t)-1 - b->len - 1)
        return -1;
    need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > (size_t)-1 / 2 ? need : cap * 2;
    p = pdnp_realloc(b->data, cap);
    if (p == NULL)
        return -1;
    b->data = p;
    b->cap = cap;
    return 0;
}

int
pdnp_buf_add(pdnp_buf *b, const char *s, size_t n)
{
    if (pdnp_buf_reserve(b, n) < 0)
        return -1;
    if (n > 0)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int
pdnp_buf_addc(pdnp_buf *b, char c)
{
    return pdnp_buf_add(b, &c, 1);
}

int
pdnp_buf_adds(pdnp_buf *b, const char *s)
{
    return pdnp_buf_add(b, s, strlen(s));
}

int
pdnp_buf_printf(pdnp_buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || pdnp_buf_reserve(b, (size_t)n) < 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return 0;
}

size_t
pdnp_utoa(unsigned long v, char *out)
{
    char tmp[24];
    size_t n = 0, i;

    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    for (i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
}
