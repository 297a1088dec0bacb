/* SPDX-License-Identifier: MIT */
/* The game viewer page of pdn-replay -f html: one self-contained HTML file
 * (inline CSS, SVG drawn by a little JavaScript, no network) written as a
 * stream: the page's head and the viewer, then elements holding each
 * game's list entry and data as text, which the page decodes only when
 * the game is listed or shown; with -O, pages of part of the games
 * (html_nav links them) and their index (html_index). The positions are
 * pdn-replay's, computed by libpdn, so the page needs no rules of its
 * own: each ply carries its move's squares and captured squares, and a
 * FEN wherever the position is not the previous one with those squares
 * applied (the start, a setup, every ply of the stack games). */
#ifndef PDN_TOOLS_HTML_H
#define PDN_TOOLS_HTML_H

#include "common.h"
#include "diagram.h"

/* What the page can rebuild of a position: the pieces by coord, the side
 * to move; always: every ply's FEN is written. */
typedef struct html_rec {
    unsigned char prev[256];
    char turn;
    int always;
} html_rec;

/* What a game's replay collects for its main line. */
typedef struct html_game {
    const pdn_gametype *gt;
    tbuf plies;               /* ply codes, space-separated */
    tbuf fens;                /* "PLY":"FEN" members */
    tbuf vars;                /* "INDEX":[LINE,...] members */
    tbuf end;                 /* how the replay ended, in words */
    unsigned long n;          /* plies recorded */
    tbuf moves;               /* the pdn_move of each ply played */
    html_rec rec;
    pdn_drawstate *ds;        /* draw rules along the main line */
    int drawn;                /* a draw rule was reported in end */
    pdn_movelist *l;          /* scratch for the variations */
} html_game;

void html_game_init(html_game *h);
void html_game_free(html_game *h);
/* Records the position b reached by last (NULL: the start position, which
 * must come first). */
void html_ply(html_game *h, const pdn_board *b, const pdn_move *last);
/* Before the main line's next move n is played on b: replays n's
 * variations from b (silently; each stops at its first move that is not
 * legal) and records them. b is unchanged. */
void html_variations(html_game *h, const pdn_board *b, const pdn_node *n);
/* The replay stopped at move n (ply ply) as illegal or ambiguous: why. */
void html_stopped(html_game *h, const pdn_node *n, unsigned long ply,
                  const char *why);
/* The main line ended at b (its last position). */
void html_ended(html_game *h, const pdn_board *b);

/* Appends the page's head: title (the file's base name), style, the viewer
 * script, the empty list and board, and opens the first element of
 * games. */
void html_head(tbuf *out, const char *file, const diagram_style *st);
/* Appends game g (number num) to the open element of games: its list
 * entry (players, event, result, opening) and its data (tags, geometry
 * of gt, the recorded plies, moves with comments, NAGs and variations),
 * a line each. */
void html_game_write(tbuf *out, const html_game *h, const pdn_game *g,
                     unsigned long num, const pdn_gametype *gt);
/* Before the page's game k (0: its first): closes the element of games
 * and opens the next where one ends. */
void html_part(tbuf *out, unsigned long k);
/* Closes the last element of games and the page. */
void html_tail(tbuf *out);
/* The same for a page that loads libpdn's WebAssembly from the file src
 * beside it (-O: the pages share one) instead of holding it. */
void html_tail_src(tbuf *out, const char *src);
/* libpdn's WebAssembly as the pages hold it (wasm/pdn.js; "" when built
 * without --enable-wasm): its text and *len its length. */
const char *html_wasm(size_t *len);
/* Before html_tail on a page of part of a file (-O): links to the pages
 * before and after it (NULL: none) and to the index, and which games it
 * holds ("games 1-5000 of the file"). */
void html_nav(tbuf *out, const char *prev, const char *next,
              const char *index, const char *games);
/* The index of a file's pages (-O): a link to each page (n names, page i
 * holding games range[2i] to range[2i+1]); a link to the index with
 * #g=N&p=PLY goes on to game N's page, page (N - first) / per. */
void html_index(tbuf *out, const char *file, const char *const *pages,
                const unsigned long *range, size_t n, unsigned long first,
                unsigned long per);

#endif
