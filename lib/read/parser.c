/* SPDX-License-Identifier: MIT */
/* The PDN grammar, read one game at a time into a pdn_game: the token
 * loop that hands each token to its item's grammar function (items.c).
 * Variations use an explicit stack of frames, not recursion.
 *
 * Grammar as read (PDN 3.0 reading grammar plus the forms found in real
 * files; every form outside PDN 3.0 gives a warning):
 *
 *   file        = { game } ;
 *   game        = { tag-pair | comment } , body , [ terminator ] ;
 *   tag-pair    = "[" , name , value , "]" ;
 *   value       = string | smart-quoted | bare-text ;   (bare: warning)
 *   body        = { item } ;
 *   item        = move-number | move | placeholder | variation | comment
 *               | nag | strength | setup | "*" (legacy forced mark) ;
 *   move-number = digits , ( "." | "..." ) ;            (may be glued)
 *   move        = square , { sep , square } , [ strength ] , [ "*" ] ;
 *   sep         = "-" | "x" | "X" | ":" | "" (algebraic only) ;
 *   strength    = ( "!" | "?" ) , { "!" | "?" } | "(" , strength , ")" ;
 *   variation   = "(" , body , ")" ;      ("(" prose ")" is a comment)
 *   comment     = "{" , text , "}" | ";" , text-to-eol ;
 *   nag         = "$" , digits ;
 *   setup       = "/" , "FEN" , string , "/" ;
 *   terminator  = "*" | result ;
 *   result      = "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1"
 *               | "0-0" | the same with ":" | "½-½" ;
 *
 * A game also ends, with a warning, where a tag pair follows its body,
 * where the input ends, or at a result glued to the next game's move
 * number ("0-001.33-29": the next game starts at "01."). Lines starting
 * with '%' are ignored (lexer). The
 * plain moves and move numbers that make up most of a game are read by
 * the lexer's pdnp_lex_plain into the same grammar functions. */
#include <config.h>
#include "reader_private.h"

#include <string.h>

/* After a token of a tag section that cannot be read: the error names
 * it (unless the game has an earlier one), the rest of its line is
 * skipped, and the tag section goes on. */
static void
skip_tag_line(pdn_reader *r, int had_err)
{
    pdnp_frame *f = pdnp_top(r);
    char qb[64];
    if (!had_err) {
        pdn_error_clear(&r->dg.e);
        pdnp_fail(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "text '%s' between tag pairs ignored to the end of its "
                  "line",
                  pdnp_lex_quote_token(&r->lx, qb, sizeof qb));
    }
    pdnp_lex_skip_line(&r->lx);
    r->has_body = 0;
    f->number = 0;
    f->ellipsis = 0;
}

/* The first token makes the game (even a broken one: the game holds its
 * text). 0, or -1 when memory runs out. */
static int
start_game(pdn_reader *r, const pdn_pos *raw)
{
    r->g = pdn_game_new();
    if (r->g == NULL)
        return pdnp_nomem(&r->dg);
    r->g->number = ++r->ngames;
    r->g->pos = r->lx.tpos;
    r->g->raw_off = raw->offset;
    r->g->raw_col = raw->column;
    return pdnp_push_frame(r, NULL);
}

/* The limits, checked after every token: -1 (error set) when one is
 * passed. */
static int
over_limits(pdn_reader *r, int t, int had_err)
{
    if (r->lx.over && (t == PDNP_T_EOF || t == PDNP_T_ERROR)) {
        /* The token ran past the window's limit: the game is too
         * long, whatever the lexer made of its cut end. */
        if (!had_err)
            pdn_error_clear(&r->dg.e);
        pdnp_fail(&r->dg, PDN_ELIMIT, &r->lx.tpos,
                  "game longer than %zu bytes", r->lx.max_game);
        return -1;
    }
    if (t == PDNP_T_ERROR)
        return -1;
    if (pdnp_lex_game_len(&r->lx) > r->lx.max_game) {
        pdnp_fail(&r->dg, PDN_ELIMIT, &r->lx.tpos,
                  "game longer than %zu bytes", r->lx.max_game);
        return -1;
    }
    if (pdnp_game_mem(r->g) > r->max_model) {
        pdnp_fail(&r->dg, PDN_ELIMIT, &r->lx.tpos,
                  "game holds more than %zu bytes of moves, tags and "
                  "comments",
                  r->max_model);
        return -1;
    }
    return 0;
}

/* '(': a variation, or prose read as a comment. */
static int
open_paren(pdn_reader *r, int *item)
{
    if (pdnp_lex_prose(&r->lx)) {
        *item = 0;
        return pdnp_comment(r);
    }
    r->has_body = 1;
    if (pdnp_top(r)->last == NULL)
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "variation before any move of its line; it is taken as "
                  "an alternative to the next move");
    return pdnp_push_frame(r, pdnp_top(r)->last);
}

/* One token to its grammar function. Returns 0 to go on, 1 when the game
 * ended, -1 on error, -2 on an error that ends the game even in its tag
 * section; *item: 0 when the token is no item that comments
 * can follow. */
static int
item(pdn_reader *r, int t, int *item)
{
    char qb[64];
    int rc;

    switch (t) {
    case PDNP_T_LBRACKET:
        if (r->has_body && pdnp_lex_tag_follows(&r->lx, 1)) {
            pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                      "game has no terminator; it ends before this tag "
                      "pair");
            pdnp_lex_unread(&r->lx);
            return 1;
        }
        return pdnp_tag_pair(r);
    case PDNP_T_RBRACKET:
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos, "stray ']' ignored");
        return 0;
    case PDNP_T_WORD:
        rc = pdnp_word(r);
        if (rc == 2) {
            *item = 0;
            return 0;
        }
        return rc;
    case PDNP_T_STAR:
        *item = 0; /* a NAG of its move, or the end */
        return pdnp_star(r);
    case PDNP_T_LPAREN:
        return open_paren(r, item);
    case PDNP_T_RPAREN:
        if (r->nframes <= 1) {
            pdnp_fail(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                      "unexpected ')' with no open variation");
            return -1;
        }
        rc = pdnp_close_frame(r);
        if (rc == 1)
            *item = 0;
        return rc < 0 ? rc : 0;
    case PDNP_T_COMMENT:
        return pdnp_comment(r);
    case PDNP_T_NAG:
        *item = 0; /* part of its move, written right after it */
        return pdnp_nag(r);
    case PDNP_T_STRENGTH:
        *item = 0; /* glued to its move when written */
        return pdnp_strength(r);
    case PDNP_T_SETUP:
        r->has_body = 1;
        *item = 0; /* it belongs to the next move */
        return pdnp_setup(r);
    case PDNP_T_STRING:
        pdnp_fail(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "unexpected '\"' outside a tag pair");
        return -1;
    default:
        pdnp_fail(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "unexpected character '%s'",
                  pdnp_lex_quote_token(&r->lx, qb, sizeof qb));
        return -1;
    }
}

/* Closes what a broken game left open. */
static void
close_all(pdn_reader *r)
{
    while (r->nframes > 1)
        if (pdnp_close_frame(r) < 0)
            break;
    if (r->nframes >= 1) {
        r->nframes = 1;
        pdnp_split_trailing(r);
    }
}

/* The end of a game read to its end (ended: by its terminator or the next
 * tag pair). */
static int
end_game(pdn_reader *r, int ended)
{
    if (r->nframes > 1) {
        pdnp_fail(&r->dg, PDN_ESYNTAX, &r->frames[r->nframes - 1].open,
                  "unterminated variation: '(' has no matching ')'");
        close_all(r);
        return -1;
    }
    if (!ended && r->has_body)
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "game has no terminator at the end of the input");
    pdnp_split_trailing(r);
    if (r->g->ntags == 0)
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->g->pos, "game has no tag pairs");
    /* An error that the game was read past (a broken tag line). */
    return r->dg.e.code != PDN_OK ? 2 : 1;
}

int
pdnp_parse_game(pdn_reader *r)
{
    pdn_pos raw = pdnp_lex_game_pos(&r->lx);
    int t, rc = 0;

    r->dg.game = r->ngames + 1;
    r->has_body = 0;
    r->high = 0;
    r->nhi = 0;
    r->nframes = 0;
    for (;;) {
        int is_item = 1; /* a non-comment item: comments after it trail */
        int in_tags, had_err;
        if (r->has_body && r->nframes > 0 && pdnp_plain_items(r) < 0)
            goto fail;
        had_err = r->dg.e.code != PDN_OK;
        t = pdnp_lex(&r->lx);
        if ((t == PDNP_T_EOF && !r->lx.over) ||
            (t == PDNP_T_ERROR && r->dg.fatal))
            break;
        if (r->g == NULL && start_game(r, &raw) < 0)
            goto fail;
        if (over_limits(r, t, had_err) < 0)
            goto fail;
        /* Inside a tag section (tags read, no movetext yet), a line that
         * cannot be read is skipped, with an error, rather than ending
         * the game there and making the rest of it a game of its own. */
        in_tags = !r->has_body && r->g->ntags > 0;
        rc = item(r, t, &is_item);
        if (rc == -2)
            goto fail; /* an error that ends the game even in tags */
        if (rc < 0 && in_tags && !r->dg.fatal && t != PDNP_T_LBRACKET &&
            r->dg.e.code != PDN_ELIMIT) {
            skip_tag_line(r, had_err);
            continue;
        }
        if (rc < 0)
            goto fail;
        if (rc == 1)
            return end_game(r, 1);
        if (is_item && t != PDNP_T_COMMENT && t != PDNP_T_LBRACKET &&
            t != PDNP_T_RBRACKET && r->nframes > 0)
            pdnp_mark_item(pdnp_top(r));
    }
    if (r->g == NULL)
        return 0;
    return end_game(r, 0);
fail:
    if (r->g != NULL && !r->dg.fatal)
        close_all(r);
    return -1;
}

/* A game over the size limit keeps its first max_game bytes as its raw
 * text; the rest is only counted (raw_span). */
static int
hold_big(void *ud, const char *bytes, size_t n)
{
    pdn_reader *r = ud;
    pdn_game *g = r->g;
    if (g->raw != NULL)
        return 0;
    if (n > r->lx.max_game)
        n = r->lx.max_game;
    g->raw = pdnp_malloc(n + 1);
    if (g->raw == NULL)
        return pdnp_nomem(&r->dg);
    memcpy(g->raw, bytes, n);
    g->raw[n] = '\0';
    g->raw_len = n;
    return 0;
}

void
pdnp_skip_game(pdn_reader *r)
{
    for (;;) {
        int t;
        /* A game over the size limit is skipped in bounded memory. */
        if (r->lx.over || pdnp_lex_game_len(&r->lx) > r->lx.max_game) {
            if (pdnp_lex_skip_big(&r->lx, r->has_body,
                                  r->g != NULL ? hold_big : NULL, r) == 0 &&
                r->g->raw != NULL) {
                r->g->raw_span =
                    pdnp_lex_pos(&r->lx, r->lx.pos).offset - r->g->raw_off;
                pdnp_lex_next_game(&r->lx);
            }
            return;
        }
        t = pdnp_lex(&r->lx);
        if (r->lx.over)
            continue;
        if (t == PDNP_T_EOF || r->dg.fatal)
            return;
        if (t == PDNP_T_WORD && r->lx.slen == 0 &&
            pdn_result_token(pdnp_lex_val(&r->lx), r->lx.vlen) != NULL)
            return;
        if (t == PDNP_T_WORD) {
            size_t k;
            pdn_pos pos = r->lx.tpos;
            if (pdnp_lex_glued_result(pdnp_lex_val(&r->lx), r->lx.vlen,
                                      &k) != NULL) {
                pdnp_glued_result(r, pdnp_lex_val(&r->lx), r->lx.vlen, k, &pos);
                return;
            }
        }
        if (t == PDNP_T_STAR && r->lx.ws_before &&
            !pdnp_lex_result_follows(&r->lx))
            return;
        if (t == PDNP_T_LBRACKET && pdnp_lex_tag_follows(&r->lx, 0)) {
            pdnp_lex_unread(&r->lx);
            return;
        }
    }
}
