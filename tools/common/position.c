/* SPDX-License-Identifier: MIT */
/* Positions: the GameType of a game (tags, -g/-G/-A, inference), its start
 * position, setups within the moves, legal moves and how they are listed
 * in reports, FEN strings. */
#include <config.h>
#include "position.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Game type and start position: libpdn's pdn_game_gametype,
 * pdn_game_start and pdn_node_apply_setup, with the tools' options and
 * variant inference (infer.c) around them. */

/* -A: a tagged game that is illegal under its tag and legal throughout
 * under another variant of its board (or numbering) is replayed so. */
static void
adapt(const tool_opts *o, const char *file, const pdn_game *g,
      pdn_gametype *gt, tool_out *to)
{
    char was[96], now[96];
    pdn_gametype fit;
    pdn_pos pos;

    if (infer_fits(g, gt, to) || !infer_refit(g, gt, &fit, to))
        return;
    infer_describe(gt, was, sizeof was);
    infer_describe(&fit, now, sizeof now);
    pos = pdn_game_tag_pos(g, "GameType");
    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
              PDN_EVARIANT, NULL,
              "illegal as %s, the GameType tag's; replayed as %s, under "
              "which it is legal (-A)", was, now);
    *gt = fit;
}

/* A new board for gt, or NULL after reporting. */
static pdn_board *
new_board(const tool_opts *o, const char *file, const pdn_game *g,
          const pdn_gametype *gt, tool_out *to)
{
    pdn_error err;
    pdn_board *b;

    pdn_error_clear(&err);
    b = pdn_board_new(gt, &err);
    if (b == NULL) {
        err.pos = pdn_game_tag_pos(g, "GameType");
        err.game = pdn_game_number(g);
        tool_diag_err(o, to, file, &err, NULL);
    }
    return b;
}

/* The worker cache's board for gt, remade (by new_board, which reports)
 * when its GameType differs; NULL when none can be made. */
static pdn_board *
cached_board(tool_cache *c, const tool_opts *o, const char *file,
             const pdn_game *g, const pdn_gametype *gt, tool_out *to)
{
    if (c->board == NULL || !pdn_gametype_equal(&c->gt, gt)) {
        pdn_board_free(c->board);
        c->board = new_board(o, file, g, gt, to);
        if (c->board == NULL)
            return NULL;
        c->gt = *gt;
    }
    return c->board;
}

/* The numbering a bare GameType leaves open: libpdn's decision
 * (pdn_check_numbering), its warning reported. */
static void
renumber(const tool_opts *o, const char *file, const pdn_game *g, int from,
         pdn_gametype *gt, tool_out *to)
{
    tool_cache *c = to != NULL ? to->cache : NULL;
    pdn_finding f;
    char *text;
    size_t n;

    /* the replays reuse the thread's inference context */
    if (c != NULL && c->infer == NULL)
        c->infer = pdn_infer_new();
    pdn_finding_init(&f);
    if (pdn_check_numbering(c != NULL ? c->infer : NULL, g, from, gt, &f) <=
        0)
        return;
    n = pdn_finding_text(&f, 0, NULL, 0);
    text = tool_xmalloc(n + 1);
    pdn_finding_text(&f, 0, text, n + 1);
    tool_diag(o, to, file, &f.pos, f.game, f.severity, f.code, NULL, "%s",
              text);
    free(text);
    pdn_finding_clear(&f);
}

/* No tag and no -g: the variant the game fits (infer.c). A game that fits
 * none throughout is replayed under the one it fits longest, and says
 * which came next. */
static int
by_evidence(const tool_opts *o, const char *file, const pdn_game *g,
            pdn_gametype *gt, tool_out *to)
{
    pdn_infer_result *res = &to->infer.r;
    pdn_pos pos = pdn_game_pos(g);
    char name[96], next[96];
    pdn_gametype ngt;

    if (infer_game(file, g, gt, &to->infer, to) != 0) {
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_ERROR,
                  PDN_EVARIANT, NULL,
                  "cannot infer the game type: its squares fit no board "
                  "(-g sets it)");
        return -1;
    }
    if (gt->giveaway && res->legal) {
        /* the library tried giveaway: a name or the result said so */
        infer_describe(gt, name, sizeof name);
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
                  PDN_EVARIANT, NULL,
                  "no GameType tag: replayed as %s, which %s and its "
                  "result fit (-g sets the variant)",
                  name, infer_giveaway_named(file, g) ? "its name"
                                                      : "its moves");
        return 0;
    }
    if (res->legal || !res->moves)
        return 0;
    infer_describe(gt, name, sizeof name);
    if (res->next < 0) {
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
                  PDN_EVARIANT, NULL,
                  "no GameType tag, and the game is legal under no variant "
                  "of its board: replayed as %s (legal for %lu plies)",
                  name, res->plies);
        return 0;
    }
    infer_cand_gt(res->next, &ngt);
    infer_describe(&ngt, next, sizeof next);
    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
              PDN_EVARIANT, NULL,
              "no GameType tag, and the game is legal under no variant of "
              "its board: replayed as %s (legal for %lu plies), next best "
              "%s (%lu plies)",
              name, res->plies, next, res->next_plies);
    return 0;
}

int
tool_gametype(const tool_opts *o, const char *file, const pdn_game *g,
              pdn_gametype *gt, tool_out *to)
{
    pdn_error err;
    int from;

    if (o->have_force) {
        *gt = o->force;
        return 0;
    }
    /* the GameType tag, else the Variant tag (warned when unknown) */
    from = pdn_game_gametype(g, NULL, gt, &err);
    if (err.code != PDN_OK)
        tool_diag_err(o, to, file, &err, NULL);
    if (from < 0)
        return -1;
    if (from == PDN_GT_TAG || from == PDN_GT_VARIANT)
        renumber(o, file, g, from, gt, to);
    if (from == PDN_GT_TAG && o->adapt)
        adapt(o, file, g, gt, to);
    if (from != PDN_GT_DEFAULT)
        return 0;
    if (o->have_gt) {
        *gt = o->gt;
        return 0;
    }
    if (o->no_infer)
        return 0;
    return by_evidence(o, file, g, gt, to);
}

int
tool_gametype_guess(const tool_opts *o, const char *file, const pdn_game *g,
                    pdn_gametype *gt, const tool_out *to)
{
    pdn_error err;
    int cand;

    if (o->have_force || o->have_gt ||
        pdn_game_gametype(g, NULL, gt, &err) != PDN_GT_DEFAULT ||
        err.code != PDN_OK || to->cache == NULL ||
        (cand = infer_prior_guess(to->cache->prior, g)) < 0 ||
        infer_giveaway_named(file, g))
        return -1;
    infer_cand_gt(cand, gt);
    return cand;
}

void
tool_gametype_took(const pdn_game *g, int cand, tool_out *to)
{
    unsigned long plies = 0;
    const pdn_node *n;

    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
        plies++;
    infer_prior_took(g, cand, plies, &to->infer);
}

/* A setup that its GameType tag rejects ("white man on its promotion
 * row") and another numbering or variant of the board makes legal, with
 * the game legal after it: the same hint as for a move (pdn-legal). */
static void
setup_hint(const tool_opts *o, const char *file, const pdn_game *g,
           const pdn_gametype *gt, const pdn_error *err, tool_out *to)
{
    char was[96], fit[96];
    pdn_gametype alt;

    if (err->code != PDN_ESETUP || o->have_force || o->adapt ||
        pdn_game_tag(g, "GameType") == NULL ||
        !infer_refit(g, gt, &alt, to))
        return;
    infer_describe(gt, was, sizeof was);
    infer_describe(&alt, fit, sizeof fit);
    tool_diag(o, to, file, &err->pos, pdn_game_number(g), PDN_SEV_WARNING,
              PDN_EVARIANT, NULL,
              "setup illegal as %s, but legal as %s: wrong GameType? (-A "
              "replays such games so, -G sets the variant)", was, fit);
}

/* Puts b in g's start position (its FEN tag). 0, or -1 after reporting. */
static int
place_fen(const tool_opts *o, const char *file, const pdn_game *g,
          pdn_board *b, tool_out *to)
{
    pdn_error err;
    int rc = pdn_game_start(g, b, &err);

    if (rc != 0) {
        tool_diag_err(o, to, file, &err, NULL);
        if (rc < 0)
            setup_hint(o, file, g, pdn_board_gametype(b), &err, to);
    }
    return rc < 0 ? -1 : 0;
}

pdn_board *
tool_board(const tool_opts *o, const char *file, const pdn_game *g,
           const pdn_gametype *gt, tool_out *to)
{
    pdn_board *b = new_board(o, file, g, gt, to);

    if (b != NULL && place_fen(o, file, g, b, to) != 0) {
        pdn_board_free(b);
        b = NULL;
    }
    return b;
}

pdn_board *
tool_board_reuse(const tool_opts *o, const char *file, const pdn_game *g,
                 const pdn_gametype *gt, tool_out *to)
{
    tool_cache *c = to->cache;

    if (c == NULL)
        return tool_board(o, file, g, gt, to);
    if (cached_board(c, o, file, g, gt, to) == NULL)
        return NULL;
    return place_fen(o, file, g, c->board, to) == 0 ? c->board : NULL;
}

pdn_movelist *
tool_movelist(tool_out *to)
{
    pdn_movelist *l;

    if (to->cache != NULL && to->cache->moves != NULL)
        return to->cache->moves;
    l = pdn_movelist_new();
    if (l == NULL)
        to->fatal = 1;
    else if (to->cache != NULL)
        to->cache->moves = l;
    return l;
}

void
tool_release(tool_out *to, pdn_board *b, pdn_movelist *l)
{
    if (to->cache != NULL)
        return;
    pdn_board_free(b);
    pdn_movelist_free(l);
}

/* Replay steps shared by pdn-legal and pdn-replay. A setup in the moves
 * keeps its node's position in reports, the FEN having none of its own. */
int
tool_setup(const tool_opts *o, const char *file, const pdn_node *n,
           unsigned long game, pdn_board *b, tool_out *to)
{
    pdn_error err;

    if (pdn_node_setup(n) == NULL || pdn_node_apply_setup(n, b, &err) == 0)
        return 0;
    err.game = game;
    tool_diag_err(o, to, file, &err, NULL);
    return -1;
}

int
tool_moves(const tool_opts *o, const char *file, const pdn_node *n,
           unsigned long game, const pdn_board *b, pdn_movelist *l,
           tool_out *to)
{
    pdn_error err;

    /* The error record is only cleared and filled on failure. */
    if (pdn_board_moves(b, l, NULL) == 0)
        return 0;
    pdn_error_clear(&err);
    pdn_board_moves(b, l, &err);
    err.pos = pdn_node_pos(n);
    err.game = game;
    tool_diag_err(o, to, file, &err, NULL);
    if (err.code == PDN_ENOMEM)
        to->fatal = 1;
    return -1;
}

void
tool_fen(const pdn_board *b, char *buf, size_t size)
{
    pdn_board_fen_string(b, buf, size);
}

void
tool_finding_json(tbuf *x, const pdn_finding *f)
{
    static const char *const key[2] = {",\"move\":", ",\"fen\":"};
    const char *val[2];
    size_t i;

    val[0] = f->move;
    val[1] = f->fen;
    tbuf_adds(x, ",\"ply\":");
    tbuf_addu(x, f->ply);
    for (i = 0; i < 2; i++) {
        tbuf_adds(x, key[i]);
        tbuf_json(x, val[i]);
    }
    tbuf_adds(x, ",\"legal\":[");
    for (i = 0; i < f->nlegal; i++) {
        if (i != 0)
            tbuf_addc(x, ',');
        tbuf_json(x, f->legal[i]);
    }
    tbuf_addc(x, ']');
}

void
tool_move_json(tbuf *x, const pdn_node *n, unsigned long ply,
               const pdn_board *b, const pdn_movelist *l)
{
    pdn_finding f;

    pdn_finding_init(&f);
    if (pdn_finding_at(b, l, n, ply, &f) < 0) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    tool_finding_json(x, &f);
    pdn_finding_clear(&f);
}

void
tool_number_first_move(const tool_opts *o, const char *file, pdn_game *g,
                       const pdn_gametype *gt, tool_out *to)
{
    const char *fen = pdn_game_tag(g, "FEN");
    pdn_node *n = pdn_game_first_mut(g);
    pdn_gametype vgt, igt;
    infer_game_result res;
    unsigned long num;
    const char *v = pdn_game_tag(g, "Variant");

    if (fen == NULL || n == NULL || pdn_game_tag(g, "GameType") != NULL ||
        (v != NULL && pdn_gametype_by_name(v, &vgt) == 0))
        return;
    while (*fen == ' ')
        fen++;
    if (*fen != 'W' && *fen != 'B')
        return;
    /* a tool that does not infer untagged games (pdn-convert copying
     * moves as they are) asks here, quietly, for this game only */
    if (o->no_infer && !o->have_gt && !o->have_force) {
        if (infer_game(file, g, &igt, &res, to) != 0 || !res.r.legal)
            return;
        gt = &igt;
    }
    num = pdn_node_number(n);
    (void)pdn_node_set_number(n, num != 0 ? num : 1, *fen != gt->start);
}
