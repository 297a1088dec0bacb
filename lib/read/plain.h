/* SPDX-License-Identifier: MIT */
/* The lexer's scanner for plain items (see pdnp_lex_plain in lexer.h),
 * inline: it reads most of a game, and the parser's loop over it
 * (items.c) is the reader's hottest path. Never installed. */
#ifndef PDN_READ_PLAIN_H
#define PDN_READ_PLAIN_H

#include "lexer.h"

/* Byte classes: blanks skipped before an item, line ends, the bytes that
 * may end an item. */
enum { PDNP_F_BLANK = 1, PDNP_F_NL = 2, PDNP_F_END = 8 };
extern const unsigned char pdnp_fcls[256];
#define PDNP_FDIGIT(c) ((unsigned)((unsigned char)(c) - '0') < 10)

/* Scans within an item need no check against the window's end: a window
 * of our own is NUL-terminated, and in a caller's buffer no item starts
 * within 128 bytes of its end (the longest plain move is 2 + 31 * 3
 * bytes; runs of dots are bounded apart). The blanks before an item that
 * is not read are left to pdnp_lex, lines and all. */
/* 1 when the plain-item scanner may be used (not in the tests' general
 * path only mode). */
static inline int
pdnp_lex_plain_on(const pdnp_lexer *r)
{
    return !r->nofast;
}

static inline int
pdnp_lex_plain(pdnp_lexer *r, pdn_movetext *mt)
{
    const char *d = r->in.data;
    size_t len = r->in.len, p = r->pos, start, q;
    size_t lim = r->in.scan_end;
    unsigned long line = r->in.line;
    size_t line_off = r->in.line_off;
    unsigned v, k, n;
    char sep;

    /* most items follow one space */
    if (p + 1 < len && d[p] == ' ' &&
        !(pdnp_fcls[(unsigned char)d[p + 1]] & (PDNP_F_BLANK | PDNP_F_NL)))
        p++;
    else
        while (p < len && ((k = pdnp_fcls[(unsigned char)d[p]]) &
                           (PDNP_F_BLANK | PDNP_F_NL))) {
            p++;
            if (k & PDNP_F_NL)
                pdnp_input_newline(&r->in, p);
        }
    if (p >= lim || d[p] < '1' || d[p] > '9')
        goto none;
    start = p;
    v = (unsigned)(d[p] - '0');
    q = p + 1;
    if (PDNP_FDIGIT(d[q]))
        v = v * 10 + (unsigned)(d[q++] - '0');
    if (d[q] == '.') {
        size_t dots = 0;
        while (q < len && d[q] == '.') {
            q++;
            dots++;
        }
        if (q >= len || !(pdnp_fcls[(unsigned char)d[q]] & (PDNP_F_BLANK | PDNP_F_NL)))
            goto none;
        r->num = (long)v;
        r->ellipsis = dots >= 2;
        r->pos = q;
        return PDNP_T_NUMBER;
    }
    sep = d[q];
    if (sep != '-' && sep != 'x')
        goto none;
    mt->sq[0] = (unsigned char)v;
    n = 1;
    while (d[q] == sep && n < PDN_PATH_MAX) {
        q++;
        if (d[q] < '1' || d[q] > '9')
            break;
        v = (unsigned)(d[q++] - '0');
        if (PDNP_FDIGIT(d[q]))
            v = v * 10 + (unsigned)(d[q++] - '0');
        mt->sq[n++] = (unsigned char)v;
    }
    if (n < 2 || !PDNP_FDIGIT(d[q - 1]) || !(pdnp_fcls[(unsigned char)d[q]] & PDNP_F_END))
        goto none;
    if (q - start == 3 && d[start] == '1' && d[start + 2] == '1')
        goto none; /* "1-1" is a result */
    if (q - r->gstart > r->max_game)
        goto none;
    mt->n = (unsigned char)n;
    mt->capture = sep == 'x';
    mt->algebraic = 0;
    mt->file_only = 0;
    mt->sep = sep;
    r->tok = PDNP_T_MOVE;
    r->tstart = r->vstart = start;
    r->vlen = q - start;
    r->vbuf = 0;
    r->slen = 0;
    r->tpos.line = r->in.line;
    r->tpos.column = r->in.base + start - r->in.line_off + 1;
    r->tpos.offset = r->in.base + start;
    r->pos = q;
    return PDNP_T_MOVE;
none:
    r->in.line = line;
    r->in.line_off = line_off;
    return 0;
}

#endif /* PDN_READ_PLAIN_H */
