/* SPDX-License-Identifier: MIT */
/* Internals of the rules engine shared by board.c, movegen.c, capture.c,
 * perft.c and match.c: the board layout, the rule parameters of each family and the
 * internal move generator. Never installed. */
#ifndef PDN_RULES_PRIVATE_H
#define PDN_RULES_PRIVATE_H

#include <stddef.h>
#include <stdint.h>
#include "pdn/rules.h"
#include "pdn/game.h"
#include "pdn/variant.h"
#include "pdn/replay.h"
#include "pdn/opening.h"
#include "pdn/fingerprint.h"
#include "pdn/result.h"
#include "pdn/edit.h"

/* Board representation: a padded mailbox. Square (file f, rank r), both
 * 0-based in White's view, lives in cell (r + 2) * stride + f + 1 with
 * stride = width + 2. Two padding rows above and below and one padding
 * column (shared by both edges) hold PDNP_OFF, so a step of one or two
 * squares in any direction from a board square lands either on the board
 * or on padding, never wraps to another row. A mailbox rather than
 * bitboards: one representation serves every geometry a GameType can
 * describe (up to 12x12, diagonal, orthogonal and Frisian lines). For
 * speed the position also keeps one bit per cell (256-bit sets, a
 * direction is a shift by its offset), so men's moves and captures are
 * found for all men at once; kings and capture sequences use the mailbox. */
/* Inlining where the hot paths need it decided, not guessed. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

#define PDNP_DIM_MAX 12
#define PDNP_CELLS_MAX ((PDNP_DIM_MAX + 4) * (PDNP_DIM_MAX + 2))
#define PDNP_SQUARES_MAX (PDNP_DIM_MAX * PDNP_DIM_MAX)
#define PDNP_WORDS 4 /* 64-bit words for one bit per cell */
#if PDNP_CELLS_MAX > PDNP_WORDS * 64
#error "cell bitsets too small for PDNP_DIM_MAX"
#endif

/* Cell contents. A colour bit is also the side number (1 White, 2 Black),
 * so the opponent of side s is s ^ 3. PDNP_MARK flags a piece captured
 * earlier in the capture being searched (deferred removal): it can be
 * neither jumped again nor passed. */
enum {
    PDNP_EMPTY = 0,
    PDNP_WHITE = 1,
    PDNP_BLACK = 2,
    PDNP_KING = 4,
    PDNP_OFF = 8,
    PDNP_MARK = 16
};

/* Which capture must be chosen (section 5 of the reference). */
enum {
    PDNP_CHOICE_FREE = 0,
    PDNP_CHOICE_QUANTITY,   /* most pieces */
    PDNP_CHOICE_ITALIAN,    /* pieces, by a king, kings, earliest king */
    PDNP_CHOICE_SPANISH,    /* pieces, then kings */
    PDNP_CHOICE_CZECH,      /* a king must capture if a king can */
    PDNP_CHOICE_FRISIAN     /* value men + 2 kings, fewer kings, by a king */
};

/* A man reaching the last row during a capture. */
enum {
    PDNP_PROMO_MAN = 0,     /* continues as a man, crowned if it ends there */
    PDNP_PROMO_END,         /* the move ends there, crowned */
    PDNP_PROMO_KING         /* crowned at once, continues as a king */
};

/* Line geometry. */
enum {
    PDNP_GEOM_DIAG = 0,     /* diagonal moves and captures */
    PDNP_GEOM_ORTHO,        /* Turkish: orthogonal, all squares in use */
    PDNP_GEOM_FRISIAN       /* diagonal moves; captures also orthogonal */
};

typedef struct pdnp_rules {
    unsigned char men_back;     /* men capture backwards */
    unsigned char flying;       /* kings move any distance */
    unsigned char thai;         /* capturing king lands right behind */
    unsigned char geom;         /* PDNP_GEOM_* */
    unsigned char choice;       /* PDNP_CHOICE_* */
    unsigned char promo;        /* PDNP_PROMO_* */
    unsigned char immediate;    /* captured pieces leave at once */
    unsigned char no_reverse;   /* no 180-degree turn between jumps */
    unsigned char men_no_kings; /* a man may not capture a king */
    unsigned char king_limit;   /* Frisian: 3 quiet king moves in a row */
    unsigned char demote;       /* Northern: a captured king stays, a man */
    unsigned char any_prey;     /* Samoyed: own pieces are captured too */
    unsigned char two_move;     /* two moves in a row per turn */
    unsigned char race;         /* Corners: steps and jumps, no capture */
    unsigned char folk_scan;    /* any_prey or race: pdnp_folk_scan first */
    unsigned char towers;       /* stacks: the generator of towers.c */
    unsigned char tw_once;      /* towers: a stack is jumped once a move */
    unsigned char stavropol;    /* either colour moves: stavropol.c */
    unsigned char own_gen;      /* towers or stavropol: no fast paths */
} pdnp_rules;

/* Fills *r for a rules number (gt->rules). 0, or -1 when unknown. */
int pdnp_rules_for(int rules, pdnp_rules *r);

enum { PDNP_FAST_NONE = 0, PDNP_FAST_8, PDNP_FAST_10 };

/* Geometry derived once per board. Direction tables are indexed by side
 * (1 White, 2 Black). */
typedef struct pdnp_geo {
    int width, height, stride, ncells;
    int nplay;                            /* squares in use */
    int nsquares;                         /* numbered squares (<= 255) */
    uint64_t playable[PDNP_WORDS];        /* cells in use, as a set */
    int nwords;                           /* words of a cell set in use */
    /* The generator's specialised scans: PDNP_FAST_8 for diagonal lines
     * on a board 8 files wide in 2 words (stride 10), PDNP_FAST_10 for
     * 10 files in 3 words (stride 12), where every step is a constant;
     * PDNP_FAST_NONE takes the steps from the tables. */
    unsigned char fast;
    int16_t mdir[3][4];                   /* man quiet steps */
    int16_t mcap[3][8];                   /* man capture steps */
    int16_t kdir[4];                      /* king quiet lines */
    int16_t kcap[8];                      /* king capture lines */
    unsigned char nmdir, nmcap, nkdir, nkcap;
    uint16_t play[PDNP_SQUARES_MAX];      /* cells in use, by coord order */
    unsigned char promo[PDNP_CELLS_MAX];  /* side bits promoting here */
    unsigned char coord[PDNP_CELLS_MAX];  /* cell -> coord, 255 if none */
    uint16_t cell[256];                   /* coord -> cell, 0 if none */
    /* Square number -> cell, 0 if none: written numeric moves are turned
     * into cells by one load per square, not by the numbering
     * arithmetic of pdn_square_to_coord (pdn_board_play's hot path). */
    uint16_t sqcell[256];
    /* Coord -> square number, 0 if none: moves are written without the
     * numbering arithmetic of pdn_coord_to_square (pdn_move_format). */
    unsigned char sqnum[256];
} pdnp_geo;

/* A position. occ[side] has one bit per cell holding a piece of that side,
 * kocc one per king of either side, so that the generator visits pieces,
 * not squares. The Frisian king-move counters are per side: the cell of
 * the king that made the last quiet moves and how many in a row. */
typedef struct pdnp_pos {
    uint64_t occ[3][PDNP_WORDS];
    uint64_t kocc[PDNP_WORDS];
    unsigned char turn;                   /* PDNP_WHITE or PDNP_BLACK */
    uint16_t nmen[3];                     /* men per side */
    uint16_t kcell[3];
    unsigned char kcount[3];
    unsigned char second;                 /* two-move: the turn's 2nd move */
    unsigned char sq[PDNP_CELLS_MAX];
} pdnp_pos;

/* An internal move: cells, not coords. For captures path[0] = from,
 * path[npath-1] = to, capv holds what stood on each captured cell (for
 * undo) and sig is a cheap signature of the captured set used to merge
 * duplicates; quiet moves fill only the fields before sig. */
typedef struct pdnp_mv {
    uint16_t from, to;
    unsigned char npath, ncap, promotes, piece;
    uint64_t sig;
    uint16_t path[PDN_PATH_MAX];
    uint16_t cap[PDN_PATH_MAX];
    unsigned char capv[PDN_PATH_MAX];
} pdnp_mv;

/* Fills a quiet move: its end points are all it needs (its path is
 * from-to, and pdnp_mv_export writes it from those). */
static ALWAYS_INLINE void
pdnp_mv_quiet(pdnp_mv *m, int from, int to, unsigned char piece,
              int promotes)
{
    m->from = (uint16_t)from;
    m->to = (uint16_t)to;
    m->npath = 2;
    m->ncap = 0;
    m->piece = piece;
    m->promotes = (unsigned char)promotes;
}

/* Growable list of internal moves; reused so that the generator does not
 * allocate once the list has grown to the largest position seen. */
typedef struct pdnp_mlist {
    pdnp_mv *v;
    size_t n, cap;
} pdnp_mlist;

void pdnp_mlist_init(pdnp_mlist *l);
/* Doubles the room of array v of *cap elements of elem bytes (64 for a
 * first one) and updates *cap: the array, or NULL when memory runs out
 * (v stays as it was). */
void *pdnp_grow(void *v, size_t *cap, size_t elem);
void pdnp_mlist_free(pdnp_mlist *l);

struct pdn_board {
    pdn_gametype gt;
    pdnp_rules r;
    pdnp_geo g;
    pdnp_pos init;
    pdnp_pos pos;
    struct pdnp_tw *tw;   /* the towers variants' stacks, else NULL */
    struct pdnp_hist *hist; /* the undo stack (history.c), else NULL */
};

/* Legal moves of p's side to move into l (cleared first). merge: 1 merges
 * captures with the same start, end and captured set. Returns 0, or -1
 * with *err (PDN_ENOMEM; PDN_ELIMIT for a capture longer than
 * PDN_PATH_MAX squares). */
int pdnp_gen(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l, int merge,
             pdn_error *err);
/* pdnp_gen for a position that must not change (it copies p only when
 * the side to move must capture). */
int pdnp_gen_const(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
                   int merge, pdn_error *err);
/* Number of legal moves (as pdnp_gen would list them); scratch is used
 * only when the side to move must capture. -1 on error. */
long pdnp_count(const pdn_board *b, pdnp_pos *p, pdnp_mlist *scratch,
                int merge);

/* Whether the side to move of p must capture: 1 with capfrom (PDNP_WORDS
 * words) set to every piece the capture search must start from (the men
 * that can capture and all kings), 0 when it has no capture. The same test
 * as pdnp_gen's, without listing a quiet move. */
int pdnp_must_capture(const pdn_board *b, const pdnp_pos *p,
                      uint64_t *capfrom);
/* The legal captures of p's side to move, searched from the pieces in
 * capfrom (as pdnp_must_capture gives them), into l: exactly the list
 * pdnp_gen gives when the side must capture. p is used as scratch and
 * restored. 0, or -1 with *err as pdnp_gen. */
int pdnp_gen_captures(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l,
                      int merge, const uint64_t *capfrom, pdn_error *err);

/* The capture search (capture.c) under the choice rule, from the pieces
 * in from (PDNP_WORDS words), into l: 0, or a nonzero code that
 * pdnp_gen_captures turns into an error. */
int pdnp_capture_search(const pdn_board *b, pdnp_pos *p, pdnp_mlist *l,
                        int merge, const uint64_t *from);
/* Empties l and sets *err to "out of memory"; returns -1. */
int pdnp_gen_nomem(pdnp_mlist *l, pdn_error *err);

/* ---- Queries of the generator (movegen.c), for matching and explaining
 * written moves: the rules stay in the generator. ---- */
/* A capture sequence by the rules' geometry, whatever the choice rule:
 * from, then for each jump i < n the cell jumped (cap), the cell just
 * behind it (behind) and the landing cell (land). */
typedef struct pdnp_route {
    int n;
    uint16_t from;
    uint16_t land[PDN_PATH_MAX];
    uint16_t cap[PDN_PATH_MAX];
    uint16_t behind[PDN_PATH_MAX];
} pdnp_route;
/* complete: the capture can go no further; 0 for one that stops where it
 * could go on (its prefixes, a flying king's landing from which it cannot
 * go on while another landing lets it). */
typedef void pdnp_route_fn(const pdnp_route *rt, int complete, void *ud);
/* Visits every capture sequence the piece on cell from (of p's side to
 * move) can make. 0, or -1 when a generator limit was hit. */
int pdnp_gen_routes(const pdn_board *b, const pdnp_pos *p, int from,
                    pdnp_route_fn *visit, void *ud);
/* The reason pdnp_quiet_move (below) refused from -> to: PDN_WHY_BLOCKED
 * (to is taken or not reached), PDN_WHY_DIRECTION (a man stepping
 * backwards), PDN_WHY_OTHER (the Frisian limit on a king's quiet moves);
 * PDN_WHY_NONE when it is a quiet move. */
int pdnp_quiet_why(const pdn_board *b, const pdnp_pos *p, int from, int to);
/* The cell just behind cell cap on a capture line from cell from, -1 when
 * cap lies on no such line. */
int pdnp_jump_behind(const pdn_board *b, int from, int cap);

/* Frisian: the king on cell c has made three quiet moves in a row while
 * its side still has men, so it may not make a fourth. */
static inline int
pdnp_king_blocked(const pdn_board *b, const pdnp_pos *p, int c)
{
    int side = p->turn;
    return b->r.king_limit && p->nmen[side] > 0 && p->kcount[side] >= 3 &&
           p->kcell[side] == c;
}

/* Whether one of the generator's quiet steps or lines leads from -> to
 * for the piece on from (a man's step; a king's line over empty cells,
 * one step for short kings), the Frisian limit aside. */
static inline int
pdnp_quiet_reach(const pdn_board *b, const pdnp_pos *p, int from, int to)
{
    const pdnp_geo *g = &b->g;
    const unsigned char *sq = p->sq;
    int side = p->turn, k;

    if (!(sq[from] & PDNP_KING)) {
        for (k = 0; k < g->nmdir; k++)
            if (from + g->mdir[side][k] == to)
                return 1;
        return 0;
    }
    for (k = 0; k < g->nkdir; k++) {
        int d = g->kdir[k], c = from + d;
        while (sq[c] == PDNP_EMPTY) {
            if (c == to)
                return 1;
            if (!b->r.flying)
                break;
            c += d;
        }
    }
    return 0;
}

/* Is from -> to a quiet move of p's side to move, captures aside (the
 * caller knows whether the side must capture)? 1 with *m as the generator
 * lists it; 0 otherwise (pdnp_quiet_why says why). Inline: pdn_board_play
 * asks it for most moves of a game. */
static inline int
pdnp_quiet_move(const pdn_board *b, const pdnp_pos *p, int from, int to,
                pdnp_mv *m)
{
    int side = p->turn, v = p->sq[from];

    if (!(v & side) || p->sq[to] != PDNP_EMPTY ||
        !pdnp_quiet_reach(b, p, from, to) ||
        ((v & PDNP_KING) && pdnp_king_blocked(b, p, from)))
        return 0;
    m->from = (uint16_t)from;
    m->to = (uint16_t)to;
    m->npath = 2;
    m->ncap = 0;
    m->piece = (unsigned char)v;
    m->promotes = !(v & PDNP_KING) && (b->g.promo[to] & side) != 0;
    return 1;
}

/* The public move list: exported moves and the internal list they come
 * from; both keep their room between calls, so a tool replaying a file
 * allocates only while the longest list grows. */
struct pdn_movelist {
    pdn_move *v;
    size_t n, cap;
    pdnp_mlist in;
};

/* Room for n public moves in l: 0, or -1 when memory runs out. */
int pdnp_movelist_reserve(pdn_movelist *l, size_t n);

/* Plays m on p, and takes it back. save receives what undo needs. */
typedef struct pdnp_undo {
    uint16_t kcell[3];
    unsigned char kcount[3];
    unsigned char second;
} pdnp_undo;
void pdnp_make(const pdn_board *b, pdnp_pos *p, const pdnp_mv *m,
               pdnp_undo *u);
void pdnp_unmake(const pdn_board *b, pdnp_pos *p, const pdnp_mv *m,
                 const pdnp_undo *u);

/* Recomputes occ, kocc and nmen from sq. */
void pdnp_pos_sync(const pdn_board *b, pdnp_pos *p);

/* The folk variants (folk.c): the rule flags of gt->folk added to r; the
 * initial position of a folk variant whose men stand elsewhere into p
 * (1, or 0 when the usual rows apply); and the Samoyed capture test,
 * pdnp_must_capture's for pieces of either colour. */
void pdnp_folk_rules(const pdn_gametype *gt, pdnp_rules *r);
int pdnp_folk_initial(const pdn_board *b, pdnp_pos *p);
int pdnp_folk_must_capture(const pdn_board *b, const pdnp_pos *p,
                           uint64_t *capfrom);
/* The generator's scan for the folk rules that change it (folk_scan):
 * the Samoyed capture test, Corners' moves. Returns as the scan does
 * (moves listed or counted, -1, or -2 with capfrom set when the side must
 * capture), or PDNP_FOLK_GO_ON when the usual scan applies. */
#define PDNP_FOLK_GO_ON (-3)
long pdnp_folk_scan(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l,
                    uint64_t *capfrom);
/* Corners: the moves of p's side to move into l (cleared first), or only
 * their number when l is NULL; -1 when memory runs out. */
long pdnp_folk_race(const pdn_board *b, const pdnp_pos *p, pdnp_mlist *l);
/* Room for one more move at the end of l (not counted yet); NULL when
 * memory runs out. */
pdnp_mv *pdnp_mlist_slot(pdnp_mlist *l);

/* pdn_board_hash's keys (hash.c): splitmix64 of PDNP_HASH_SEED + i for
 * a piece of kind (0 white man, 1 black man, 2 white king, 3 black king)
 * on coord at i = 4 * coord + kind, Black to move at 1024, the second
 * move of a two-move turn at 1025. */
#define PDNP_HASH_SEED UINT64_C(0x50444E2D48415348) /* "PDN-HASH" */
#define PDNP_HASH_NKEYS 1026
extern const uint64_t pdnp_hash_keys[PDNP_HASH_NKEYS];

static inline uint64_t
pdnp_hash_key(int coord, unsigned kind)
{
    return pdnp_hash_keys[4u * (unsigned)coord + kind];
}

static inline uint64_t
pdnp_hash_side(void)
{
    return pdnp_hash_keys[1024];
}

/* The part of pdn_board_hash that is not pieces: the side to move and,
 * in two-move checkers, the second move of a turn. */
static inline uint64_t
pdnp_hash_turn(const pdnp_pos *p)
{
    return (p->turn == PDNP_BLACK ? pdnp_hash_keys[1024] : 0) ^
           (p->second ? pdnp_hash_keys[1025] : 0);
}
/* The splitmix64 finaliser (game fingerprints mix their words with it). */
uint64_t pdnp_mix64(uint64_t x);

/* Converts an internal move to the public form. */
void pdnp_mv_export(const pdn_board *b, const pdnp_mv *m, pdn_move *out);

/* Lowest set bit's index; x != 0. */
static ALWAYS_INLINE int
pdnp_lowbit(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

/* Visits the cells of set x (its first nw words): c takes each in turn. */
#define PDNP_FOR_CELLS(x, nw, c)                                              \
    for (int w_ = 0; w_ < (nw); w_++)                                      \
        for (uint64_t b_ = (x)[w_];                                        \
             b_ != 0 && ((c) = w_ * 64 + pdnp_lowbit(b_), 1); b_ &= b_ - 1)

/* One cell's bit in an occupancy set. */
static inline void
pdnp_bit_set(uint64_t *x, int c)
{
    x[c >> 6] |= (uint64_t)1 << (c & 63);
}

static inline void
pdnp_bit_clear(uint64_t *x, int c)
{
    x[c >> 6] &= ~((uint64_t)1 << (c & 63));
}

/* ---- The undo stack of a board (history.c) and what it keeps of the
 * draw counts at each move (drawrules.c). ---- */
typedef struct pdnp_drawsnap {
    pdn_drawinfo info;
    size_t nhist, hbase;
    unsigned long hist_ply, mat_ply, fam_ply, five_ply;
    uint64_t turnkey;
    unsigned char fam, five;
} pdnp_drawsnap;
/* The tracker keeps the hashes of every stretch, so that a restore can
 * step back over an irreversible ply. */
void pdnp_draw_keep(pdn_drawstate *d);
void pdnp_draw_save(const pdn_drawstate *d, pdnp_drawsnap *s);
/* Back to the counts of s, b being the position they were saved at. */
void pdnp_draw_restore(pdn_drawstate *d, const pdnp_drawsnap *s,
                       const pdn_board *b);
void pdnp_hist_free(struct pdnp_hist *h);
/* A copy of d with its own history; NULL when memory runs out. */
pdn_drawstate *pdnp_draw_clone(const pdn_drawstate *d);

/* ---- The checker (check.c) ---- */
struct pdn_finding;
/* The kind, code and reason of the finding of a move that cannot be
 * played (m and l as pdn_check_move takes them), set in f without
 * allocating: pdn_check_move's decision, and the words a replay falls
 * back on when memory runs out. */
void pdnp_check_kind(const pdn_movelist *l, const pdn_match *m,
                     struct pdn_finding *f);

#endif /* PDN_RULES_PRIVATE_H */
