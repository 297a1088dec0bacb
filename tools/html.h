/* SPDX-License-Identifier: MIT */
/* The game viewer page of pdn-replay -f html: one self-contained HTML file
 * (inline CSS, SVG drawn by a little JavaScript, no network) written as a
 * stream: the page's head, then one script element per game that adds it
 * to the list as soon as the browser has read it. The positions are
 * pdn-replay's (a FEN per ply), so the page needs no rules of its own. */
#ifndef PDN_TOOLS_HTML_H
#define PDN_TOOLS_HTML_H

#include "common.h"
#include "diagram.h"

/* What a game's replay collects: one entry per ply, the move's path,
 * captured squares and promotion, with the FEN only where the position is
 * not the previous one with the move applied (the start, a setup); the
 * page rebuilds the other FENs, as pdn_board_get_fen writes them. */
typedef struct html_game {
    tbuf pos;                 /* JSON arrays, comma-separated */
    unsigned long plies;      /* positions after the start */
    unsigned char prev[256];  /* the last position recorded, by coord */
    char turn;                /* and its side to move */
} html_game;

void html_game_init(html_game *h);
void html_game_free(html_game *h);
/* Records the position b reached by last (NULL: the start position). */
void html_ply(html_game *h, const pdn_board *b, const pdn_move *last);

/* Appends the page's head: title (the file's name), style, the viewer
 * script and the empty list and board. */
void html_head(tbuf *out, const char *file, const diagram_style *st);
/* Appends game g (number num) as a script element: tags, geometry of gt,
 * the recorded positions and the main line's moves with comments, NAGs
 * and variations as text. */
void html_game_write(tbuf *out, const html_game *h, const pdn_game *g,
                     unsigned long num, const pdn_gametype *gt);

#endif
