/* SPDX-License-Identifier: MIT */
/* Stavropol checkers (man/pdn-rules.7, FOLK VARIANTS): Russian draughts in
 * which the side to move may move a piece of either colour, each by its
 * own colour's rules, a capture by either colour being compulsory. The
 * moves of each colour come from the usual generator (movegen.c); this
 * joins them and keeps the side to move apart from the colour moved. */
#include <config.h>
#include "stavropol.h"

#include <string.h>
#include "core/pdn_private.h"

/* Appends the n moves of v to l; -1 when memory runs out. */
static int
append(pdnp_mlist *l, const pdnp_mv *v, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        pdnp_mv *m = pdnp_mlist_slot(l);
        if (m == NULL)
            return -1;
        *m = v[i];
        l->n++;
    }
    return 0;
}

/* The legal moves of p's side to move into l, with tmp as scratch: none
 * when no piece of its own colour can move (its pieces are all taken or
 * blocked: it has lost); else the captures of both colours when either
 * can capture, or the quiet moves of both. p is used as scratch and
 * restored. 0, or -1 with *err. */
static int
sv_gen(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l, pdnp_mlist *tmp,
       int merge, pdn_error *err)
{
    int player = p->turn, own_cap, opp_cap, rc;

    rc = pdnp_gen(b, p, l, merge, err);
    if (rc < 0 || l->n == 0)
        return rc;
    p->turn = (unsigned char)(player ^ 3);
    rc = pdnp_gen(b, p, tmp, merge, err);
    p->turn = (unsigned char)player;
    if (rc < 0)
        return -1;
    own_cap = l->v[0].ncap > 0;
    opp_cap = tmp->n > 0 && tmp->v[0].ncap > 0;
    if (own_cap && !opp_cap)
        return 0;
    if (opp_cap && !own_cap)
        l->n = 0;
    if (append(l, tmp->v, tmp->n) < 0) {
        l->n = 0;
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    return 0;
}

/* Plays m, a move of either colour, for p's side to move: the turn
 * passes to the other side whichever colour moved. */
static void
sv_make(const pdn_board *b, pdnp_pos *p, const pdnp_mv *m, pdnp_undo *u)
{
    int player = p->turn;

    p->turn = m->piece & (PDNP_WHITE | PDNP_BLACK);
    pdnp_make(b, p, m, u);
    p->turn = (unsigned char)(player ^ 3);
}

static void
sv_unmake(const pdn_board *b, pdnp_pos *p, const pdnp_mv *m,
          const pdnp_undo *u)
{
    int player = p->turn ^ 3;

    pdnp_unmake(b, p, m, u);
    p->turn = (unsigned char)player;
}

int
pdnp_sv_gen(const pdn_board *b, pdnp_mlist *l, pdn_error *err)
{
    pdnp_pos p = b->pos;
    pdnp_mlist tmp;
    int rc;

    pdnp_mlist_init(&tmp);
    rc = sv_gen(b, &p, l, &tmp, 1, err);
    pdnp_mlist_free(&tmp);
    return rc;
}

/* The legal move m names (its squares and captured pieces, as
 * pdn_board_moves listed it) is played; anything else is ignored. */
void
pdnp_sv_apply(pdn_board *b, const pdn_move *m)
{
    pdnp_mlist l;
    pdnp_undo u;
    size_t i;

    if (m == NULL || m->n < 2 || m->n > PDN_PATH_MAX ||
        m->ncaptured >= PDN_PATH_MAX)
        return;
    pdnp_mlist_init(&l);
    if (pdnp_sv_gen(b, &l, NULL) == 0)
        for (i = 0; i < l.n; i++) {
            pdn_move e;
            pdnp_mv_export(b, &l.v[i], &e);
            if (e.n == m->n && e.ncaptured == m->ncaptured &&
                memcmp(e.path, m->path, m->n) == 0 &&
                memcmp(e.captured, m->captured, m->ncaptured) == 0) {
                sv_make(b, &b->pos, &l.v[i], &u);
                break;
            }
        }
    pdnp_mlist_free(&l);
}

static uint64_t
perft(const pdn_board *b, pdnp_pos *p, int depth, pdnp_mlist *lists,
      pdnp_mlist *tmp, int merge, pdn_error *err)
{
    pdnp_mlist *l = &lists[depth - 1];
    uint64_t sum = 0;
    size_t i;

    if (sv_gen(b, p, l, tmp, merge, err) < 0)
        return 0;
    if (depth == 1)
        return l->n;
    for (i = 0; i < l->n && err->code == PDN_OK; i++) {
        pdnp_undo u;
        sv_make(b, p, &l->v[i], &u);
        sum += perft(b, p, depth - 1, lists, tmp, merge, err);
        sv_unmake(b, p, &l->v[i], &u);
    }
    return sum;
}

uint64_t
pdnp_sv_perft(const pdn_board *b, int depth, pdnp_mlist *lists, int merge,
              pdn_error *err)
{
    pdnp_pos p = b->pos;
    pdnp_mlist tmp;
    uint64_t n;

    pdnp_mlist_init(&tmp);
    n = perft(b, &p, depth, lists, &tmp, merge, err);
    pdnp_mlist_free(&tmp);
    return n;
}

/* Whether a piece of colour side can move (by its own rules). */
int
pdnp_sv_can_move(const pdn_board *b, int side)
{
    pdnp_pos p = b->pos;
    pdnp_mlist l;
    long n;

    pdnp_mlist_init(&l);
    p.turn = (unsigned char)side;
    n = pdnp_count(b, &p, &l, 1);
    pdnp_mlist_free(&l);
    return n != 0;
}
