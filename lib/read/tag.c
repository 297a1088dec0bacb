/* SPDX-License-Identifier: MIT */
/* Tag pairs, the lexer's one compound token: '[Name "value"]' and the
 * broken forms real files hold (missing quotes or ']', typographic
 * quotes, bare values), each read to a name and a value with a warning
 * or an error. */
#include <config.h>
#include "lexer.h"
#include "lexclass.h"

#include <string.h>

static int
is_smart_open(const pdnp_lexer *r, size_t p, size_t *len)
{
    const unsigned char *d = (const unsigned char *)r->in.data;
    if (d[p] == 0x93) {
        *len = 1;
        return 1;
    }
    if (d[p] == 0xE2 && p + 2 < r->in.len && d[p + 1] == 0x80 &&
        d[p + 2] == 0x9C) {
        *len = 3;
        return 1;
    }
    return 0;
}

static int
is_smart_close(const pdnp_lexer *r, size_t p, size_t *len)
{
    const unsigned char *d = (const unsigned char *)r->in.data;
    if (d[p] == 0x94 || d[p] == 0x93 || d[p] == '"') {
        *len = 1;
        return 1;
    }
    if (d[p] == 0xE2 && p + 2 < r->in.len && d[p + 1] == 0x80 &&
        (d[p + 2] == 0x9D || d[p + 2] == 0x9C)) {
        *len = 3;
        return 1;
    }
    return 0;
}


/* Index of the end of the current line (first CR/LF at or after p, or the
 * end of input), reading more input as needed. */
static size_t
line_end(pdnp_lexer *r, size_t p)
{
    while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
           r->in.data[p] != '\r')
        p++;
    return p;
}

/* Index of the end of the line from p, as line_end(), but never more
 * than the game size limit past the game's start: what an over-long tag
 * leaves on its line is skipped in bounded memory. */
static size_t
skip_line(pdnp_lexer *r, size_t p)
{
    while (p - r->gstart <= r->max_game && pdnp_lex_need(r, p) &&
           r->in.data[p] != '\n' && r->in.data[p] != '\r')
        p++;
    return p;
}

/* A value with no closing quote or ']': the rest of its line, trimmed,
 * with an error for the game, which goes on with the next line. */
static int
value_to_eol(pdnp_lexer *r, size_t s, size_t name, size_t nlen,
             const pdn_pos *pos, const char *what)
{
    size_t e = skip_line(r, s), eol = e;
    char qb[64];
    if (r->dg->fatal)
        return -1;
    while (e > s && (r->in.data[e - 1] == ' ' || r->in.data[e - 1] == '\t'))
        e--;
    pdnp_fail(r->dg, PDN_ETAG, pos, "%s tag '%s'; it is read to the end of "
              "its line", what, pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
    pdnp_buf_clear(&r->sbuf);
    if (e - s > r->max_token)
        e = s + r->max_token;
    if (pdnp_buf_add(&r->sbuf, r->in.data + s, e - s) < 0)
        return pdnp_nomem(r->dg);
    r->pos = eol;
    return 1;
}

/* 1 when a '"' at q is followed by blanks and ']' (it closes the value). */
static int
closes_value(pdnp_lexer *r, size_t q, size_t *after)
{
    q++;
    while (pdnp_lex_need(r, q) &&
           (r->in.data[q] == ' ' || r->in.data[q] == '\t'))
        q++;
    if (pdnp_lex_need(r, q) && r->in.data[q] == ']') {
        *after = q + 1;
        return 1;
    }
    return 0;
}

/* A quoted value from its '"' at open that reaches the end of its line
 * (at p) with no closing quote: '[Round "11.1]' ends at the ']', any
 * other runs to the end of the line. */
static int
unclosed_value(pdnp_lexer *r, size_t open, size_t p, size_t name,
               size_t nlen)
{
    pdn_pos pos = pdnp_lex_pos(r, open);
    size_t e = p;
    char qb[64];
    if (r->dg->fatal)
        return -1;
    while (e > open + 1 &&
           (r->in.data[e - 1] == ' ' || r->in.data[e - 1] == '\t'))
        e--;
    if (e > open + 1 && r->in.data[e - 1] == ']') {
        pdnp_warn(r->dg, PDN_ETAG, &pos,
                  "value of tag '%s' has no closing '\"'; it ends at the "
                  "']'",
                  pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
        pdnp_buf_clear(&r->sbuf);
        if (pdnp_buf_add(&r->sbuf, r->in.data + open + 1,
                         e - 1 - (open + 1)) < 0)
            return pdnp_nomem(r->dg);
        r->pos = e;
        return 1;
    }
    return value_to_eol(r, open + 1, name, nlen, &pos,
                        "no closing '\"' in the value of");
}

/* A quoted value that reaches the end of its line at p with no closing
 * quote, when one of the next lines (at most 8, none blank or holding a
 * '[' or '{') holds the '"' and ']' that close it: the line break is part
 * of the value. Adds to sbuf what the break is read as and returns the index
 * where the value goes on (past the next line's blanks); 0 otherwise. In
 * a FEN the break and the blanks around it are read as ',' between two
 * squares and as nothing next to a separator; in other tags as one
 * space. One warning per value (*warned). */
static size_t
value_goes_on(pdnp_lexer *r, size_t p, size_t name, size_t nlen,
              int *warned)
{
    const char *d;
    size_t q = p, next = 0, lines, after;
    char qb[64], last;
    int fen;
    const char *as;

    for (lines = 0; lines < 8 && next == 0; lines++) {
        size_t s;
        if (!pdnp_lex_need(r, q))
            return 0;
        if (r->in.data[q] == '\r' && pdnp_lex_need(r, q + 1) &&
            r->in.data[q + 1] == '\n')
            q++;
        q++;
        while (pdnp_lex_need(r, q) &&
               (r->in.data[q] == ' ' || r->in.data[q] == '\t'))
            q++;
        s = q;
        if (!pdnp_lex_need(r, q) || r->in.data[q] == '\n' ||
            r->in.data[q] == '\r')
            return 0;
        for (; pdnp_lex_need(r, q) && r->in.data[q] != '\n' &&
               r->in.data[q] != '\r'; q++) {
            if (r->in.data[q] == '[' || r->in.data[q] == '{' ||
                q - p > r->max_token)
                return 0;
            if (r->in.data[q] == '"' && closes_value(r, q, &after)) {
                next = s;
                break;
            }
        }
    }
    if (next == 0)
        return 0;
    /* The value goes on at the next line's first byte that is not blank;
     * what the break is read as. */
    q = p;
    if (r->in.data[q] == '\r' && r->in.data[q + 1] == '\n')
        q++;
    next = q + 1;
    while (r->in.data[next] == ' ' || r->in.data[next] == '\t')
        next++;
    while (r->sbuf.len > 0 && (r->sbuf.data[r->sbuf.len - 1] == ' ' ||
                               r->sbuf.data[r->sbuf.len - 1] == '\t'))
        r->sbuf.len--;
    d = r->in.data;
    last = r->sbuf.len > 0 ? r->sbuf.data[r->sbuf.len - 1] : ',';
    fen = nlen == 3 && memcmp(d + name, "FEN", 3) == 0;
    if (!fen)
        as = r->sbuf.len > 0 && d[next] != '"' ? " " : "";
    else if ((pdnp_cls[(unsigned char)last] & (C_DIGIT | C_ALPHA)) &&
             (pdnp_cls[(unsigned char)d[next]] & (C_DIGIT | C_ALPHA)))
        as = ",";
    else
        as = "";
    if (!*warned) {
        pdn_pos pos = pdnp_lex_pos(r, p);
        pdnp_warn(r->dg, PDN_ETAG, &pos,
                  "value of tag '%s' broken over two lines: the line break "
                  "read as %s",
                  pdnp_lex_quote(r, name, nlen, qb, sizeof qb),
                  *as == ',' ? "','" : *as == ' ' ? "a space" : "nothing");
        *warned = 1;
    }
    if (*as != '\0' && pdnp_buf_addc(&r->sbuf, *as) < 0) {
        pdnp_nomem(r->dg);
        return 0;
    }
    pdnp_input_count_lines(&r->in, p, next);
    return next;
}

/* A quoted value from its '"' at p: \" and \\ escapes, a rescue for
 * unescaped inner quotes and a missing closing quote or ']'. The value
 * goes to sbuf. Returns as pdnp_lex_tag. */
static int
quoted_value(pdnp_lexer *r, size_t p, size_t name, size_t nlen)
{
    size_t q, eol;
    char qb[64];
    unsigned char c;
    size_t open = p, after, on;
    int warned = 0, broken = 0;
    p++;
    for (;;) {
        size_t run = p;
        while (pdnp_lex_need(r, p)) {
            c = (unsigned char)r->in.data[p];
            if (c == '"' || c == '\\' || c == '\n' || c == '\r')
                break;
            p++;
        }
        if (p > run && pdnp_buf_add(&r->sbuf, r->in.data + run,
                                    p - run) < 0)
            return pdnp_nomem(r->dg);
        if (p - open - 1 > r->max_token) {
            pdn_pos pos = pdnp_lex_pos(r, open);
            pdnp_fail(r->dg, PDN_ELIMIT, &pos,
                      "tag value longer than %zu bytes", r->max_token);
            r->pos = skip_line(r, p);
            return r->dg->fatal ? -1 : 2;
        }
        if (!pdnp_lex_need(r, p) || r->in.data[p] == '\n' ||
            r->in.data[p] == '\r') {
            if ((on = value_goes_on(r, p, name, nlen, &broken)) != 0) {
                p = on;
                continue;
            }
            if (r->dg->fatal)
                return -1;
            return unclosed_value(r, open, p, name, nlen);
        }
        c = (unsigned char)r->in.data[p];
        if (c == '\\') {
            /* PDN 3.0 escapes \" only; PGN adds \\. Any other
             * backslash is kept as written (Windows paths). */
            if (pdnp_lex_need(r, p + 1) &&
                (r->in.data[p + 1] == '"' || r->in.data[p + 1] == '\\')) {
                if (r->in.data[p + 1] == '"' && !closes_value(r, p + 1,
                                                              &after)) {
                    if (pdnp_buf_addc(&r->sbuf, '"') < 0)
                        return pdnp_nomem(r->dg);
                    p += 2;
                    continue;
                }
                if (r->in.data[p + 1] == '\\') {
                    if (pdnp_buf_addc(&r->sbuf, '\\') < 0)
                        return pdnp_nomem(r->dg);
                    p += 2;
                    continue;
                }
                /* '\"' followed by ']': a value ending in a
                 * backslash; keep it and close. */
                if (pdnp_buf_addc(&r->sbuf, '\\') < 0)
                    return pdnp_nomem(r->dg);
                p++;
                continue;
            }
            if (pdnp_buf_addc(&r->sbuf, '\\') < 0)
                return pdnp_nomem(r->dg);
            p++;
            continue;
        }
        /* c == '"' */
        if (closes_value(r, p, &after)) {
            p = after;
            break;
        }
        /* A quote that does not close the value: if one further on
         * this line does, this one is part of the value. */
        eol = line_end(r, p + 1);
        for (q = p + 1; q < eol; q++)
            if (r->in.data[q] == '"' && closes_value(r, q, &after))
                break;
        if (q < eol) {
            if (!warned) {
                pdn_pos pos = pdnp_lex_pos(r, p);
                pdnp_warn(r->dg, PDN_ETAG, &pos,
                          "unescaped '\"' inside the value of tag "
                          "'%s' kept as part of the value",
                          pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
                warned = 1;
            }
            if (pdnp_buf_addc(&r->sbuf, '"') < 0)
                return pdnp_nomem(r->dg);
            p++;
            continue;
        }
        /* The value ends here but no ']' follows. */
        {
            size_t k = p + 1;
            pdn_pos pos;
            while (pdnp_lex_need(r, k) &&
                   (r->in.data[k] == ' ' || r->in.data[k] == '\t'))
                k++;
            pos = pdnp_lex_pos(r, k);
            if (k < eol && r->in.data[k] != '[') {
                /* "[Event "A" B]": text after the quotes. */
                size_t rb = k;
                while (rb < eol && r->in.data[rb] != ']')
                    rb++;
                if (rb < eol) {
                    pdnp_warn(r->dg, PDN_ETAG, &pos,
                              "text after the value of tag '%s' "
                              "ignored",
                              pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
                    p = rb + 1;
                    break;
                }
            }
            pdnp_warn(r->dg, PDN_ETAG, &pos,
                      "missing ']' after tag '%s' assumed",
                      pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
            p = p + 1;
            break;
        }
    }
    r->pos = p;
    return 1;
}

/* A value in typographic quotes from p (the opening one, ql bytes). */
static int
smart_value(pdnp_lexer *r, size_t p, size_t ql, size_t name, size_t nlen)
{
    size_t q = ql, eol;
    char qb[64];
    size_t open = p, cl;
    pdn_pos pos = pdnp_lex_pos(r, p);
    pdnp_warn(r->dg, PDN_ETAG, &pos,
              "typographic quotes around the value of tag '%s' "
              "read as '\"'",
              pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
    p += q;
    eol = line_end(r, p);
    for (q = p; q < eol; q++)
        if (is_smart_close(r, q, &cl))
            break;
    if (q >= eol) {
        /* '[Site “Haarlem]': the closing quote is missing. */
        size_t e = eol;
        while (e > p && (r->in.data[e - 1] == ' ' ||
                         r->in.data[e - 1] == '\t'))
            e--;
        pos = pdnp_lex_pos(r, open);
        if (e > p && r->in.data[e - 1] == ']') {
            pdnp_warn(r->dg, PDN_ETAG, &pos,
                      "value of tag '%s' has no closing quote; it "
                      "ends at the ']'",
                      pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
            if (pdnp_buf_add(&r->sbuf, r->in.data + p, e - 1 - p) < 0)
                return pdnp_nomem(r->dg);
            r->pos = eol;
            return 1;
        }
        return value_to_eol(r, p, name, nlen, &pos,
                            "no closing quote in the value of");
    }
    if (pdnp_buf_add(&r->sbuf, r->in.data + p, q - p) < 0)
        return pdnp_nomem(r->dg);
    p = q + cl;
    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    if (pdnp_lex_need(r, p) && r->in.data[p] == ']') {
        p++;
    } else {
        pos = pdnp_lex_pos(r, p);
        pdnp_warn(r->dg, PDN_ETAG, &pos, "missing ']' after tag '%s' assumed",
                  pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
    }
    r->pos = p;
    return 1;
}

/* "[Round 17]": an unquoted value up to ']' on this line, from p. */
static int
bare_value(pdnp_lexer *r, size_t p, size_t name, size_t nlen)
{
    size_t q, eol, s = p, e;
    char qb[64], vb[64];
    pdn_pos pos = pdnp_lex_pos(r, p);
    eol = line_end(r, p);
    for (q = p; q < eol && r->in.data[q] != ']'; q++)
        ;
    if (q >= eol)
        return value_to_eol(r, s, name, nlen, &pos,
                            "no closing ']' after");
    e = q;
    while (e > s && (r->in.data[e - 1] == ' ' || r->in.data[e - 1] ==
                                                     '\t'))
        e--;
    pdnp_warn(r->dg, PDN_ETAG, &pos,
              "unquoted value '%s' of tag '%s' read as a string",
              pdnp_lex_quote(r, s, e - s, vb, sizeof vb),
              pdnp_lex_quote(r, name, nlen, qb, sizeof qb));
    if (pdnp_buf_add(&r->sbuf, r->in.data + s, e - s) < 0)
        return pdnp_nomem(r->dg);
    r->pos = q + 1;
    return 1;
}

/* The value forms, in order: a quoted string (with \" and \\ escapes and
 * a rescue for unescaped inner quotes and a missing closing quote),
 * typographic quotes, nothing ("[Empty]"), or bare text up to ']'. */
static int
tag_general(pdnp_lexer *r, size_t *name, size_t *nlen)
{
    size_t p = r->pos, q;
    char qb[64];
    unsigned char c;

    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    if (pdnp_lex_need(r, p) &&
        (r->in.data[p] == '\n' || r->in.data[p] == '\r') &&
        (q = pdnp_lex_broken_tag(r, r->pos)) != 0) {
        /* "[" alone on its line, the tag pair on the next */
        pdn_pos pos = pdnp_lex_pos(r, r->tstart);
        pdnp_warn(r->dg, PDN_ETAG, &pos,
                  "tag pair broken after its '[': read with the name and "
                  "value of the next line");
        pdnp_input_count_lines(&r->in, p, q);
        p = q;
    }
    if (!pdnp_lex_need(r, p) ||
        !(pdnp_cls[(unsigned char)r->in.data[p]] & C_ALPHA))
        return 0;
    *name = p;
    while (pdnp_lex_need(r, p) &&
           ((pdnp_cls[(unsigned char)r->in.data[p]] & (C_ALPHA | C_DIGIT)) ||
            r->in.data[p] == '_'))
        p++;
    *nlen = p - *name;
    if (*nlen > r->max_token) {
        pdn_pos pos = pdnp_lex_pos(r, *name);
        pdnp_fail(r->dg, PDN_ELIMIT, &pos, "tag name longer than %zu bytes",
                  r->max_token);
        r->pos = skip_line(r, p);
        return r->dg->fatal ? -1 : 2;
    }
    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    pdnp_buf_clear(&r->sbuf);
    if (pdnp_buf_reserve(&r->sbuf, 64) < 0)
        return pdnp_nomem(r->dg);
    if (!pdnp_lex_need(r, p)) {
        pdn_pos pos = pdnp_lex_pos(r, r->tstart);
        pdnp_fail(r->dg, PDN_ETAG, &pos, "unterminated tag '%s'",
                  pdnp_lex_quote(r, *name, *nlen, qb, sizeof qb));
        r->pos = p;
        return -1;
    }
    c = (unsigned char)r->in.data[p];
    if (c == '"')
        return quoted_value(r, p, *name, *nlen);
    if (is_smart_open(r, p, &q))
        return smart_value(r, p, q, *name, *nlen);
    if (c == ']') {
        pdn_pos pos = pdnp_lex_pos(r, p);
        pdnp_warn(r->dg, PDN_ETAG, &pos,
                  "tag '%s' has no value; read as \"\"",
                  pdnp_lex_quote(r, *name, *nlen, qb, sizeof qb));
        r->pos = p + 1;
        return 1;
    }
    return bare_value(r, p, *name, *nlen);
}

/* The usual tag pair, '[Name "value"]' on one line with no escapes, read
 * straight from the window with no copy of the value. It returns 0,
 * having read nothing, for anything else (which tag_general then reads,
 * to the same result). */
static int
tag_fast(pdnp_lexer *r, size_t *name, size_t *nlen, const char **val,
         size_t *vlen, int *high)
{
    const char *d = r->in.data;
    size_t len = r->in.len, p = r->pos, open;
    unsigned char c, hi = 0;

    if (p >= len || !(pdnp_cls[(unsigned char)d[p]] & C_ALPHA))
        return 0;
    *name = p;
    while (p < len && ((pdnp_cls[(unsigned char)d[p]] & (C_ALPHA | C_DIGIT)) ||
                       d[p] == '_'))
        p++;
    *nlen = p - *name;
    if (*nlen > r->max_token || p >= len || d[p] != ' ')
        return 0;
    while (p < len && (d[p] == ' ' || d[p] == '\t'))
        p++;
    if (p >= len || d[p] != '"')
        return 0;
    open = p++;
    while (p < len && (c = (unsigned char)d[p]) != '"' && c != '\\' &&
           c != '\n' && c != '\r') {
        hi |= c;
        p++;
    }
    if (p >= len || d[p] != '"' || p - open > r->max_token)
        return 0;
    *val = d + open + 1;
    *vlen = p - open - 1;
    p++;
    while (p < len && (d[p] == ' ' || d[p] == '\t'))
        p++;
    if (p >= len || d[p] != ']')
        return 0;
    r->pos = p + 1;
    *high = (hi & 0x80) != 0;
    return 1;
}

int
pdnp_lex_tag(pdnp_lexer *r, size_t *name, size_t *nlen, const char **val,
             size_t *vlen, int *high)
{
    int rc;
    r->fast_tag = !r->nofast && tag_fast(r, name, nlen, val, vlen, high);
    if (r->fast_tag)
        return 1;
    rc = tag_general(r, name, nlen);
    if (rc == 1) {
        *val = r->sbuf.data;
        *vlen = r->sbuf.len;
        *high = pdnp_has_high(r->sbuf.data, r->sbuf.len);
    }
    return rc;
}

/* After a tag pair of the usual form (tag_fast), the next line's '[' read
 * as pdnp_lex would read it: the line end is counted, the token is
 * PDNP_T_LBRACKET after white space. */
int
pdnp_lex_next_tag_line(pdnp_lexer *r)
{
    const char *d = r->in.data;
    size_t p = r->pos;

    if (!r->fast_tag || p + 2 >= r->in.len || d[p] != '\n' || d[p + 1] != '[' ||
        !(pdnp_cls[(unsigned char)d[p + 2]] & C_ALPHA) ||
        p + 2 - r->gstart > r->max_game)
        return 0;
    pdnp_input_newline(&r->in, p + 1);
    r->ws_before = 1;
    r->vbuf = 0;
    r->joined = 0;
    r->slen = 0;
    r->tok = PDNP_T_LBRACKET;
    r->tstart = p + 1;
    r->tpos = pdnp_input_pos(&r->in, p + 1);
    r->pos = p + 2;
    return 1;
}
