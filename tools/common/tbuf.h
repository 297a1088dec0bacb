/* SPDX-License-Identifier: MIT */
/* Text buffers of the tools (tbuf.c). */
#ifndef PDN_TOOLS_TBUF_H
#define PDN_TOOLS_TBUF_H

#include <stdarg.h>
#include <stddef.h>
#include "run.h"

#if defined(__GNUC__)
#define TOOL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TOOL_PRINTF(f, a)
#endif

/* Growable NUL-terminated byte buffer (the pipeline's run_buf). Running out
 * of memory ends the program with status 2 (tools, unlike the library, may
 * exit). */
typedef run_buf tbuf;
void tbuf_add(tbuf *b, const char *s, size_t n);
void tbuf_adds(tbuf *b, const char *s);
void tbuf_addc(tbuf *b, char c);
void tbuf_printf(tbuf *b, const char *fmt, ...) TOOL_PRINTF(2, 3);
void tbuf_vprintf(tbuf *b, const char *fmt, va_list ap);
/* Appends v in decimal, without printf's cost (JSON hot paths). */
void tbuf_addu(tbuf *b, unsigned long v);
/* Appends s as a JSON string literal (quotes included). Bytes that are not
 * valid UTF-8 are read as Latin-1. */
void tbuf_json(tbuf *b, const char *s);
/* Length of the valid UTF-8 sequence at s (2 to 4), or 0. */
size_t tool_utf8_len(const unsigned char *s);
void tbuf_free(tbuf *b);
void *tool_xmalloc(size_t n);
/* A malloc'd copy of n bytes at p (exits with status 2 when memory runs
 * out, as tool_xmalloc). */
void *tool_xmemdup(const void *p, size_t n);

#endif /* PDN_TOOLS_TBUF_H */
