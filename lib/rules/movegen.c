/* SPDX-License-Identifier: MIT */
/* The move generator of every variant: its growable move lists, which
 * pieces must capture, quiet moves, a bulk counter for perft, over bit
 * sets of cells; the capture search itself is capture.c's. */
#include <config.h>
#include "rules_private.h"

#include <string.h>
#include "core/pdn_private.h"

void
pdnp_mlist_init(pdnp_mlist *l)
{
    l->v = NULL;
    l->n = 0;
    l->cap = 0;
}

void
pdnp_mlist_free(pdnp_mlist *l)
{
    pdnp_free(l->v);
    pdnp_mlist_init(l);
}

/* Doubles the room of l: 0, or -1 when memory runs out. Lists are reused
 * from position to position, so this happens a handful of times per list,
 * never in the steady state of perft or replay. */
static int
grow(pdnp_mlist *l)
{
    pdnp_mv *v = pdnp_grow(l->v, &l->cap, sizeof *v);

    if (v == NULL)
        return -1;
    l->v = v;
    return 0;
}

void *
pdnp_grow(void *v, size_t *cap, size_t elem)
{
    size_t ncap = *cap ? *cap * 2 : 64;

    if ((v = pdnp_realloc(v, ncap * elem)) != NULL)
        *cap = ncap;
    return v;
}

/* Room for one more move; NULL when memory runs out. */
static pdnp_mv *
slot(pdnp_mlist *l)
{
    if (l->n == l->cap && grow(l) < 0)
        return NULL;
    return &l->v[l->n];
}

pdnp_mv *
pdnp_mlist_slot(pdnp_mlist *l)
{
    return slot(l);
}

/* Bits set in x. Written out rather than __builtin_popcountll, which
 * without -mpopcnt becomes a library call. */
static ALWAYS_INLINE int
popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}

/* Cell sets: one bit per cell, PDNP_WORDS words. */
typedef uint64_t cells[PDNP_WORDS];

/* y = x moved by d cells (bit i to bit i + d); 0 < |d| < 64. Only the
 * first nw words are in use (a constant where this is inlined). */
static ALWAYS_INLINE void
shift(cells y, const cells x, int d, int nw)
{
    int i;

    if (d > 0) {
        for (i = nw - 1; i > 0; i--)
            y[i] = x[i] << d | x[i - 1] >> (64 - d);
        y[0] = x[0] << d;
    } else {
        d = -d;
        for (i = 0; i < nw - 1; i++)
            y[i] = x[i] >> d | x[i + 1] << (64 - d);
        y[nw - 1] = x[nw - 1] >> d;
    }
}

static ALWAYS_INLINE int
and_any(cells y, const cells x, int nw)
{
    uint64_t any = 0;
    int i;

    for (i = 0; i < nw; i++)
        any |= y[i] &= x[i];
    return any != 0;
}

#define FOR_CELLS(x, c) PDNP_FOR_CELLS(x, PDNP_WORDS, c)

void
pdnp_pos_sync(const pdn_board *b, pdnp_pos *p)
{
    int i;

    memset(p->occ, 0, sizeof p->occ);
    memset(p->kocc, 0, sizeof p->kocc);
    p->nmen[PDNP_WHITE] = p->nmen[PDNP_BLACK] = 0;
    for (i = 0; i < b->g.nplay; i++) {
        int c = b->g.play[i], v = p->sq[c];
        int side = v & (PDNP_WHITE | PDNP_BLACK);
        if (side == 0)
            continue;
        pdnp_bit_set(p->occ[side], c);
        if (v & PDNP_KING)
            pdnp_bit_set(p->kocc, c);
        else
            p->nmen[side]++;
    }
}

/* Shifts the 2 or 3 words (x0, x1, x2) by d cells into (y0, y1, y2);
 * 0 < |d| < 64. Scalars, not arrays: arrays written word by word and read
 * back as vectors stall on store forwarding. */
#define SHIFT3(y0, y1, y2, x0, x1, x2, d, nw)                              \
    do {                                                                   \
        if ((d) > 0) {                                                     \
            (y2) = (nw) > 2 ? (x2) << (d) | (x1) >> (64 - (d)) : 0;        \
            (y1) = (x1) << (d) | (x0) >> (64 - (d));                       \
            (y0) = (x0) << (d);                                            \
        } else {                                                           \
            (y0) = (x0) >> -(d) | (x1) << (64 + (d));                      \
            (y1) = (nw) > 2 ? (x1) >> -(d) | (x2) << (64 + (d))            \
                            : (x1) >> -(d);                                \
            (y2) = (nw) > 2 ? (x2) >> -(d) : 0;                            \
        }                                                                  \
    } while (0)

/* Adds to (c0, c1, c2) the pieces of (m0, m1, m2) that jump a piece of
 * (q0, q1, q2) in direction d onto an empty cell of (e0, e1, e2): shifted
 * by d onto the prey, again by d onto an empty cell, and back by 2d. */
#define CAP_DIR(d, m0, m1, m2, q0, q1, q2)                                 \
    do {                                                                   \
        uint64_t t0_, t1_, t2_, u0_, u1_, u2_;                             \
        SHIFT3(t0_, t1_, t2_, m0, m1, m2, d, nw);                          \
        SHIFT3(u0_, u1_, u2_, t0_ & (q0), t1_ & (q1), t2_ & (q2), d, nw);  \
        u0_ &= e0;                                                         \
        u1_ &= e1;                                                         \
        u2_ &= e2;                                                         \
        if ((u0_ | u1_ | u2_) != 0) {                                      \
            SHIFT3(t0_, t1_, t2_, u0_, u1_, u2_, -2 * (d), nw);            \
            c0 |= t0_;                                                     \
            c1 |= t1_;                                                     \
            c2 |= t2_;                                                     \
        }                                                                  \
    } while (0)

/* The four diagonal steps of stride S, the forward pair of each side
 * first, up-left before up-right as setup_geo orders them. */
#define CAP_UP(S, m0, m1, m2, q0, q1, q2)                                  \
    do {                                                                   \
        CAP_DIR((S) - 1, m0, m1, m2, q0, q1, q2);                          \
        CAP_DIR((S) + 1, m0, m1, m2, q0, q1, q2);                          \
    } while (0)
#define CAP_DOWN(S, m0, m1, m2, q0, q1, q2)                                \
    do {                                                                   \
        CAP_DIR(-(S) - 1, m0, m1, m2, q0, q1, q2);                         \
        CAP_DIR(-(S) + 1, m0, m1, m2, q0, q1, q2);                         \
    } while (0)

/* The pieces of p's side to move that can capture, on a board of 2 or 3
 * words, into c[0..2]; nonzero when there is one. Men always; on the
 * specialised diagonal boards (S, the stride, nonzero: every step a
 * constant) also the kings when they are short, which then capture as a
 * man that may go both ways and take kings. *kings_done says whether
 * the kings were tested. */
static ALWAYS_INLINE int
men_caps3(const pdn_board *b, const pdnp_pos *p, uint64_t *c, int nw, int S,
          int *kings_done)
{
    const pdnp_geo *g = &b->g;
    int side = p->turn, opp = side ^ 3, k;
    uint64_t nok = b->r.men_no_kings ? ~(uint64_t)0 : 0;
    const uint64_t *own = p->occ[side], *them = p->occ[opp], *ko = p->kocc;
    uint64_t m0, m1, m2, e0, e1, e2, q0, q1, q2;
    uint64_t c0 = 0, c1 = 0, c2 = 0;

    m0 = own[0] & ~ko[0];
    m1 = own[1] & ~ko[1];
    m2 = nw > 2 ? own[2] & ~ko[2] : 0;
    e0 = g->playable[0] & ~(own[0] | them[0]);
    e1 = g->playable[1] & ~(own[1] | them[1]);
    e2 = nw > 2 ? g->playable[2] & ~(own[2] | them[2]) : 0;
    q0 = them[0] & ~(ko[0] & nok);
    q1 = them[1] & ~(ko[1] & nok);
    q2 = nw > 2 ? them[2] & ~(ko[2] & nok) : 0;
    *kings_done = 0;
    if (S == 0) {
        for (k = 0; k < g->nmcap; k++)
            CAP_DIR(g->mcap[side][k], m0, m1, m2, q0, q1, q2);
    } else {
        uint64_t k0 = own[0] & ko[0], k1 = own[1] & ko[1];
        uint64_t k2 = nw > 2 ? own[2] & ko[2] : 0;
        if (side == PDNP_WHITE || b->r.men_back)
            CAP_UP(S, m0, m1, m2, q0, q1, q2);
        if (side == PDNP_BLACK || b->r.men_back)
            CAP_DOWN(S, m0, m1, m2, q0, q1, q2);
        if (!b->r.flying) {
            *kings_done = 1;
            if ((k0 | k1 | k2) != 0) {
                const uint64_t t0 = them[0], t1 = them[1];
                const uint64_t t2 = nw > 2 ? them[2] : 0;
                CAP_UP(S, k0, k1, k2, t0, t1, t2);
                CAP_DOWN(S, k0, k1, k2, t0, t1, t2);
            }
        }
    }
    c[0] = c0;
    c[1] = c1;
    c[2] = c2;
    return (c0 | c1 | c2) != 0;
}

/* The quiet steps in direction d of the men (m0, m1, m2) onto the empty
 * cells (e0, e1, e2), on a board of 2 or 3 words: listed into l from
 * index count on, or only counted (l NULL, perft's last ply, by
 * popcount). Returns count with them added. */
static ALWAYS_INLINE long
men_quiet3(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l, long count,
           uint64_t m0, uint64_t m1, uint64_t m2, uint64_t e0, uint64_t e1,
           uint64_t e2, int d, int nw)
{
    int side = p->turn, i;
    uint64_t w[3];

    SHIFT3(w[0], w[1], w[2], m0, m1, m2, d, nw);
    w[0] &= e0;
    w[1] &= e1;
    w[2] &= e2;
    if (l == NULL)
        return count + popcount(w[0]) + popcount(w[1]) +
               (nw > 2 ? popcount(w[2]) : 0);
    for (i = 0; i < nw; i++) {
        uint64_t x;
        for (x = w[i]; x != 0; x &= x - 1) {
            int c = i * 64 + pdnp_lowbit(x);
            pdnp_mv_quiet(&l->v[count], c - d, c, p->sq[c - d],
                          (b->g.promo[c] & side) != 0);
            count++;
        }
    }
    return count;
}

/* The scan shared by pdnp_gen and pdnp_count. Men are handled as sets: a
 * man can capture when the cell d away holds a piece it may take and the
 * cell 2d away is empty; its quiet moves are the empty cells d away. Kings
 * walk their lines one by one. Lists (l != NULL) or counts the quiet
 * moves; returns their number, -1 when memory runs out, or -2 when the
 * side must capture, with capfrom set to the pieces to search from. */
static ALWAYS_INLINE long
scan_quiet(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
           cells capfrom, int nw, int S)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = p->sq;
    int side = p->turn, opp = side ^ 3, flying = b->r.flying, c, k, i;
    cells men, kings, empty, prey, t, u;
    long count = 0;
    int capture = 0, kings_done = 0;

    memset(capfrom, 0, sizeof(cells));
    for (i = 0; i < nw; i++) {
        men[i] = p->occ[side][i] & ~p->kocc[i];
        kings[i] = p->occ[side][i] & p->kocc[i];
        empty[i] = g->playable[i] & ~(p->occ[PDNP_WHITE][i] |
                                      p->occ[PDNP_BLACK][i]);
        prey[i] = p->occ[opp][i] &
                  (b->r.men_no_kings ? ~p->kocc[i] : ~(uint64_t)0);
    }
    /* Men that can capture: shifted by d onto prey, and again onto an
     * empty cell; shifting those landings back by 2d gives the men. */
    if (nw <= 3) {
        uint64_t c3[3];
        capture = men_caps3(b, p, c3, nw, S, &kings_done);
        for (i = 0; i < nw; i++)
            capfrom[i] = c3[i];
    } else {
        for (k = 0; k < g->nmcap; k++) {
            int d = g->mcap[side][k];
            shift(t, men, d, nw);
            if (!and_any(t, prey, nw))
                continue;
            shift(u, t, d, nw);
            if (!and_any(u, empty, nw))
                continue;
            shift(t, u, -2 * d, nw);
            for (i = 0; i < nw; i++)
                capfrom[i] |= t[i];
            capture = 1;
        }
    }
    if (capture) {
        for (i = 0; i < nw; i++)
            capfrom[i] |= kings[i];
        return -2;
    }
    for (i = nw; i < PDNP_WORDS; i++)
        kings[i] = 0;
    if (l != NULL) {
        /* Room for every quiet move at once: nmdir per man, and a king's
         * lines are shorter than the longer board side. */
        size_t nmen = 0, nkings = 0, need;
        for (i = 0; i < nw; i++) {
            nmen += (size_t)popcount(men[i]);
            nkings += (size_t)popcount(kings[i]);
        }
        need = nmen * g->nmdir + nkings * g->nkdir *
                                     (size_t)(g->width > g->height
                                                  ? g->width
                                                  : g->height);
        while (l->cap < need)
            if (grow(l) < 0)
                return -1;
    }
    FOR_CELLS(kings, c) {
        unsigned char v = sq[c];
        int blocked = pdnp_king_blocked(b, p, c);
        /* kcap starts with the quiet lines (kdir) in the same order. */
        for (k = 0; k < g->nkcap; k++) {
            int d = g->kcap[k], to = c + d;
            int quiet = k < g->nkdir && !blocked;
            while (sq[to] == PDNP_EMPTY) {
                if (quiet) {
                    if (l != NULL)
                        pdnp_mv_quiet(&l->v[count], c, to, v, 0);
                    count++;
                }
                if (!flying)
                    break;
                to += d;
            }
            if (!kings_done && (sq[to] & (opp | PDNP_MARK)) == opp &&
                sq[to + d] == PDNP_EMPTY) {
                for (i = 0; i < nw; i++)
                    capfrom[i] = kings[i];
                return -2;
            }
        }
    }
    /* Men's quiet moves: the empty cells one step ahead, counted by
     * popcount at the last ply of perft, listed otherwise. */
    if (nw <= 3) {
        /* in registers, as men_caps3 */
        uint64_t m0 = men[0], m1 = men[1], m2 = nw > 2 ? men[2] : 0;
        uint64_t e0 = empty[0], e1 = empty[1], e2 = nw > 2 ? empty[2] : 0;
        if (S != 0 && side == PDNP_WHITE) {
            count = men_quiet3(b, p, l, count, m0, m1, m2, e0, e1, e2,
                               S - 1, nw);
            return men_quiet3(b, p, l, count, m0, m1, m2, e0, e1, e2,
                              S + 1, nw);
        }
        if (S != 0) {
            count = men_quiet3(b, p, l, count, m0, m1, m2, e0, e1, e2,
                               -S - 1, nw);
            return men_quiet3(b, p, l, count, m0, m1, m2, e0, e1, e2,
                              -S + 1, nw);
        }
        for (k = 0; k < g->nmdir; k++)
            count = men_quiet3(b, p, l, count, m0, m1, m2, e0, e1, e2,
                               g->mdir[side][k], nw);
        return count;
    }
    for (k = 0; k < g->nmdir; k++) {
        int d = g->mdir[side][k];
        shift(t, men, d, nw);
        for (i = 0; i < nw; i++)
            t[i] &= empty[i];
        for (i = nw; i < PDNP_WORDS; i++)
            t[i] = 0;
        if (l == NULL) {
            for (i = 0; i < nw; i++)
                if (t[i] != 0)
                    count += popcount(t[i]);
            continue;
        }
        FOR_CELLS(t, c) {
            pdnp_mv_quiet(&l->v[count], c - d, c, sq[c - d],
                          (g->promo[c] & side) != 0);
            count++;
        }
    }
    return count;
}

/* scan_quiet for the words in use on this board and, on the specialised
 * boards, their stride, each a constant; the folk rules that change the
 * scan first. */
static ALWAYS_INLINE long
scan_board(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
           cells capfrom)
{
    if (b->r.folk_scan) {
        long n = pdnp_folk_scan(b, p, l, capfrom);
        if (n != PDNP_FOLK_GO_ON)
            return n;
    }
    if (b->g.fast == PDNP_FAST_8)
        return scan_quiet(b, p, l, capfrom, 2, 10);
    if (b->g.fast == PDNP_FAST_10)
        return scan_quiet(b, p, l, capfrom, 3, 12);
    switch (b->g.nwords) {
    case 2:
        return scan_quiet(b, p, l, capfrom, 2, 0);
    case 3:
        return scan_quiet(b, p, l, capfrom, 3, 0);
    default:
        return scan_quiet(b, p, l, capfrom, PDNP_WORDS, 0);
    }
}

/* Lists the moves (scan_board with a list). */
static long
scan_list(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
          cells capfrom)
{
    return scan_board(b, p, l, capfrom);
}

/* Counts them (perft's last ply). */
static long
scan_count(const pdn_board *b, const pdnp_pos *p, cells capfrom)
{
    return scan_board(b, p, NULL, capfrom);
}

/* Can the king on cell capture along one of its lines? Shared by the
 * capture tests below; inlined, as they run for every ply of a replay. */
static ALWAYS_INLINE int
king_can_capture(const pdn_board *b, const unsigned char *sq, int opp,
                 int cell)
{
    int k;

    for (k = 0; k < b->g.nkcap; k++) {
        int d = b->g.kcap[k], to = cell + d;
        if (b->r.flying)
            while (sq[to] == PDNP_EMPTY)
                to += d;
        if ((sq[to] & (opp | PDNP_MARK)) == opp && sq[to + d] == PDNP_EMPTY)
            return 1;
    }
    return 0;
}

/* The capture test of scan_quiet alone: the same men sets and king lines,
 * but no quiet move is listed or counted, so a replay that only needs to
 * know whether the side must capture pays for nothing else. */
static ALWAYS_INLINE int
scan_capture(const pdn_board *b, const pdnp_pos *p, cells capfrom, int nw)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = p->sq;
    int side = p->turn, opp = side ^ 3, k, i;
    cells men, kings, empty, prey, t, u;
    uint64_t any = 0, anyking = 0;

    for (i = 0; i < nw; i++) {
        men[i] = p->occ[side][i] & ~p->kocc[i];
        kings[i] = p->occ[side][i] & p->kocc[i];
        anyking |= kings[i];
        empty[i] = g->playable[i] & ~(p->occ[PDNP_WHITE][i] |
                                      p->occ[PDNP_BLACK][i]);
        prey[i] = p->occ[opp][i] &
                  (b->r.men_no_kings ? ~p->kocc[i] : ~(uint64_t)0);
        capfrom[i] = 0;
    }
    for (k = 0; k < g->nmcap; k++) {
        int d = g->mcap[side][k];
        shift(t, men, d, nw);
        for (i = 0; i < nw; i++)
            t[i] &= prey[i];
        shift(u, t, d, nw);
        for (i = 0; i < nw; i++)
            u[i] &= empty[i];
        shift(t, u, -2 * d, nw);
        for (i = 0; i < nw; i++) {
            capfrom[i] |= t[i];
            any |= t[i];
        }
    }
    if (any)
        goto found;
    /* Kings one by one, along their lines (few, and rarely many). */
    for (i = 0; i < nw && anyking; i++) {
        uint64_t x;
        for (x = kings[i]; x != 0; x &= x - 1)
            if (king_can_capture(b, sq, opp, i * 64 + pdnp_lowbit(x)))
                goto found;
    }
    return 0;
found:
    for (i = 0; i < nw; i++)
        capfrom[i] |= kings[i];
    for (i = nw; i < PDNP_WORDS; i++)
        capfrom[i] = 0;
    return 1;
}

/* scan_capture on a board of 2 or 3 words, in registers: arrays written
 * word by word and read back as vectors stall on store forwarding, and
 * this runs for every ply a replay plays. Where men_caps3 tests the
 * (short) kings too, capfrom holds exactly the pieces that can capture;
 * otherwise every king besides the men. */
static ALWAYS_INLINE int
scan_capture3(const pdn_board *b, const pdnp_pos *p, uint64_t *capfrom,
              int nw, int S)
{
    const unsigned char *sq = p->sq;
    int side = p->turn, opp = side ^ 3, i, kings_done;
    const uint64_t *own = p->occ[side], *ko = p->kocc;
    uint64_t c[3];

    if (men_caps3(b, p, c, nw, S, &kings_done)) {
        if (kings_done) {
            capfrom[0] = c[0];
            capfrom[1] = c[1];
            capfrom[2] = c[2];
            capfrom[3] = 0;
            return 1;
        }
        goto found;
    }
    if (kings_done)
        return 0;
    for (i = 0; i < nw; i++) {
        uint64_t x;
        for (x = own[i] & ko[i]; x != 0; x &= x - 1)
            if (king_can_capture(b, sq, opp, i * 64 + pdnp_lowbit(x)))
                goto found;
    }
    return 0;
found:
    capfrom[0] = c[0] | (own[0] & ko[0]);
    capfrom[1] = c[1] | (own[1] & ko[1]);
    capfrom[2] = nw > 2 ? c[2] | (own[2] & ko[2]) : 0;
    capfrom[3] = 0;
    return 1;
}

/* scan_capture3 and scan_capture, one function per board kind: each
 * keeps its registers to itself, so that the one a board uses pays for
 * no other's spills (pdn_board_play asks this at every ply). */
static NOINLINE int
must_capture_8(const pdn_board *b, const pdnp_pos *p, uint64_t *capfrom)
{
    return scan_capture3(b, p, capfrom, 2, 10);
}

static NOINLINE int
must_capture_10(const pdn_board *b, const pdnp_pos *p, uint64_t *capfrom)
{
    return scan_capture3(b, p, capfrom, 3, 12);
}

static NOINLINE int
must_capture_any(const pdn_board *b, const pdnp_pos *p, uint64_t *capfrom)
{
    switch (b->g.nwords) {
    case 2:
        return scan_capture3(b, p, capfrom, 2, 0);
    case 3:
        return scan_capture3(b, p, capfrom, 3, 0);
    default:
        return scan_capture(b, p, capfrom, PDNP_WORDS);
    }
}

int
pdnp_must_capture(const pdn_board *b, const pdnp_pos *p, uint64_t *capfrom)
{
    if (b->r.folk_scan)
        return pdnp_folk_must_capture(b, p, capfrom);
    if (b->g.fast == PDNP_FAST_8)
        return must_capture_8(b, p, capfrom);
    if (b->g.fast == PDNP_FAST_10)
        return must_capture_10(b, p, capfrom);
    return must_capture_any(b, p, capfrom);
}


int
pdnp_gen(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l, int merge,
         pdn_error *err)
{
    cells capfrom;
    long n;

    l->n = 0;
    n = scan_list(b, p, l, capfrom);
    if (n >= 0) {
        l->n = (size_t)n;
        return 0;
    }
    if (n != -2)
        return pdnp_gen_nomem(l, err);
    return pdnp_gen_captures(b, p, l, merge, capfrom, err);
}

int
pdnp_gen_const(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
               int merge, pdn_error *err)
{
    cells capfrom;
    pdnp_pos work;
    long n;

    l->n = 0;
    n = scan_list(b, p, l, capfrom);
    if (n >= 0) {
        l->n = (size_t)n;
        return 0;
    }
    if (n != -2)
        return pdnp_gen_nomem(l, err);
    /* The capture search marks pieces as it goes: give it a copy. */
    work = *p;
    return pdnp_gen_captures(b, &work, l, merge, capfrom, err);
}

long
pdnp_count(const pdn_board *b, pdnp_pos *p, pdnp_mlist *scratch, int merge)
{
    cells capfrom;
    long n = scan_count(b, p, capfrom);

    if (n != -2)
        return n;
    if (pdnp_capture_search(b, p, scratch, merge, capfrom) != 0)
        return -1;
    return (long)scratch->n;
}
