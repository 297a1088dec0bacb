/* SPDX-License-Identifier: MIT */
/* Material: the pieces of each kind on a board, and the signatures that
 * name them ("2M1K v 3K", pdn-select -M). */
#include <config.h>
#include "rules_private.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "core/pdn_private.h"

void
pdn_board_material(const pdn_board *b, pdn_material *m)
{
    int i;

    memset(m, 0, sizeof *m);
    for (i = 0; i < b->g.nplay; i++) {
        unsigned v = b->pos.sq[b->g.play[i]];
        int side = v & PDNP_BLACK ? 1 : 0;

        if (!(v & (PDNP_WHITE | PDNP_BLACK)))
            continue;
        if (v & PDNP_KING)
            m->kings[side]++;
        else
            m->men[side]++;
    }
}

/* One side: "3K", "2M1K", "4M", "0". */
static int
side_text(int men, int kings, char *buf, size_t size)
{
    if (men == 0 && kings == 0)
        return snprintf(buf, size, "0");
    if (men == 0)
        return snprintf(buf, size, "%dK", kings);
    if (kings == 0)
        return snprintf(buf, size, "%dM", men);
    return snprintf(buf, size, "%dM%dK", men, kings);
}

size_t
pdn_material_format(const pdn_material *m, char *buf, size_t size)
{
    char w[32], k[32];

    side_text(m->men[0], m->kings[0], w, sizeof w);
    side_text(m->men[1], m->kings[1], k, sizeof k);
    return (size_t)snprintf(buf, size, "%s v %s", w, k);
}

/* One side from s to e (blanks trimmed): 0, or -1. */
static int
side_parse(const char *s, const char *e, int *men, int *kings)
{
    while (s < e && *s == ' ')
        s++;
    while (e > s && e[-1] == ' ')
        e--;
    *men = *kings = 0;
    if (s == e)
        return -1;
    if (e - s == 1 && *s == '0')
        return 0;
    while (s < e) {
        int n = 0, digits = 0;

        while (s < e && isdigit((unsigned char)*s) && n < 1000)
            n = n * 10 + (*s++ - '0'), digits++;
        if (!digits)
            n = 1;
        if (s < e && toupper((unsigned char)*s) == 'M')
            *men += n;
        else if (s < e && toupper((unsigned char)*s) == 'K')
            *kings += n;
        else
            return -1;
        /* a bound on the sums, which a long enough text would overflow */
        if (*men > PDN_MATERIAL_MAX || *kings > PDN_MATERIAL_MAX)
            return -1;
        s++;
    }
    return 0;
}

int
pdn_material_parse(const char *s, pdn_material *m, pdn_error *err)
{
    const char *v = s != NULL ? strchr(s, 'v') : NULL;
    char q[64];

    pdn_error_clear(err);
    memset(m, 0, sizeof *m);
    if (v != NULL &&
        side_parse(s, v, &m->men[0], &m->kings[0]) == 0 &&
        side_parse(v + (v[1] == 's' ? 2 : 1), v + strlen(v), &m->men[1],
                   &m->kings[1]) == 0)
        return 0;
    memset(m, 0, sizeof *m);
    q[0] = '\0';
    if (s != NULL)
        pdnp_quote(q, sizeof q, s, strlen(s), 40);
    pdnp_error_set(err, PDN_ESYNTAX, PDN_SEV_ERROR, NULL, 0,
                   "bad material '%s': expected WHITE v BLACK, such as "
                   "\"2M1K v 3K\"", q);
    return -1;
}

int
pdn_material_equal(const pdn_material *a, const pdn_material *b)
{
    return a->men[0] == b->men[0] && a->men[1] == b->men[1] &&
           a->kings[0] == b->kings[0] && a->kings[1] == b->kings[1];
}
