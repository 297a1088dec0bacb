/* SPDX-License-Identifier: MIT */
/* The towers variants (man/pdn-rules.7, FOLK VARIANTS): Bashni (towers,
 * Russian rules) and Laska (Lasker's game, English rules on 7x7). A
 * captured piece is not removed: the top piece of the jumped stack goes
 * under the capturing stack at once, and the rest of the jumped stack
 * stays on its square. A stack obeys its top piece; a man on top that is
 * crowned makes only the top piece a king. Bashni may jump the same
 * stack again in one capture; Laska may not. */
#include <config.h>
#include "towers.h"

#include <string.h>
#include "core/pdn_private.h"

/* A position: per cell the height of its stack and two bit sets, bit i
 * for the i-th piece from the top (black, king). At most 32 pieces stand
 * on a towers board, so a stack fits its words. */
typedef struct pdnp_twpos {
    unsigned char turn;
    unsigned char h[PDNP_CELLS_MAX];
    uint32_t blk[PDNP_CELLS_MAX];
    uint32_t kng[PDNP_CELLS_MAX];
} pdnp_twpos;

#define TW_PIECES_MAX 32
/* Jumps one capture search may visit (as the main generator's limit). */
#define TW_NODES_MAX (1L << 20)

struct pdnp_tw {
    pdnp_twpos init, pos;
};

void
pdnp_tw_rules(const pdn_gametype *gt, pdnp_rules *r)
{
    if (gt->folk == PDN_FOLK_TOWERS || gt->folk == PDN_FOLK_LASKA)
        r->towers = 1;
    /* Laska: a stack may be jumped once in a capture (Lasker 1911). */
    if (gt->folk == PDN_FOLK_LASKA)
        r->tw_once = 1;
}

/* The top piece of cell c as a PDNP_* value, PDNP_EMPTY for none. */
static unsigned char
top(const pdnp_twpos *p, int c)
{
    if (p->h[c] == 0)
        return PDNP_EMPTY;
    return (unsigned char)((p->blk[c] & 1 ? PDNP_BLACK : PDNP_WHITE) |
                           (p->kng[c] & 1 ? PDNP_KING : 0));
}

/* b->pos from the stacks: the tops, the side to move. */
static void
mirror(const pdn_board *b, const pdnp_twpos *t, pdnp_pos *p)
{
    int i;

    memset(p, 0, sizeof *p);
    memset(p->sq, PDNP_OFF, sizeof p->sq);
    for (i = 0; i < b->g.nplay; i++)
        p->sq[b->g.play[i]] = top(t, b->g.play[i]);
    p->turn = t->turn;
    pdnp_pos_sync(b, p);
}

int
pdnp_tw_new(pdn_board *b, pdn_error *err)
{
    const pdnp_geo *g = &b->g;
    pdnp_twpos *t;
    int i, rows = (g->height - 1) / 2;

    b->tw = pdnp_malloc(sizeof *b->tw);
    if (b->tw == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    /* Both games set out 3 rows of single men a side: 12 on 8x8, 11 on
     * Lasker's 7x7. */
    t = &b->tw->init;
    memset(t, 0, sizeof *t);
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i], rank = PDN_COORD_RANK(g->coord[c]);
        if (rank < rows || rank >= g->height - rows) {
            t->h[c] = 1;
            t->blk[c] = rank >= g->height - rows;
        }
    }
    t->turn = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    b->tw->pos = *t;
    mirror(b, t, &b->init);
    b->pos = b->init;
    return 0;
}

void
pdnp_tw_free(struct pdnp_tw *tw)
{
    pdnp_free(tw);
}

void
pdnp_tw_copy(pdn_board *dst, const pdn_board *src)
{
    dst->tw->pos = src->tw->pos;
}

void
pdnp_tw_reset(pdn_board *b)
{
    b->tw->pos = b->tw->init;
}

/* The cell of a FEN piece's square (pdn_board_set_fen has checked it). */
static int
fen_cell(const pdn_board *b, const pdn_fen_piece *fp)
{
    int coord = fp->algebraic ? fp->sq : pdn_square_to_coord(&b->gt, fp->sq);

    return coord < 0 ? 0 : b->g.cell[coord & 255];
}

int
pdnp_tw_set_fen(pdn_board *b, const pdn_fen *fen, const pdnp_pos *tops,
                pdn_error *err)
{
    pdnp_twpos t;
    size_t i, total = 0;

    memset(&t, 0, sizeof t);
    for (i = 0; i < fen->count && i < PDN_FEN_MAX; i++) {
        const pdn_fen_piece *fp = &fen->piece[i];
        int c = fen_cell(b, fp), k, n = fp->nunder;
        if (n > PDN_FEN_UNDER_MAX)
            n = PDN_FEN_UNDER_MAX;
        total += 1u + (size_t)n;
        if (total > TW_PIECES_MAX) {
            pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                           "more than %d pieces in a towers position",
                           TW_PIECES_MAX);
            return -1;
        }
        t.h[c] = (unsigned char)(1 + n);
        t.blk[c] = fp->colour == 'B';
        t.kng[c] = fp->king != 0;
        for (k = 0; k < n; k++) {
            char u = fp->under[k];
            if (u == 'b' || u == 'B')
                t.blk[c] |= (uint32_t)1 << (k + 1);
            if (u == 'W' || u == 'B')
                t.kng[c] |= (uint32_t)1 << (k + 1);
        }
    }
    t.turn = tops->turn;
    b->tw->pos = t;
    b->pos = *tops;
    return 0;
}

void
pdnp_tw_get_fen(const pdn_board *b, pdn_fen *fen)
{
    const pdnp_twpos *t = &b->tw->pos;
    size_t i;

    for (i = 0; i < fen->count; i++) {
        pdn_fen_piece *fp = &fen->piece[i];
        int c = fen_cell(b, fp), k;
        fp->nunder = (unsigned char)(t->h[c] > 0 ? t->h[c] - 1 : 0);
        for (k = 0; k < fp->nunder && k < PDN_FEN_UNDER_MAX; k++) {
            int black = t->blk[c] >> (k + 1) & 1, king = t->kng[c] >> (k + 1) & 1;
            fp->under[k] = king ? (black ? 'B' : 'W') : (black ? 'b' : 'w');
        }
    }
}

/* ---- Move generation ---- */

/* A capture search from one stack, lifted off its square: the stack is
 * carried in (mh, mb, mk), each jumped top added under it as it jumps. */
typedef struct twsrch {
    const pdn_board *b;
    pdnp_twpos *p;
    pdnp_mlist *l;
    size_t first;             /* the captures of this search start here */
    int merge, side, from, err;
    long nodes;
    unsigned char piece;
    unsigned char npath, ncap, mh;
    uint32_t mb, mk;
    uint16_t path[PDN_PATH_MAX];
    uint16_t cap[PDN_PATH_MAX];
    unsigned char capv[PDN_PATH_MAX];
    uint64_t done[PDNP_WORDS]; /* Laska: stacks jumped in this capture */
} twsrch;

static int
on_board(const pdn_board *b, int c)
{
    return b->g.coord[c] != 255;
}

static int
empty(const twsrch *s, int c)
{
    return on_board(s->b, c) && s->p->h[c] == 0;
}

/* May the search jump the stack on c? One of the opponent's on top, and
 * in Laska not jumped before in this capture. */
static int
prey(const twsrch *s, int c)
{
    if (!on_board(s->b, c) || s->p->h[c] == 0 ||
        (int)(s->p->blk[c] & 1) != (s->side == PDNP_WHITE))
        return 0;
    return !(s->b->r.tw_once && (s->done[c >> 6] >> (c & 63) & 1));
}

/* The stack on c loses its top, which goes under the carried stack. */
static void
take(twsrch *s, int c)
{
    pdnp_twpos *p = s->p;

    s->capv[s->ncap] = top(p, c);
    s->cap[s->ncap++] = (uint16_t)c;
    s->mb |= (p->blk[c] & 1) << s->mh;
    s->mk |= (p->kng[c] & 1) << s->mh;
    s->mh++;
    p->blk[c] >>= 1;
    p->kng[c] >>= 1;
    p->h[c]--;
    pdnp_bit_set(s->done, c);
}

static void
untake(twsrch *s, int c)
{
    pdnp_twpos *p = s->p;

    s->mh--;
    p->blk[c] = p->blk[c] << 1 | (s->mb >> s->mh & 1);
    p->kng[c] = p->kng[c] << 1 | (s->mk >> s->mh & 1);
    s->mb &= ~((uint32_t)1 << s->mh);
    s->mk &= ~((uint32_t)1 << s->mh);
    p->h[c]++;
    s->ncap--;
    pdnp_bit_clear(s->done, c);
}

/* The cell a jump from at along d takes (the first stack met, beyond
 * empty squares for a flying king), or 0 when there is no jump there. */
static int
jump_over(const twsrch *s, int at, int d, int king)
{
    int c = at + d;

    if (king && s->b->r.flying)
        while (empty(s, c))
            c += d;
    return prey(s, c) && empty(s, c + d) ? c : 0;
}

static int
can_jump(const twsrch *s, int at, int king)
{
    const pdnp_geo *g = &s->b->g;
    const int16_t *dirs = king ? g->kcap : g->mcap[s->side];
    int nd = king ? g->nkcap : g->nmcap, k;

    for (k = 0; k < nd; k++)
        if (jump_over(s, at, dirs[k], king))
            return 1;
    return 0;
}

/* A complete capture ending on cell to: listed, unless merging and a
 * capture with the same start, end and jumped stacks in the same order
 * (hence the same position after it) is listed already. */
static void
record(twsrch *s, int to, int king)
{
    pdnp_mlist *l = s->l;
    pdnp_mv *m;
    size_t i;

    if (s->merge)
        for (i = s->first; i < l->n; i++) {
            const pdnp_mv *o = &l->v[i];
            if (o->to == to && o->from == s->from && o->ncap == s->ncap &&
                memcmp(o->cap, s->cap, s->ncap * sizeof *s->cap) == 0)
                return;
        }
    if ((m = pdnp_mlist_slot(l)) == NULL) {
        s->err = PDN_ENOMEM;
        return;
    }
    m->from = (uint16_t)s->from;
    m->to = (uint16_t)to;
    m->npath = s->npath;
    m->ncap = s->ncap;
    m->piece = s->piece;
    m->promotes = !(s->piece & PDNP_KING) && king;
    m->sig = 0;
    memcpy(m->path, s->path, s->npath * sizeof *s->path);
    memcpy(m->cap, s->cap, s->ncap * sizeof *s->cap);
    memcpy(m->capv, s->capv, s->ncap);
    l->n++;
}

static void search(twsrch *s, int at, int king);

/* After the jump over c along d: the landing squares (one, or every empty
 * square behind c for a flying king). Where the capture can go on from
 * some of them it must land on one of those (Russian rules); a man
 * crowned on landing goes on as a king (Bashni) or stops there (Laska). */
static void
land(twsrch *s, int c, int d, int king)
{
    const pdn_board *b = s->b;
    int lands[PDNP_DIM_MAX], go[PDNP_DIM_MAX], kings[PDNP_DIM_MAX];
    int n = 0, ngo = 0, i, l;

    for (l = c + d; empty(s, l) && n < PDNP_DIM_MAX; l += d) {
        int k2 = king || (b->g.promo[l] & s->side) != 0;
        int stop = !king && k2 && b->r.promo == PDNP_PROMO_END;
        lands[n] = l;
        kings[n] = k2;
        go[n] = !stop && can_jump(s, l, k2);
        ngo += go[n];
        n++;
        if (!(king && b->r.flying))
            break;
    }
    for (i = 0; i < n && s->err == 0; i++) {
        if (ngo > 0 && !go[i])
            continue;
        s->path[s->npath++] = (uint16_t)lands[i];
        if (go[i])
            search(s, lands[i], kings[i]);
        else
            record(s, lands[i], kings[i]);
        s->npath--;
    }
}

/* Every jump from at, each followed to the end of its capture. */
static void
search(twsrch *s, int at, int king)
{
    const pdnp_geo *g = &s->b->g;
    const int16_t *dirs = king ? g->kcap : g->mcap[s->side];
    int nd = king ? g->nkcap : g->nmcap, k;

    if (++s->nodes > TW_NODES_MAX || s->ncap + 2 > PDN_PATH_MAX) {
        s->err = PDN_ELIMIT;
        return;
    }
    for (k = 0; k < nd && s->err == 0; k++) {
        int d = dirs[k], c = jump_over(s, at, d, king);
        if (c == 0)
            continue;
        take(s, c);
        land(s, c, d, king);
        untake(s, c);
    }
}

/* The captures of the stack on c into s->l. */
static void
captures_from(twsrch *s, int c)
{
    pdnp_twpos *p = s->p;
    unsigned char h = p->h[c];
    uint32_t bl = p->blk[c], kg = p->kng[c];

    s->from = c;
    s->piece = top(p, c);
    s->mh = h;
    s->mb = bl;
    s->mk = kg;
    s->npath = 1;
    s->ncap = 0;
    s->path[0] = (uint16_t)c;
    p->h[c] = 0;
    p->blk[c] = p->kng[c] = 0;
    search(s, c, (kg & 1) != 0);
    p->h[c] = h;
    p->blk[c] = bl;
    p->kng[c] = kg;
}

static int
add_quiet(pdnp_mlist *l, int from, int to, unsigned char piece, int promo)
{
    pdnp_mv *m = pdnp_mlist_slot(l);

    if (m == NULL)
        return -1;
    pdnp_mv_quiet(m, from, to, piece, promo);
    m->path[0] = (uint16_t)from;
    m->path[1] = (uint16_t)to;
    l->n++;
    return 0;
}

/* The quiet moves of the stack on c: a man's step forward, a king's
 * line (one step for Laska's officers). */
static int
quiet_from(twsrch *s, int c)
{
    const pdnp_geo *g = &s->b->g;
    unsigned char v = top(s->p, c);
    int k;

    if (!(v & PDNP_KING)) {
        for (k = 0; k < g->nmdir; k++) {
            int n = c + g->mdir[s->side][k];
            if (empty(s, n) &&
                add_quiet(s->l, c, n, v, (g->promo[n] & s->side) != 0) < 0)
                return -1;
        }
        return 0;
    }
    for (k = 0; k < g->nkdir; k++) {
        int d = g->kdir[k], n;
        for (n = c + d; empty(s, n); n += d) {
            if (add_quiet(s->l, c, n, v, 0) < 0)
                return -1;
            if (!s->b->r.flying)
                break;
        }
    }
    return 0;
}

/* The legal moves of p's side to move into l: the captures when there is
 * one (any of them, each to its end: free choice), else the quiet moves.
 * 0, or -1 with *err. */
static int
tw_gen(const pdn_board *b, pdnp_twpos *p, pdnp_mlist *l, int merge,
       pdn_error *err)
{
    const pdnp_geo *g = &b->g;
    twsrch s;
    int i, must;

    memset(&s, 0, sizeof s);
    s.b = b;
    s.p = p;
    s.l = l;
    s.merge = merge;
    s.side = p->turn;
    l->n = 0;
    for (i = 0; i < g->nplay && s.err == 0; i++) {
        int c = g->play[i];
        if (p->h[c] > 0 && (top(p, c) & s.side)) {
            s.first = l->n;
            captures_from(&s, c);
        }
    }
    must = l->n > 0;
    for (i = 0; !must && i < g->nplay && s.err == 0; i++) {
        int c = g->play[i];
        if (p->h[c] > 0 && (top(p, c) & s.side) && quiet_from(&s, c) < 0)
            s.err = PDN_ENOMEM;
    }
    if (s.err != 0) {
        l->n = 0;
        pdnp_error_set(err, s.err, PDN_SEV_ERROR, NULL, 0,
                       s.err == PDN_ENOMEM ? "out of memory"
                                           : "capture search too long");
        return -1;
    }
    return 0;
}

/* Plays m: the stack leaves from, takes the top of each jumped stack
 * under it in order, its top is crowned if m promotes, and it stands on
 * to. All jumped tops leave before it lands, so to may be a square a
 * single piece it took stood on. */
static void
tw_make(pdnp_twpos *p, const pdnp_mv *m)
{
    unsigned h = p->h[m->from];
    uint32_t bl = p->blk[m->from], kg = p->kng[m->from];
    int i;

    p->h[m->from] = 0;
    p->blk[m->from] = p->kng[m->from] = 0;
    for (i = 0; i < m->ncap; i++) {
        int c = m->cap[i];
        bl |= (p->blk[c] & 1) << h;
        kg |= (p->kng[c] & 1) << h;
        h++;
        p->blk[c] >>= 1;
        p->kng[c] >>= 1;
        p->h[c]--;
    }
    if (m->promotes)
        kg |= 1;
    p->h[m->to] = (unsigned char)h;
    p->blk[m->to] = bl;
    p->kng[m->to] = kg;
    p->turn ^= 3;
}

static void
tw_unmake(pdnp_twpos *p, const pdnp_mv *m)
{
    unsigned h = p->h[m->to];
    uint32_t bl = p->blk[m->to], kg = p->kng[m->to];
    int i;

    p->h[m->to] = 0;
    p->blk[m->to] = p->kng[m->to] = 0;
    if (m->promotes)
        kg &= ~(uint32_t)1;
    for (i = m->ncap - 1; i >= 0; i--) {
        int c = m->cap[i];
        h--;
        p->blk[c] = p->blk[c] << 1 | (bl >> h & 1);
        p->kng[c] = p->kng[c] << 1 | (kg >> h & 1);
        p->h[c]++;
        bl &= ~((uint32_t)1 << h);
        kg &= ~((uint32_t)1 << h);
    }
    p->h[m->from] = (unsigned char)h;
    p->blk[m->from] = bl;
    p->kng[m->from] = kg;
    p->turn ^= 3;
}

int
pdnp_tw_gen(const pdn_board *b, pdnp_mlist *l, pdn_error *err)
{
    pdnp_twpos t = b->tw->pos;

    return tw_gen(b, &t, l, 1, err);
}

/* The legal move m names (by its squares and jumped stacks, as
 * pdn_board_moves listed it) is played; anything else is ignored. */
void
pdnp_tw_apply(pdn_board *b, const pdn_move *m)
{
    pdnp_twpos t = b->tw->pos;
    pdnp_mlist l;
    size_t i;

    if (m == NULL || m->n < 2 || m->n > PDN_PATH_MAX ||
        m->ncaptured >= PDN_PATH_MAX)
        return;
    pdnp_mlist_init(&l);
    if (tw_gen(b, &t, &l, 1, NULL) == 0)
        for (i = 0; i < l.n; i++) {
            const pdnp_mv *v = &l.v[i];
            int k, same = v->ncap == m->ncaptured &&
                          b->g.coord[v->from] == m->path[0] &&
                          b->g.coord[v->to] == m->path[m->n - 1];
            for (k = 0; same && k < v->ncap; k++)
                same = b->g.coord[v->cap[k]] == m->captured[k];
            if (same) {
                tw_make(&b->tw->pos, v);
                mirror(b, &b->tw->pos, &b->pos);
                break;
            }
        }
    pdnp_mlist_free(&l);
}

static uint64_t
perft(const pdn_board *b, pdnp_twpos *p, int depth, pdnp_mlist *lists,
      int merge, pdn_error *err)
{
    pdnp_mlist *l = &lists[depth - 1];
    uint64_t sum = 0;
    size_t i;

    if (tw_gen(b, p, l, merge, err) < 0)
        return 0;
    if (depth == 1)
        return l->n;
    for (i = 0; i < l->n && err->code == PDN_OK; i++) {
        tw_make(p, &l->v[i]);
        sum += perft(b, p, depth - 1, lists, merge, err);
        tw_unmake(p, &l->v[i]);
    }
    return sum;
}

uint64_t
pdnp_tw_perft(const pdn_board *b, int depth, pdnp_mlist *lists, int merge,
              pdn_error *err)
{
    pdnp_twpos t = b->tw->pos;

    return perft(b, &t, depth, lists, merge, err);
}

uint64_t
pdnp_tw_hash(const pdn_board *b)
{
    const pdnp_twpos *t = &b->tw->pos;
    uint64_t h = 0;
    int i;

    /* A stack of two or more: a key of its square and the pieces under
     * its top (tops are in the usual keys). */
    for (i = 0; i < b->g.nplay; i++) {
        int c = b->g.play[i];
        if (t->h[c] > 1)
            h ^= pdnp_mix64(pdnp_mix64(PDNP_HASH_SEED + 2048u +
                                       64u * b->g.coord[c] + t->h[c]) ^
                            ((uint64_t)(t->kng[c] >> 1) << 32 |
                             (t->blk[c] >> 1)));
    }
    return h;
}
