/* SPDX-License-Identifier: MIT */
/* A move named by its squares (from, to, the captured squares in any
 * order) matched against the legal moves of a position: the one matcher
 * of both engine protocols, Hub (hubtext.c) and DXP (dxp.c), each of
 * which only reads its own text. */
#include <config.h>
#include "engine_private.h"

/* 1 when c goes from from to to and captures exactly the nc squares of
 * caps (nc < 0: whatever it captures). */
static int
fits(const pdn_gametype *gt, const pdn_move *c, int from, int to,
     const int *caps, int nc)
{
    int i, j;

    if (pdn_coord_to_square(gt, c->path[0]) != from ||
        pdn_coord_to_square(gt, c->path[c->n - 1]) != to)
        return 0;
    if (nc < 0)
        return 1;
    if (c->ncaptured != nc)
        return 0;
    for (i = 0; i < nc; i++) {
        for (j = 0; j < c->ncaptured; j++)
            if (pdn_coord_to_square(gt, c->captured[j]) == caps[i])
                break;
        if (j == c->ncaptured)
            return 0;
    }
    return 1;
}

int
pdnp_eng_match(const pdn_board *b, int from, int to, const int *caps,
               int nc, pdn_move *m, pdn_error *err, const char *quoted,
               int ambiguous)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char fen[PDN_FEN_STRING_MAX];
    pdn_movelist *l;
    int found = 0;
    size_t k;

    l = pdn_movelist_new();
    if (l == NULL || pdn_board_moves(b, l, err) != 0) {
        pdn_movelist_free(l);
        if (err != NULL && err->code == PDN_OK)
            pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                           "out of memory");
        return -1;
    }
    for (k = 0; k < pdn_movelist_count(l); k++) {
        const pdn_move *c = pdn_movelist_at(l, k);

        if (fits(gt, c, from, to, caps, nc) && found++ == 0)
            *m = *c;
    }
    pdn_movelist_free(l);
    if (found == 1)
        return 0;
    pdn_board_fen_string(b, fen, sizeof fen);
    if (found > 1)
        pdnp_error_set(err, ambiguous, PDN_SEV_ERROR, NULL, 0,
                       "move %s is ambiguous in %s", quoted, fen);
    else
        pdnp_error_set(err, PDN_EILLEGAL, PDN_SEV_ERROR, NULL, 0,
                       "move %s is not legal in %s", quoted, fen);
    return -1;
}
