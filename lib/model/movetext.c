/* SPDX-License-Identifier: MIT */
/* Move tokens as written: numeric ("32-28", "26x17x10", "06-11") and
 * algebraic ("c3:e5", "E3:G5", "a3b4", Russian short "ed4") forms. */
#include <config.h>
#include "model/game_private.h"

#include <stdio.h>
#include <string.h>

static int
is_sep(char c)
{
    return c == '-' || c == 'x' || c == 'X' || c == ':';
}

static int
lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Files a..l and ranks 1..12 cover the largest board (12x12). */
static int
is_file(char c)
{
    int l = lower((unsigned char)c);
    return l >= 'a' && l <= 'l';
}

/* "d-d" .. "dd-dd" with '-' or 'x', most moves: 0, or 1 when s has
 * another form. */
static inline int
parse_plain(const char *s, size_t len, pdn_movetext *mt)
{
    if (len >= 3 && len <= 5 && s[0] >= '1' && s[0] <= '9') {
        size_t k = s[1] >= '0' && s[1] <= '9' ? 2 : 1;
        char c = s[k];
        if ((c == '-' || c == 'x') && k + 1 < len && s[k + 1] >= '1' &&
            s[k + 1] <= '9' &&
            (k + 2 == len || (k + 3 == len && s[k + 2] >= '0' &&
                              s[k + 2] <= '9'))) {
            unsigned a = (unsigned)(s[0] - '0'), b = (unsigned)(s[k + 1] - '0');
            if (k == 2)
                a = a * 10 + (unsigned)(s[1] - '0');
            if (k + 3 == len)
                b = b * 10 + (unsigned)(s[k + 2] - '0');
            mt->n = 2;
            mt->capture = c == 'x';
            mt->algebraic = 0;
            mt->file_only = 0;
            mt->sep = c;
            mt->sq[0] = (unsigned char)a;
            mt->sq[1] = (unsigned char)b;
            return 0;
        }
    }
    return 1;
}

/* The square number (1 to 255) whose digits start at s[*i], *i moved past
 * them; 0 when there is none. */
static unsigned
square_number(const char *s, size_t len, size_t *i)
{
    unsigned v = 0;
    size_t d = *i;

    for (; *i < len && s[*i] >= '0' && s[*i] <= '9'; ++*i) {
        v = v * 10 + (unsigned)(s[*i] - '0');
        if (v > 255)
            return 0;
    }
    return *i == d ? 0 : v;
}

/* Numeric squares with one separator kind ("32-28", "26x17x10"), by far
 * the most common moves. */
static int
parse_numeric(const char *s, size_t len, pdn_movetext *mt)
{
    size_t i = 0;
    unsigned n = 0;
    int toolong = 0;
    char sep = 0;
    mt->capture = 0;
    mt->algebraic = 0;
    mt->file_only = 0;
    for (;;) {
        unsigned v = square_number(s, len, &i);

        if (v == 0)
            return -1;
        if (n < PDN_PATH_MAX)
            mt->sq[n] = (unsigned char)v;
        else
            toolong = 1;
        n++;
        if (i == len)
            break;
        {
            char c = s[i] == 'X' ? 'x' : s[i];
            if (c != '-' && c != 'x' && c != ':')
                return -1;
            if (sep == 0 || (sep == '-' && c != '-'))
                sep = c;
            if (c != '-')
                mt->capture = 1;
        }
        if (++i == len)
            return -1;
    }
    if (n < 2)
        return -1;
    mt->sep = sep;
    mt->n = (unsigned char)(toolong ? PDN_PATH_MAX : n);
    return toolong ? 1 : 0;
}

/* Algebraic squares, Russian short notation and mixed separators. */
static int
parse_other(const char *s, size_t len, pdn_movetext *mt)
{
    size_t i = 0;
    unsigned n = 0;
    int alg, toolong = 0;

    mt->n = 0;
    mt->capture = 0;
    mt->algebraic = 0;
    mt->file_only = 0;
    mt->sep = 0;
    alg = is_file(s[0]);
    mt->algebraic = (unsigned char)alg;
    /* Russian short notation: file letter, then a full square. */
    if (alg && len >= 3 && is_file(s[1]) && s[2] >= '1' && s[2] <= '9') {
        int rank = 0;
        for (i = 2; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
            rank = rank * 10 + (s[i] - '0');
            if (rank > 12)
                return -1;
        }
        if (i != len || rank < 1)
            return -1;
        mt->file_only = 1;
        mt->n = 2;
        mt->sq[0] = PDN_COORD(lower((unsigned char)s[0]) - 'a', 15);
        mt->sq[1] = PDN_COORD(lower((unsigned char)s[1]) - 'a', rank - 1);
        return 0;
    }
    for (;;) {
        unsigned v = 0;
        if (alg) {
            int f, rank = 0;
            size_t d;
            if (i >= len || !is_file(s[i]))
                return -1;
            f = lower((unsigned char)s[i]) - 'a';
            i++;
            for (d = i; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
                rank = rank * 10 + (s[i] - '0');
                if (rank > 12)
                    return -1;
            }
            if (i == d || rank < 1)
                return -1;
            v = PDN_COORD(f, rank - 1);
        } else if ((v = square_number(s, len, &i)) == 0) {
            return -1;
        }
        if (n < PDN_PATH_MAX)
            mt->sq[n] = (unsigned char)v;
        else
            toolong = 1;
        n++;
        if (i == len)
            break;
        if (is_sep(s[i])) {
            char c = s[i] == 'X' ? 'x' : s[i];
            if (mt->sep == 0 || (mt->sep == '-' && c != '-'))
                mt->sep = c;
            if (c != '-')
                mt->capture = 1;
            i++;
            if (i == len)
                return -1;
        } else if (!alg || !is_file(s[i])) {
            return -1;
        }
    }
    if (n < 2)
        return -1;
    mt->n = (unsigned char)(toolong ? PDN_PATH_MAX : n);
    return toolong ? 1 : 0;
}

int
pdnp_movetext_parse(const char *s, size_t len, pdn_movetext *mt)
{
    if (len == 0)
        return -1;
    if (parse_plain(s, len, mt) == 0)
        return 0;
    if (s[0] >= '0' && s[0] <= '9')
        return parse_numeric(s, len, mt);
    return parse_other(s, len, mt);
}

/* The public form: never writes *mt for a token that is not a move. */
int
pdn_movetext_parse(const char *s, size_t len, pdn_movetext *mt)
{
    pdn_movetext tmp;
    if (s == NULL || mt == NULL)
        return -1;
    if (pdnp_movetext_parse(s, len, &tmp) != 0)
        return -1;
    *mt = tmp;
    return 0;
}

/* Writes one square; returns its length. */
/* One square: its number, or file letter and rank. */
static size_t
square(const pdn_movetext *mt, int i, char *out)
{
    unsigned v = mt->sq[i];
    if (mt->algebraic) {
        int rank = PDN_COORD_RANK(v) + 1;
        out[0] = (char)('a' + PDN_COORD_FILE(v));
        if (i == 0 && mt->file_only)
            return 1;
        if (rank >= 10) {
            out[1] = '1';
            out[2] = (char)('0' + rank - 10);
            return 3;
        }
        out[1] = (char)('0' + rank);
        return 2;
    }
    return pdnp_utoa_small(v, out);
}

/* The move into t, which holds PDN_PATH_MAX * 5 + 1 bytes; its length. */
static size_t
format_into(const pdn_movetext *mt, char *t)
{
    size_t o;
    int i;

    if (!mt->algebraic && mt->n > 0) {
        /* numeric, the common case: no letters, no short form */
        o = pdnp_utoa_small(mt->sq[0], t);
        for (i = 1; i < mt->n && i < PDN_PATH_MAX; i++) {
            if (mt->sep != 0)
                t[o++] = mt->sep;
            o += pdnp_utoa_small(mt->sq[i], t + o);
        }
        t[o] = '\0';
        return o;
    }
    for (o = 0, i = 0; i < mt->n && i < PDN_PATH_MAX; i++) {
        if (i > 0 && mt->sep != 0 && !(i == 1 && mt->file_only))
            t[o++] = mt->sep;
        o += square(mt, i, t + o);
    }
    t[o] = '\0';
    return o;
}

/* Through a buffer of the longest move's size, cut to size. */
static size_t
format_cut(const pdn_movetext *mt, char *buf, size_t size)
{
    char tmp[PDN_PATH_MAX * 5 + 1];
    size_t o = format_into(mt, tmp);

    if (size > 0) {
        size_t c = o < size - 1 ? o : size - 1;
        memcpy(buf, tmp, c);
        buf[c] = '\0';
    }
    return o;
}

size_t
pdn_movetext_format(const pdn_movetext *mt, char *buf, size_t size)
{
    if (mt == NULL)
        return 0;
    /* straight into buf when it holds the longest move (the writer's) */
    return size > PDN_PATH_MAX * 5 ? format_into(mt, buf)
                                   : format_cut(mt, buf, size);
}
