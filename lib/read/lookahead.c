/* SPDX-License-Identifier: MIT */
/* The lexer's look-ahead for the grammar's decisions ("does a result
 * follow?"), skipping (a broken tag line, a game over the size limit),
 * and handing a game's bytes over as its raw text. */
#include <config.h>
#include "lexer.h"
#include "lexclass.h"

#include <string.h>

#define ALPHA(c) (pdnp_cls[(unsigned char)(c)] & C_ALPHA)

int
pdnp_lex_result_follows(pdnp_lexer *r)
{
    size_t p = r->pos, s;
    while (pdnp_lex_need(r, p) && strchr(" \t\r\n", r->in.data[p]) != NULL &&
           r->in.data[p] != '\0')
        p++;
    s = p;
    while (pdnp_lex_need(r, p) && strchr("0123456789/-:\xbd\xc2",
                                         r->in.data[p]) != NULL &&
           r->in.data[p] != '\0')
        p++;
    return p > s && pdn_result_token(r->in.data + s, p - s) != NULL;
}

int
pdnp_lex_end_follows(pdnp_lexer *r)
{
    size_t p = r->pos;
    while (pdnp_lex_need(r, p) && strchr(" \t\r\n", r->in.data[p]) != NULL &&
           r->in.data[p] != '\0')
        p++;
    return !pdnp_lex_need(r, p) || r->in.data[p] == '[';
}

int
pdnp_lex_tag_follows(pdnp_lexer *r, int blanks)
{
    size_t p = r->pos;
    while (blanks && pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    return (pdnp_lex_need(r, p) && ALPHA(r->in.data[p])) ||
           pdnp_lex_broken_tag(r, r->pos) != 0;
}

static size_t
skip_blanks(pdnp_lexer *r, size_t p)
{
    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    return p;
}

size_t
pdnp_lex_broken_tag(pdnp_lexer *r, size_t p)
{
    size_t name;

    p = skip_blanks(r, p);
    if (!pdnp_lex_need(r, p))
        return 0;
    if (r->in.data[p] == '\r') {
        p++;
        if (pdnp_lex_need(r, p) && r->in.data[p] == '\n')
            p++;
    } else if (r->in.data[p] == '\n') {
        p++;
    } else {
        return 0;
    }
    p = skip_blanks(r, p);
    if (!pdnp_lex_need(r, p) || !ALPHA(r->in.data[p]))
        return 0;
    name = p;
    while (pdnp_lex_need(r, p) &&
           (ALPHA(r->in.data[p]) ||
            (pdnp_cls[(unsigned char)r->in.data[p]] & C_DIGIT) ||
            r->in.data[p] == '_'))
        p++;
    p = skip_blanks(r, p);
    return pdnp_lex_need(r, p) && r->in.data[p] == '"' ? name : 0;
}

const char *
pdnp_lex_glued_result(const char *s, size_t n, size_t *rlen)
{
    static const size_t lens[] = {7, 3};
    size_t i, k, l;
    const char *res;

    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        l = lens[i];
        if (n <= l + 1 || (res = pdn_result_token(s, l)) == NULL)
            continue;
        for (k = l; k < n && s[k] >= '0' && s[k] <= '9'; k++)
            ;
        if (k > l && k < n && s[k] == '.') {
            *rlen = l;
            return res;
        }
    }
    return NULL;
}

int
pdnp_lex_eat(pdnp_lexer *r, char c)
{
    if (pdnp_lex_need(r, r->pos) && r->in.data[r->pos] == c) {
        r->pos++;
        return 1;
    }
    return 0;
}

const char *
pdnp_lex_quote_token(const pdnp_lexer *r, char *buf, size_t size)
{
    return pdnp_lex_quote(r, r->tstart, r->pos > r->tstart ? r->pos - r->tstart
                                                           : 1,
                          buf, size);
}

int
pdnp_lex_only_trailer(pdnp_lexer *r)
{
    size_t p = r->pos;
    int bol = 0;
    for (;;) {
        char c;
        if (!pdnp_lex_need(r, p)) {
            if (r->dg->fatal || r->over)
                return 0;
            pdnp_input_count_lines(&r->in, r->pos, r->in.len);
            r->pos = r->in.len;
            return 1;
        }
        c = r->in.data[p];
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            p++;
        } else if (c == '\n' || c == '\r') {
            p++;
            bol = 1;
        } else if (c == '{') {
            while (pdnp_lex_need(r, p) && r->in.data[p] != '}')
                p++;
            if (!pdnp_lex_need(r, p))
                return 0; /* unterminated: an error for the next call */
            p++;
        } else if (c == ';' || (c == '%' && bol)) {
            while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
                   r->in.data[p] != '\r')
                p++;
        } else {
            return 0;
        }
    }
}

void
pdnp_lex_skip_line(pdnp_lexer *r)
{
    size_t p = r->tstart;
    while (p - r->gstart <= r->max_game && pdnp_lex_need(r, p) &&
           r->in.data[p] != '\n' && r->in.data[p] != '\r')
        p++;
    if (p > r->pos)
        r->pos = p;
}

/* A game over the size limit ends where a line that starts with '[' and
 * a letter follows a line that does not (the next tag section), or at the
 * end of input. The bytes are read a chunk at a time and dropped, their
 * lines counted; memory stays at the window's. */
int
pdnp_lex_skip_big(pdnp_lexer *r, int in_body, pdnp_keep_fn *keep, void *ud)
{
    size_t i = r->pos;
    size_t ls = r->in.line_off > r->in.base ? r->in.line_off - r->in.base : 0;
    /* A line that began before the game is judged by the game's first
     * byte: bytes before it may be gone (a memory source drops them, a
     * reader started there never had them). */
    if (ls < r->gstart)
        ls = r->gstart;
    /* The line being read is a tag line when it starts with '['. */
    int bol = ls >= i, tagline = ls < i ? r->in.data[ls] == '[' : !in_body;

    r->over = 0;
    for (;;) {
        const char *d = r->in.data;
        size_t len = r->in.len, k;
        for (; i + 1 < len; i++) {
            char c = d[i];
            if (c == '\n' || c == '\r') {
                bol = 1;
            } else if (bol) {
                if (c == '[' && ALPHA(d[i + 1]) && !tagline)
                    goto found;
                tagline = c == '[';
                bol = 0;
            }
        }
        /* Keep the byte not scanned yet, and a CR that an LF may follow
         * (scanning a byte twice changes nothing); drop the rest. */
        k = i;
        if (k > r->pos && d[k - 1] == '\r')
            k--;
        if (keep == NULL || keep(ud, d + r->gstart, k - r->gstart) < 0)
            return -1;
        pdnp_input_count_lines(&r->in, r->pos, k);
        pdnp_input_discard(&r->in, k);
        r->pos = 0;
        r->gstart = 0;
        i -= k;
        if (!pdnp_lex_fill_to(r, r->in.len)) {
            if (r->dg->fatal)
                return -1;
            i = r->in.len;
            break;
        }
    }
found:
    if (keep == NULL)
        return -1;
    if (i - r->gstart > r->max_game &&
        keep(ud, r->in.data + r->gstart, i - r->gstart) < 0)
        return -1;
    pdnp_input_count_lines(&r->in, r->pos, i);
    r->pos = i;
    return 0;
}

int
pdnp_lex_take_raw(pdnp_lexer *r, size_t end, char **raw, size_t *n,
                  int *own)
{
    *n = end - r->gstart;
    *own = 0;
    if (r->in.own != NULL && r->gstart > 0 && *n >= ((size_t)1 << 20)) {
        /* Bring the game to the front of the window first. */
        size_t g0 = r->gstart;
        pdnp_input_discard(&r->in, g0);
        r->pos -= g0;
        end -= g0;
        r->gstart = 0;
    }
    if (r->in.own != NULL && r->gstart == 0 && *n >= ((size_t)1 << 20)) {
        size_t rest = r->in.len - end, cap = 65536;
        char *nb;
        while (cap < rest + 1)
            cap *= 2;
        nb = pdnp_malloc(cap + 1);
        if (nb == NULL)
            return pdnp_nomem(r->dg);
        memcpy(nb, r->in.own + end, rest);
        nb[rest] = '\0';
        *raw = r->in.own;
        (*raw)[end] = '\0';
        *own = 1;
        r->in.own = nb;
        r->in.data = nb;
        r->in.cap = cap;
        r->in.len = rest;
        r->in.scan_end = rest;
        r->in.base += end;
        r->pos = 0;
        r->gstart = 0;
        return 0;
    }
    *raw = (char *)r->in.data + r->gstart;
    r->pos = end;
    r->gstart = end;
    return 0;
}

/* The previous games' bytes are dropped once they fill half the window,
 * so that moving the rest to the front costs little per game. */
void
pdnp_lex_drop_read(pdnp_lexer *r)
{
    r->over = 0;
    if (r->gstart > 0 && (r->in.own == NULL || r->gstart >= r->in.len / 2)) {
        pdnp_input_discard(&r->in, r->gstart);
        r->pos -= r->gstart;
        r->gstart = 0;
    }
}

const char *
pdnp_lex_binary(pdnp_lexer *r, pdn_pos *pos)
{
    if (r->in.binary == NULL)
        return NULL;
    pdnp_input_count_lines(&r->in, r->pos, r->in.len);
    *pos = pdnp_lex_pos(r, r->in.len);
    return r->in.binary;
}
