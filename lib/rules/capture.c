/* SPDX-License-Identifier: MIT */
/* The capture search of every variant, driven by the rule parameters of
 * pdnp_rules (reference section 5): the legal captures of a position under
 * its choice rule, and every route of one piece for explaining a written
 * capture. movegen.c finds which pieces must capture and calls in here. */
#include <config.h>
#include "rules_private.h"

#include <string.h>
#include "core/pdn_private.h"

/* State of one capture search. The moving piece is lifted from its square
 * for the whole search (a capture may pass or end there); captured pieces
 * are marked (deferred removal) or emptied (immediate removal) while the
 * search is below them, and put back on the way up. */
typedef struct srch {
    const pdnp_geo *g;
    const pdnp_rules *r;
    unsigned char *sq;
    pdnp_mlist *l;
    int side, opp, merge;
    int prey;                       /* colours that may be jumped */
    int err;                        /* 0 or a GEN_E* code */
    long steps;                     /* jumps tried, against GEN_STEPS_MAX */
    int have;                       /* l holds captures */
    uint64_t best;                  /* choice-rule key of those captures */
    uint16_t from;
    unsigned char piece;            /* the moving piece as it started */
    int n;                          /* jumps made so far */
    uint16_t path[PDN_PATH_MAX];
    uint16_t cap[PDN_PATH_MAX];
    unsigned char capv[PDN_PATH_MAX];
    int16_t dir[PDN_PATH_MAX];      /* direction of each jump */
    pdnp_route_fn *visit;           /* pdnp_gen_routes: NULL otherwise */
    void *ud;
} srch;

/* Why a generation failed. */
enum {
    GEN_OK = 0,
    GEN_ENOMEM,         /* the list could not grow */
    GEN_EPATH,          /* a capture longer than PDN_PATH_MAX squares */
    GEN_ESTEPS,         /* the capture search is too large */
    GEN_EMOVES          /* more legal moves than GEN_MOVES_MAX */
};

/* Limits that no position of a real game comes near, so that a crafted
 * setup (a lattice of men on 12x12 has astronomically many capture
 * sequences) gives PDN_ELIMIT instead of hours of search or gigabytes of
 * moves. */
#define GEN_STEPS_MAX (1L << 20)
#define GEN_MOVES_MAX 65536

/* The choice-rule key of the capture in s: of all complete captures only
 * those with the highest key are legal. */
static uint64_t
choice_key(const srch *s)
{
    uint64_t n = (uint64_t)s->n, nk = 0, mask = 0;
    uint64_t byking = (s->piece & PDNP_KING) != 0;
    int i;

    /* the common cases need no look at the captured pieces */
    if (s->r->choice == PDNP_CHOICE_FREE)
        return 0;
    if (s->r->choice == PDNP_CHOICE_QUANTITY)
        return n;
    for (i = 0; i < s->n; i++) {
        if (s->capv[i] & PDNP_KING) {
            nk++;
            mask |= 1u << (31 - i);
        }
    }
    switch (s->r->choice) {
    case PDNP_CHOICE_QUANTITY:
        return n;
    case PDNP_CHOICE_ITALIAN:
        /* Italian rules 1-4: pieces, capture by a king, kings, and the
         * king met earliest (bit 31 = first piece taken). */
        return (n << 40) | (byking << 39) | (nk << 32) | mask;
    case PDNP_CHOICE_SPANISH:
        return (n << 8) | nk;
    case PDNP_CHOICE_CZECH:
        return byking;
    case PDNP_CHOICE_FRISIAN:
        /* A king is worth just under two men: compare men + 2 kings, then
         * prefer fewer kings, then a capture made by a king. */
        return ((n + nk) << 16) | ((255 - nk) << 8) | byking;
    default:
        return 0;
    }
}

static int
same_set(const pdnp_mv *m, const uint16_t *cap, int n)
{
    int i, j;

    for (i = 0; i < n; i++) {
        for (j = 0; j < n && m->cap[j] != cap[i]; j++)
            ;
        if (j == n)
            return 0;
    }
    return 1;
}

/* A complete capture ends on cell to. Only captures with the best choice
 * key are kept, so the list never holds ones the rules forbid; with merge,
 * a capture with the same start, end and captured set as one already
 * listed is the same move (the circular capture taken either way round). */
static void visit_route(srch *s, int complete);

static void
record(srch *s, int to, int promoted)
{
    uint64_t key, sig = 0;
    pdnp_mv *m;
    int i;

    if (s->visit != NULL) {
        visit_route(s, 1);
        return;
    }
    key = choice_key(s);
    if (s->have && key < s->best)
        return;
    if (!s->have || key > s->best) {
        s->l->n = 0;
        s->best = key;
        s->have = 1;
    }
    for (i = 0; i < s->n; i++)
        sig |= (uint64_t)1 << (s->cap[i] & 63);
    if (s->merge) {
        size_t k;
        for (k = 0; k < s->l->n; k++) {
            const pdnp_mv *o = &s->l->v[k];
            if (o->to == to && o->from == s->from && o->ncap == s->n &&
                o->sig == sig && same_set(o, s->cap, s->n))
                return;
        }
    }
    if (s->l->n >= GEN_MOVES_MAX) {
        s->err = GEN_EMOVES;
        return;
    }
    m = s->l->n < s->l->cap ? &s->l->v[s->l->n] : pdnp_mlist_slot(s->l);
    if (m == NULL) {
        s->err = GEN_ENOMEM;
        return;
    }
    m->from = s->from;
    m->to = (uint16_t)to;
    m->npath = (unsigned char)(s->n + 1);
    m->ncap = (unsigned char)s->n;
    m->piece = s->piece;
    m->promotes = !(s->piece & PDNP_KING) &&
                  (promoted || (s->g->promo[to] & s->side));
    m->sig = sig;
    /* element by element: captures are short, and a call to memcpy per
     * array cost more than the copy */
    m->path[0] = s->path[0];
    for (i = 0; i < s->n; i++) {
        m->path[i + 1] = s->path[i + 1];
        m->cap[i] = s->cap[i];
        m->capv[i] = s->capv[i];
    }
    s->l->n++;
}

/* Takes the piece on cell c out of play for the rest of the search. */
static void
take(srch *s, int c)
{
    if (s->r->immediate)
        s->sq[c] = PDNP_EMPTY;
    else
        s->sq[c] |= PDNP_MARK;
}

static void
untake(srch *s, int c, unsigned char v)
{
    s->sq[c] = v;
}

/* What a piece of the side may jump: an opponent piece not yet taken
 * (Italian: a man may not take a king; Samoyed: a piece of either
 * colour). */
static int
jump_mask(const srch *s, int king)
{
    int jm = s->prey | PDNP_MARK;
    if (!king && s->r->men_no_kings)
        jm |= PDNP_KING;
    return jm;
}

/* Is cell content v prey for jump mask jm? Exactly when v & jm is one of
 * the prey colours and nothing else (no mark, no forbidden king): one
 * unsigned compare, as a piece has one colour. */
static inline int
is_prey(const srch *s, int v, int jm)
{
    return (unsigned)((v & jm) - 1) < (unsigned)s->prey;
}

/* 1 when a piece on cell at (a king or not) can jump once more, having
 * arrived by direction lastdir. Used for the rule that a flying king must
 * land where it can go on capturing, if there is such a square. */
static int
can_jump(const srch *s, int at, int king, int lastdir)
{
    const unsigned char *sq = s->sq;
    const int16_t *dirs = king ? s->g->kcap : s->g->mcap[s->side];
    int nd = king ? s->g->nkcap : s->g->nmcap;
    int jm = jump_mask(s, king), i;
    int back = s->r->no_reverse ? -lastdir : 0;
    unsigned prey = (unsigned)s->prey;

    if (!(king && s->r->flying)) {
        for (i = 0; i < nd; i++) {
            int d = dirs[i], v = sq[at + d];
            if ((unsigned)((v & jm) - 1) < prey &&
                sq[at + 2 * d] == PDNP_EMPTY && d != back)
                return 1;
        }
        return 0;
    }
    for (i = 0; i < nd; i++) {
        int d = dirs[i], n = at + d;
        if (d == back)
            continue;
        while (sq[n] == PDNP_EMPTY)
            n += d;
        if (is_prey(s, sq[n], jm) && sq[n + d] == PDNP_EMPTY)
            return 1;
    }
    return 0;
}

static void search(srch *s, int at, int king, int lastdir, int promoted);

/* pdnp_gen_routes: the route searched so far (s->n jumps), complete when
 * it can go no further. */
static void
visit_route(srch *s, int complete)
{
    pdnp_route rt;
    int i;

    rt.from = s->from;
    rt.n = s->n;
    for (i = 0; i < s->n; i++) {
        rt.land[i] = s->path[i + 1];
        rt.cap[i] = s->cap[i];
        rt.behind[i] = (uint16_t)(s->cap[i] + s->dir[i]);
    }
    s->visit(&rt, complete, s->ud);
}

/* pdnp_gen_routes: a flying king's jump over cell n to a landing t from
 * which it cannot go on, while another landing lets it: a capture that
 * stops before its end. */
static void
visit_stop(srch *s, int n, int t, int d)
{
    if (s->n + 1 >= PDN_PATH_MAX)
        return;
    s->cap[s->n] = (uint16_t)n;
    s->dir[s->n] = (int16_t)d;
    s->path[s->n + 1] = (uint16_t)t;
    s->n++;
    visit_route(s, 0);
    s->n--;
}

/* Jumps the piece on cell n to cell land (direction d) and searches on.
 * The recursion is bounded by PDN_PATH_MAX. */
static void
jump(srch *s, int n, int land, int d, int king, int promoted)
{
    unsigned char v = s->sq[n];

    if (s->n + 1 >= PDN_PATH_MAX) {
        s->err = GEN_EPATH;
        return;
    }
    if (++s->steps > GEN_STEPS_MAX) {
        s->err = GEN_ESTEPS;
        return;
    }
    s->cap[s->n] = (uint16_t)n;
    s->capv[s->n] = v;
    s->dir[s->n] = (int16_t)d;
    s->n++;
    s->path[s->n] = (uint16_t)land;
    take(s, n);
    /* A man landing on its last row: the move ends there (English,
     * Italian, ...), it is crowned and goes on as a king (Russian,
     * Turkish), or it goes on as a man and is crowned only if the capture
     * ends there (International family: record() decides). */
    if (!king && (s->g->promo[land] & s->side)) {
        if (s->r->promo == PDNP_PROMO_END) {
            record(s, land, 1);
            goto done;
        }
        if (s->r->promo == PDNP_PROMO_KING) {
            king = 1;
            promoted = 1;
        }
    }
    /* Most captures end here: the test is search()'s own, without its
     * frame (a route search, which visits unfinished routes, and a
     * capture that goes on take the search). */
    if (s->visit == NULL && !can_jump(s, land, king, d))
        record(s, land, promoted);
    else
        search(s, land, king, d, promoted);
done:
    untake(s, n, v);
    s->n--;
}

/* Searches on from cell at, the piece having arrived by direction lastdir
 * (0 at the start); records the capture when no jump is left. Jumps over
 * marked pieces are impossible (deferred removal: no piece twice, and a
 * taken piece still blocks a flying king), while squares emptied at once
 * (Turkish, Thai) may be crossed again. */
/* A flying king has jumped the piece on cell n by direction d: it may
 * land on any empty cell from land on, but must take one from which it
 * can go on capturing if there is one. */
static void
fly_landings(srch *s, int n, int land, int d, int promoted)
{
    const unsigned char *sq = s->sq;
    unsigned char v = sq[n];
    int t, any = 0;

    take(s, n);
    for (t = land; sq[t] == PDNP_EMPTY; t += d) {
        if (can_jump(s, t, 1, d)) {
            any = 1;
            break;
        }
    }
    untake(s, n, v);
    for (t = land; sq[t] == PDNP_EMPTY && !s->err; t += d) {
        if (any) {
            int ok;
            take(s, n);
            ok = can_jump(s, t, 1, d);
            untake(s, n, v);
            if (!ok) {
                if (s->visit != NULL)
                    visit_stop(s, n, t, d);
                continue;
            }
        }
        jump(s, n, t, d, 1, promoted);
    }
}

static void
search(srch *s, int at, int king, int lastdir, int promoted)
{
    const unsigned char *sq = s->sq;
    const int16_t *dirs = king ? s->g->kcap : s->g->mcap[s->side];
    int nd = king ? s->g->nkcap : s->g->nmcap;
    int jm = jump_mask(s, king), found = 0, i;
    /* the rules read in the loop, once: jump() may write memory */
    int back = s->r->no_reverse ? -lastdir : 0;
    int flying = king && s->r->flying, step = !flying || s->r->thai;

    for (i = 0; i < nd; i++) {
        int d = dirs[i], n = at + d, land;
        if (d == back)
            continue;
        if (flying) {
            while (sq[n] == PDNP_EMPTY)
                n += d;
        }
        if (!is_prey(s, sq[n], jm))
            continue;
        land = n + d;
        if (sq[land] != PDNP_EMPTY)
            continue;
        found = 1;
        if (step)
            jump(s, n, land, d, king, promoted);
        else
            fly_landings(s, n, land, d, promoted);
        if (s->err)
            break;
    }
    if (!found && s->n > 0)
        record(s, at, promoted);
    else if (s->visit != NULL && s->n > 0)
        visit_route(s, 0);
}

/* Lists the legal captures of the side to move into l, searching from the
 * pieces in from (every piece that may have one). Returns 0 or a GEN_E*
 * code. */
static int
gen_captures(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l, int merge,
             const uint64_t *from)
{
    unsigned char *sq = p->sq;
    srch s;
    int c;

    s.g = &b->g;
    s.r = &b->r;
    s.sq = sq;
    s.l = l;
    s.side = p->turn;
    s.opp = p->turn ^ 3;
    s.prey = b->r.any_prey ? PDNP_WHITE | PDNP_BLACK : s.opp;
    s.merge = merge;
    s.err = GEN_OK;
    s.steps = 0;
    s.have = 0;
    s.best = 0;
    s.visit = NULL;
    l->n = 0;
    PDNP_FOR_CELLS(from, b->g.nwords, c) {
        unsigned char v = sq[c];
        s.from = (uint16_t)c;
        s.piece = v;
        s.n = 0;
        s.path[0] = (uint16_t)c;
        sq[c] = PDNP_EMPTY;
        search(&s, c, (v & PDNP_KING) != 0, 0, 0);
        sq[c] = v;
        if (s.err)
            return s.err;
    }
    return 0;
}

/* The capture search as a query (match.c explains an illegal capture
 * with it): every route, whatever the choice rule. */
int
pdnp_gen_routes(const pdn_board *b, const pdnp_pos *p, int from,
                pdnp_route_fn *visit, void *ud)
{
    pdnp_pos work = *p;
    unsigned char v = work.sq[from];
    srch s;

    memset(&s, 0, sizeof s);
    s.g = &b->g;
    s.r = &b->r;
    s.sq = work.sq;
    s.side = p->turn;
    s.opp = p->turn ^ 3;
    s.prey = b->r.any_prey ? PDNP_WHITE | PDNP_BLACK : s.opp;
    s.visit = visit;
    s.ud = ud;
    s.from = (uint16_t)from;
    s.piece = v;
    s.path[0] = (uint16_t)from;
    work.sq[from] = PDNP_EMPTY;
    search(&s, from, (v & PDNP_KING) != 0, 0, 0);
    return s.err == GEN_OK ? 0 : -1;
}

/* Reports a failed generation (a GEN_E* code) in *err; returns -1. */
static int
gen_fail(int rc, pdnp_mlist *l, pdn_error *err)
{
    switch (rc) {
    case GEN_EPATH:
        pdnp_error_set(err, PDN_ELIMIT, PDN_SEV_ERROR, NULL, 0,
                       "capture longer than %d squares", PDN_PATH_MAX);
        break;
    case GEN_ESTEPS:
        pdnp_error_set(err, PDN_ELIMIT, PDN_SEV_ERROR, NULL, 0,
                       "capture search longer than %ld jumps",
                       GEN_STEPS_MAX);
        break;
    case GEN_EMOVES:
        pdnp_error_set(err, PDN_ELIMIT, PDN_SEV_ERROR, NULL, 0,
                       "more than %d legal moves", GEN_MOVES_MAX);
        break;
    default:
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        break;
    }
    l->n = 0;
    return -1;
}

int
pdnp_gen_nomem(pdnp_mlist *l, pdn_error *err)
{
    return gen_fail(GEN_ENOMEM, l, err);
}

int
pdnp_capture_search(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l,
                    int merge, const uint64_t *from)
{
    return gen_captures(b, p, l, merge, from);
}

int
pdnp_gen_captures(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l,
                  int merge, const uint64_t *capfrom, pdn_error *err)
{
    int rc = gen_captures(b, p, l, merge, capfrom);

    return rc == GEN_OK ? 0 : gen_fail(rc, l, err);
}
