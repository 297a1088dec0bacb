/* SPDX-License-Identifier: MIT */
/* "Did you mean": ranks the legal moves of a position by the copying
 * errors that turn each into the move as written, and confirms the
 * likeliest by the moves written after it (see suggest.h). */
#include <config.h>
#include "suggest.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

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

/* How many of the (up to SUGGEST_AHEAD) moves after n are legal when m is
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
    for (k = pdn_node_next(n); k != NULL && *of < SUGGEST_AHEAD;
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

int
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

void
suggest_note(const tool_opts *o, tool_out *to, const char *file,
             const pdn_pos *pos, unsigned long game, const char *move,
             const char *why)
{
    tbuf *b = o->diag_stdout ? &to->out : &to->err;

    if (o->quiet) /* -q: errors only, no warnings or notes */
        return;
    if (!o->diag_stdout)
        tbuf_printf(b, "%s: ", tool_name);
    tool_add_file(b, file);
    tbuf_printf(b, ":%lu:%lu: note: did you mean %s? (%s) (game %lu)\n",
                pos->line, pos->column, move, why, game);
}

/* ---- One change for a whole file ----
 * The games of a file are tallied as the workers finish them: a file whose
 * games (those with moves) are all illegal, and all legal under one change
 * of their common GameType (the other side moving first, or the squares
 * numbered from another corner), gets one warning at its end. */
enum { ALT_COLOURS, ALT_CORNER = 1, NALT = 4 };

static struct {
    pthread_mutex_t lock;
    int started, mixed, legal;    /* a game of another type, a legal game */
    pdn_gametype gt;
    unsigned long games, fit[NALT];
} tally = {PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, {0}, 0, {0}};

/* gt changed by alternative a. */
static void
alternative(const pdn_gametype *gt, int a, pdn_gametype *alt)
{
    *alt = *gt;
    if (a == ALT_COLOURS)
        alt->start = gt->start == 'W' ? 'B' : 'W';
    else
        alt->corner = (gt->corner + a) % 4;
}

/* 1 when every move of g's main line is legal under gt (FEN tag and
 * setups applied), silently. */
static int
fits(const pdn_game *g, const pdn_gametype *gt, pdn_movelist *l)
{
    const char *tag = pdn_game_tag(g, "FEN");
    pdn_board *b = pdn_board_new(gt, NULL);
    const pdn_node *n;
    pdn_match m;
    pdn_fen f;
    int ok = b != NULL;

    if (ok && tag != NULL)
        ok = pdn_fen_parse(tag, &f, NULL) >= 0 &&
             pdn_board_set_fen(b, &f, NULL) == 0;
    for (n = pdn_game_first(g); ok && n != NULL; n = pdn_node_next(n)) {
        const char *setup = pdn_node_setup(n);
        if (setup != NULL)
            ok = pdn_fen_parse(setup, &f, NULL) >= 0 &&
                 pdn_board_set_fen(b, &f, NULL) == 0;
        ok = ok && pdn_node_move(n) != NULL &&
             pdn_board_play(b, pdn_node_move(n), &m, l, NULL) ==
                 PDN_MATCH_LEGAL;
    }
    pdn_board_free(b);
    return ok;
}

void
suggest_file_game(const pdn_game *g, const pdn_gametype *gt, int legal)
{
    int hope, a, fit[NALT] = {0};
    pdn_movelist *l;

    pthread_mutex_lock(&tally.lock);
    if (!tally.started && gt != NULL) {
        tally.started = 1;
        tally.gt = *gt;
    }
    tally.mixed |= gt == NULL || !pdn_gametype_equal(&tally.gt, gt);
    tally.legal |= legal;
    hope = !tally.mixed && !tally.legal;
    pthread_mutex_unlock(&tally.lock);
    if (!hope || (l = pdn_movelist_new()) == NULL)
        return;
    for (a = 0; a < NALT; a++) {
        pdn_gametype alt;
        alternative(gt, a, &alt);
        fit[a] = fits(g, &alt, l);
    }
    pdn_movelist_free(l);
    pthread_mutex_lock(&tally.lock);
    tally.games++;
    for (a = 0; a < NALT; a++)
        tally.fit[a] += (unsigned long)fit[a];
    pthread_mutex_unlock(&tally.lock);
}

void
suggest_file_end(const tool_opts *o, tool_out *t)
{
    static const char *const what[2] = {
        "with the other side moving first (colours reversed)",
        "with the squares numbered from another corner"};
    char name[96];
    pdn_gametype alt;
    int a;

    for (a = 0; a < NALT && tally.started && !tally.mixed && !tally.legal &&
                tally.games > 1; /* one game: its own warning says it */
         a++) {
        if (tally.fit[a] != tally.games)
            continue;
        alternative(&tally.gt, a, &alt);
        pdn_gametype_format(&alt, name, sizeof name);
        tool_diag(o, t, o->file, NULL, 0, PDN_SEV_WARNING, PDN_EVARIANT,
                  NULL,
                  "all %lu games with moves are illegal as read, and all "
                  "legal %s: GameType \"%s\" (-G sets it)",
                  tally.games, what[a != ALT_COLOURS], name);
        break;
    }
    memset(&tally.gt, 0, sizeof tally.gt);
    tally.started = tally.mixed = tally.legal = 0;
    tally.games = 0;
    memset(tally.fit, 0, sizeof tally.fit);
}
