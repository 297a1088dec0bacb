/* SPDX-License-Identifier: MIT */
/* The variant of a game without GameType, decided by evidence (pdn/replay.h,
 * pdn_infer_gametype): the game is replayed under each candidate variant
 * its board and notation allow, silently (pdn_board_play on a board kept
 * per candidate in the pdn_infer), and the one under which it is legal
 * (or legal longest) is taken; ties go to the caller's prior (the file's
 * variant), then to hints in the Event and Site tags and the input name,
 * then to a fixed order. */
#include <config.h>
#include "rules_private.h"

#include <ctype.h>
#include <string.h>
#include "core/pdn_private.h"

/* Board and notation classes of a game's squares, as bits: a game may fit
 * several (squares up to 32 fit every numeric board). */
enum { B8N = 1, B8A = 2, B10 = 4, B12 = 8, B108 = 16, BNONE = 0 };

/* The candidates, by class, in the order that breaks ties: the variant
 * most files of that class hold comes first. Russian numbered from b8
 * (as lidraughts numbers 8x8 boards) is the numeric Russian. */
static const struct cand {
    int cls;
    const char *gt;
    const char *const hints[6];
} cands[PDN_INFER_NCAND] = {
    {B8N, "21", {"english", "american", "checkers", NULL}},
    {B8N, "22", {"ital", "campionato", "fid ", NULL}},
    {B8N, "23", {"pool", NULL}},
    {B8N, "24", {"spain", "spanish", "espa", NULL}},
    {B8N, "28", {"portug", NULL}},
    {B8N, "31", {"thai", NULL}},
    {B8N, "25,W,8,8,N2,0", {NULL}},
    {B8A, "25", {"russia", "ussr", "moscow", "\xd0\xa1\xd0\xa1\xd0\xa1\xd0\xa0",
                 NULL}},
    {B8A, "29", {"praha", "czech", "cesk", "\xc4\x8d" "esk", "mistrovstv",
                 NULL}},
    {B8A, "26", {"brasil", "brazil", NULL}},
    {B8A, "30", {"turk", "t\xc3\xbcrk", NULL}},
    {B8A, "25,W,8,8,A2,0", {NULL}},
    {B10, "20", {NULL}},
    {B10, "40", {"fries", "frisian", "frysk", NULL}},
    {B12, "27", {"canad", NULL}},
    {B108, "41", {NULL}},
};

struct pdn_infer {
    pdn_gametype gt[PDN_INFER_NCAND];     /* the candidates, parsed once */
    pdn_board *board[PDN_INFER_NCAND];    /* made on first use */
    pdn_movelist *moves;
    int prior;
};

int
pdn_infer_candidate(int i, pdn_gametype *gt)
{
    if (i < 0 || i >= PDN_INFER_NCAND)
        return -1;
    return pdn_gametype_parse(cands[i].gt, gt, NULL) < 0 ? -1 : 0;
}

pdn_infer *
pdn_infer_new(void)
{
    pdn_infer *x = pdnp_calloc(1, sizeof *x);
    int i;

    if (x == NULL)
        return NULL;
    for (i = 0; i < PDN_INFER_NCAND; i++)
        pdn_infer_candidate(i, &x->gt[i]);
    x->prior = -1;
    if ((x->moves = pdn_movelist_new()) == NULL) {
        pdn_infer_free(x);
        return NULL;
    }
    return x;
}

void
pdn_infer_free(pdn_infer *x)
{
    int i;

    if (x == NULL)
        return;
    for (i = 0; i < PDN_INFER_NCAND; i++)
        pdn_board_free(x->board[i]);
    pdn_movelist_free(x->moves);
    pdnp_free(x);
}

void
pdn_infer_set_prior(pdn_infer *x, int cand)
{
    x->prior = cand >= 0 && cand < PDN_INFER_NCAND ? cand : -1;
}

/* What a game's squares show: algebraic or numeric, the largest square
 * number, file and rank. */
typedef struct evidence {
    int alg, maxsq, maxfile, maxrank;
} evidence;

/* Widens the evidence by one move. */
static inline void
scan_move(const pdn_movetext *mt, evidence *e)
{
    size_t i;

    if (!mt->algebraic && !mt->file_only) {
        for (i = 0; i < mt->n; i++)
            if (mt->sq[i] > e->maxsq)
                e->maxsq = mt->sq[i];
        return;
    }
    for (i = 0; i < mt->n; i++) {
        if (mt->algebraic || (mt->file_only && i == 0)) {
            e->alg = 1;
            if (PDN_COORD_FILE(mt->sq[i]) > e->maxfile)
                e->maxfile = PDN_COORD_FILE(mt->sq[i]);
            if (PDN_COORD_RANK(mt->sq[i]) != 15 &&
                PDN_COORD_RANK(mt->sq[i]) > e->maxrank)
                e->maxrank = PDN_COORD_RANK(mt->sq[i]);
        } else if (mt->sq[i] > e->maxsq) {
            e->maxsq = mt->sq[i];
        }
    }
}

/* Widens the evidence by one line of moves and its variations (8 levels
 * deep at most). */
static void
scan_line(const pdn_node *n, evidence *e, int depth)
{
    size_t i;

    for (; n != NULL; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);

        for (i = 0; depth < 8 && i < pdn_node_variation_count(n); i++)
            scan_line(pdn_node_variation_at(n, i), e, depth + 1);
        if (mt != NULL)
            scan_move(mt, e);
    }
}

/* The class of the evidence e, widened by g's FEN tag. */
static int
class_of(const pdn_game *g, evidence *e)
{
    const char *fen = pdn_game_tag(g, "FEN");
    pdn_fen f;
    size_t i;

    if (fen != NULL && pdn_fen_parse(fen, &f, NULL) >= 0) {
        for (i = 0; i < f.count; i++) {
            if (f.piece[i].algebraic) {
                e->alg = 1;
                if (PDN_COORD_FILE(f.piece[i].sq) > e->maxfile)
                    e->maxfile = PDN_COORD_FILE(f.piece[i].sq);
                if (PDN_COORD_RANK(f.piece[i].sq) > e->maxrank)
                    e->maxrank = PDN_COORD_RANK(f.piece[i].sq);
            } else if (f.piece[i].sq > e->maxsq) {
                e->maxsq = f.piece[i].sq;
            }
        }
    }
    if (e->alg)
        return e->maxrank > 7 || e->maxfile > 9 ? BNONE
               : e->maxfile > 7 ? B108 : B8A | B108;
    if (e->maxsq == 0) /* no square at all: any board */
        return B8N | B8A | B10 | B12 | B108;
    return (e->maxsq <= 32 ? B8N : 0) | (e->maxsq <= 50 ? B10 : 0) |
           (e->maxsq <= 72 ? B12 : 0);
}

/* The class of g's squares (FEN tag, moves, variations). */
static int
game_class(const pdn_game *g)
{
    evidence e = {0, 0, 0, 0};

    scan_line(pdn_game_first(g), &e, 0);
    return class_of(g, &e);
}

int
pdn_infer_fits_board(const pdn_game *g, int cand)
{
    return cand >= 0 && cand < PDN_INFER_NCAND &&
           (cands[cand].cls & game_class(g)) != 0;
}

/* The candidate that g's Event or Site tag, or else the input's name,
 * names, or -1. */
static int
hint(const pdn_game *g, const char *name, int cls)
{
    static const char *const tags[] = {"Event", "Site", NULL};
    char low[256];
    size_t t, i, k;

    for (t = 0; t < 3; t++) {
        const char *v = tags[t] != NULL ? pdn_game_tag(g, tags[t]) : name;

        if (v == NULL)
            continue;
        for (i = 0; v[i] != '\0' && i + 1 < sizeof low; i++)
            low[i] = (char)tolower((unsigned char)v[i]);
        low[i] = '\0';
        for (i = 0; i < PDN_INFER_NCAND; i++) {
            if ((cands[i].cls & cls) == 0)
                continue;
            for (k = 0; cands[i].hints[k] != NULL; k++)
                if (strstr(low, cands[i].hints[k]) != NULL)
                    return (int)i;
        }
    }
    return -1;
}

/* The order in which g's candidates are tried: the prior, the tags'
 * hint, then the table. Returns how many. */
static size_t
order(int prior, const pdn_game *g, const char *name, int cls, int *ord)
{
    int h = hint(g, name, cls), first = prior;
    size_t n = 0;
    int i;

    if (first >= 0 && (cands[first].cls & cls) != 0)
        ord[n++] = first;
    else
        first = -1;
    if (h >= 0 && h != first)
        ord[n++] = h;
    for (i = 0; i < PDN_INFER_NCAND; i++)
        if ((cands[i].cls & cls) != 0 && i != first && i != h)
            ord[n++] = i;
    return n;
}

/* Plays g's main line on b (in its start position) silently. Returns 1
 * when every move is legal, 0 when one is not, -1 when a setup (FEN tag or
 * setup command) cannot be placed; the legal plies in *plies. With e, the
 * evidence of the moves played and of their variations is gathered on the
 * way (all of the game's moves when it returns 1). */
static int
replay(const pdn_game *g, pdn_board *b, pdn_movelist *l,
       unsigned long *plies, evidence *e)
{
    const char *fen = pdn_game_tag(g, "FEN");
    const pdn_node *n;
    pdn_match m;
    pdn_fen f;
    size_t i;

    *plies = 0;
    if (fen != NULL && (pdn_fen_parse(fen, &f, NULL) < 0 ||
                        pdn_board_set_fen(b, &f, NULL) != 0))
        return -1;
    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n)) {
        const char *setup = pdn_node_setup(n);
        const pdn_movetext *mt = pdn_node_move(n);

        if (setup != NULL && (pdn_fen_parse(setup, &f, NULL) < 0 ||
                              pdn_board_set_fen(b, &f, NULL) != 0))
            return -1;
        if (mt == NULL)
            return 0;
        if (e != NULL) {
            for (i = 0; i < pdn_node_variation_count(n); i++)
                scan_line(pdn_node_variation_at(n, i), e, 1);
            scan_move(mt, e);
        }
        if (pdn_board_play(b, mt, &m, l, NULL) != PDN_MATCH_LEGAL)
            return 0;
        ++*plies;
    }
    return 1;
}

/* Replays g under gt (on the board of candidate slot, kept in x, or a new
 * one when slot is -1): replay()'s result, -1 also when no board can be
 * made. */
static int
try_gt(pdn_infer *x, const pdn_game *g, const pdn_gametype *gt, int slot,
       unsigned long *plies, evidence *e)
{
    pdn_board *b;
    int legal;

    *plies = 0;
    if (slot >= 0 && x->board[slot] != NULL) {
        b = x->board[slot];
        pdn_board_reset(b);
    } else if ((b = pdn_board_new(gt, NULL)) == NULL) {
        return -1;
    } else if (slot >= 0) {
        x->board[slot] = b;
    }
    legal = replay(g, b, x->moves, plies, e);
    if (slot < 0)
        pdn_board_free(b);
    return legal;
}

int
pdn_infer_try(pdn_infer *x, const pdn_game *g, const pdn_gametype *gt,
              unsigned long *plies)
{
    unsigned long p;
    int i;

    /* a candidate's board is kept: a new board costs more than most
     * replays */
    for (i = 0; i < PDN_INFER_NCAND; i++)
        if (pdn_gametype_equal(&x->gt[i], gt))
            break;
    return try_gt(x, g, gt, i < PDN_INFER_NCAND ? i : -1,
                  plies != NULL ? plies : &p, NULL);
}

/* How well a replay went: legal throughout first, then the plies it
 * stayed legal, then whether its setups could be placed. */
static unsigned long
rank(int ok, unsigned long plies)
{
    return (ok > 0 ? 1ul << 30 : 0) + 2 * plies + (ok >= 0);
}

/* Tries the n candidates of ord in turn; the first legal throughout wins
 * (unless all: then every one is tried, for a first pass), else the one
 * that went best (rank), the earlier on a tie. */
static void
decide(pdn_infer *x, const pdn_game *g, const int *ord, size_t n, int all,
       pdn_infer_result *res, unsigned long *plies, int *legal)
{
    unsigned long best = 0, next = 0, r;
    size_t k;

    res->cand = res->next = -1;
    res->legal = 0;
    res->plies = res->next_plies = 0;
    for (k = 0; k < n; k++) {
        int i = ord[k], ok;
        unsigned long p;

        ok = try_gt(x, g, &x->gt[i], i, &p, NULL);
        if (plies != NULL)
            plies[i] = p, legal[i] = ok > 0;
        r = rank(ok, p);
        if (res->cand < 0 || r > best) {
            res->next = res->cand;
            res->next_plies = res->plies;
            next = best;
            res->cand = i;
            res->plies = p;
            res->legal = ok > 0;
            best = r;
        } else if (res->next < 0 || r > next) {
            res->next = i;
            res->next_plies = p;
            next = r;
        }
        if (ok > 0 && !all)
            break;
    }
}

static int
has_move(const pdn_game *g)
{
    const pdn_node *n;

    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
        if (pdn_node_move(n) != NULL)
            return 1;
    return 0;
}

/* The prior alone, with the class of g's squares gathered on the way: 1
 * when g is legal throughout under it and its squares fit it (*res
 * filled, as decide would), else 0 (*cls set when known). */
static int
prior_fits(pdn_infer *x, const pdn_game *g, pdn_infer_result *res, int *cls)
{
    int i = x->prior, ok;
    evidence e = {0, 0, 0, 0};
    unsigned long p;

    ok = try_gt(x, g, &x->gt[i], i, &p, &e);
    if (ok <= 0)
        return 0;
    /* legal throughout: every move was seen */
    if ((*cls = class_of(g, &e)) == BNONE || (cands[i].cls & *cls) == 0)
        return 0;
    res->cand = i;
    res->legal = 1;
    res->plies = p;
    res->next = -1;
    res->next_plies = 0;
    res->moves = pdn_game_first(g) != NULL;
    return 1;
}

/* Whether g's Event or Site tag, or the input's name, says giveaway
 * ("suicide", "giveaway", "losing", "anti": antidraughts, anti-checkers,
 * the Russian "poddavki"). */
static int
giveaway_hint(const pdn_game *g, const char *name)
{
    static const char *const words[] = {"suicide", "giveaway", "give-away",
                                        "give away", "losing", "anti",
                                        "poddavk", "\xd0\xbf\xd0\xbe\xd0\xb4"
                                        "\xd0\xb4\xd0\xb0\xd0\xb2\xd0\xba",
                                        NULL};
    static const char *const tags[] = {"Event", "Site", NULL};
    char low[256];
    size_t t, i;

    for (t = 0; t < 3; t++) {
        const char *v = tags[t] != NULL ? pdn_game_tag(g, tags[t]) : name;

        if (v == NULL)
            continue;
        for (i = 0; v[i] != '\0' && i + 1 < sizeof low; i++)
            low[i] = (char)tolower((unsigned char)v[i]);
        low[i] = '\0';
        for (i = 0; words[i] != NULL; i++)
            if (strstr(low, words[i]) != NULL)
                return 1;
    }
    return 0;
}

/* After g was replayed legal throughout on b under gt: 1 when its end
 * says giveaway, the side to move having no legal move and the result
 * naming that side the winner (under the usual rules it lost). */
static int
result_says_giveaway(const pdn_game *g, const pdn_board *b,
                     const pdn_gametype *gt, pdn_movelist *l)
{
    pdn_outcome o = pdn_game_outcome(g);
    char turn = pdn_board_turn(b);

    if (o != PDN_OUTCOME_FIRST && o != PDN_OUTCOME_SECOND)
        return 0;
    if (pdn_board_moves(b, l, NULL) != 0 || pdn_movelist_count(l) != 0)
        return 0;
    return pdn_outcome_winner(o, gt) == turn;
}

/* The giveaway form of the variant decided for g, when the game says so
 * (a name or tag above, or its result) and is legal under it at least as
 * far: *gt and *res follow. */
static void
try_giveaway(pdn_infer *x, const pdn_game *g, const char *name,
             pdn_gametype *gt, pdn_infer_result *res)
{
    pdn_gametype gg = *gt;
    unsigned long p;
    int ok, slot = res->cand, says;

    if (gt->giveaway || gt->folk != 0 || res->cand < 0 || !res->moves)
        return;
    says = giveaway_hint(g, name);
    /* legal throughout: the replay that decided was the candidate's
     * last, and its board holds the game's end */
    if (!says && res->legal && x->board[slot] != NULL)
        says = result_says_giveaway(g, x->board[slot], gt, x->moves);
    if (!says)
        return;
    gg.giveaway = 1;
    ok = try_gt(x, g, &gg, -1, &p, NULL);
    if (ok > 0 || (!res->legal && rank(ok, p) > rank(0, res->plies))) {
        *gt = gg;
        res->legal = ok > 0;
        res->plies = p;
    }
}

static int infer_gametype(pdn_infer *x, const pdn_game *g, const char *name,
                          pdn_gametype *gt, pdn_infer_result *res,
                          pdn_error *err);

int
pdn_infer_gametype(pdn_infer *x, const pdn_game *g, const char *name,
                   pdn_gametype *gt, pdn_infer_result *res, pdn_error *err)
{
    pdn_infer_result own;
    int rc;

    if (res == NULL)
        res = &own;
    rc = infer_gametype(x, g, name, gt, res, err);
    if (rc == 0)
        try_giveaway(x, g, name, gt, res);
    return rc;
}

static int
infer_gametype(pdn_infer *x, const pdn_game *g, const char *name,
               pdn_gametype *gt, pdn_infer_result *res, pdn_error *err)
{
    int ord[PDN_INFER_NCAND], cls = -1;
    size_t n;

    pdn_error_clear(err);
    memset(res, 0, sizeof *res);
    res->cand = res->next = -1;
    /* Most games fit the prior: tried alone first, before the tags are
     * read for hints; its replay also finds the board's class. */
    if (x->prior >= 0 && prior_fits(x, g, res, &cls)) {
        *gt = x->gt[res->cand];
        return 0;
    }
    if (cls < 0)
        cls = game_class(g);
    if (cls == BNONE) {
        pdnp_error_set(err, PDN_EVARIANT, PDN_SEV_ERROR, NULL,
                       pdn_game_number(g),
                       "cannot infer the game type: its squares fit no "
                       "board");
        return -1;
    }
    res->moves = has_move(g);
    if (x->prior >= 0 && (cands[x->prior].cls & cls) != 0) {
        decide(x, g, &x->prior, 1, 0, res, NULL, NULL);
        if (res->legal || !res->moves) {
            *gt = x->gt[res->cand];
            return 0;
        }
    }
    n = order(x->prior, g, name, cls, ord);
    /* A game without moves has only its setup to go by, which most boards
     * accept: the prior (or the first in order) is taken. */
    if (!res->moves)
        n = 1;
    decide(x, g, ord, n, 0, res, NULL, NULL);
    *gt = x->gt[res->cand];
    return 0;
}

int
pdn_infer_sample(pdn_infer *x, const pdn_game *g, const char *name,
                 unsigned long *plies, int *legal, int *tried, int *hinted)
{
    int ord[PDN_INFER_NCAND], cls = game_class(g), i;
    pdn_infer_result res;
    size_t n;

    for (i = 0; i < PDN_INFER_NCAND; i++) {
        plies[i] = 0;
        legal[i] = tried[i] = 0;
    }
    *hinted = -1;
    if (cls == BNONE)
        return -1;
    if (!has_move(g)) /* only its setup: any board takes it */
        return 0;
    n = order(-1, g, name, cls, ord);
    decide(x, g, ord, n, 1, &res, plies, legal);
    for (i = 0; (size_t)i < n; i++)
        tried[ord[i]] = 1;
    *hinted = hint(g, name, cls);
    return (int)n;
}

int
pdn_infer_hook(const pdn_game *g, pdn_gametype *gt, int from, void *ud,
               pdn_error *err)
{
    pdn_infer *x = ud;
    int rc;

    if (from != PDN_GT_DEFAULT)
        return 0;
    if (x != NULL)
        return pdn_infer_gametype(x, g, NULL, gt, NULL, err);
    if ((x = pdn_infer_new()) == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    rc = pdn_infer_gametype(x, g, NULL, gt, NULL, err);
    pdn_infer_free(x);
    return rc;
}
