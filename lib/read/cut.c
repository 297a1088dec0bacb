/* SPDX-License-Identifier: MIT */
/* Parallel reading's scan: where a buffer of PDN text may be cut so that
 * a reader started at the cut (pdn_reader_set_base) starts a game, and the
 * line and column a part ends at, counted by the input layer's one line
 * counter. A cut is a guess the reader checks (pdn_reader_tell): text a
 * reader takes otherwise (a tag value broken over lines) costs a reading
 * again, never a wrong game. */
#include <config.h>
#include "input.h"
#include "pdn/result.h"

#include <string.h>

static int
blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The first byte of the line holding d[i], blanks at its start passed. */
static size_t
line_start(const char *d, size_t i)
{
    while (i > 0 && d[i - 1] != '\n' && d[i - 1] != '\r')
        i--;
    while (d[i] == ' ' || d[i] == '\t')
        i++;
    return i;
}

/* Where the text d[at..p) leaves a '{' comment that opens there (not in
 * a tag line, whose '{' is a value's), d[at] taken to lie outside any:
 * p when it does not end inside one, else just past the comment's '}' (n
 * when it has none). */
static size_t
past_comments(const char *d, size_t n, size_t at, size_t p)
{
    const char *c;

    while (at < p && (c = memchr(d + at, '{', p - at)) != NULL) {
        size_t o = (size_t)(c - d);
        const char *e;

        if (d[line_start(d, o)] == '[') {
            at = o + 1;
            continue;
        }
        e = memchr(c + 1, '}', n - o - 1);
        if (e == NULL)
            return n;
        at = (size_t)(e + 1 - d);
    }
    return at > p ? at : p;
}

size_t
pdn_game_boundary(const char *d, size_t n, size_t from, size_t most)
{
    size_t at = 0, p, q, w, cut, seen = 0;

    if (d == NULL)
        return 0;
    /* the text before at lies outside any comment */
    for (p = 1; p + 1 < n; p++) {
        const char *hit = memchr(d + p, '[', n - 1 - p);
        size_t past;

        if (hit == NULL)
            break;
        p = (size_t)(hit - d);
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
        /* after a tag line, or a result in a tag line's value: no start */
        if (d[line_start(d, q - 1)] == '[')
            continue;
        if (d[p - 1] == '\n' || d[p - 1] == '\r')
            cut = pdn_result_token(d + w, q - w) != NULL ? q : p;
        else if (pdn_result_token(d + w, q - w) != NULL)
            cut = q;
        else
            continue;
        /* the comments before it (found once a game, not once a '[') */
        if ((past = past_comments(d, n, at, p)) != p) {
            at = past;
            p = past - 1;
            continue;
        }
        at = p;
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
