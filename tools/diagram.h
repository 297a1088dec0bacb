/* SPDX-License-Identifier: MIT */
/* Board diagrams for pdn-replay: a text board with the board's own square
 * names, and an SVG picture with the last move marked. */
#ifndef PDN_TOOLS_DIAGRAM_H
#define PDN_TOOLS_DIAGRAM_H

#include "common.h"

/* Appends a text diagram of b to out: White's side at the bottom, pieces
 * w b (men) W B (kings), '.' for an empty playable square, and the square
 * numbers or the files and ranks beside it. */
void diagram_text(tbuf *out, const pdn_board *b);
/* Appends a standalone SVG document of b to out; last (may be NULL) is the
 * move that led to it, drawn as a marked path. */
void diagram_svg(tbuf *out, const pdn_board *b, const pdn_move *last);

#endif
