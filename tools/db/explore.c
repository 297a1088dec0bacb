/* SPDX-License-Identifier: MIT */
/* pdn-db explore (explore.h). */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

typedef struct ex_move {
    char text[64];           /* as the variant writes it, short form */
    long games, wins, draws, losses;
    int64_t next_key;        /* the position after it */
    long reach;              /* games that reach that position */
} ex_move;

struct db_explore {
    pdn_fen fen;
    char *fen_text;
    /* the position on the board of the variant last met */
    char gts[64];
    pdn_board *target, *after;
    pdn_movelist *legal;
    int fits;
    /* the replay of one game */
    int seen;                /* the position was met */
    int done;
    long move;               /* the index in legal of the move from it */
    /* the counts */
    long games, wins, draws, losses, ended;
    ex_move *moves;
    size_t nmoves, capmoves;
};

db_explore *
explore_new(const pdn_fen *fen, const char *fen_text)
{
    db_explore *x = tool_xmalloc(sizeof *x);

    memset(x, 0, sizeof *x);
    x->fen = *fen;
    x->fen_text = tool_xmalloc(strlen(fen_text) + 1);
    strcpy(x->fen_text, fen_text);
    return x;
}

void
explore_free(db_explore *x)
{
    if (x == NULL)
        return;
    pdn_board_free(x->target);
    pdn_board_free(x->after);
    pdn_movelist_free(x->legal);
    free(x->moves);
    free(x->fen_text);
    free(x);
}

/* The position on gts's board, and its legal moves. */
static int
variant(db_explore *x, const char *gts)
{
    pdn_gametype gt;

    if (strcmp(gts, x->gts) == 0)
        return x->fits;
    snprintf(x->gts, sizeof x->gts, "%s", gts);
    pdn_board_free(x->target);
    pdn_board_free(x->after);
    x->target = x->after = NULL;
    x->fits = 0;
    if (x->legal == NULL && (x->legal = pdn_movelist_new()) == NULL)
        return 0;
    if (pdn_gametype_parse(gts, &gt, NULL) < 0 ||
        (x->target = pdn_board_new(&gt, NULL)) == NULL ||
        (x->after = pdn_board_new(&gt, NULL)) == NULL ||
        pdn_board_set_fen(x->target, &x->fen, NULL) != 0 ||
        pdn_board_moves(x->target, x->legal, NULL) != 0)
        return 0;
    x->fits = 1;
    return 1;
}

/* The legal move of the position that m is: same squares, same
 * captures. */
static long
which(const db_explore *x, const pdn_move *m)
{
    size_t i, n = pdn_movelist_count(x->legal);

    for (i = 0; i < n; i++) {
        const pdn_move *k = pdn_movelist_at(x->legal, i);

        if (k->n == m->n && k->ncaptured == m->ncaptured &&
            memcmp(k->path, m->path, m->n) == 0 &&
            memcmp(k->captured, m->captured, m->ncaptured) == 0)
            return (long)i;
    }
    return -1;
}

static int
seen_fn(void *ud, const pdn_board *b, unsigned long ply, const pdn_move *m)
{
    db_explore *x = ud;

    (void)ply;
    if (x->seen) {
        /* the next move (a setup first: the game goes on elsewhere) */
        x->move = m != NULL ? which(x, m) : -1;
        x->done = 1;
        return 1;
    }
    x->seen = db_same_board(b, x->target);
    return 0;
}

static ex_move *
entry(db_explore *x, const char *text)
{
    size_t i;

    for (i = 0; i < x->nmoves; i++)
        if (strcmp(x->moves[i].text, text) == 0)
            return &x->moves[i];
    if (x->nmoves == x->capmoves) {
        x->capmoves = x->capmoves ? 2 * x->capmoves : 16;
        x->moves = realloc(x->moves, x->capmoves * sizeof *x->moves);
        if (x->moves == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    memset(&x->moves[x->nmoves], 0, sizeof *x->moves);
    snprintf(x->moves[x->nmoves].text, sizeof x->moves[0].text, "%s", text);
    return &x->moves[x->nmoves++];
}

static void
score(long *w, long *d, long *l, int outcome)
{
    if (outcome == PDN_OUTCOME_FIRST)
        ++*w;
    else if (outcome == PDN_OUTCOME_SECOND || outcome == PDN_OUTCOME_BOTH_LOST)
        ++*l;
    else if (outcome == PDN_OUTCOME_DRAW)
        ++*d;
}

void
explore_game(db_explore *x, const tool_opts *o, tool_out *to,
             const pdn_game *g, const char *gts, int outcome)
{
    pdn_gametype gt;
    db_walked w;
    char text[64];
    ex_move *e;
    const pdn_move *m;

    if (gts == NULL || !variant(x, gts) ||
        pdn_gametype_parse(gts, &gt, NULL) < 0)
        return;
    x->seen = x->done = 0;
    x->move = -1;
    db_walk(o, o->file, g, &gt, to, 0, seen_fn, x, &w);
    if (!x->seen)
        return;
    x->games++;
    score(&x->wins, &x->draws, &x->losses, outcome);
    if (x->move < 0) {
        x->ended++;
        return;
    }
    m = pdn_movelist_at(x->legal, (size_t)x->move);
    pdn_move_format(x->target, x->legal, m, PDN_MOVE_SHORT, text,
                    sizeof text);
    e = entry(x, text);
    if (e->games == 0) {
        pdn_board_copy(x->after, x->target);
        pdn_board_apply(x->after, m);
        e->next_key = db_key(x->after);
    }
    e->games++;
    score(&e->wins, &e->draws, &e->losses, outcome);
}

int
explore_db_done(db_explore *x, sqlite3 *db, const char *path)
{
    sqlite3_stmt *st = db_prepare(db, path,
                                  "SELECT count(DISTINCT game) FROM positions"
                                  " WHERE key = ?");
    size_t i;

    if (st == NULL)
        return -1;
    for (i = 0; i < x->nmoves; i++) {
        sqlite3_bind_int64(st, 1, x->moves[i].next_key);
        if (sqlite3_step(st) == SQLITE_ROW)
            x->moves[i].reach += sqlite3_column_int64(st, 0);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    return 0;
}

static int
by_games(const void *a, const void *b)
{
    const ex_move *x = a, *y = b;

    if (x->games != y->games)
        return x->games > y->games ? -1 : 1;
    return strcmp(x->text, y->text);
}

static void
counts(tbuf *b, long games, long w, long d, long l, int json)
{
    if (json)
        tbuf_printf(b, ",\"games\":%ld,\"wins\":%ld,\"draws\":%ld,"
                       "\"losses\":%ld", games, w, d, l);
    else
        tbuf_printf(b, "%7ld games  +%ld =%ld -%ld", games, w, d, l);
}

int
explore_report(db_explore *x, tool_output *out, int json)
{
    tbuf b = {NULL, 0, 0};
    size_t i;
    int rc;

    qsort(x->moves, x->nmoves, sizeof *x->moves, by_games);
    if (json) {
        tbuf_adds(&b, "{\"type\":\"position\",\"file\":null,\"game\":null,"
                      "\"fen\":");
        tbuf_json(&b, x->fen_text);
        counts(&b, x->games, x->wins, x->draws, x->losses, 1);
        tbuf_printf(&b, ",\"ended\":%ld}\n", x->ended);
    } else {
        tbuf_printf(&b, "position %s\n", x->fen_text);
        counts(&b, x->games, x->wins, x->draws, x->losses, 0);
        tbuf_printf(&b, " (first mover's side); %ld end here\n", x->ended);
    }
    for (i = 0; i < x->nmoves; i++) {
        const ex_move *e = &x->moves[i];
        long trans = e->reach > e->games ? e->reach - e->games : 0;

        if (json) {
            tbuf_adds(&b, "{\"type\":\"move\",\"file\":null,\"game\":null,"
                          "\"move\":");
            tbuf_json(&b, e->text);
            counts(&b, e->games, e->wins, e->draws, e->losses, 1);
            tbuf_printf(&b, ",\"transpositions\":%ld}\n", trans);
        } else {
            tbuf_printf(&b, "  %-12s", e->text);
            counts(&b, e->games, e->wins, e->draws, e->losses, 0);
            if (trans != 0)
                tbuf_printf(&b, "  (transposition: %ld more games reach "
                               "the position after it)", trans);
            tbuf_addc(&b, '\n');
        }
    }
    rc = tool_write(out, b.data != NULL ? b.data : "", b.len);
    tbuf_free(&b);
    return rc;
}
