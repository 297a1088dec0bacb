/* SPDX-License-Identifier: MIT */
/* Text buffers of the tools: growable byte strings that end the program
 * (status 2) when memory runs out, decimal numbers without printf, and JSON
 * string literals that stay valid whatever bytes the input held. */
#include <config.h>
#include "tbuf.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* Memory: the tools stop with status 2 when it runs out; per-game buffers
 * grow geometrically so a long game costs a few reallocations, not one per
 * line. */
void *
tool_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (p == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    return p;
}

void *
tool_xmemdup(const void *p, size_t n)
{
    return memcpy(tool_xmalloc(n), p, n);
}

static void
tbuf_reserve(tbuf *b, size_t extra)
{
    size_t cap;
    char *p;

    if (b->len + extra + 1 <= b->cap)
        return;
    cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    /* plain realloc: these buffers belong to the tools, not the library */
    p = realloc(b->data, cap);
    if (p == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    b->data = p;
    b->cap = cap;
}

void
tbuf_add(tbuf *b, const char *s, size_t n)
{
    tbuf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void
tbuf_adds(tbuf *b, const char *s)
{
    tbuf_add(b, s, strlen(s));
}

void
tbuf_addc(tbuf *b, char c)
{
    tbuf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

/* Formats straight into the free space when it is enough (the usual
 * case), so that each piece of output is formatted once, not measured
 * first. */
void
tbuf_vprintf(tbuf *b, const char *fmt, va_list ap)
{
    va_list aq;
    int n;

    tbuf_reserve(b, 128);
    va_copy(aq, ap);
    n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, aq);
    va_end(aq);
    if (n < 0) {
        b->data[b->len] = '\0';
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        tbuf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void
tbuf_printf(tbuf *b, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

void
tbuf_addu(tbuf *b, unsigned long v)
{
    char d[24];
    size_t n = sizeof d;

    do
        d[--n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    tbuf_add(b, d + n, sizeof d - n);
}

size_t
tool_utf8_len(const unsigned char *s)
{
    size_t n, i;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    for (i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

/* JSON strings: the game model holds UTF-8, but messages may quote raw
 * input bytes, so anything that is not UTF-8 is escaped as \u00XX to keep
 * every output line valid JSON. */
void
tbuf_json(tbuf *b, const char *str)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    size_t n;

    tbuf_addc(b, '"');
    while (*s) {
        const unsigned char *run = s;

        /* a run of printable ASCII that needs no escape goes in one copy
         * (pdn-replay -a -f json escapes a FEN and a file name a ply) */
        while (*s >= 0x20 && *s < 0x7f && *s != '"' && *s != '\\')
            s++;
        if (s != run) {
            tbuf_add(b, (const char *)run, (size_t)(s - run));
            continue;
        }
        if (*s == '"' || *s == '\\') {
            tbuf_addc(b, '\\');
            tbuf_addc(b, (char)*s++);
        } else if (*s == '\n') {
            tbuf_add(b, "\\n", 2), s++;
        } else if (*s == '\r') {
            tbuf_add(b, "\\r", 2), s++;
        } else if (*s == '\t') {
            tbuf_add(b, "\\t", 2), s++;
        } else if (*s < 0x20 || *s == 0x7f) {
            tbuf_printf(b, "\\u%04x", *s++);
        } else if ((n = tool_utf8_len(s)) != 0) {
            tbuf_add(b, (const char *)s, n);
            s += n;
        } else {
            /* Not UTF-8: take the byte as Latin-1 so the line stays JSON. */
            tbuf_printf(b, "\\u%04x", *s++);
        }
    }
    tbuf_addc(b, '"');
}

void
tbuf_free(tbuf *b)
{
    run_buf_free(b); /* a tbuf is the pipeline's run_buf */
}
