/* SPDX-License-Identifier: MIT */
/* The checker (pdn/check.h): findings of a replay as records, the "did
 * you mean" move of an illegal one, the result audit, and the one wording
 * of them all. Built on the public rules, replay and result API. */
#include <config.h>
#include "rules_private.h"
#include "core/pdn_private.h"
#include "pdn/check.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- "Did you mean": ranks the legal moves of a position by the copying
 * errors that turn each into the move as written, and confirms the
 * likeliest by the moves written after it. ---- */

/* How many moves after an illegal one confirm a suggestion. */
#define CHECK_AHEAD 12

enum { FAR = 100, MAX_COST = 2 };

/* Ways of reading a whole board wrongly: each maps a square's coord to
 * the coord it was taken for. */
enum { T_ROT, T_FILES, T_RANKS, T_ROWS, T_COUNT };
static const char *const t_why[T_COUNT] = {
    "the squares numbered from the opposite corner",
    "the board read mirrored (files reversed)",
    "the board read upside down (ranks reversed)",
    "each row numbered from its other end"};

/* The coord that coord c stands for under transform t, or -1. */
static int
transform(const pdn_gametype *gt, int t, int c)
{
    int f = PDN_COORD_FILE(c), r = PDN_COORD_RANK(c), num, per, row, k;

    switch (t) {
    case T_ROT:
        return PDN_COORD(gt->width - 1 - f, gt->height - 1 - r);
    case T_FILES:
        return PDN_COORD(gt->width - 1 - f, r);
    case T_RANKS:
        return PDN_COORD(f, gt->height - 1 - r);
    default:
        /* the k-th square of a row taken for its (per - 1 - k)-th */
        per = gt->width / 2;
        num = pdn_coord_to_square(gt, c);
        if (num <= 0 || per <= 0 || gt->rules == 30)
            return -1;
        row = (num - 1) / per;
        k = (num - 1) % per;
        return pdn_square_to_coord(gt, row * per + (per - 1 - k) + 1);
    }
}

/* How a written square number w may be a miscopy of l: 0 the same, 1 two
 * adjacent digits swapped ("32" for "23"), 2 one digit miscopied, added
 * or dropped ("28" for "23", "3" for "33"); FAR otherwise. */
static int
digits_cost(unsigned w, unsigned l)
{
    char a[8], b[8];
    size_t na, nb, i, k = 0, at[2] = {0, 0};
    const char *lo, *hi;

    if (w == l)
        return 0;
    na = (size_t)snprintf(a, sizeof a, "%u", w);
    nb = (size_t)snprintf(b, sizeof b, "%u", l);
    if (na == nb) {
        for (i = 0; i < na; i++)
            if (a[i] != b[i]) {
                if (k < 2)
                    at[k] = i;
                k++;
            }
        if (k == 1)
            return 2;
        if (k == 2 && at[1] == at[0] + 1 && a[at[0]] == b[at[1]] &&
            a[at[1]] == b[at[0]])
            return 1;
        return FAR;
    }
    if (na + 1 != nb && nb + 1 != na)
        return FAR;
    lo = na < nb ? a : b;
    hi = na < nb ? b : a;
    for (i = 0; i < strlen(hi); i++)
        if (strncmp(hi, lo, i) == 0 && strcmp(hi + i + 1, lo + i) == 0)
            return 2;
    return FAR;
}

/* The same for algebraic squares (coords): one character miscopied. */
static int
coord_cost(int w, int l)
{
    if (w == l)
        return 0;
    if (PDN_COORD_FILE(w) == PDN_COORD_FILE(l) ||
        PDN_COORD_RANK(w) == PDN_COORD_RANK(l))
        return 2;
    return FAR;
}

/* A written square as its board's coord (-1 when there is none) and as a
 * number for the digit costs (its coord for algebraic squares). */
static int
w_coord(const pdn_gametype *gt, const pdn_movetext *mt, int i)
{
    return mt->algebraic ? mt->sq[i] : pdn_square_to_coord(gt, mt->sq[i]);
}

static int
sq_cost(const pdn_gametype *gt, const pdn_movetext *mt, int i, int lc)
{
    if (mt->algebraic)
        return coord_cost(mt->sq[i], lc);
    return digits_cost(mt->sq[i], (unsigned)pdn_coord_to_square(gt, lc));
}

/* The cost of reading legal move m as written mt (FAR: not a likely
 * copying error), and which error it is. */
static int
move_cost(const pdn_gametype *gt, const pdn_movetext *mt, const pdn_move *m,
          const char **why)
{
    int l0 = m->path[0], l1 = m->path[m->n - 1], last = mt->n - 1;
    int w0 = w_coord(gt, mt, 0), w1 = w_coord(gt, mt, last), t, i, c;

    if (w0 == l0 && w1 == l1) {
        *why = "the capture's path miswritten";
        return 1;
    }
    for (i = 1; w0 == l0 && i + 1 < m->n; i++)
        if (m->path[i] == w1) {
            *why = "the capture written short of its end";
            return 1;
        }
    if (w0 == l1 && w1 == l0) {
        *why = "the from and to squares exchanged";
        return 1;
    }
    c = sq_cost(gt, mt, 0, l0);
    i = sq_cost(gt, mt, last, l1);
    if (c + i <= MAX_COST) {
        *why = c + i == 1   ? "two digits swapped"
               : c == i     ? "digits swapped in both squares"
               : mt->algebraic ? "a letter or digit miscopied"
                               : "a digit miscopied, added or dropped";
        return c + i;
    }
    /* a whole-board misreading: less likely for one move than a typo */
    for (t = 0; t < T_COUNT && w0 >= 0 && w1 >= 0; t++)
        if (transform(gt, t, w0) == l0 && transform(gt, t, w1) == l1) {
            *why = t_why[t];
            return MAX_COST + 1;
        }
    return FAR;
}

/* How many of the (up to CHECK_AHEAD) moves after n are legal when m is
 * played in place of n's move on a copy of b; *of how many there are. */
static int
ahead(const pdn_board *b, const pdn_move *m, const pdn_node *n,
      pdn_board *tb, pdn_movelist *tl, int *of)
{
    const pdn_node *k;
    pdn_match mm;
    int good = 0, stop = 0;

    *of = 0;
    pdn_board_copy(tb, b);
    pdn_board_apply(tb, m);
    for (k = pdn_node_next(n); k != NULL && *of < CHECK_AHEAD;
         k = pdn_node_next(k)) {
        if (pdn_node_move(k) == NULL || pdn_node_setup(k) != NULL)
            break;
        ++*of;
        if (!stop && pdn_board_play(tb, pdn_node_move(k), &mm, tl, NULL) ==
                         PDN_MATCH_LEGAL)
            good++;
        else
            stop = 1;
    }
    return good;
}

/* The "did you mean" move for the illegal move of n at b (l: b's legal
 * moves), in move (short form), and the error it undoes in *why: 1, or 0
 * when none is likely enough. */
static int
suggest_move(const pdn_board *b, const pdn_movelist *l, const pdn_node *n,
             char *move, size_t size, const char **why)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    const pdn_movetext *mt = pdn_node_move(n);
    const pdn_move *best = NULL;
    int best_good = -1, best_cost = FAR, tie = 0, of = 0;
    pdn_board *tb;
    pdn_movelist *tl;
    size_t i;

    if (mt == NULL || mt->file_only || pdn_movelist_count(l) == 0)
        return 0;
    tb = pdn_board_new(gt, NULL);
    tl = pdn_movelist_new();
    for (i = 0; tb != NULL && tl != NULL && i < pdn_movelist_count(l); i++) {
        const pdn_move *m = pdn_movelist_at(l, i);
        const char *w = NULL;
        int cost = move_cost(gt, mt, m, &w), good;

        if (cost >= FAR)
            continue;
        good = ahead(b, m, n, tb, tl, &of);
        if (good > best_good || (good == best_good && cost < best_cost)) {
            best = m;
            best_good = good;
            best_cost = cost;
            *why = w;
            tie = 0;
        } else if (good == best_good && cost == best_cost) {
            tie = 1;
        }
    }
    pdn_board_free(tb);
    pdn_movelist_free(tl);
    /* the next moves must confirm it: all of them, or six in a row; with
     * none after it, only a typo (not a misread board) is suggested */
    if (best == NULL || tie || (best_good < of && best_good < 6) ||
        (of == 0 && best_cost > MAX_COST))
        return 0;
    pdn_move_format(b, l, best, PDN_MOVE_SHORT, move, size);
    return 1;
}

/* ---- The records ---- */

void
pdn_finding_init(pdn_finding *f)
{
    memset(f, 0, sizeof *f);
}

static void
free_list(char **v, size_t n)
{
    size_t i;

    for (i = 0; v != NULL && i < n; i++)
        pdnp_free(v[i]);
    pdnp_free(v);
}

void
pdn_finding_clear(pdn_finding *f)
{
    char *const own[] = {f->move, f->fen, f->suggest, f->result,
                         f->because, f->said_text, f->real_text,
                         f->gametype, f->draw_move};
    size_t i;

    for (i = 0; i < sizeof own / sizeof own[0]; i++)
        pdnp_free(own[i]);
    free_list(f->legal, f->nlegal);
    free_list(f->fits, f->nfits);
    pdn_finding_init(f);
}

/* Orders move texts by their squares as numbers ("9-14" before "10-15"),
 * so that findings do not depend on the generator's order. */
static int
cmp_moves(const void *pa, const void *pb)
{
    const char *a = *(char *const *)pa, *b = *(char *const *)pb;

    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            unsigned long x = strtoul(a, (char **)&a, 10);
            unsigned long y = strtoul(b, (char **)&b, 10);

            if (x != y)
                return x < y ? -1 : 1;
        } else if (*a != *b) {
            return (unsigned char)*a - (unsigned char)*b;
        } else {
            a++, b++;
        }
    }
    return (unsigned char)*a - (unsigned char)*b;
}

/* The moves of l in form flags (b: their position; fl: the list that
 * decides the short form), ordered, into *v and *n. 0 or -1 (memory). */
static int
move_list(const pdn_board *b, const pdn_movelist *fl, const pdn_movelist *l,
          unsigned flags, char ***v, size_t *n)
{
    size_t i, c = pdn_movelist_count(l);
    char buf[PDN_PATH_MAX * 4];

    *v = NULL;
    *n = 0;
    if (c == 0)
        return 0;
    if ((*v = pdnp_calloc(c, sizeof **v)) == NULL)
        return -1;
    for (i = 0; i < c; i++) {
        pdn_move_format(b, fl, pdn_movelist_at(l, i), flags, buf, sizeof buf);
        if (((*v)[i] = pdnp_strdup(buf)) == NULL) {
            *n = i;
            return -1;
        }
    }
    *n = c;
    qsort(*v, c, sizeof **v, cmp_moves);
    return 0;
}

/* The legal moves of l that the ambiguous move mt denotes, as the
 * matcher counts them (pdn_board_candidates), in full, into f->fits;
 * none (fits NULL: "a full path") when they cannot be told. 0 or -1
 * (memory). */
static int
fits_of(const pdn_board *b, const pdn_movelist *l, const pdn_movetext *mt,
        pdn_finding *f)
{
    pdn_movelist *c;
    int rc = 0;

    if (mt == NULL)
        return 0;
    if ((c = pdn_movelist_new()) == NULL)
        return -1;
    if (pdn_board_candidates(b, l, mt, c, NULL) < 0)
        rc = -1;
    else if (pdn_movelist_count(c) > 1)
        rc = move_list(b, l, c, PDN_MOVE_FULL, &f->fits, &f->nfits);
    pdn_movelist_free(c);
    return rc;
}

static int
fail(pdn_finding *f)
{
    pdn_finding_clear(f);
    return -1;
}

int
pdn_finding_at(const pdn_board *b, const pdn_movelist *l, const pdn_node *n,
               unsigned long ply, pdn_finding *f)
{
    char fen[PDN_FEN_STRING_MAX];

    pdn_finding_clear(f);
    f->severity = PDN_SEV_ERROR;
    f->pos = pdn_node_pos(n);
    f->ply = ply;
    pdn_board_fen_string(b, fen, sizeof fen);
    if ((f->move = pdnp_strdup(pdn_node_text(n))) == NULL ||
        (f->fen = pdnp_strdup(fen)) == NULL ||
        move_list(b, l, l, PDN_MOVE_SHORT, &f->legal, &f->nlegal) < 0)
        return fail(f);
    return 0;
}

void
pdnp_check_kind(const pdn_movelist *l, const pdn_match *m, pdn_finding *f)
{
    if (m->status == PDN_MATCH_AMBIGUOUS) {
        f->kind = PDN_FINDING_AMBIGUOUS;
        f->code = PDN_EAMBIGUOUS;
        return;
    }
    f->code = PDN_EILLEGAL;
    if (pdn_movelist_count(l) == 0) {
        f->kind = PDN_FINDING_AFTER_END;
        f->why = "the side to move has no legal move";
        return;
    }
    f->kind = PDN_FINDING_ILLEGAL;
    f->why = pdn_reason_text(m->reason);
}

int
pdn_check_move(const pdn_board *b, const pdn_movelist *l,
               const pdn_match *m, const pdn_node *n, unsigned long ply,
               unsigned flags, pdn_finding *f)
{
    char sug[PDN_PATH_MAX * 4];

    if (pdn_finding_at(b, l, n, ply, f) < 0)
        return -1;
    pdnp_check_kind(l, m, f);
    if (f->kind == PDN_FINDING_AMBIGUOUS)
        return fits_of(b, l, pdn_node_move(n), f) < 0 ? fail(f) : 0;
    if (f->kind == PDN_FINDING_ILLEGAL && (flags & PDN_CHECK_SUGGEST) &&
        suggest_move(b, l, n, sug, sizeof sug, &f->suggest_why) &&
        (f->suggest = pdnp_strdup(sug)) == NULL)
        return fail(f);
    return 0;
}

int
pdn_check_after_end(const pdn_board *b, pdn_movelist *l, const pdn_node *n,
                    unsigned long ply, const char *why, pdn_finding *f)
{
    (void)pdn_board_moves(b, l, NULL);
    if (pdn_finding_at(b, l, n, ply, f) < 0)
        return -1;
    f->kind = PDN_FINDING_AFTER_END;
    f->code = PDN_EILLEGAL;
    f->why = why != NULL ? why : "the variant's end";
    return 0;
}

int
pdn_check_replay(const pdn_replay *r, unsigned flags, pdn_finding *f)
{
    const pdn_match *m = pdn_replay_match(r);
    const pdn_node *n = pdn_replay_node(r);

    pdn_finding_clear(f);
    if (n == NULL || pdn_replay_board(r) == NULL ||
        (m->status != PDN_MATCH_ILLEGAL && m->status != PDN_MATCH_AMBIGUOUS))
        return 1;
    return pdn_check_move(pdn_replay_board(r), pdn_replay_moves(r), m, n,
                          pdn_replay_ply(r) + 1, flags, f);
}

/* The outcome's words, owned. */
static char *
describe(pdn_outcome o, const pdn_gametype *gt)
{
    char buf[96];

    pdn_outcome_describe(o, gt, buf, sizeof buf);
    return pdnp_strdup(buf);
}

/* The result g records (Result tag, else its terminator) in *res, and
 * what it says (PDN_OUTCOME_INVALID when none). */
static pdn_outcome
recorded(const pdn_game *g, const char **res)
{
    *res = pdn_game_tag(g, "Result");
    if (*res == NULL)
        *res = pdn_game_result(g);
    return *res != NULL ? pdn_result_outcome(*res) : PDN_OUTCOME_INVALID;
}

/* The parts of a result finding of kind about g, whose result res says
 * said: an error at the Result tag (else the game). 0, or -1 (memory). */
static int
result_part(const pdn_game *g, int kind, const char *res, pdn_outcome said,
            pdn_finding *f)
{
    f->kind = kind;
    f->severity = PDN_SEV_ERROR;
    f->code = PDN_ERESULT;
    f->pos = pdn_game_tag(g, "Result") != NULL
                 ? pdn_game_tag_pos(g, "Result")
                 : pdn_game_pos(g);
    f->game = pdn_game_number(g);
    f->said = said;
    if ((f->result = pdnp_strdup(res)) == NULL)
        return fail(f);
    return 0;
}

int
pdn_check_result(const pdn_game *g, const pdn_board *b, pdn_movelist *l,
                 pdn_outcome end, unsigned long end_ply, const char *end_why,
                 pdn_finding *f)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    const char *res;
    pdn_outcome said, real;
    char because[256];

    pdn_finding_clear(f);
    said = recorded(g, &res);
    if (said == PDN_OUTCOME_INVALID || said == PDN_OUTCOME_UNKNOWN)
        return 0;
    if (pdn_board_moves(b, l, NULL) == 0 && pdn_movelist_count(l) == 0) {
        real = pdn_outcome_no_move(gt, pdn_board_turn(b));
        snprintf(because, sizeof because, "%s has no legal move in the "
                 "final position", pdn_board_turn(b) == 'W' ? "White"
                                                            : "Black");
    } else if (end != PDN_OUTCOME_UNKNOWN) {
        real = end;
        snprintf(because, sizeof because, "the game ended at ply %lu (%s)",
                 end_ply, end_why != NULL ? end_why : "its end rule");
    } else {
        return 0;
    }
    if (said == real)
        return 0;
    if (result_part(g, PDN_FINDING_RESULT, res, said, f) < 0)
        return -1;
    f->real = real;
    f->real_result = pdn_outcome_result(real, gt);
    if ((f->because = pdnp_strdup(because)) == NULL ||
        (f->said_text = describe(said, gt)) == NULL ||
        (f->real_text = describe(real, gt)) == NULL)
        return fail(f);
    return 1;
}

/* ---- Draw rules ---- */

/* The diagnostic code of a draw rule: PDN_EDRAW_REPETITION... */
static int
draw_code(int rule)
{
    return PDN_EDRAW_REPETITION + rule - PDN_DRAW_REPETITION;
}

int
pdn_check_draw(const pdn_drawinfo *i, const pdn_board *b, const pdn_node *n,
               pdn_finding *f)
{
    char fen[PDN_FEN_STRING_MAX];

    pdn_finding_clear(f);
    f->kind = PDN_FINDING_DRAW;
    f->severity = PDN_SEV_WARNING;
    f->code = draw_code(i->rule);
    f->pos = pdn_node_pos(n);
    f->ply = i->rule_ply;
    f->draw = *i;
    pdn_board_fen_string(b, fen, sizeof fen);
    if ((f->move = pdnp_strdup(pdn_node_text(n))) == NULL ||
        (f->draw_move = pdnp_strdup(pdn_node_text(n))) == NULL ||
        (f->fen = pdnp_strdup(fen)) == NULL)
        return fail(f);
    return 0;
}

/* The draw's part of finding f: d's counts, move and position. */
static int
draw_part(const pdn_finding *d, pdn_finding *f)
{
    f->draw = d->draw;
    if ((d->draw_move != NULL &&
         (f->draw_move = pdnp_strdup(d->draw_move)) == NULL) ||
        (d->fen != NULL && (f->fen = pdnp_strdup(d->fen)) == NULL))
        return fail(f);
    return 0;
}

int
pdn_check_after_draw(const pdn_finding *d, const pdn_node *next,
                     pdn_finding *f)
{
    pdn_finding_clear(f);
    f->kind = PDN_FINDING_AFTER_DRAW;
    f->severity = PDN_SEV_ERROR;
    f->code = draw_code(d->draw.rule);
    f->pos = pdn_node_pos(next);
    f->ply = d->draw.rule_ply + 1;
    if ((f->move = pdnp_strdup(pdn_node_text(next))) == NULL)
        return fail(f);
    return draw_part(d, f);
}

int
pdn_check_draw_result(const pdn_game *g, const pdn_finding *d,
                      pdn_finding *f)
{
    const char *res;
    pdn_outcome out;

    pdn_finding_clear(f);
    if ((d->kind != PDN_FINDING_DRAW && d->kind != PDN_FINDING_AFTER_DRAW) ||
        !d->draw.automatic)
        return 0;
    out = recorded(g, &res);
    if (out != PDN_OUTCOME_FIRST && out != PDN_OUTCOME_SECOND)
        return 0;
    if (result_part(g, PDN_FINDING_DRAW_RESULT, res, out, f) < 0)
        return -1;
    f->ply = d->draw.rule_ply;
    return draw_part(d, f) < 0 ? -1 : 1;
}

/* ---- The numbering ---- */

/* 1 when g's start position (FEN tag) can be placed under gt; 1 also when
 * no board can be made (nothing is decided then). */
static int
start_places(const pdn_game *g, const pdn_gametype *gt)
{
    pdn_board *b = pdn_board_new(gt, NULL);
    pdn_error err;
    int ok;

    if (b == NULL)
        return 1;
    ok = pdn_game_start(g, b, &err) >= 0;
    pdn_board_free(b);
    return ok;
}

/* "Russian (25,W,8,8,A2,0)": gt's name and its full GameType. */
static char *
gametype_words(const pdn_gametype *gt)
{
    const char *name = pdn_gametype_name(gt);
    char num[64], buf[128];
    size_t i;

    pdn_gametype_format(gt, num, sizeof num);
    snprintf(buf, sizeof buf, "%s (%s)", name, num);
    /* "russian-giveaway" -> "Russian giveaway" */
    for (i = 0; buf[i] != '\0' && buf[i] != ' '; i++)
        if (buf[i] == '-')
            buf[i] = ' ';
    buf[0] = (char)toupper((unsigned char)buf[0]);
    return pdnp_strdup(buf);
}

int
pdn_check_numbering(pdn_infer *x, const pdn_game *g, int from,
                    pdn_gametype *gt, pdn_finding *f)
{
    const char *tag;
    pdn_gametype alt = *gt;
    pdn_infer *own = NULL;
    int fits;

    pdn_finding_clear(f);
    if (from != PDN_GT_TAG && from != PDN_GT_VARIANT)
        return 0;
    tag = pdn_game_tag(g, from == PDN_GT_TAG ? "GameType" : "Variant");
    if (tag == NULL || strchr(tag, ',') != NULL || gt->notation != 'A' ||
        gt->corner != 0 || pdn_game_tag(g, "FEN") == NULL ||
        start_places(g, gt))
        return 0;
    alt.corner = 2;
    if (x == NULL && (x = own = pdn_infer_new()) == NULL)
        return -1;
    fits = pdn_infer_try(x, g, &alt, NULL) > 0;
    pdn_infer_free(own);
    if (!fits)
        return 0;
    f->kind = PDN_FINDING_NUMBERING;
    f->severity = PDN_SEV_WARNING;
    f->code = PDN_EVARIANT;
    f->pos = pdn_game_tag_pos(g, "FEN");
    f->game = pdn_game_number(g);
    pdn_coord_name(gt, pdn_square_to_coord(gt, 1), f->square_one_was,
                   sizeof f->square_one_was);
    pdn_coord_name(&alt, pdn_square_to_coord(&alt, 1), f->square_one,
                   sizeof f->square_one);
    if ((f->gametype = gametype_words(&alt)) == NULL)
        return fail(f);
    *gt = alt;
    return 1;
}

/* ---- The one wording ---- */

/* snprintf into buf at *len, counting what does not fit. */
static void PDNP_PRINTF(4, 5)
add(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    va_list ap;
    int k;

    va_start(ap, fmt);
    k = vsnprintf(*len < size ? buf + *len : NULL,
                  *len < size ? size - *len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        *len += (size_t)k;
}

static void
add_list(char *buf, size_t size, size_t *len, char **v, size_t n,
         const char *sep, const char *none)
{
    size_t i;

    for (i = 0; i < n; i++)
        add(buf, size, len, "%s%s", i ? sep : "", v[i]);
    if (n == 0)
        add(buf, size, len, "%s", none);
}

/* A draw rule's words: when it fired (or the move after it), the rule,
 * what it counted, and with PDN_FINDING_POSITION the position. */
static void
draw_words(const pdn_finding *f, unsigned flags, char *buf, size_t size,
           size_t *len)
{
    const pdn_drawinfo *i = &f->draw;

    if (f->kind == PDN_FINDING_AFTER_DRAW)
        add(buf, size, len, "move '%s' at ply %lu after the game was drawn "
            "at ply %lu: ", f->move != NULL ? f->move : "", f->ply,
            i->rule_ply);
    else if (i->automatic)
        add(buf, size, len, "game drawn by rule at ply %lu: ", i->rule_ply);
    else
        add(buf, size, len, "a draw could be claimed at ply %lu: ",
            i->rule_ply);
    add(buf, size, len, "%s; ", i->rule_text != NULL ? i->rule_text : "");
    if (i->rule == PDN_DRAW_REPETITION)
        add(buf, size, len, "the position of plies %lu, %lu and %lu",
            i->rule_plies[0], i->rule_plies[1], i->rule_plies[2]);
    else
        add(buf, size, len, "counted from ply %lu", i->rule_from);
    if (flags & PDN_FINDING_POSITION)
        add(buf, size, len, "; position %s", f->fen != NULL ? f->fen : "");
}

size_t
pdn_finding_text(const pdn_finding *f, unsigned flags, char *buf,
                 size_t size)
{
    size_t len = 0;
    const char *mv = f->move != NULL ? f->move : "";

    if (size > 0)
        buf[0] = '\0';
    if (flags & PDN_FINDING_NOTE) {
        if (f->suggest != NULL)
            add(buf, size, &len, "did you mean %s? (%s)", f->suggest,
                f->suggest_why != NULL ? f->suggest_why : "a copying error");
        return len;
    }
    switch (f->kind) {
    case PDN_FINDING_ILLEGAL:
        add(buf, size, &len, "illegal move '%s' at ply %lu: %s", mv, f->ply,
            f->why != NULL ? f->why : "");
        break;
    case PDN_FINDING_AMBIGUOUS:
        add(buf, size, &len, "ambiguous move '%s' at ply %lu: write it as ",
            mv, f->ply);
        if (f->fits == NULL)
            add(buf, size, &len, "a full path");
        else
            add_list(buf, size, &len, f->fits, f->nfits, " or ", "none");
        break;
    case PDN_FINDING_AFTER_END:
        add(buf, size, &len, "move '%s' at ply %lu after the end of the "
            "game: %s", mv, f->ply, f->why != NULL ? f->why : "");
        break;
    case PDN_FINDING_NUMBERING:
        add(buf, size, &len, "FEN possible only with square 1 on %s, not "
            "%s: replayed as %s, under which the game is legal (a full "
            "GameType sets the numbering)", f->square_one, f->square_one_was,
            f->gametype);
        return len;
    case PDN_FINDING_DRAW:
    case PDN_FINDING_AFTER_DRAW:
        draw_words(f, flags, buf, size, &len);
        return len;
    case PDN_FINDING_DRAW_RESULT:
        add(buf, size, &len, "result '%s' records a win, but the game was "
            "drawn at ply %lu: %s", f->result != NULL ? f->result : "",
            f->draw.rule_ply, f->draw.rule_text != NULL ? f->draw.rule_text
                                                        : "");
        return len;
    case PDN_FINDING_RESULT:
        add(buf, size, &len, "result '%s' says %s, but %s, so %s ('%s')",
            f->result, f->said_text, f->because, f->real_text,
            f->real_result != NULL ? f->real_result : "*");
        return len;
    default:
        return len;
    }
    if (flags & PDN_FINDING_POSITION) {
        add(buf, size, &len, "; position %s; legal moves: ",
            f->fen != NULL ? f->fen : "");
        add_list(buf, size, &len, f->legal, f->nlegal, ", ", "none");
    }
    return len;
}
