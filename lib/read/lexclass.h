/* SPDX-License-Identifier: MIT */
/* Shared by the lexer's scanners (lexer.c, tag.c, lookahead.c): byte
 * classes, quoting window bytes for a message. */
#ifndef PDN_READ_LEXCLASS_H
#define PDN_READ_LEXCLASS_H

enum {
    C_OTHER = 0,
    C_WS = 1,   /* space, tab, FF, VT */
    C_NL = 2,   /* CR, LF */
    C_WORD = 4, /* may appear in a move, number or result */
    C_DIGIT = 8,
    C_ALPHA = 16
};

extern const unsigned char pdnp_cls[256];

#include "lexer.h"
#include "core/pdn_private.h"

/* Quotes window bytes [i, i+n) into a message argument. */
static inline const char *
pdnp_lex_quote(const pdnp_lexer *r, size_t i, size_t n, char *buf, size_t size)
{
    buf[0] = '\0';
    pdnp_quote(buf, size, r->in.data + i, n, 40);
    return buf;
}

#endif /* PDN_READ_LEXCLASS_H */
