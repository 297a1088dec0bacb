/* SPDX-License-Identifier: MIT */
/* Parallel reading's scan: where a buffer of PDN text may be cut so that
 * a reader started at the cut (pdn_reader_set_base) starts a game, and the
 * line and column a part ends at, counted by the input layer's one line
 * counter. A cut is a guess the reader checks (pdn_reader_tell): text a
 * reader takes otherwise (a tag pair inside an unclosed comment) costs a
 * reading again, never a wrong game. */
#include <config.h>
#include "input.h"
#include "pdn/result.h"

#include <string.h>

static int
blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The first '{' comment or '"' string that opens in d[p..h): the index
 * just past it (past its '}', its closing '"' or the end of its line: a
 * tag value does not go on over lines here), n when it runs to the end of
 * d; h when none opens there. */
static size_t
skip_quoted(const char *d, size_t n, size_t p, size_t h)
{
    const char *c = memchr(d + p, '{', h - p);
    const char *s = memchr(d + p, '"', h - p);
    size_t i;

    if (c != NULL && (s == NULL || c < s)) {
        const char *e = memchr(c + 1, '}', n - (size_t)(c + 1 - d));
        return e != NULL ? (size_t)(e + 1 - d) : n;
    }
    if (s == NULL)
        return h;
    for (i = (size_t)(s + 1 - d); i < n; i++) {
        if (d[i] == '\\' && i + 1 < n && d[i + 1] != '\n' &&
            d[i + 1] != '\r')
            i++;
        else if (d[i] == '"' || d[i] == '\n' || d[i] == '\r')
            return i + 1;
    }
    return n;
}

size_t
pdn_game_boundary(const char *d, size_t n, size_t from, size_t most)
{
    size_t at = 0, p = 0, q, ls, w, cut, seen = 0;

    if (d == NULL)
        return 0;
    /* '[' is searched from p + 1 on, comments and strings from at on */
    while (p + 2 < n) {
        const char *hit = memchr(d + p + 1, '[', n - 2 - p);
        size_t h, s;

        if (hit == NULL)
            break;
        h = (size_t)(hit - d);
        if ((s = skip_quoted(d, n, at, h)) != h) {
            at = s;
            p = s - 1;
            continue;
        }
        at = p = h;
        if (!((d[p + 1] >= 'A' && d[p + 1] <= 'Z') ||
              (d[p + 1] >= 'a' && d[p + 1] <= 'z')))
            continue;
        for (q = p; q > 0 && blank(d[q - 1]); q--)
            ;
        /* after a line ending in ']': inside a tag section (most '[') */
        if (q == 0 || q == p || d[q - 1] == ']')
            continue;
        for (w = q; w > 0 && !blank(d[w - 1]); w--)
            ;
        if (d[p - 1] == '\n' || d[p - 1] == '\r') {
            for (ls = q - 1;
                 ls > 0 && d[ls - 1] != '\n' && d[ls - 1] != '\r'; ls--)
                ;
            while (ls < q && (d[ls] == ' ' || d[ls] == '\t'))
                ls++;
            if (d[ls] == '[')
                continue;
            cut = pdn_result_token(d + w, q - w) != NULL ? q : p;
        } else if (pdn_result_token(d + w, q - w) != NULL) {
            cut = q;
        } else {
            continue;
        }
        if (p >= from || ++seen >= most)
            return cut;
    }
    return 0;
}

void
pdn_pos_advance(pdn_pos *pos, const char *d, size_t n)
{
    pdnp_input in;
    size_t back;

    if (pos == NULL || d == NULL || n == 0)
        return;
    back = pos->column > 0 ? pos->column - 1 : 0;
    memset(&in, 0, sizeof in);
    in.data = d;
    in.len = n;
    in.base = pos->offset;
    in.line = pos->line;
    in.line_off = back <= pos->offset ? pos->offset - back : 0;
    pdnp_input_count_lines(&in, 0, n);
    *pos = pdnp_input_pos(&in, n);
}
