/* SPDX-License-Identifier: MIT */
/* Hub's text: a line's command and arguments, moves ("21x23x27x28": from,
 * to, then the captured squares) and positions (the side to move, then a
 * character a square), converted through the rules engine. */
#include <config.h>
#include "engine_private.h"

#include <stdio.h>
#include <string.h>

static int
is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int
pdn_hub_line_parse(char *s, pdn_hub_line *out)
{
    out->command = NULL;
    out->nargs = 0;
    while (is_blank(*s))
        s++;
    if (*s == '\0' || *s == '"' || *s == '=')
        return -1;
    out->command = s;
    while (*s != '\0' && !is_blank(*s))
        s++;
    if (*s != '\0')
        *s++ = '\0';
    for (;;) {
        char *name;

        while (is_blank(*s))
            s++;
        if (*s == '\0')
            return 0;
        if (*s == '"' || *s == '=' || out->nargs == PDN_HUB_ARGS_MAX)
            return -1;
        name = s;
        while (*s != '\0' && !is_blank(*s) && *s != '=')
            s++;
        out->name[out->nargs] = name;
        if (*s == '=') {
            *s++ = '\0';
            if (*s == '"') {
                char *q = strchr(s + 1, '"');

                if (q == NULL)
                    return -1;
                *q = '\0';
                out->value[out->nargs] = s + 1;
                s = q + 1;
                if (*s != '\0' && !is_blank(*s))
                    return -1;
            } else {
                out->value[out->nargs] = s;
                while (*s != '\0' && !is_blank(*s))
                    s++;
                if (*s == '"')
                    return -1;
            }
        } else
            out->value[out->nargs] = "";
        if (*s != '\0')
            *s++ = '\0';
        out->nargs++;
    }
}

const char *
pdn_hub_line_get(const pdn_hub_line *l, const char *name)
{
    size_t i;

    for (i = 0; i < l->nargs; i++)
        if (strcmp(l->name[i], name) == 0)
            return l->value[i];
    return NULL;
}

size_t
pdn_engine_position_format(const pdn_board *b, char *buf, size_t size)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int n = pdn_square_count(gt), i;
    size_t k = 0;

    if (size > 0)
        buf[0] = '\0';
    if (k + 1 < size)
        buf[k] = pdn_board_turn(b);
    k++;
    for (i = 1; i <= n; i++) {
        int p = pdn_board_piece(b, pdn_square_to_coord(gt, i));

        if (k + 1 < size)
            buf[k] = p == 0 ? 'e' : (char)p;
        k++;
    }
    if (size > 0)
        buf[k < size ? k : size - 1] = '\0';
    return k;
}

size_t
pdn_engine_move_format(const pdn_board *b, const pdn_move *m, char *buf,
                       size_t size)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char tmp[PDN_PATH_MAX * 5 + 8];
    size_t k;
    int i;

    k = (size_t)snprintf(tmp, sizeof tmp, "%d%c%d",
                         pdn_coord_to_square(gt, m->path[0]),
                         m->ncaptured ? 'x' : '-',
                         pdn_coord_to_square(gt, m->path[m->n - 1]));
    for (i = 0; i < m->ncaptured && k < sizeof tmp - 6; i++)
        k += (size_t)snprintf(tmp + k, sizeof tmp - k, "x%d",
                              pdn_coord_to_square(gt, m->captured[i]));
    if (size > 0)
        snprintf(buf, size, "%s", tmp);
    return k;
}

/* The squares of a Hub move: 0 with n numbers and whether 'x' was used;
 * -1 for text that is not a move. */
static int
squares(const char *s, size_t len, int *sq, int *n, int *capture)
{
    size_t i = 0;

    *n = 0;
    *capture = 0;
    while (i < len) {
        int v = 0, digits = 0;

        while (i < len && s[i] >= '0' && s[i] <= '9' && digits < 4) {
            v = v * 10 + (s[i++] - '0');
            digits++;
        }
        if (digits == 0 || v == 0 || *n == PDN_PATH_MAX * 2)
            return -1;
        sq[(*n)++] = v;
        if (i == len)
            break;
        if (s[i] == 'x' || s[i] == 'X' || s[i] == ':')
            *capture = 1;
        else if (s[i] != '-' || *n != 1)
            return -1;
        i++;
        if (i == len)
            return -1;
    }
    if (*n < 2 || (!*capture && *n != 2))
        return -1;
    return 0;
}

int
pdn_engine_move_parse(const pdn_board *b, const char *s, size_t len,
                      pdn_move *m, pdn_error *err)
{
    int sq[PDN_PATH_MAX * 2], n, cap;
    char q[64] = "'";

    pdn_error_clear(err);
    pdnp_quote(q, sizeof q - 1, s, len, 40);
    strcat(q, "'");
    if (squares(s, len, sq, &n, &cap) != 0) {
        pdnp_error_set(err, PDN_ESYNTAX, PDN_SEV_ERROR, NULL, 0,
                       "%s is not a move", q);
        return -1;
    }
    /* from-to alone fits whatever the move captures */
    return pdnp_eng_match(b, sq[0], sq[1], sq + 2, n > 2 ? n - 2 : -1, m,
                          err, q, PDN_EILLEGAL);
}
