/* SPDX-License-Identifier: MIT */
/* Boards: the rule parameters of each variant, the geometry derived from a
 * GameType, initial positions, FEN in and out, move lists and applying a
 * move. The generator itself is in movegen.c. */
#include <config.h>
#include "rules_private.h"
#include "stavropol.h"
#include "towers.h"

#include <stdio.h>
#include <string.h>
#include "core/pdn_private.h"

/* The rules table of pdn-reference.md section 5, one case per family.
 * Fields left zero mean: men capture forwards only, short kings, diagonal
 * lines, free choice, the move ends when a man is crowned, captured pieces
 * leave after the move, no Italian or Frisian special rule. Giveaway
 * (gt->giveaway) only inverts the aim, so it shares its base rules. */
int
pdnp_rules_for(int rules, pdnp_rules *r)
{
    memset(r, 0, sizeof *r);
    switch (rules) {
    case 20: /* International */
    case 26: /* Brazilian: International rules on 8x8 */
    case 27: /* Canadian: International rules on 12x12 */
    case 41: /* Spantsiretti: International rules on 10x8 */
        r->men_back = 1;
        r->flying = 1;
        r->choice = PDNP_CHOICE_QUANTITY;
        r->promo = PDNP_PROMO_MAN;
        return 0;
    case 21: /* English draughts */
        r->promo = PDNP_PROMO_END;
        return 0;
    case 22: /* Italian */
        r->choice = PDNP_CHOICE_ITALIAN;
        r->promo = PDNP_PROMO_END;
        r->men_no_kings = 1;
        return 0;
    case 23: /* American pool */
        r->men_back = 1;
        r->flying = 1;
        r->promo = PDNP_PROMO_MAN;
        return 0;
    case 24: /* Spanish */
    case 28: /* Portuguese */
        r->flying = 1;
        r->choice = PDNP_CHOICE_SPANISH;
        r->promo = PDNP_PROMO_END;
        return 0;
    case 25: /* Russian */
        r->men_back = 1;
        r->flying = 1;
        r->promo = PDNP_PROMO_KING;
        return 0;
    case 29: /* Czech */
        r->flying = 1;
        r->choice = PDNP_CHOICE_CZECH;
        r->promo = PDNP_PROMO_END;
        return 0;
    case 30: /* Turkish */
        /* Mid-capture promotion continues as a king: the newer rule texts
         * (the reference's decision; older texts end the move). */
        r->flying = 1;
        r->geom = PDNP_GEOM_ORTHO;
        r->choice = PDNP_CHOICE_QUANTITY;
        r->promo = PDNP_PROMO_KING;
        r->immediate = 1;
        r->no_reverse = 1;
        return 0;
    case 31: /* Thai */
        r->flying = 1;
        r->thai = 1;
        r->promo = PDNP_PROMO_END;
        r->immediate = 1;
        return 0;
    case 40: /* Frisian */
        /* King worth just under two men (dctl, lidraughts), see the
         * PDNP_CHOICE_FRISIAN key in capture.c. */
        r->men_back = 1;
        r->flying = 1;
        r->geom = PDNP_GEOM_FRISIAN;
        r->choice = PDNP_CHOICE_FRISIAN;
        r->promo = PDNP_PROMO_MAN;
        r->king_limit = 1;
        return 0;
    default:
        return -1;
    }
}

/* Cell of square (f, r): see the layout in rules_private.h. */
static int
cell_of(const pdnp_geo *g, int f, int r)
{
    return (r + 2) * g->stride + f + 1;
}

/* Derives the geometry from the GameType fields only: size, the squares
 * in use (pdn_coord_playable, which knows the invert flag, the start
 * colour and Turkish boards) and the direction offsets of the rules. White
 * moves up (towards higher ranks) whichever side starts. */
static void
setup_geo(pdnp_geo *g, const pdn_gametype *gt, const pdnp_rules *r)
{
    unsigned char num[256];
    int S, f, k, n = 0, count = pdn_square_count(gt);

    memset(g, 0, sizeof *g);
    g->width = gt->width;
    g->height = gt->height;
    g->stride = S = gt->width + 2;
    g->ncells = (gt->height + 4) * S;
    memset(g->coord, 255, sizeof g->coord);
    /* The squares in use are those the numbering names (for every
     * geometry a board accepts, exactly pdn_coord_playable's squares; a
     * unit test checks it): one pdn_square_to_coord per square gives both
     * the square set and the number -> cell table, which keeps board
     * creation, once per game in the tools, cheap. */
    memset(num, 0, sizeof num);
    for (k = count < 255 ? count : 255; k > 0; k--) {
        int coord = pdn_square_to_coord(gt, k);
        if (coord >= 0 && coord < 256 &&
            PDN_COORD_FILE(coord) < gt->width &&
            PDN_COORD_RANK(coord) < gt->height)
            num[coord] = (unsigned char)k;
    }
    for (k = 0; k < gt->height; k++) {
        for (f = 0; f < gt->width; f++) {
            int c = cell_of(g, f, k);
            if (num[PDN_COORD(f, k)] == 0)
                continue;
            g->play[n++] = (uint16_t)c;
            g->playable[c >> 6] |= (uint64_t)1 << (c & 63);
            g->coord[c] = PDN_COORD(f, k);
            g->cell[PDN_COORD(f, k)] = (uint16_t)c;
            g->sqcell[num[PDN_COORD(f, k)]] = (uint16_t)c;
            if (k == gt->height - 1)
                g->promo[c] |= PDNP_WHITE;
            if (k == 0)
                g->promo[c] |= PDNP_BLACK;
        }
    }
    g->nplay = n;
    g->nsquares = count < 255 ? count : 255;
    memcpy(g->sqnum, num, sizeof g->sqnum);
    /* Cell sets only need the words the board covers: 8x8 fits in two,
     * 10x10 in three; the generator is specialised for each count. */
    g->nwords = g->ncells <= 128 ? 2 : g->ncells <= 192 ? 3 : PDNP_WORDS;
    if (r->geom == PDNP_GEOM_ORTHO) {
        /* Turkish: men step forward or sideways and capture the same way;
         * kings use all four lines. */
        g->nmdir = g->nmcap = 3;
        g->mdir[PDNP_WHITE][0] = (int16_t)S;
        g->mdir[PDNP_BLACK][0] = (int16_t)-S;
        for (k = 1; k <= 2; k++) {
            int s = k == 1 ? -1 : 1;
            g->mdir[PDNP_WHITE][k] = g->mdir[PDNP_BLACK][k] = (int16_t)s;
        }
        for (k = 0; k < 3; k++) {
            g->mcap[PDNP_WHITE][k] = g->mdir[PDNP_WHITE][k];
            g->mcap[PDNP_BLACK][k] = g->mdir[PDNP_BLACK][k];
        }
        g->nkdir = g->nkcap = 4;
        g->kdir[0] = g->kcap[0] = (int16_t)S;
        g->kdir[1] = g->kcap[1] = (int16_t)-S;
        g->kdir[2] = g->kcap[2] = 1;
        g->kdir[3] = g->kcap[3] = -1;
        return;
    }
    /* Diagonal boards: a step up-left is S - 1, up-right S + 1. Men
     * capturing backwards get the other side's forward steps too. */
    g->nmdir = 2;
    g->mdir[PDNP_WHITE][0] = (int16_t)(S - 1);
    g->mdir[PDNP_WHITE][1] = (int16_t)(S + 1);
    g->mdir[PDNP_BLACK][0] = (int16_t)(-S - 1);
    g->mdir[PDNP_BLACK][1] = (int16_t)(-S + 1);
    g->nmcap = 2;
    for (k = 0; k < 2; k++) {
        g->mcap[PDNP_WHITE][k] = g->mdir[PDNP_WHITE][k];
        g->mcap[PDNP_BLACK][k] = g->mdir[PDNP_BLACK][k];
        if (r->men_back) {
            g->mcap[PDNP_WHITE][2 + k] = g->mdir[PDNP_BLACK][k];
            g->mcap[PDNP_BLACK][2 + k] = g->mdir[PDNP_WHITE][k];
        }
    }
    if (r->men_back)
        g->nmcap = 4;
    g->nkdir = g->nkcap = 4;
    /* kcap begins with kdir in the same order: the scan relies on it to
     * walk each quiet line once for both purposes. */
    g->kdir[0] = g->kcap[0] = (int16_t)(S - 1);
    g->kdir[1] = g->kcap[1] = (int16_t)(S + 1);
    g->kdir[2] = g->kcap[2] = (int16_t)(-S - 1);
    g->kdir[3] = g->kcap[3] = (int16_t)(-S + 1);
    if (r->geom == PDNP_GEOM_DIAG && S == 10 && g->nwords == 2)
        g->fast = PDNP_FAST_8;
    if (r->geom == PDNP_GEOM_DIAG && S == 12 && g->nwords == 3)
        g->fast = PDNP_FAST_10;
    if (r->geom == PDNP_GEOM_FRISIAN) {
        /* Frisian orthogonal captures run along the playable squares of a
         * file or rank, two cells apart; the padding is two deep so such
         * a step never wraps. */
        static const int m[4][2] = { { 0, 2 }, { 0, -2 }, { 2, 0 }, { -2, 0 } };
        for (k = 0; k < 4; k++) {
            int16_t d = (int16_t)(m[k][0] + m[k][1] * S);
            g->mcap[PDNP_WHITE][g->nmcap + k] = d;
            g->mcap[PDNP_BLACK][g->nmcap + k] = d;
            g->kcap[4 + k] = d;
        }
        g->nmcap = (unsigned char)(g->nmcap + 4);
        g->nkcap = 8;
    }
}

/* Rows of men each side starts with. The standard variants follow section
 * 3 of the reference; other sizes use (height - 2) / 2 rows (Thai: 2;
 * Turkish: one row fewer, starting on the second row). */
static void
setup_initial(const pdn_board *b, pdnp_pos *p)
{
    const pdnp_geo *g = &b->g;
    int rows = (g->height - 2) / 2, first = 0, i;

    if (pdnp_folk_initial(b, p))
        return;
    if (b->gt.rules == 31)
        rows = 2;
    if (b->r.geom == PDNP_GEOM_ORTHO) {
        rows = (g->height - 2) / 2 - 1;
        first = 1;
    }
    memset(p, 0, sizeof *p);
    memset(p->sq, PDNP_OFF, sizeof p->sq);
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i], rank = PDN_COORD_RANK(g->coord[c]);
        p->sq[c] = PDNP_EMPTY;
        if (rank >= first && rank < first + rows) {
            p->sq[c] = PDNP_WHITE;
        } else if (rank <= g->height - 1 - first &&
                   rank > g->height - 1 - first - rows) {
            p->sq[c] = PDNP_BLACK;
        }
    }
    p->turn = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    pdnp_pos_sync(b, p);
}

pdn_board *
pdn_board_new(const pdn_gametype *gt, pdn_error *err)
{
    pdn_board *b;
    pdnp_rules r;

    pdn_error_clear(err);
    if (gt == NULL || pdnp_rules_for(gt->rules, &r) < 0) {
        pdnp_error_set(err, PDN_EVARIANT, PDN_SEV_ERROR, NULL, 0,
                       "no rules known for game type %d",
                       gt != NULL ? gt->rules : 0);
        return NULL;
    }
    if (gt->width < 2 || gt->width > PDNP_DIM_MAX || gt->height < 2 ||
        gt->height > PDNP_DIM_MAX) {
        pdnp_error_set(err, PDN_EVARIANT, PDN_SEV_ERROR, NULL, 0,
                       "board size %dx%d not supported", gt->width,
                       gt->height);
        return NULL;
    }
    b = pdnp_malloc(sizeof *b);
    if (b == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    pdnp_folk_rules(gt, &r);
    pdnp_tw_rules(gt, &r);
    r.stavropol = gt->folk == PDN_FOLK_STAVROPOL;
    r.own_gen = r.towers || r.stavropol;
    b->gt = *gt;
    b->r = r;
    setup_geo(&b->g, gt, &r);
    if (r.race) /* Corners: nobody is crowned */
        memset(b->g.promo, 0, sizeof b->g.promo);
    setup_initial(b, &b->init);
    b->pos = b->init;
    b->tw = NULL;
    b->hist = NULL;
    if (r.towers && pdnp_tw_new(b, err) < 0) {
        pdnp_free(b);
        return NULL;
    }
    return b;
}

void
pdn_board_free(pdn_board *b)
{
    if (b != NULL)
        pdnp_tw_free(b->tw);
    if (b != NULL)
        pdnp_hist_free(b->hist);
    pdnp_free(b);
}

int
pdn_board_copy(pdn_board *dst, const pdn_board *src)
{
    if (!pdn_gametype_equal(&dst->gt, &src->gt))
        return -1;
    if (dst != src)
        dst->pos = src->pos;
    if (dst != src && dst->tw != NULL)
        pdnp_tw_copy(dst, src);
    return 0;
}

void
pdn_board_reset(pdn_board *b)
{
    b->pos = b->init;
    if (b->tw != NULL)
        pdnp_tw_reset(b);
}

const pdn_gametype *
pdn_board_gametype(const pdn_board *b)
{
    return &b->gt;
}

char
pdn_board_turn(const pdn_board *b)
{
    return b->pos.turn == PDNP_BLACK ? 'B' : 'W';
}

int
pdn_board_piece(const pdn_board *b, int coord)
{
    int c, v;

    if (coord < 0 || coord > 255 || (c = b->g.cell[coord]) == 0)
        return 0;
    v = b->pos.sq[c];
    if (v & PDNP_WHITE)
        return v & PDNP_KING ? 'W' : 'w';
    if (v & PDNP_BLACK)
        return v & PDNP_KING ? 'B' : 'b';
    return 0;
}

/* Builds the position aside and installs it only when the whole setup is
 * valid, so a bad FEN leaves the board as it was. The Frisian king-move
 * counters start from zero: a FEN does not carry them. */
int
pdn_board_set_fen(pdn_board *b, const pdn_fen *fen, pdn_error *err)
{
    const pdnp_geo *g = &b->g;
    pdnp_pos p;
    size_t i;
    int k;

    pdn_error_clear(err);
    memset(&p, 0, sizeof p);
    memset(p.sq, PDNP_OFF, sizeof p.sq);
    for (k = 0; k < g->nplay; k++)
        p.sq[g->play[k]] = PDNP_EMPTY;
    for (i = 0; i < fen->count && i < PDN_FEN_MAX; i++) {
        const pdn_fen_piece *fp = &fen->piece[i];
        int coord, c, side = fp->colour == 'B' ? PDNP_BLACK : PDNP_WHITE;
        char name[8];

        if (fp->algebraic) {
            coord = fp->sq;
            snprintf(name, sizeof name, "%c%d", 'a' + PDN_COORD_FILE(coord),
                     PDN_COORD_RANK(coord) + 1);
        } else {
            coord = pdn_square_to_coord(&b->gt, fp->sq);
            snprintf(name, sizeof name, "%d", fp->sq);
        }
        c = coord < 0 ? 0 : g->cell[coord & 255];
        if (c == 0 || PDN_COORD_FILE(coord) >= g->width ||
            PDN_COORD_RANK(coord) >= g->height) {
            pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                           "square '%s' is not on this board", name);
            return -1;
        }
        if (p.sq[c] != PDNP_EMPTY) {
            pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                           "square '%s' is given twice", name);
            return -1;
        }
        if (fp->nunder > 0 && b->tw == NULL) {
            pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                           "a stack at '%s' outside the towers variants",
                           name);
            return -1;
        }
        /* No variant lets a man stand on its own promotion row: it would
         * have been crowned on arriving there. */
        if (!fp->king && (g->promo[c] & side)) {
            pdnp_error_set(err, PDN_ESETUP, PDN_SEV_ERROR, NULL, 0,
                           "%s man on its promotion row at '%s'",
                           side == PDNP_WHITE ? "white" : "black", name);
            return -1;
        }
        p.sq[c] = (unsigned char)(side | (fp->king ? PDNP_KING : 0));
    }
    if (fen->turn == 'W')
        p.turn = PDNP_WHITE;
    else if (fen->turn == 'B')
        p.turn = PDNP_BLACK;
    else
        p.turn = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    pdnp_pos_sync(b, &p);
    if (b->tw != NULL)
        return pdnp_tw_set_fen(b, fen, &p, err);
    b->pos = p;
    return 0;
}

#if PDNP_SQUARES_MAX > PDN_FEN_MAX
#error "a FEN must hold a full board"
#endif

/* One pass over the squares in number order: White's pieces go straight
 * into fen, Black's wait in a list and follow (pdn-replay -a -f fen
 * asks this at every ply). */
void
pdn_board_get_fen(const pdn_board *b, pdn_fen *fen)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = b->pos.sq;
    unsigned char black[PDNP_SQUARES_MAX], bking[PDNP_SQUARES_MAX];
    /* a board has at most PDNP_SQUARES_MAX squares, fewer than
     * PDN_FEN_MAX: every piece fits */
    int num, n = g->nsquares < PDNP_SQUARES_MAX ? g->nsquares
                                                 : PDNP_SQUARES_MAX;
    int nb = 0, i;
    int alg = b->gt.notation != 'N';
    size_t count = 0;

    fen->turn = pdn_board_turn(b);
    for (num = 1; num <= n; num++) {
        int cell = g->sqcell[num], v = sq[cell];
        unsigned char at;
        if (!(v & (PDNP_WHITE | PDNP_BLACK)))
            continue; /* empty, or padding for a number not in use */
        at = (unsigned char)(alg ? g->coord[cell] : num);
        if (v & PDNP_WHITE) {
            pdn_fen_piece *fp = &fen->piece[count++];
            fp->colour = 'W';
            fp->king = (v & PDNP_KING) != 0;
            fp->algebraic = (unsigned char)alg;
            fp->sq = at;
            fp->nunder = 0;
            memset(fp->under, 0, sizeof fp->under);
        } else {
            black[nb] = at;
            bking[nb++] = (v & PDNP_KING) != 0;
        }
    }
    for (i = 0; i < nb; i++) {
        pdn_fen_piece *fp = &fen->piece[count++];
        fp->colour = 'B';
        fp->king = bking[i];
        fp->algebraic = (unsigned char)alg;
        fp->sq = black[i];
        fp->nunder = 0;
        memset(fp->under, 0, sizeof fp->under);
    }
    fen->count = count;
    if (b->tw != NULL)
        pdnp_tw_get_fen(b, fen);
}

pdn_movelist *
pdn_movelist_new(void)
{
    pdn_movelist *l = pdnp_malloc(sizeof *l);

    if (l == NULL)
        return NULL;
    l->v = NULL;
    l->n = l->cap = 0;
    pdnp_mlist_init(&l->in);
    return l;
}

void
pdn_movelist_free(pdn_movelist *l)
{
    if (l == NULL)
        return;
    pdnp_free(l->v);
    pdnp_mlist_free(&l->in);
    pdnp_free(l);
}

size_t
pdn_movelist_count(const pdn_movelist *l)
{
    return l->n;
}

const pdn_move *
pdn_movelist_at(const pdn_movelist *l, size_t i)
{
    return i < l->n ? &l->v[i] : NULL;
}

int
pdnp_movelist_reserve(pdn_movelist *l, size_t n)
{
    pdn_move *v;

    if (n <= l->cap)
        return 0;
    v = pdnp_realloc(l->v, n * sizeof *v);
    if (v == NULL)
        return -1;
    l->v = v;
    l->cap = n;
    return 0;
}

/* b stays const (and may be shared between threads): the capture search,
 * which marks pieces as it goes, works on a copy. */
int
pdn_board_moves(const pdn_board *b, pdn_movelist *l, pdn_error *err)
{
    size_t i;

    pdn_error_clear(err);
    if (b == NULL || l == NULL)
        return pdnp_error_arg(err, "pdn_board_moves", b ? "l" : "b");
    l->n = 0;
    if (b->tw != NULL      ? pdnp_tw_gen(b, &l->in, err) < 0
        : b->r.stavropol ? pdnp_sv_gen(b, &l->in, err) < 0
                         : pdnp_gen_const(b, &b->pos, &l->in, 1, err) < 0)
        return -1;
    if (pdnp_movelist_reserve(l, l->in.n) < 0) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    for (i = 0; i < l->in.n; i++)
        pdnp_mv_export(b, &l->in.v[i], &l->v[i]);
    l->n = l->in.n;
    return 0;
}

void
pdn_board_apply(pdn_board *b, const pdn_move *m)
{
    const pdnp_geo *g = &b->g;
    pdnp_mv mv;
    pdnp_undo u;
    int i, occupied_ok = 0;

    if (b->r.own_gen) {
        if (b->tw != NULL)
            pdnp_tw_apply(b, m);
        else
            pdnp_sv_apply(b, m);
        return;
    }
    /* Only moves from pdn_board_moves are valid input; anything that does
     * not even name occupied squares is ignored rather than trusted. */
    if (m == NULL || m->n < 2 || m->n > PDN_PATH_MAX ||
        m->ncaptured >= PDN_PATH_MAX)
        return;
    mv.from = g->cell[m->path[0]];
    mv.to = g->cell[m->path[m->n - 1]];
    if (mv.from == 0 || mv.to == 0 || !(b->pos.sq[mv.from] & b->pos.turn))
        return;
    /* make needs only the end points and the captured pieces; the path is
     * kept short since apply is on the replay tools' hot path. */
    mv.piece = b->pos.sq[mv.from];
    mv.npath = 2;
    mv.path[0] = mv.from;
    mv.path[1] = mv.to;
    mv.ncap = m->ncaptured;
    mv.promotes = m->promotes && !(mv.piece & PDNP_KING);
    mv.sig = 0;
    for (i = 0; i < m->ncaptured; i++) {
        int c = g->cell[m->captured[i]];
        if (c == 0 ||
            !(b->pos.sq[c] & (b->r.any_prey ? 3 : b->pos.turn ^ 3)))
            return;
        mv.cap[i] = (uint16_t)c;
        mv.capv[i] = b->pos.sq[c];
        if (c == mv.to)
            occupied_ok = 1;
    }
    /* The destination must be free: empty, the start of a circular
     * capture, or (Turkish, Thai: pieces leave at once) the square of a
     * piece this capture takes. */
    if (mv.to != mv.from && b->pos.sq[mv.to] != PDNP_EMPTY && !occupied_ok)
        return;
    pdnp_make(b, &b->pos, &mv, &u);
}
