/* SPDX-License-Identifier: MIT */
/* A file's games all illegal as read, and all legal under one change of
 * their GameType (see suggest.h). The "did you mean" of one move is the
 * library's (pdn_check_move). */
#include <config.h>
#include "suggest.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

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
suggest_file_end(const tool_opts *o, const char *file, tool_out *t)
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
        tool_diag(o, t, file, NULL, 0, PDN_SEV_WARNING, PDN_EVARIANT,
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
