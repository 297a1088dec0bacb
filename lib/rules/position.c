/* SPDX-License-Identifier: MIT */
/* Board helpers for library users: FEN strings in one call, piece
 * counts. */
#include <config.h>
#include "rules_private.h"
#include "core/pdn_private.h"

int
pdn_board_set_fen_string(pdn_board *b, const char *fen, pdn_error *err)
{
    pdn_fen f;
    pdn_error w;
    int rc;

    pdn_error_clear(err);
    pdn_error_clear(&w);
    if (b == NULL || fen == NULL) {
        pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0, "no FEN");
        return -1;
    }
    /* the warning is kept aside: the board's error replaces it */
    rc = pdn_fen_parse(fen, &f, &w);
    if (rc < 0) {
        if (err != NULL)
            *err = w;
        return -1;
    }
    if (pdn_board_set_fen(b, &f, err) != 0)
        return -1;
    if (rc > 0 && err != NULL)
        *err = w;
    return rc;
}

size_t
pdn_board_fen_string(const pdn_board *b, char *buf, size_t size)
{
    pdn_fen f;

    pdn_board_get_fen(b, &f);
    return pdn_fen_format(&f, buf, size);
}

int
pdn_board_count(const pdn_board *b, int piece)
{
    int f, r, n = 0;

    if (piece != 'w' && piece != 'b' && piece != 'W' && piece != 'B')
        return -1;
    for (r = 0; r < b->gt.height; r++)
        for (f = 0; f < b->gt.width; f++)
            n += pdn_board_piece(b, PDN_COORD(f, r)) == piece;
    return n;
}
