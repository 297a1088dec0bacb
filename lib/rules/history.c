/* SPDX-License-Identifier: MIT */
/* A board's undo stack (pdn_board_push, pdn_board_pop) and the state of
 * its game in one call (pdn_board_status). Each entry keeps the position
 * before its move and the draw counts before it; the towers variants,
 * whose stacks live beside the position, take a move back by playing the
 * history again from its start. */
#include <config.h>
#include "rules_private.h"
#include "towers.h"

#include <string.h>
#include "core/pdn_private.h"

typedef struct hist_entry {
    pdnp_pos pos;          /* the position before the move */
    pdn_move move;
    pdnp_drawsnap draw;    /* the draw counts before it */
} hist_entry;

struct pdnp_hist {
    hist_entry *v;
    size_t n, cap;
    int live;              /* a history has begun */
    pdn_drawstate *draw;   /* the counts of this history */
    pdnp_pos last;         /* the position the last push or pop left */
    uint64_t last_hash;    /* and its hash (the towers' stacks) */
    pdn_board *base;       /* towers: the position the history began at */
};

void
pdnp_hist_free(struct pdnp_hist *h)
{
    if (h == NULL)
        return;
    pdnp_free(h->v);
    pdn_drawstate_free(h->draw);
    pdn_board_free(h->base);
    pdnp_free(h);
}

/* Is h the history of b's position? */
static int
hist_valid(const pdn_board *b, const struct pdnp_hist *h)
{
    return h != NULL && h->live &&
           memcmp(&h->last, &b->pos, sizeof h->last) == 0 &&
           (b->tw == NULL || pdn_board_hash(b) == h->last_hash);
}

/* Notes b's position as the one the history stands at. */
static void
hist_mark(const pdn_board *b, struct pdnp_hist *h)
{
    h->last = b->pos;
    h->last_hash = b->tw != NULL ? pdn_board_hash(b) : 0;
}

static int
nomem(pdn_error *err)
{
    pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0, "out of memory");
    return -1;
}

/* Makes b's history valid, beginning one at its position when it is not;
 * then room for one more entry. 0, or -1 with *err. */
static int
hist_ready(pdn_board *b, pdn_error *err)
{
    struct pdnp_hist *h = b->hist;

    if (h == NULL) {
        if ((h = pdnp_calloc(1, sizeof *h)) == NULL)
            return nomem(err);
        b->hist = h;
    }
    if (h->draw == NULL) {
        if ((h->draw = pdn_drawstate_new()) == NULL)
            return nomem(err);
        pdnp_draw_keep(h->draw);
    }
    if (b->tw != NULL && h->base == NULL &&
        (h->base = pdn_board_new(&b->gt, err)) == NULL)
        return -1;
    if (!hist_valid(b, h)) {
        h->n = 0;
        h->live = 1;
        pdn_drawstate_start(h->draw, b);
        if (h->base != NULL) {
            h->base->pos = b->pos;
            pdnp_tw_copy(h->base, b);
        }
        hist_mark(b, h);
    }
    if (h->n >= PDN_BOARD_STACK_MAX) {
        pdnp_error_set(err, PDN_ELIMIT, PDN_SEV_ERROR, NULL, 0,
                       "more than %d moves on the undo stack",
                       PDN_BOARD_STACK_MAX);
        return -1;
    }
    if (h->n == h->cap) {
        hist_entry *v = pdnp_grow(h->v, &h->cap, sizeof *v);
        if (v == NULL)
            return nomem(err);
        h->v = v;
    }
    return 0;
}

/* Puts b back at entry e's position (the towers: the history's start and
 * the moves before e played again). */
static void
hist_back(pdn_board *b, struct pdnp_hist *h, const hist_entry *e)
{
    size_t i, k = (size_t)(e - h->v);

    if (b->tw == NULL) {
        b->pos = e->pos;
        return;
    }
    b->pos = h->base->pos;
    pdnp_tw_copy(b, h->base);
    for (i = 0; i < k; i++)
        pdn_board_apply(b, &h->v[i].move);
}

/* Entry e (the top, not counted yet) was played as m: counted, and fed to
 * the draw counts. 0, or -1 with *err and the move taken back. */
static int
hist_commit(pdn_board *b, struct pdnp_hist *h, hist_entry *e,
            const pdn_move *m, pdn_error *err)
{
    pdn_error e2;

    e->move = *m;
    h->n++;
    if (pdn_drawstate_push(h->draw, b, m, &e2) < 0) {
        h->n--;
        hist_back(b, h, e);
        pdnp_draw_restore(h->draw, &e->draw, b);
        hist_mark(b, h);
        if (err != NULL)
            *err = e2;
        return -1;
    }
    hist_mark(b, h);
    return 0;
}

int
pdn_board_push(pdn_board *b, const pdn_move *m, pdn_error *err)
{
    struct pdnp_hist *h;
    hist_entry *e;

    pdn_error_clear(err);
    if (m == NULL) {
        pdnp_error_set(err, PDN_EILLEGAL, PDN_SEV_ERROR, NULL, 0, "no move");
        return -1;
    }
    if (hist_ready(b, err) < 0)
        return -1;
    h = b->hist;
    e = &h->v[h->n];
    e->pos = b->pos;
    pdnp_draw_save(h->draw, &e->draw);
    pdn_board_apply(b, m);
    if (memcmp(&e->pos, &b->pos, sizeof e->pos) == 0) {
        /* pdn_board_apply ignored it: it names no piece of the side to
         * move, or squares that are not free */
        pdnp_error_set(err, PDN_EILLEGAL, PDN_SEV_ERROR, NULL, 0,
                       "not a move of the side to move");
        return -1;
    }
    return hist_commit(b, h, e, m, err);
}

int
pdn_board_push_play(pdn_board *b, const pdn_movetext *mt, pdn_match *match,
                    pdn_movelist *scratch, pdn_error *err)
{
    struct pdnp_hist *h;
    hist_entry *e;
    int rc;

    pdn_error_clear(err);
    if (hist_ready(b, err) < 0) {
        memset(match, 0, sizeof *match);
        match->status = PDN_MATCH_ILLEGAL;
        match->reason = PDN_WHY_OTHER;
        return -1;
    }
    h = b->hist;
    e = &h->v[h->n];
    e->pos = b->pos;
    pdnp_draw_save(h->draw, &e->draw);
    rc = pdn_board_play(b, mt, match, scratch, err);
    if (rc != PDN_MATCH_LEGAL)
        return rc;
    return hist_commit(b, h, e, &match->move, err) < 0 ? -1 : rc;
}

int
pdn_board_pop(pdn_board *b, pdn_move *m)
{
    struct pdnp_hist *h;
    hist_entry *e;

    if (b == NULL)
        return -1;
    h = b->hist;
    if (!hist_valid(b, h) || h->n == 0)
        return -1;
    e = &h->v[--h->n];
    if (m != NULL)
        *m = e->move;
    hist_back(b, h, e);
    pdnp_draw_restore(h->draw, &e->draw, b);
    hist_mark(b, h);
    return 0;
}

size_t
pdn_board_stack_size(const pdn_board *b)
{
    return hist_valid(b, b->hist) ? b->hist->n : 0;
}

const pdn_move *
pdn_board_stack_at(const pdn_board *b, size_t i)
{
    if (i >= pdn_board_stack_size(b))
        return NULL;
    return &b->hist->v[i].move;
}

void
pdn_board_clear_stack(pdn_board *b)
{
    if (b->hist != NULL)
        b->hist->live = 0;
}

const pdn_drawinfo *
pdn_board_drawinfo(const pdn_board *b)
{
    if (pdn_board_stack_size(b) == 0)
        return NULL;
    return pdn_drawstate_info(b->hist->draw);
}

/* A copy of h, the history of b, for the board c (b's clone). 0, or -1
 * when memory runs out. */
static int
hist_clone(const struct pdnp_hist *h, const pdn_board *b, pdn_board *c)
{
    struct pdnp_hist *k = pdnp_calloc(1, sizeof *k);

    if (k == NULL)
        return -1;
    c->hist = k;
    if ((k->draw = pdnp_draw_clone(h->draw)) == NULL)
        return -1;
    if (h->n > 0) {
        if ((k->v = pdnp_malloc(h->n * sizeof *k->v)) == NULL)
            return -1;
        memcpy(k->v, h->v, h->n * sizeof *k->v);
    }
    k->n = k->cap = h->n;
    k->live = 1;
    k->last = h->last;
    k->last_hash = h->last_hash;
    if (h->base != NULL) {
        if ((k->base = pdn_board_new(&b->gt, NULL)) == NULL)
            return -1;
        k->base->pos = h->base->pos;
        pdnp_tw_copy(k->base, h->base);
    }
    return 0;
}

pdn_board *
pdn_board_clone(const pdn_board *b, pdn_error *err)
{
    pdn_board *c;

    pdn_error_clear(err);
    if (b == NULL) {
        pdnp_error_arg(err, "pdn_board_clone", "b");
        return NULL;
    }
    /* the rules and geometry are copied, not worked out again */
    if ((c = pdnp_malloc(sizeof *c)) == NULL) {
        nomem(err);
        return NULL;
    }
    *c = *b;
    c->tw = NULL;
    c->hist = NULL;
    if (b->r.towers && pdnp_tw_new(c, err) < 0) {
        pdnp_free(c);
        return NULL;
    }
    pdn_board_copy(c, b);
    if (hist_valid(b, b->hist) && hist_clone(b->hist, b, c) < 0) {
        pdn_board_free(c);
        nomem(err);
        return NULL;
    }
    return c;
}

static const char *const end_names[] = {
    "none", "no-move", "draw-rule", "variant-end"
};

const char *
pdn_end_name(int end)
{
    if (end < 0 || end > PDN_END_FOLK)
        return "none";
    return end_names[end];
}

/* *st as a game over by end with outcome o and text. */
static void
ended(pdn_status *st, int end, pdn_outcome o, const char *text)
{
    st->over = 1;
    st->end = end;
    st->outcome = o;
    st->text = text;
}

int
pdn_board_status(const pdn_board *b, pdn_status *st, pdn_error *err)
{
    const pdn_drawinfo *di;
    pdn_movelist *l;
    const char *why = NULL;
    pdn_outcome folk;

    if (b == NULL || st == NULL) {
        pdn_error_clear(err);
        return pdnp_error_arg(err, "pdn_board_status", b ? "st" : "b");
    }
    di = pdn_board_drawinfo(b);
    memset(st, 0, sizeof *st);
    st->outcome = PDN_OUTCOME_UNKNOWN;
    pdn_error_clear(err);
    if ((l = pdn_movelist_new()) == NULL)
        return nomem(err);
    if (pdn_board_moves(b, l, err) < 0) {
        pdn_movelist_free(l);
        memset(st, 0, sizeof *st);
        st->outcome = PDN_OUTCOME_UNKNOWN;
        return -1;
    }
    st->moves = pdn_movelist_count(l);
    pdn_movelist_free(l);
    st->ply = pdn_board_stack_size(b);
    if (di != NULL && di->rule != PDN_DRAW_NONE) {
        st->draw_rule = di->rule;
        st->can_claim = !di->automatic;
        st->text = di->rule_text;
        if (di->automatic && di->rule_ply < di->ply) {
            ended(st, PDN_END_DRAW_RULE, PDN_OUTCOME_DRAW, di->rule_text);
            return 0;
        }
    }
    folk = pdn_board_folk_end(b, st->ply, &why);
    if (folk != PDN_OUTCOME_UNKNOWN)
        ended(st, PDN_END_FOLK, folk, why);
    else if (st->moves == 0)
        ended(st, PDN_END_NO_MOVE,
              pdn_outcome_no_move(&b->gt, pdn_board_turn(b)),
              "the side to move has no legal move");
    else if (di != NULL && di->rule != PDN_DRAW_NONE && di->automatic)
        ended(st, PDN_END_DRAW_RULE, PDN_OUTCOME_DRAW, di->rule_text);
    return 0;
}
