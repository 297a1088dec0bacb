/* SPDX-License-Identifier: MIT */
/* FEN setups (pdn-reference.md section 4): "Turn:ColourSquares:...",
 * numeric squares and ranges, algebraic squares, kings, an empty side; the
 * deviations found in real files are read with a warning. */
#include <config.h>
#include "pdn/variant.h"

#include <stdio.h>
#include <string.h>

#include "core/pdn_private.h"

/* Longest FEN that may contain spaces: these are removed into a buffer of
 * this size. 160 pieces take at most about 800 bytes. */
#define FEN_BUF 2048

/* Parser state: the text without spaces and trailing '.', where each of
 * its bytes stood in the input (map, NULL when nothing was removed), and
 * the first warning, which reaches the caller only if parsing succeeds. */
typedef struct fenp {
    const char *s;
    size_t len;
    const unsigned short *map;
    pdn_error *err;
    pdn_error warn;
    size_t total;             /* pieces so far, those under tops included */
} fenp;

static void
set_pos(const fenp *p, pdn_error *e, size_t at)
{
    /* No line: the caller knows where the FEN stands in its input and
     * adds column - 1 to the position of the value. */
    if (p->map != NULL)
        at = at < p->len ? p->map[at] : (p->len ? p->map[p->len - 1] + 1u : 0);
    e->pos.line = 0;
    e->pos.column = (unsigned long)at + 1;
    e->pos.offset = at;
}

/* An error quoting len bytes at s[at] (len 0: up to the end). */
static int
fail(fenp *p, size_t at, size_t len, const char *what)
{
    char q[64] = "";

    if (p->err == NULL || p->err->code != PDN_OK)
        return -1;
    if (at > p->len)
        at = p->len;
    if (len == 0 || at + len > p->len)
        len = p->len - at;
    pdnp_quote(q, sizeof q, p->s + at, len, 24);
    if (len == 0)
        pdnp_error_set(p->err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                       "%s the end of FEN", what);
    else
        pdnp_error_set(p->err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                       "%s '%s' in FEN", what, q);
    set_pos(p, p->err, at);
    return -1;
}

/* Records the first warning, quoting len bytes at s[at] (none if 0). */
static void
warn(fenp *p, size_t at, size_t len, const char *what)
{
    char q[64] = "";

    if (p->warn.code != PDN_OK)
        return;
    if (len == 0) {
        pdnp_error_set(&p->warn, PDN_ESETUP, PDN_SEV_WARNING, NULL, 0,
                       "%s in FEN", what);
    } else {
        /* May quote the '.' just past len, never past the string. */
        len = strnlen(p->s + at, len);
        pdnp_quote(q, sizeof q, p->s + at, len, 24);
        pdnp_error_set(&p->warn, PDN_ESETUP, PDN_SEV_WARNING, NULL, 0,
                       "%s '%s' in FEN", what, q);
    }
    set_pos(p, &p->warn, at);
}

static int
is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int
is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Reads a square number at s[*i]: 1..255. Returns it or -1. */
static int
number(fenp *p, size_t *i)
{
    size_t b = *i, n;
    long v = 0;

    while (*i < p->len && is_digit(p->s[*i])) {
        if (v < 1000)
            v = v * 10 + (p->s[*i] - '0');
        (*i)++;
    }
    n = *i - b;
    if (n == 0)
        return fail(p, b, 1, "expected a square, found");
    /* 255 is the largest square a pdn_fen_piece holds; whether the square
     * exists on a given board is checked when the board is set up. */
    if (v < 1 || v > 255)
        return fail(p, b, n, "no such square");
    if (p->s[b] == '0')
        warn(p, b, n, "leading zero in square");
    return (int)v;
}

static int
add(fenp *p, pdn_fen *fen, size_t at, char colour, int king, int alg, int sq)
{
    pdn_fen_piece *pc;

    if (fen->count == PDN_FEN_MAX || p->total >= PDN_FEN_MAX)
        return fail(p, at, 0, "too many pieces (more than 160) from");
    p->total++;
    pc = &fen->piece[fen->count++];
    pc->colour = colour;
    pc->king = (unsigned char)king;
    pc->algebraic = (unsigned char)alg;
    pc->sq = (unsigned char)sq;
    pc->nunder = 0;
    return 0;
}

/* The pieces under a stack's top, "(bW)" at s[*i] (towers): each 'w' or
 * 'b' (a man) or 'W' or 'B' (a king), from the top down, onto the piece
 * just added. */
static int
stack(fenp *p, pdn_fen *fen, size_t *i)
{
    pdn_fen_piece *pc = &fen->piece[fen->count - 1];
    size_t b = (*i)++;

    while (*i < p->len && p->s[*i] != ')') {
        char c = p->s[*i];
        if (c != 'w' && c != 'b' && c != 'W' && c != 'B')
            return fail(p, *i, 1, "expected a piece 'w', 'b', 'W' or 'B' "
                                  "in a stack, found");
        if (pc->nunder == PDN_FEN_UNDER_MAX)
            return fail(p, b, *i - b + 1, "stack higher than 32 pieces");
        if (p->total >= PDN_FEN_MAX)
            return fail(p, b, 0, "too many pieces (more than 160) from");
        p->total++;
        pc->under[pc->nunder++] = c;
        (*i)++;
    }
    if (*i >= p->len)
        return fail(p, b, 0, "unclosed stack from");
    if (pc->nunder == 0)
        return fail(p, b, 2, "empty stack");
    (*i)++;
    return 0;
}

/* One item of a colour section: [K] square, [K] from-to, [K] a1. */
static int
item(fenp *p, pdn_fen *fen, size_t *i, char colour)
{
    size_t b = *i;
    int king = 0, a, z, f;
    char c;

    /* 'K' marks a king. A lower-case 'k' does only before a file letter:
     * before a digit it is the k file of a 12-wide board. */
    if (*i + 1 < p->len) {
        char k = p->s[*i], n = p->s[*i + 1];
        int file = (n >= 'a' && n <= 'l') || (n >= 'A' && n <= 'L');
        if ((k == 'K' && (file || is_digit(n))) || (k == 'k' && file)) {
            if (k == 'k')
                warn(p, *i, 1, "lower-case king mark");
            king = 1;
            (*i)++;
        }
    }
    if (*i >= p->len)
        return fail(p, b, 0, "expected a square, found");
    c = p->s[*i];
    if ((c >= 'a' && c <= 'l') || (c >= 'A' && c <= 'L' && c != 'K')) {
        if (c <= 'L')
            warn(p, *i, 2, "upper-case square");
        f = (c | 0x20) - 'a';
        (*i)++;
        if (*i >= p->len || !is_digit(p->s[*i]))
            return fail(p, b, *i - b + (*i < p->len), "bad square");
        z = number(p, i);
        if (z < 0)
            return -1;
        if (z > 16)
            return fail(p, b, *i - b, "no such square");
        if (add(p, fen, b, colour, king, 1, PDN_COORD(f, z - 1)) < 0)
            return -1;
        return *i < p->len && p->s[*i] == '(' ? stack(p, fen, i) : 0;
    }
    a = number(p, i);
    if (a < 0)
        return -1;
    if (*i < p->len && p->s[*i] == '-') {
        (*i)++;
        z = number(p, i);
        if (z < 0)
            return -1;
        /* A range is expanded here, so that the pieces are plain values;
         * the piece limit stops "1-255" repeated. */
        if (z < a)
            return fail(p, b, *i - b, "backward range");
        for (; a <= z; a++)
            if (add(p, fen, b, colour, king, 0, a) < 0)
                return -1;
        if (*i < p->len && p->s[*i] == '(')
            return fail(p, b, *i - b + 1, "stack on a range");
        return 0;
    }
    if (add(p, fen, b, colour, king, 0, a) < 0)
        return -1;
    return *i < p->len && p->s[*i] == '(' ? stack(p, fen, i) : 0;
}

/* Length of the section starting at s[i] (up to ':' or the end). */
static size_t
section_len(const fenp *p, size_t i)
{
    size_t e = i;

    while (e < p->len && p->s[e] != ':')
        e++;
    return e - i;
}

/* ":H0", ":F12": PDN 2.0 half and full move counters. */
static int
is_counter(const fenp *p, size_t i, size_t n)
{
    size_t k;

    if (n < 2 || (p->s[i] != 'H' && p->s[i] != 'F'))
        return 0;
    for (k = 1; k < n; k++)
        if (!is_digit(p->s[i + k]))
            return 0;
    return 1;
}

/* Points p at s without its spaces (warning) and trailing '.' (warning):
 * the FEN grammar has no place for either. 0, or -1 when s has spaces and
 * is too long to copy. */
static int
prepare(fenp *p, const char *s, char *buf, unsigned short *map)
{
    size_t n = strlen(s), i, o = 0, first = (size_t)-1;

    for (i = 0; i < n; i++)
        if (is_space(s[i])) {
            first = i;
            break;
        }
    p->s = s;
    p->len = n;
    if (first != (size_t)-1) {
        if (n >= FEN_BUF) {
            pdnp_error_set(p->err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                           "FEN with spaces longer than %d bytes",
                           FEN_BUF - 1);
            return -1;
        }
        for (i = 0; i < n; i++) {
            if (is_space(s[i]))
                continue;
            buf[o] = s[i];
            map[o++] = (unsigned short)i;
        }
        buf[o] = '\0';
        p->s = buf;
        p->len = o;
        p->map = map;
        warn(p, o, 0, "spaces");
        /* Point the warning at the first space itself. */
        p->warn.pos.column = (unsigned long)first + 1;
        p->warn.pos.offset = first;
    }
    if (p->len > 0 && p->s[p->len - 1] == '.') {
        p->len--;
        warn(p, p->len, 1, "trailing");
    }
    return 0;
}

/* FEN = turn { ':' section } ; section = colour [ item { ',' item } ]
 *     | counter ; item = [ 'K' ] ( number [ '-' number ] | file rank )
 *     [ '(' piece { piece } ')' ] (a stack: not after a range).
 * The parse is one pass over the text with no allocation; the piece array
 * bounds the output, so hostile input costs at most O(length). */
int
pdn_fen_parse(const char *s, pdn_fen *fen, pdn_error *err)
{
    char buf[FEN_BUF];
    unsigned short map[FEN_BUF];
    fenp p;
    size_t i = 0, len, n;
    int seen[2] = {0, 0};     /* sections seen, per colour W, B */
    int empty[2] = {0, 0};    /* ... of which empty */

    pdn_error_clear(err);
    if (s == NULL || fen == NULL)
        return pdnp_error_arg(err, "pdn_fen_parse", s ? "fen" : "s");
    memset(&p, 0, sizeof p);
    p.err = err;
    fen->turn = '?';
    fen->count = 0;
    if (s == NULL)
        s = "";
    if (prepare(&p, s, buf, map) < 0)
        return -1;
    len = p.len;
    if (len == 0) {
        pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0, "empty FEN");
        return -1;
    }
    fen->turn = p.s[0];
    if (fen->turn == 'w' || fen->turn == 'b') {
        warn(&p, 0, 1, "lower-case turn");
        fen->turn = (char)(fen->turn - 'a' + 'A');
    }
    if ((fen->turn != 'W' && fen->turn != 'B' && fen->turn != '?') ||
        (len > 1 && p.s[1] != ':')) {
        fen->turn = '?';
        return fail(&p, 0, section_len(&p, 0),
                    "expected turn 'W', 'B' or '?', found");
    }
    i = 1;
    while (i < len) {
        size_t b;
        char colour;
        int ci;

        i++; /* the ':' */
        b = i;
        n = section_len(&p, i);
        if (n == 0) {
            /* "W::" (an empty board in a problem collection). */
            warn(&p, b - 1, 2, "empty section");
            continue;
        }
        if (is_counter(&p, i, n)) {
            warn(&p, i, len - i, "move counters");
            i += n;
            continue;
        }
        colour = p.s[i];
        if (colour == 'w' || colour == 'b') {
            warn(&p, i, 1, "lower-case colour");
            colour = (char)(colour - 'a' + 'A');
        }
        if (colour != 'W' && colour != 'B')
            return fail(&p, b, n, "expected colour 'W' or 'B', found");
        ci = colour == 'B';
        /* A colour given twice is an error unless the first was empty:
         * that is the doubled turn of some writers, not two setups. */
        if (seen[ci] && !empty[ci])
            return fail(&p, b, n, "second section of one colour");
        if (seen[ci])
            /* "W:W:W31,...": the turn written twice. */
            warn(&p, b, 1, "doubled turn");
        seen[ci]++;
        empty[ci] = n == 1;
        i++;
        while (i < b + n) {
            if (item(&p, fen, &i, colour) < 0)
                return -1;
            if (i < b + n) {
                if (p.s[i] != ',')
                    return fail(&p, i, b + n - i, "unexpected");
                i++;
                if (i == b + n)
                    warn(&p, i - 1, 1, "trailing comma");
            }
        }
    }
    if (!seen[0] || !seen[1])
        warn(&p, 0, len, "a side missing");
    if (p.warn.code != PDN_OK) {
        if (err != NULL && err->code == PDN_OK)
            *err = p.warn;
        return 1;
    }
    return 0;
}

size_t
pdn_fen_format(const pdn_fen *fen, char *buf, size_t size)
{
    size_t o = 0, k;
    int side;
    char tmp[16 + PDN_FEN_UNDER_MAX];

    /* Writes through a counter so that a short buffer still yields the
     * needed length. */
#define PUTN(str, len)                                                      \
    do {                                                                    \
        size_t l_ = (len);                                                  \
        if (o < size) {                                                     \
            size_t c_ = o + l_ < size ? l_ : size - 1 - o;                  \
            memcpy(buf + o, str, c_);                                       \
            buf[o + c_] = '\0';                                             \
        }                                                                   \
        o += l_;                                                            \
    } while (0)

    if (size > 0)
        buf[0] = '\0';
    tmp[0] = fen->turn == 'W' || fen->turn == 'B' ? fen->turn : '?';
    tmp[1] = '\0';
    PUTN(tmp, 1);
    for (side = 0; side < 2; side++) {
        char colour = side == 0 ? 'W' : 'B';
        int first = 1;
        tmp[0] = ':';
        tmp[1] = colour;
        tmp[2] = '\0';
        PUTN(tmp, 2);
        for (k = 0; k < fen->count && k < PDN_FEN_MAX; k++) {
            const pdn_fen_piece *pc = &fen->piece[k];
            size_t t = 0;
            if (pc->colour != colour)
                continue;
            /* By hand, not snprintf: the tools format a FEN after every
             * ply, and snprintf cost most of that. */
            if (!first)
                tmp[t++] = ',';
            if (pc->king)
                tmp[t++] = 'K';
            if (pc->algebraic) {
                tmp[t++] = (char)('a' + PDN_COORD_FILE(pc->sq));
                t += pdnp_utoa((unsigned long)PDN_COORD_RANK(pc->sq) + 1,
                               tmp + t);
            } else {
                t += pdnp_utoa(pc->sq, tmp + t);
            }
            if (pc->nunder > 0) {
                size_t u = pc->nunder < PDN_FEN_UNDER_MAX ? pc->nunder
                                                          : PDN_FEN_UNDER_MAX;
                tmp[t++] = '(';
                memcpy(tmp + t, pc->under, u);
                t += u;
                tmp[t++] = ')';
            }
            tmp[t] = '\0';
            PUTN(tmp, t);
            first = 0;
        }
    }
#undef PUTN
    return o;
}
