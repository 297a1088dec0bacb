/* SPDX-License-Identifier: MIT */
/* The folk variants played on Russian rules (man/pdn-rules.7, FOLK
 * VARIANTS): what each changes is stated here as rule flags and start
 * positions; the generator in movegen.c reads the flags. */
#include <config.h>
#include "rules_private.h"

#include <string.h>

void
pdnp_folk_rules(const pdn_gametype *gt, pdnp_rules *r)
{
    switch (gt->folk) {
    case PDN_FOLK_NORTHERN:
        /* A captured king is not removed: a man of its colour takes its
         * place once the capture is over (captured pieces leave after
         * the move in Russian rules, so mid-capture it is still a king
         * that may not be jumped twice). */
        r->demote = 1;
        break;
    case PDN_FOLK_SAMOYED:
        /* Every piece is prey, own ones too, and capturing stays
         * compulsory. */
        r->any_prey = 1;
        r->folk_scan = 1;
        break;
    case PDN_FOLK_CORNERS:
        /* Moves of its own (pdnp_folk_race); nothing of Turkish rules
         * but the board of every square. */
        r->race = 1;
        r->folk_scan = 1;
        break;
    case PDN_FOLK_TWO_MOVE:
        /* Each of the two moves is a whole Russian move (capture
         * compulsory at each); the turn passes after the second. */
        r->two_move = 1;
        break;
    default:
        break;
    }
}

/* The side whose man stands on (f, r) at the start of a folk variant with
 * a start of its own, or PDNP_EMPTY.
 * Diagonal checkers: each side's men fill the playable squares between
 * its light corner and the long diagonal, which stays empty: on 8x8,
 * White c1 e1 g1 d2 f2 h2 e3 g3 f4 h4 g5 h6 (rows of 6, 4 and 2 along
 * the long diagonal), Black the mirror image from a8: White where
 * f - r >= 2, Black where r - f >= 2.
 * Corners: 12 men each, 4 files by 3 ranks, in the first mover's near
 * left corner (a1-d3) and the opposite one (e6-h8).
 * Frysk! (lidraughts' GameType 97): Frisian with each side's men on its
 * own back row only, five each on 10x10 (W:W46-50:B1-5). */
static int
start_side(const pdn_board *b, int f, int r)
{
    int w = b->g.width, h = b->g.height;

    if (b->gt.folk == PDN_FOLK_FRYSK)
        return r == 0 ? PDNP_WHITE : r == h - 1 ? PDNP_BLACK : PDNP_EMPTY;
    if (b->gt.folk == PDN_FOLK_CORNERS)
        return f < 4 && r < 3 ? PDNP_WHITE
               : f >= w - 4 && r >= h - 3 ? PDNP_BLACK : PDNP_EMPTY;
    return f - r >= 2 ? PDNP_WHITE : r - f >= 2 ? PDNP_BLACK : PDNP_EMPTY;
}

int
pdnp_folk_initial(const pdn_board *b, pdnp_pos *p)
{
    const pdnp_geo *g = &b->g;
    int i;

    if (b->gt.folk != PDN_FOLK_DIAGONAL && b->gt.folk != PDN_FOLK_CORNERS &&
        b->gt.folk != PDN_FOLK_FRYSK)
        return 0;
    memset(p, 0, sizeof *p);
    memset(p->sq, PDNP_OFF, sizeof p->sq);
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i];
        p->sq[c] = (unsigned char)start_side(b, PDN_COORD_FILE(g->coord[c]),
                                             PDN_COORD_RANK(g->coord[c]));
    }
    p->turn = b->gt.start == 'B' ? PDNP_BLACK : PDNP_WHITE;
    pdnp_pos_sync(b, p);
    return 1;
}

/* Samoyed: can a piece of the side to move jump any piece, of either
 * colour, along one of its capture lines? capfrom gets all of the side's
 * pieces (the capture search finds which of them can). */
int
pdnp_folk_must_capture(const pdn_board *b, const pdnp_pos *p,
                       uint64_t *capfrom)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = p->sq;
    int side = p->turn, found = 0, i, k;

    memset(capfrom, 0, PDNP_WORDS * sizeof *capfrom);
    if (b->r.race)
        return 0; /* Corners: nothing is ever captured */
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i], v = sq[c], king = (v & PDNP_KING) != 0;
        const int16_t *dirs = king ? g->kcap : g->mcap[side];
        int nd = king ? g->nkcap : g->nmcap;
        if (!(v & side))
            continue;
        capfrom[c >> 6] |= (uint64_t)1 << (c & 63);
        for (k = 0; k < nd && !found; k++) {
            int d = dirs[k], n = c + d;
            if (king && b->r.flying)
                while (sq[n] == PDNP_EMPTY)
                    n += d;
            if ((sq[n] & (PDNP_WHITE | PDNP_BLACK)) &&
                sq[n + d] == PDNP_EMPTY)
                found = 1;
        }
    }
    return found;
}

/* Corners: the destinations of the piece on cell from, each listed once
 * (seen marks them): a step to an empty neighbour along a rank or a file,
 * or a chain of jumps, each over the piece next to it (either colour) to
 * the empty square behind, stopping wherever the player likes. A jump is
 * written from-to like a step; no piece is taken. */
typedef struct race {
    const pdnp_geo *g;
    const unsigned char *sq;
    pdnp_mlist *l;
    long n;
    int from;
    unsigned char piece;
    uint64_t seen[PDNP_WORDS];
} race;

static int
race_add(race *r, int to)
{
    pdnp_mv *m;

    if (r->seen[to >> 6] >> (to & 63) & 1)
        return 0;
    r->seen[to >> 6] |= (uint64_t)1 << (to & 63);
    r->n++;
    if (r->l == NULL)
        return 0;
    if ((m = pdnp_mlist_slot(r->l)) == NULL)
        return -1;
    memset(m, 0, sizeof *m);
    m->from = (uint16_t)r->from;
    m->to = (uint16_t)to;
    m->npath = 2;
    m->piece = r->piece;
    r->l->n++;
    return 0;
}

/* The jumps on from cell at; the moving piece has been lifted, so its
 * start square is empty (and already seen: a chain never ends there). */
static int
race_jumps(race *r, int at)
{
    int k;

    for (k = 0; k < r->g->nkdir; k++) {
        int d = r->g->kdir[k], over = at + d, land = over + d;
        if (!(r->sq[over] & (PDNP_WHITE | PDNP_BLACK)) ||
            r->sq[land] != PDNP_EMPTY ||
            (r->seen[land >> 6] >> (land & 63) & 1))
            continue;
        if (race_add(r, land) < 0 || race_jumps(r, land) < 0)
            return -1;
    }
    return 0;
}

long
pdnp_folk_race(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l)
{
    const pdnp_geo *g = &b->g;
    unsigned char sq[PDNP_CELLS_MAX];
    race r;
    int i, k;

    memcpy(sq, p->sq, sizeof sq);
    r.g = g;
    r.sq = sq;
    r.l = l;
    r.n = 0;
    if (l != NULL)
        l->n = 0;
    for (i = 0; i < g->nplay; i++) {
        int c = g->play[i];
        if (!(sq[c] & p->turn))
            continue;
        r.from = c;
        r.piece = sq[c];
        memset(r.seen, 0, sizeof r.seen);
        r.seen[c >> 6] |= (uint64_t)1 << (c & 63);
        sq[c] = PDNP_EMPTY;
        for (k = 0; k < g->nkdir; k++)
            if (sq[c + g->kdir[k]] == PDNP_EMPTY &&
                race_add(&r, c + g->kdir[k]) < 0)
                return -1;
        if (race_jumps(&r, c) < 0)
            return -1;
        sq[c] = r.piece;
    }
    return r.n;
}

long
pdnp_folk_scan(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
               uint64_t *capfrom)
{
    if (b->r.race)
        return pdnp_folk_race(b, p, l);
    /* Samoyed: captures of own pieces count too (a capture of the
     * opponent's alone is found by both tests). */
    if (pdnp_folk_must_capture(b, p, capfrom))
        return -2;
    return PDNP_FOLK_GO_ON;
}
