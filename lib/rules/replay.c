/* SPDX-License-Identifier: MIT */
/* Replaying games: the GameType that applies, the start position, setups,
 * and the iterator over a line of the move tree. Built on the public game
 * and rules API only. */
#include <config.h>
#include "rules_private.h"
#include "core/pdn_private.h"
#include "pdn/check.h"

#include <stdio.h>
#include <string.h>

pdn_pos
pdn_game_tag_pos(const pdn_game *g, const char *name)
{
    size_t i, n = pdn_game_tag_count(g);

    for (i = 0; i < n; i++)
        if (strcmp(pdn_game_tag_name_at(g, i), name) == 0)
            return pdn_game_tag_pos_at(g, i);
    return pdn_game_pos(g);
}

/* Gives *err (already filled by a parser, or not) g's place: the
 * position pos when it has none, the game number, the severity, and code
 * when none is set. */
static void
place(pdn_error *err, const pdn_game *g, pdn_pos pos, int code, int sev)
{
    if (err == NULL)
        return;
    if (err->pos.line == 0)
        err->pos = pos;
    err->game = pdn_game_number(g);
    err->severity = sev;
    if (err->code == PDN_OK)
        err->code = code;
}

int
pdn_game_gametype(const pdn_game *g, const pdn_gametype *fallback,
                  pdn_gametype *gt, pdn_error *err)
{
    const char *tag = pdn_game_tag(g, "GameType");
    const char *variant = pdn_game_tag(g, "Variant");
    int rc;

    pdn_error_clear(err);
    if (tag != NULL) {
        pdn_gametype vgt;

        rc = pdn_gametype_parse(tag, gt, err);
        if (rc != 0)
            place(err, g, pdn_game_tag_pos(g, "GameType"), PDN_EVARIANT,
                  rc < 0 ? PDN_SEV_ERROR : PDN_SEV_WARNING);
        /* A folk variant named by the Variant tag of a game whose
         * GameType is its base type ("25" with "Northern checkers"). */
        if (rc >= 0 && variant != NULL && gt->folk == PDN_FOLK_NONE &&
            pdn_gametype_by_name(variant, &vgt) == 0 &&
            vgt.folk != PDN_FOLK_NONE && vgt.rules == gt->rules)
            gt->folk = vgt.folk;
        return rc < 0 ? -1 : PDN_GT_TAG;
    }
    if (variant != NULL) {
        pdn_pos pos;

        if (pdn_gametype_by_name(variant, gt) == 0)
            return PDN_GT_VARIANT;
        pos = pdn_game_tag_pos(g, "Variant");
        pdnp_error_set(err, PDN_EVARIANT, PDN_SEV_WARNING, &pos,
                       pdn_game_number(g), "unknown variant '");
        if (err != NULL) {
            pdnp_quote(err->text, sizeof err->text, variant, strlen(variant),
                       120);
            strcat(err->text, "' in the Variant tag");
        }
    }
    if (fallback != NULL)
        *gt = *fallback;
    else
        pdn_gametype_standard(20, gt);
    return PDN_GT_DEFAULT;
}

int
pdn_game_start(const pdn_game *g, pdn_board *b, pdn_error *err)
{
    const char *fen = pdn_game_tag(g, "FEN");
    pdn_error w;
    pdn_fen f;
    int rc;

    pdn_error_clear(err);
    pdn_board_reset(b);
    if (fen == NULL)
        return 0;
    /* A FEN read with a warning (a trailing '.', counters) is used; the
     * warning is given once the position is known to be valid. */
    pdn_error_clear(&w);
    rc = pdn_fen_parse(fen, &f, &w);
    if (rc >= 0 && pdn_board_set_fen(b, &f, err) == 0) {
        if (rc > 0 && err != NULL) {
            *err = w;
            place(err, g, pdn_game_tag_pos(g, "FEN"), PDN_ESETUP,
                  PDN_SEV_WARNING);
        }
        return rc;
    }
    if (rc < 0 && err != NULL)
        *err = w;
    place(err, g, pdn_game_tag_pos(g, "FEN"), PDN_ESETUP, PDN_SEV_ERROR);
    return -1;
}

int
pdn_node_apply_setup(const pdn_node *n, pdn_board *b, pdn_error *err)
{
    const char *setup = pdn_node_setup(n);
    pdn_fen f;

    pdn_error_clear(err);
    if (setup == NULL)
        return 0;
    if (pdn_fen_parse(setup, &f, err) >= 0) {
        /* a warning gives way to the board's verdict */
        pdn_error_clear(err);
        if (pdn_board_set_fen(b, &f, err) == 0)
            return 0;
    }
    /* the setup has no position of its own: its move's */
    if (err != NULL) {
        err->pos = pdn_node_pos(n);
        err->game = pdn_game_number(pdn_node_game(n));
        err->severity = PDN_SEV_ERROR;
        if (err->code == PDN_OK)
            err->code = PDN_ESETUP;
    }
    return -1;
}

/* ---- The iterator ---- */

struct pdn_replay {
    char *source;
    int have_fallback, have_force;
    pdn_gametype fallback, force;
    pdn_gametype_fn *fn;
    void *ud;
    pdn_board *board;       /* remade when the GameType changes */
    pdn_gametype gt;
    int from;
    pdn_movelist *l[2];     /* l[cur]: the last move's scratch */
    int cur;
    const pdn_game *g;
    const pdn_node *next;   /* the next move of the line */
    const pdn_node *node;   /* the last move played, or the failed one */
    pdn_match match;
    pdn_move last;
    int have_last;
    unsigned long ply;
    int failed;
    pdn_error fail;         /* what the failed call said */
};

pdn_replay *
pdn_replay_new(void)
{
    pdn_replay *r = pdnp_calloc(1, sizeof *r);

    if (r == NULL)
        return NULL;
    r->l[0] = pdn_movelist_new();
    r->l[1] = pdn_movelist_new();
    if (r->l[0] == NULL || r->l[1] == NULL) {
        pdn_replay_free(r);
        return NULL;
    }
    return r;
}

void
pdn_replay_free(pdn_replay *r)
{
    if (r == NULL)
        return;
    pdn_board_free(r->board);
    pdn_movelist_free(r->l[0]);
    pdn_movelist_free(r->l[1]);
    pdnp_free(r->source);
    pdnp_free(r);
}

int
pdn_replay_set_source(pdn_replay *r, const char *name)
{
    char *s = NULL;

    if (name != NULL && (s = pdnp_strdup(name)) == NULL)
        return -1;
    pdnp_free(r->source);
    r->source = s;
    return 0;
}

void
pdn_replay_set_fallback(pdn_replay *r, const pdn_gametype *gt)
{
    r->have_fallback = gt != NULL;
    if (gt != NULL)
        r->fallback = *gt;
}

void
pdn_replay_set_force(pdn_replay *r, const pdn_gametype *gt)
{
    r->have_force = gt != NULL;
    if (gt != NULL)
        r->force = *gt;
}

void
pdn_replay_set_gametype_fn(pdn_replay *r, pdn_gametype_fn *fn, void *ud)
{
    r->fn = fn;
    r->ud = ud;
}

/* Ends a call with *err (the source added) and remembers it. */
static int
failed(pdn_replay *r, pdn_error *err)
{
    r->failed = 1;
    pdnp_error_source(&r->fail, r->source != NULL ? r->source : "");
    if (err != NULL)
        *err = r->fail;
    return -1;
}

/* The GameType of g and a board for it in g's start position. */
static int
setup_game(pdn_replay *r, const pdn_game *g, pdn_error *w)
{
    pdn_gametype gt;
    int rc = 0;

    pdn_error_clear(w);
    if (r->have_force) {
        gt = r->force;
        r->from = PDN_GT_CALLER;
    } else {
        r->from = pdn_game_gametype(g, r->have_fallback ? &r->fallback : NULL,
                                    &gt, &r->fail);
        if (r->from < 0)
            return -1;
        *w = r->fail;
        pdn_error_clear(&r->fail);
    }
    if (r->fn != NULL) {
        if (r->fn(g, &gt, r->from, r->ud, &r->fail) != 0) {
            place(&r->fail, g, pdn_game_pos(g), PDN_EVARIANT, PDN_SEV_ERROR);
            if (r->fail.text[0] == '\0')
                strcpy(r->fail.text, "no game type for this game");
            return -1;
        }
        r->from = PDN_GT_CALLER;
    }
    if (r->board == NULL || !pdn_gametype_equal(&r->gt, &gt)) {
        pdn_board_free(r->board);
        r->board = pdn_board_new(&gt, &r->fail);
        if (r->board == NULL) {
            place(&r->fail, g, pdn_game_tag_pos(g, "GameType"), PDN_EVARIANT,
                  PDN_SEV_ERROR);
            return -1;
        }
        r->gt = gt;
    }
    rc = pdn_game_start(g, r->board, &r->fail);
    if (rc < 0)
        return -1;
    if (rc > 0 && w->code == PDN_OK)
        *w = r->fail;
    pdn_error_clear(&r->fail);
    return w->code != PDN_OK;
}

/* Plays n: its setup, then its move. 1, or -1 with r->fail. */
static int
play(pdn_replay *r, const pdn_node *n)
{
    const pdn_movetext *mt = pdn_node_move(n);
    pdn_movelist *l = r->l[r->cur ^ 1];
    pdn_pos pos = pdn_node_pos(n);
    unsigned long game = pdn_game_number(r->g);
    int rc;

    r->node = n;
    if (pdn_node_apply_setup(n, r->board, &r->fail) != 0)
        return -1;
    if (mt == NULL) {
        pdnp_error_set(&r->fail, PDN_EMOVE, PDN_SEV_ERROR, &pos, game,
                       "no move to play at ply %lu: '%s'", r->ply + 1,
                       pdn_node_text(n) != NULL ? pdn_node_text(n) : "");
        return -1;
    }
    rc = pdn_board_play(r->board, mt, &r->match, l, &r->fail);
    if (rc == PDN_MATCH_LEGAL) {
        r->cur ^= 1;
        r->last = r->match.move;
        r->have_last = 1;
        r->ply++;
        return 1;
    }
    if (rc < 0) {
        place(&r->fail, r->g, pos, PDN_ELIMIT, PDN_SEV_ERROR);
    } else {
        /* the checker's words (pdn_check_move): the paths an ambiguous
         * move fits, a move after the end of the game */
        pdn_finding f;
        char text[PDN_ERROR_TEXT_SIZE], mv[PDN_ERROR_TEXT_SIZE];

        pdn_finding_init(&f);
        if (pdn_check_move(r->board, l, &r->match, n, r->ply + 1, 0, &f) <
            0) {
            /* no memory for the record's lists: its words without them */
            snprintf(mv, sizeof mv, "%s", pdn_node_text(n));
            pdnp_check_kind(l, &r->match, &f);
            f.ply = r->ply + 1;
            f.move = mv;
            pdn_finding_text(&f, 0, text, sizeof text);
            f.move = NULL;
        } else {
            pdn_finding_text(&f, 0, text, sizeof text);
        }
        pdnp_error_set(&r->fail, f.code, PDN_SEV_ERROR, &pos, game, "%s",
                       text);
        pdn_finding_clear(&f);
    }
    return -1;
}

/* One line on the way to a variation: its first node, the line it
 * branches from (an index, -1 for the main line) and the node there whose
 * variation it is. */
typedef struct way {
    const pdn_node *first;
    long parent;
    const pdn_node *owner;
} way;

/* Finds the line that starts with target in g's tree (ways[*at]); 0, -1
 * when it is not there, -2 when memory runs out. */
static int
find_line(const pdn_game *g, const pdn_node *target, way **ways, long *at)
{
    size_t n = 0, cap = 16, done = 0;
    way *w = pdnp_malloc(cap * sizeof *w);

    if (w == NULL)
        return -2;
    w[n].first = pdn_game_first(g);
    w[n].parent = -1;
    w[n++].owner = NULL;
    /* breadth first: ways[] holds every line found, none popped */
    for (; done < n; done++) {
        const pdn_node *x;

        if (w[done].first == target) {
            *ways = w;
            *at = (long)done;
            return 0;
        }
        for (x = w[done].first; x != NULL; x = pdn_node_next(x)) {
            size_t i, nv = pdn_node_variation_count(x);

            for (i = 0; i < nv; i++) {
                if (n == cap) {
                    way *w2 = pdnp_realloc(w, 2 * cap * sizeof *w);
                    if (w2 == NULL) {
                        pdnp_free(w);
                        return -2;
                    }
                    w = w2;
                    cap *= 2;
                }
                w[n].first = pdn_node_variation_at(x, i);
                w[n].parent = (long)done;
                w[n++].owner = x;
            }
        }
    }
    pdnp_free(w);
    return -1;
}

/* Plays the moves before line ways[at]: those of the lines it branches
 * from, up to the node each branch replaces. */
static int
play_way(pdn_replay *r, const way *w, long at)
{
    long chain[64], *path = chain, k = 0, i;
    int rc = 0;

    for (i = at; i >= 0; i = w[i].parent)
        k++;
    if (k > 64 && (path = pdnp_malloc((size_t)k * sizeof *path)) == NULL) {
        pdnp_error_set(&r->fail, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    for (i = at; i >= 0; i = w[i].parent)
        path[--k] = i;
    for (i = 0; w[path[i]].first != w[at].first && rc == 0; i++) {
        const pdn_node *x, *stop = w[path[i + 1]].owner;

        for (x = w[path[i]].first; x != stop && rc == 0; x = pdn_node_next(x))
            rc = play(r, x) == 1 ? 0 : -1;
    }
    if (path != chain)
        pdnp_free(path);
    return rc;
}

int
pdn_replay_start(pdn_replay *r, const pdn_game *g, const pdn_node *line,
                 pdn_error *err)
{
    pdn_error w;
    int rc;

    pdn_error_clear(err);
    if (r == NULL || g == NULL)
        return pdnp_error_arg(err, "pdn_replay_start", r ? "g" : "r");
    pdn_error_clear(&r->fail);
    r->g = g;
    r->node = NULL;
    r->next = NULL;
    r->have_last = 0;
    r->ply = 0;
    r->failed = 0;
    memset(&r->match, 0, sizeof r->match);
    if (g == NULL) {
        pdnp_error_set(&r->fail, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0,
                       "no game");
        return failed(r, err);
    }
    if ((rc = setup_game(r, g, &w)) < 0)
        return failed(r, err);
    r->next = pdn_game_first(g);
    if (line != NULL && line != r->next) {
        way *ways;
        long at;

        if ((rc = find_line(g, line, &ways, &at)) != 0) {
            if (rc == -2)
                pdnp_error_set(&r->fail, PDN_ENOMEM, PDN_SEV_ERROR, NULL,
                               pdn_game_number(g), "out of memory");
            else
                pdnp_error_set(&r->fail, PDN_EMOVE, PDN_SEV_ERROR, NULL,
                               pdn_game_number(g),
                               "the line to replay is no variation of the "
                               "game");
            return failed(r, err);
        }
        rc = play_way(r, ways, at);
        pdnp_free(ways);
        if (rc < 0)
            return failed(r, err);
        r->next = line;
    }
    if (w.code != PDN_OK) {
        pdnp_error_source(&w, r->source != NULL ? r->source : "");
        if (err != NULL)
            *err = w;
        return 1;
    }
    return 0;
}

int
pdn_replay_next(pdn_replay *r, pdn_error *err)
{
    const pdn_node *n = r->next;

    pdn_error_clear(err);
    if (r->failed) {
        if (err != NULL)
            *err = r->fail;
        return -1;
    }
    if (n == NULL || r->board == NULL)
        return 0;
    if (play(r, n) < 0)
        return failed(r, err);
    r->next = pdn_node_next(n);
    return 1;
}

const pdn_gametype *
pdn_replay_gametype(const pdn_replay *r)
{
    return r->board != NULL ? &r->gt : NULL;
}

int
pdn_replay_gametype_from(const pdn_replay *r)
{
    return r->from;
}

const pdn_board *
pdn_replay_board(const pdn_replay *r)
{
    return r->board;
}

unsigned long
pdn_replay_ply(const pdn_replay *r)
{
    return r->ply;
}

const pdn_node *
pdn_replay_node(const pdn_replay *r)
{
    return r->node;
}

const pdn_move *
pdn_replay_move(const pdn_replay *r)
{
    return r->have_last ? &r->last : NULL;
}

const pdn_match *
pdn_replay_match(const pdn_replay *r)
{
    return &r->match;
}

const pdn_movelist *
pdn_replay_moves(const pdn_replay *r)
{
    return r->l[r->failed ? r->cur ^ 1 : r->cur];
}

size_t
pdn_replay_move_text(const pdn_replay *r, unsigned flags, char *buf,
                     size_t size)
{
    if (!r->have_last || r->board == NULL) {
        if (size > 0)
            buf[0] = '\0';
        return 0;
    }
    /* l[cur] holds the legal moves that shared the last move's squares,
     * which is what the short form needs; only the board's GameType is
     * read. */
    return pdn_move_format(r->board, r->l[r->cur], &r->last, flags, buf,
                           size);
}

size_t
pdn_replay_fen(const pdn_replay *r, char *buf, size_t size)
{
    if (r->board == NULL) {
        if (size > 0)
            buf[0] = '\0';
        return 0;
    }
    return pdn_board_fen_string(r->board, buf, size);
}
