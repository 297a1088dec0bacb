/* SPDX-License-Identifier: MIT */
/* Deciding the variant of a game without GameType by replaying it under
 * each variant its board and notation allow (see infer.h). The replays
 * are silent: they use pdn_board_play on boards kept in the worker's
 * cache, one per candidate, and report nothing; the tool then replays the
 * game under the variant taken and reports as usual. */
#include <config.h>
#include "infer.h"
#include "common.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
} cands[INFER_NCAND] = {
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

/* The number of games a first pass replays under every candidate. */
#define PREPASS_GAMES 64

/* The candidates' GameTypes, parsed once (a parse per replay cost pdn-fix
 * 411 M of 3,485 M on OCA). */
static pdn_gametype cand_gts[INFER_NCAND];
static pthread_once_t cand_once = PTHREAD_ONCE_INIT;

static void
parse_cands(void)
{
    int i;

    for (i = 0; i < INFER_NCAND; i++)
        pdn_gametype_parse(cands[i].gt, &cand_gts[i], NULL);
}

void
infer_cand_gt(int i, pdn_gametype *gt)
{
    pthread_once(&cand_once, parse_cands);
    *gt = cand_gts[i];
}

void
infer_describe(const pdn_gametype *gt, char *buf, size_t size)
{
    const char *name = pdn_gametype_name(gt);
    char num[64];
    size_t i;

    pdn_gametype_format(gt, num, sizeof num);
    snprintf(buf, size, "%s (%s)", name, num);
    /* "russian-giveaway" -> "Russian giveaway" */
    for (i = 0; buf[i] != '\0' && buf[i] != ' '; i++)
        if (buf[i] == '-')
            buf[i] = ' ';
    buf[0] = (char)toupper((unsigned char)buf[0]);
}

static void
cand_describe(int i, char *buf, size_t size)
{
    pdn_gametype gt;

    infer_cand_gt(i, &gt);
    infer_describe(&gt, buf, size);
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

/* Widens the evidence by one line of moves and its variations. */
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

/* The candidate that g's Event or Site tag, or else the file's name,
 * names, or -1. */
static int
hint(const pdn_game *g, const char *file, int cls)
{
    static const char *const tags[] = {"Event", "Site", NULL};
    char low[256];
    size_t t, i, k;

    for (t = 0; t < 3; t++) {
        const char *v = tags[t] != NULL ? pdn_game_tag(g, tags[t]) : file;

        if (v == NULL)
            continue;
        for (i = 0; v[i] != '\0' && i + 1 < sizeof low; i++)
            low[i] = (char)tolower((unsigned char)v[i]);
        low[i] = '\0';
        for (i = 0; i < INFER_NCAND; i++) {
            if ((cands[i].cls & cls) == 0)
                continue;
            for (k = 0; cands[i].hints[k] != NULL; k++)
                if (strstr(low, cands[i].hints[k]) != NULL)
                    return (int)i;
        }
    }
    return -1;
}

/* The order in which g's candidates are tried: the file's prior, the
 * tags' hint, then the table. Returns how many. */
static size_t
order(const infer_prior *p, const pdn_game *g, const char *file, int cls,
      int *ord)
{
    int h = hint(g, file, cls), first = p != NULL ? p->prior : -1;
    size_t n = 0;
    int i;

    if (first >= 0 && (cands[first].cls & cls) != 0)
        ord[n++] = first;
    else
        first = -1;
    if (h >= 0 && h != first)
        ord[n++] = h;
    for (i = 0; i < INFER_NCAND; i++)
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

/* The worker's board for gt in its start position: cached in slot when
 * c is not NULL, else new (*own set: the caller frees it). */
static pdn_board *
board_for(tool_cache *c, int slot, const pdn_gametype *gt, int *own)
{
    pdn_board **bp = c != NULL && slot >= 0 ? &c->cand[slot] : NULL;

    *own = bp == NULL;
    if (bp != NULL && *bp != NULL) {
        pdn_board_reset(*bp);
        return *bp;
    }
    if (bp == NULL)
        return pdn_board_new(gt, NULL);
    return *bp = pdn_board_new(gt, NULL);
}

/* Replays g under gt (on the cached board of candidate slot, or a new one
 * when slot is -1): replay()'s result, -1 also when no board can be
 * made. */
static int
try_gt(const pdn_game *g, const pdn_gametype *gt, int slot, tool_out *to,
       unsigned long *plies, evidence *e)
{
    pdn_movelist *l = tool_movelist(to);
    int own, legal = 0;
    pdn_board *b;

    *plies = 0;
    if (l == NULL || (b = board_for(to->cache, slot, gt, &own)) == NULL)
        return -1;
    legal = replay(g, b, l, plies, e);
    if (own)
        pdn_board_free(b);
    if (to->cache == NULL)
        pdn_movelist_free(l);
    return legal;
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
decide(const pdn_game *g, const int *ord, size_t n, int all, tool_out *to,
       infer_game_result *res, unsigned long *plies, int *legal)
{
    unsigned long best = 0, next = 0, r;
    size_t k;

    res->cand = res->next = -1;
    res->legal = 0;
    res->plies = res->next_plies = 0;
    for (k = 0; k < n; k++) {
        int i = ord[k], ok;
        unsigned long p;
        pdn_gametype gt;

        infer_cand_gt(i, &gt);
        ok = try_gt(g, &gt, i, to, &p, NULL);
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

void
infer_prior_took(const pdn_game *g, int cand, unsigned long plies,
                 infer_game_result *res)
{
    res->cand = cand;
    res->legal = 1;
    res->plies = plies;
    res->next = -1;
    res->next_plies = 0;
    res->moves = pdn_game_first(g) != NULL;
}

/* The file's variant alone, with the class of g's squares gathered on
 * the way: 1 when g is legal throughout under it and its squares fit it
 * (*res filled, as decide would), else 0 (*cls set when known). */
static int
prior_fits(const tool_opts *o, const pdn_game *g, tool_out *to,
           infer_game_result *res, int *cls)
{
    int i = o->prior->prior, ok;
    evidence e = {0, 0, 0, 0};
    unsigned long p;
    pdn_gametype gt;

    infer_cand_gt(i, &gt);
    ok = try_gt(g, &gt, i, to, &p, &e);
    if (ok <= 0)
        return 0;
    /* legal throughout: every move was seen */
    if ((*cls = class_of(g, &e)) == BNONE || (cands[i].cls & *cls) == 0)
        return 0;
    infer_prior_took(g, i, p, res);
    return 1;
}

int
infer_game(const tool_opts *o, const pdn_game *g, pdn_gametype *gt,
           infer_game_result *res, tool_out *to)
{
    int ord[INFER_NCAND], cls = -1;
    size_t n;

    res->cand = res->next = -1;
    /* Most games fit the file's variant: tried alone first, before the
     * tags are read for hints; its replay also finds the board's class. */
    if (o->prior != NULL && o->prior->prior >= 0 &&
        prior_fits(o, g, to, res, &cls)) {
        infer_cand_gt(res->cand, gt);
        return 0;
    }
    if (cls < 0)
        cls = game_class(g);
    if (cls == BNONE)
        return -1;
    res->moves = has_move(g);
    if (o->prior != NULL && o->prior->prior >= 0 &&
        (cands[o->prior->prior].cls & cls) != 0) {
        decide(g, &o->prior->prior, 1, 0, to, res, NULL, NULL);
        if (res->legal || !res->moves) {
            infer_cand_gt(res->cand, gt);
            return 0;
        }
    }
    n = order(o->prior, g, o->file, cls, ord);
    /* A game without moves has only its setup to go by, which most boards
     * accept: the file's variant (or the first in order) is taken. */
    if (!res->moves)
        n = 1;
    decide(g, ord, n, 0, to, res, NULL, NULL);
    infer_cand_gt(res->cand, gt);
    return 0;
}

int
infer_prior_guess(const tool_opts *o, const pdn_game *g)
{
    int i, cls;

    if (o->prior == NULL || (i = o->prior->prior) < 0)
        return -1;
    cls = game_class(g);
    return cls != BNONE && (cands[i].cls & cls) != 0 ? i : -1;
}

static int
known_variant(const pdn_game *g)
{
    const char *v = pdn_game_tag(g, "Variant");
    pdn_gametype gt;

    return pdn_game_tag(g, "GameType") != NULL ||
           (v != NULL && pdn_gametype_by_name(v, &gt) == 0);
}

/* The prior: the candidate most sampled games are legal under, then the
 * one their tags name most, then the earlier. */
static int
pick_prior(const infer_prior *p, const unsigned long *hints)
{
    int i, best = -1;

    for (i = 0; i < INFER_NCAND; i++) {
        if (!p->tried[i] || p->legal[i] == 0)
            continue;
        if (best < 0 || p->legal[i] > p->legal[best] ||
            (p->legal[i] == p->legal[best] && hints[i] > hints[best]))
            best = i;
    }
    return best;
}

void
infer_prepass(const tool_opts *o, FILE *fp, const char *name,
              infer_prior *p)
{
    unsigned long hints[INFER_NCAND] = {0}, plies[INFER_NCAND];
    int legal[INFER_NCAND], ord[INFER_NCAND], rc, i;
    tool_cache cache;
    tool_out to;
    pdn_reader *r;
    pdn_error err;
    pdn_game *g;

    (void)o;
    memset(p, 0, sizeof *p);
    p->prior = -1;
    memset(&cache, 0, sizeof cache);
    memset(&to, 0, sizeof to);
    to.cache = &cache;
    if ((r = pdn_reader_new_file(fp, name)) == NULL)
        return;
    pdn_error_clear(&err);
    while (p->sampled < PREPASS_GAMES &&
           (rc = pdn_reader_next(r, &g, &err)) != 0) {
        infer_game_result res;
        int cls, h;
        size_t n;

        if (g == NULL || known_variant(g) || !has_move(g) ||
            (cls = game_class(g)) == BNONE) {
            int stop = g != NULL && known_variant(g) && p->sampled == 0;

            pdn_game_free(g);
            pdn_error_clear(&err);
            if (stop)
                break;
            continue;
        }
        (void)rc;
        n = order(NULL, g, name, cls, ord);
        decide(g, ord, n, 1, &to, &res, plies, legal);
        if ((h = hint(g, name, cls)) >= 0)
            hints[h]++;
        for (i = 0; (size_t)i < n; i++) {
            p->tried[ord[i]] = 1;
            if (legal[ord[i]])
                p->legal[ord[i]]++;
            else if (plies[ord[i]] + 1 > p->fail_ply[ord[i]])
                p->fail_ply[ord[i]] = plies[ord[i]] + 1;
        }
        p->sampled++;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    infer_cache_free(&cache);
    pdn_movelist_free(cache.moves);
    p->prior = pick_prior(p, hints);
    rewind(fp);
}

void
infer_count(infer_tally *t, const infer_game_result *res)
{
    if (res->cand < 0)
        return;
    t->games++;
    t->chosen[res->cand]++;
    if (res->legal)
        t->legal[res->cand]++;
}

/* The candidate of p that fits the sampled games best, other than not. */
static int
runner_up(const infer_prior *p, int not)
{
    int i, best = -1;

    for (i = 0; i < INFER_NCAND; i++)
        if (p->tried[i] && i != not &&
            (best < 0 || p->legal[i] > p->legal[best]))
            best = i;
    return best;
}

void
infer_summary(const tool_opts *o, const char *file, const infer_tally *t,
              const infer_prior *p, tool_out *to)
{
    tbuf msg = {NULL, 0, 0};
    char name[96];
    int i, top = -1, ru;

    if (t->games == 0)
        return;
    tbuf_printf(&msg, "%lu game%s without GameType replayed as ", t->games,
                t->games == 1 ? "" : "s");
    for (i = 0; i < INFER_NCAND; i++) {
        if (t->chosen[i] == 0)
            continue;
        if (top >= 0)
            tbuf_adds(&msg, "; ");
        if (top < 0 || t->chosen[i] > t->chosen[top])
            top = i;
        cand_describe(i, name, sizeof name);
        if (t->chosen[i] == t->games)
            tbuf_printf(&msg, "%s: ", name);
        else
            tbuf_printf(&msg, "%s (%lu): ", name, t->chosen[i]);
        if (t->legal[i] == t->chosen[i])
            tbuf_adds(&msg, t->chosen[i] == 1 ? "legal" : "all legal");
        else
            tbuf_printf(&msg, "%lu legal, %lu legal under no candidate",
                        t->legal[i], t->chosen[i] - t->legal[i]);
    }
    if (p != NULL && p->sampled != 0 && t->chosen[top] == t->games &&
        (ru = runner_up(p, top)) >= 0) {
        cand_describe(ru, name, sizeof name);
        if (p->legal[ru] == 0 && p->sampled == t->games)
            tbuf_printf(&msg, "; as %s %s would fail by ply %lu", name,
                        p->sampled == 1 ? "it" : "all", p->fail_ply[ru]);
        else if (p->legal[ru] == 0)
            tbuf_printf(&msg, "; as %s the first %lu would all fail by ply "
                        "%lu", name, p->sampled, p->fail_ply[ru]);
        else if (p->sampled == t->games && p->legal[ru] == p->sampled)
            tbuf_printf(&msg, "; as %s %s would be legal too", name,
                        p->sampled == 1 ? "it" : "all");
        else if (p->sampled == t->games)
            tbuf_printf(&msg, "; as %s %lu of them would be legal", name,
                        p->legal[ru]);
        else
            tbuf_printf(&msg, "; as %s %lu of the first %lu would be legal",
                        name, p->legal[ru], p->sampled);
    }
    tbuf_adds(&msg, " (-g sets the variant)");
    tool_diag(o, to, file, NULL, 0, PDN_SEV_WARNING, PDN_EVARIANT, NULL,
              "%s", msg.data);
    tbuf_free(&msg);
}

int
infer_fits(const pdn_game *g, const pdn_gametype *gt, tool_out *to)
{
    unsigned long plies;
    pdn_gametype c;
    int i;

    /* a candidate's board is kept in the worker's cache: a new board
     * costs more than most replays (pdn-fix on OCA: 1,759 M of 4,900 M) */
    for (i = 0; i < INFER_NCAND; i++) {
        infer_cand_gt(i, &c);
        if (pdn_gametype_equal(&c, gt))
            break;
    }
    return try_gt(g, gt, i < INFER_NCAND ? i : -1, to, &plies, NULL) > 0;
}

/* The same variant numbered from the other corners, and the variants of
 * the table that the game's squares fit (real files tag Russian games with
 * International's 20): the first under which g is
 * legal throughout, for REFIT_PLIES plies at least (a short fragment that
 * fits another variant says little about its tag). */
#define REFIT_PLIES 4

int
infer_refit(const pdn_game *g, const pdn_gametype *gt, pdn_gametype *fit,
            tool_out *to)
{
    int cls = game_class(g), i, c;
    unsigned long plies;
    pdn_gametype alt;

    for (c = 0; c < 4; c++) {
        alt = *gt;
        alt.corner = c;
        if (c != gt->corner && try_gt(g, &alt, -1, to, &plies, NULL) > 0 &&
            plies >= REFIT_PLIES) {
            *fit = alt;
            return 1;
        }
    }
    for (i = 0; i < INFER_NCAND; i++) {
        infer_cand_gt(i, &alt);
        if ((cands[i].cls & cls) == 0 || pdn_gametype_equal(&alt, gt))
            continue;
        if (try_gt(g, &alt, i, to, &plies, NULL) > 0 &&
            plies >= REFIT_PLIES) {
            *fit = alt;
            return 1;
        }
    }
    return 0;
}

void
infer_cache_free(tool_cache *c)
{
    int i;

    for (i = 0; i < INFER_NCAND; i++) {
        pdn_board_free(c->cand[i]);
        c->cand[i] = NULL;
    }
}
