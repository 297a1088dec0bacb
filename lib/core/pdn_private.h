/* SPDX-License-Identifier: MIT */
/* Internals shared between the lib/ sources: allocation, growable buffers, error
 * filling. Never installed; pdnp_ symbols are not exported. */
#ifndef PDN_PRIVATE_H
#define PDN_PRIVATE_H

#include <stdarg.h>
#include <stddef.h>
#include "pdn/error.h"

#if defined(__GNUC__)
#define PDNP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PDNP_PRINTF(f, a)
#endif

/* Allocation. Every library allocation goes through these so that the
 * test hook below can make the Nth one fail. */
void *pdnp_malloc(size_t size);
void *pdnp_calloc(size_t n, size_t size);
void *pdnp_realloc(void *p, size_t size);
char *pdnp_strndup(const char *s, size_t n);
char *pdnp_strdup(const char *s);
void pdnp_free(void *p);
/* Test hook: after n more successful allocations, every allocation fails;
 * n < 0 turns the hook off. Process-wide: for tests only. */
void pdnp_alloc_fail_after(long n);

/* Growable byte buffer, always NUL-terminated when data is not NULL. */
typedef struct pdnp_buf {
    char *data;
    size_t len;
    size_t cap;
} pdnp_buf;
void pdnp_buf_init(pdnp_buf *b);
void pdnp_buf_free(pdnp_buf *b);
int pdnp_buf_reserve(pdnp_buf *b, size_t extra); /* 0 or -1 (ENOMEM) */
int pdnp_buf_add(pdnp_buf *b, const char *s, size_t n);
int pdnp_buf_addc(pdnp_buf *b, char c);
int pdnp_buf_adds(pdnp_buf *b, const char *s);
int pdnp_buf_printf(pdnp_buf *b, const char *fmt, ...) PDNP_PRINTF(2, 3);
void pdnp_buf_clear(pdnp_buf *b);

/* Writes v in decimal at out (no NUL; at most 20 bytes) and returns the
 * length. The writer formats every move number and square with it: snprintf
 * costs more than the rest of writing a move. */
size_t pdnp_utoa(unsigned long v, char *out);

/* Fills *err (which may be NULL): code, severity, position, game number and
 * a printf-style message. The first error wins: an err whose code is
 * already set is left alone unless overwrite is used. */
void pdnp_error_set(pdn_error *err, int code, int severity, const pdn_pos *pos,
                    unsigned long game, const char *fmt, ...)
    PDNP_PRINTF(6, 7);
void pdnp_error_vset(pdn_error *err, int code, int severity,
                     const pdn_pos *pos, unsigned long game, const char *fmt,
                     va_list ap);
/* A required argument of fn that is NULL: PDN_EARG "fn: what is NULL" in
 * *err (may be NULL); returns -1. */
int pdnp_error_arg(pdn_error *err, const char *fn, const char *what);
/* Stores name as the source, keeping its right end when too long. */
void pdnp_error_source(pdn_error *err, const char *name);
/* Appends a quoted, printable excerpt of s (at most max bytes, '...' when
 * cut, control bytes as \xNN) to buf of size size. */
void pdnp_quote(char *buf, size_t size, const char *s, size_t len, size_t max);

#endif /* PDN_PRIVATE_H */
