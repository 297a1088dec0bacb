/* SPDX-License-Identifier: MIT */
/* pdn_board_play: a written move matched and played in one call. The moves
 * games are made of (a quiet from-to, a capture named by its landing
 * squares) take direct paths; anything they cannot settle goes through
 * pdn_board_moves and pdn_board_match, so every result stays theirs. */
#include <config.h>
#include "rules_private.h"

#include <string.h>
#include "core/pdn_private.h"

/* The cells of the written squares, through the board's tables (one load
 * a square). 0 when the move has a file-only square or a square that is
 * not in use on this board: the matcher names the reason. */
static int
written_cells(const pdn_board *b, const pdn_movetext *mt, uint16_t *w)
{
    const uint16_t *tab = mt->algebraic ? b->g.cell : b->g.sqcell;
    int i;

    if (mt->file_only)
        return 0;
    for (i = 0; i < mt->n; i++)
        if ((w[i] = tab[mt->sq[i]]) == 0)
            return 0;
    return 1;
}

/* Does capture m follow the written squares w[0..nw-1] (from and to
 * already checked) read as landing squares, in order? The first reading
 * pdn_board_match tries. */
static int
fits_landings(const pdnp_mv *m, const uint16_t *w, int nw)
{
    int i, j = 1;

    for (i = 1; i < nw - 1; i++) {
        while (j < m->npath && m->path[j] != w[i])
            j++;
        if (j >= m->npath)
            return 0;
        j++;
    }
    return 1;
}

/* The general route: the full legal list and the matcher. */
static int
play_slow(pdn_board *b, const pdn_movetext *mt, pdn_match *match,
          pdn_movelist *scratch, pdn_error *err)
{
    if (pdn_board_moves(b, scratch, err) < 0) {
        memset(match, 0, sizeof *match);
        match->status = PDN_MATCH_ILLEGAL;
        match->reason = PDN_WHY_OTHER;
        return -1;
    }
    if (pdn_board_match(b, scratch, mt, match) == PDN_MATCH_LEGAL)
        pdn_board_apply(b, &match->move);
    return match->status;
}

/* Reports the one legal move found (moves[first] of n, the list it came
 * from), leaves in scratch the legal moves that share its from and to
 * squares, as pdn_move_format needs them, and plays it. */
static int
play_found(pdn_board *b, pdn_match *match, pdn_movelist *scratch,
           const pdnp_mv *moves, size_t n, size_t first, pdn_error *err)
{
    const pdnp_mv *m = &moves[first];
    pdnp_undo u;
    size_t i, k = 0;

    for (i = 0; i < n; i++)
        if (moves[i].from == m->from && moves[i].to == m->to)
            k++;
    if (k > scratch->cap && pdnp_movelist_reserve(scratch, k) < 0) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        scratch->n = 0;
        memset(match, 0, sizeof *match);
        match->status = PDN_MATCH_ILLEGAL;
        match->reason = PDN_WHY_OTHER;
        return -1;
    }
    memset(match, 0, sizeof *match);
    scratch->n = 0;
    for (i = 0; i < n; i++) {
        if (moves[i].from != m->from || moves[i].to != m->to)
            continue;
        if (i == first) {
            pdnp_mv_export(b, m, &match->move);
            scratch->v[scratch->n++] = match->move;
        } else {
            pdnp_mv_export(b, &moves[i], &scratch->v[scratch->n++]);
        }
    }
    match->status = PDN_MATCH_LEGAL;
    match->reason = PDN_WHY_NONE;
    match->count = 1;
    pdnp_make(b, &b->pos, m, &u);
    return PDN_MATCH_LEGAL;
}

/* The quiet move m found: reported as pdn_board_match would, left alone
 * in scratch (no other legal move shares its squares), and played. */
static int
play_quiet(pdn_board *b, pdn_match *match, pdn_movelist *scratch,
           const pdnp_mv *m, pdn_error *err)
{
    pdn_move *out;
    pdnp_undo u;

    if (scratch->cap == 0 && pdnp_movelist_reserve(scratch, 1) < 0)
        return play_found(b, match, scratch, m, 1, 0, err);
    /* Field by field (the bytes past the path mean nothing): copying the
     * whole move just written would stall on store forwarding. */
    out = scratch->v;
    match->status = PDN_MATCH_LEGAL;
    match->reason = PDN_WHY_NONE;
    match->count = 1;
    match->move.n = out->n = 2;
    match->move.ncaptured = out->ncaptured = 0;
    match->move.promotes = out->promotes = m->promotes;
    match->move.path[0] = out->path[0] = b->g.coord[m->from];
    match->move.path[1] = out->path[1] = b->g.coord[m->to];
    scratch->n = 1;
    pdnp_make(b, &b->pos, m, &u);
    return PDN_MATCH_LEGAL;
}

/* Not settled by a fast path: the general route decides. */
#define PLAY_OPEN (-2)

/* The captures searched from the pieces in capfrom, matched on cells by
 * from, to and landing squares: played when exactly one matches;
 * PLAY_OPEN when none or several do; -1 when the generator fails. */
static ALWAYS_INLINE int
play_capture(pdn_board *b, const uint16_t *w, int nw, pdn_match *match,
             pdn_movelist *scratch, const uint64_t *capfrom, pdn_error *err)
{
    pdnp_mlist *in = &scratch->in;
    size_t i, count = 0, first = 0;

    /* The search lifts and marks pieces on b->pos and restores them. */
    if (pdnp_gen_captures(b, &b->pos, in, 1, capfrom, err) < 0) {
        scratch->n = 0;
        memset(match, 0, sizeof *match);
        match->status = PDN_MATCH_ILLEGAL;
        match->reason = PDN_WHY_OTHER;
        return -1;
    }
    for (i = 0; i < in->n && count < 2; i++) {
        const pdnp_mv *m = &in->v[i];
        if (m->from != w[0] || m->to != w[nw - 1])
            continue;
        if (nw > 2 && !fits_landings(m, w, nw))
            continue;
        if (count++ == 0)
            first = i;
    }
    if (count == 1)
        return play_found(b, match, scratch, in->v, in->n, first, err);
    return PLAY_OPEN;
}

/* Is the written move a capture to try first: written as one (with 'x',
 * or with more than two squares), under free choice (no capture rules
 * out another), by a piece of the side to move? A quiet move written so
 * finds no capture and takes the usual way. */
static ALWAYS_INLINE int
capture_first(const pdn_board *b, const pdn_movetext *mt, const uint16_t *w)
{
    return (mt->capture || mt->n > 2) && b->r.choice == PDNP_CHOICE_FREE &&
           !b->r.folk_scan && (b->pos.sq[w[0]] & b->pos.turn);
}

/* Fast paths, each exact where it answers:
 * - no capture for the side to move (one bitset test, no list): a from-to
 *   is legal exactly when the generator says it is a quiet move
 *   (pdnp_quiet_move), and then the only legal move with those squares;
 * - a capture to make: only captures are generated (the list the full
 *   generator gives then), and matched on cells by from, to and landing
 *   squares, which is pdn_board_match's first reading. Under free choice
 *   only the written piece's captures are searched: they are the list's
 *   moves from that square, in its order, and no other can match; a
 *   written capture is tried so before the capture test, which a capture
 *   found makes needless (the side has one, and any is legal).
 * Whatever they do not settle as one legal move (no match, several, a
 * path written by the squares behind the captured pieces, a file-only
 * square, ...) is decided by the full list and the matcher, so reasons,
 * counts and the list left in scratch are theirs. */
int
pdn_board_play(pdn_board *b, const pdn_movetext *mt, pdn_match *match,
               pdn_movelist *scratch, pdn_error *err)
{
    uint16_t w[PDN_PATH_MAX];
    uint64_t capfrom[PDNP_WORDS];
    int nw = mt->n, rc;

    if (nw < 2 || nw > PDN_PATH_MAX || b->r.own_gen ||
        !written_cells(b, mt, w))
        return play_slow(b, mt, match, scratch, err);
    if (capture_first(b, mt, w)) {
        memset(capfrom, 0, sizeof capfrom);
        capfrom[w[0] >> 6] = (uint64_t)1 << (w[0] & 63);
        if ((rc = play_capture(b, w, nw, match, scratch, capfrom, err)) !=
            PLAY_OPEN)
            return rc;
    }
    if (!pdnp_must_capture(b, &b->pos, capfrom)) {
        pdnp_mv m;
        if (nw == 2 && pdnp_quiet_move(b, &b->pos, w[0], w[1], &m))
            return play_quiet(b, match, scratch, &m, err);
        return play_slow(b, mt, match, scratch, err);
    }
    if (b->r.choice == PDNP_CHOICE_FREE) {
        uint64_t bit = (uint64_t)1 << (w[0] & 63);
        if (!(capfrom[w[0] >> 6] & bit))
            return play_slow(b, mt, match, scratch, err);
        memset(capfrom, 0, sizeof capfrom);
        capfrom[w[0] >> 6] = bit;
    }
    rc = play_capture(b, w, nw, match, scratch, capfrom, err);
    return rc != PLAY_OPEN ? rc : play_slow(b, mt, match, scratch, err);
}

/* The model's pdn_game_append_move with the move written from the rules:
 * it lives here, above the model, since it asks the generator. */
pdn_node *
pdn_game_append_legal(pdn_game *g, const pdn_board *b, const pdn_move *m,
                      pdn_error *err)
{
    char text[PDN_PATH_MAX * 5];
    pdn_movelist *l = pdn_movelist_new();
    pdn_node *n = NULL;

    pdn_error_clear(err);
    if (l == NULL || b == NULL || m == NULL ||
        pdn_board_moves(b, l, err) != 0) {
        if (l == NULL)
            pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                           "out of memory");
        else if (b == NULL || m == NULL)
            pdnp_error_set(err, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0, "no move");
        pdn_movelist_free(l);
        return NULL;
    }
    if (pdn_move_format(b, l, m, PDN_MOVE_SHORT, text, sizeof text) <
        sizeof text)
        n = pdn_game_append_move(g, text, err);
    pdn_movelist_free(l);
    return n;
}
