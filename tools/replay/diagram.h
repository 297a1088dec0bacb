/* SPDX-License-Identifier: MIT */
/* Board diagrams for pdn-replay: a text board with the board's own square
 * names, and an SVG picture with the last move marked. */
#ifndef PDN_TOOLS_DIAGRAM_H
#define PDN_TOOLS_DIAGRAM_H

#include "common.h"

/* How diagrams are drawn (pdn-replay -r, -z, -C, -U, --no-numbers,
 * --no-last-move). */
typedef struct diagram_style {
    int flip;            /* seen from the second mover's side */
    int cell;            /* SVG square size in pixels */
    char light[16];      /* SVG colours of the light and dark squares */
    char dark[16];
    int unicode;         /* text: Unicode draughts pieces */
    int no_numbers;      /* no square numbers, files or ranks */
    int no_last;         /* SVG: the last move not marked */
} diagram_style;

/* The default style: not flipped, 44-pixel squares, brown board. */
void diagram_style_init(diagram_style *st);
/* Reads "LIGHT,DARK" (each #rgb, #rrggbb or an SVG colour name, in any
 * case) into st.
 * Returns 0, or -1 when the value is not two such colours. */
int diagram_colours(diagram_style *st, const char *arg);

/* The stacks of a towers variant: n[coord] pieces under the top there,
 * under[coord] those pieces from the top down ('w', 'b', 'W', 'B'), and
 * the coords holding a stack in FEN order. */
typedef struct diagram_stack {
    unsigned char n[256];
    char under[256][PDN_FEN_UNDER_MAX];
    unsigned char order[PDN_FEN_MAX];
    int count;
} diagram_stack;

void diagram_stacks(const pdn_board *b, diagram_stack *st);

/* Appends a text diagram of b to out: White's side at the bottom (the top
 * with st->flip), pieces w b (men) W B (kings), or Unicode discs and
 * crowned discs, '.' for an empty playable square, and the square numbers
 * or the files and ranks beside it, then the stacks of the towers
 * variants ("stacks: d4 B(bbw), ...", the top piece and those beneath it
 * from the top down). */
void diagram_text(tbuf *out, const pdn_board *b, const diagram_style *st);
/* Appends an SVG picture of b to out: caption (may be NULL) above the
 * board, the coloured squares and arrows of the [%csl] and [%cal]
 * commands in marks (comments; may be NULL) in the viewer's colours
 * (R G B Y O C M W), last (may be NULL) the move that led to it, drawn with its path,
 * its squares shaded and the pieces it captured shown faded (as they stood
 * on before, the position before it, when not NULL: kings as kings), or
 * marked where a stack lost its top. Stacks are drawn as the pieces beneath
 * the top, as discs under it, and the stack's height. A standalone
 * document when at is NULL, else an svg element placed at at[0], at[1] of
 * an enclosing one. size (may be NULL) gets its width and height. */
void diagram_svg(tbuf *out, const pdn_board *b, const pdn_board *before,
                 const pdn_move *last, const char *marks, const char *caption,
                 const diagram_style *st, const int *at, int *size);
/* Appends a text element of class cls centred at x, baseline y, holding
 * text in font size fs, or smaller so that it fits width (not under 9),
 * or cut with an ellipsis when it does not fit even so; attrs (may be "")
 * are more attributes, each followed by a blank. */
void diagram_line(tbuf *out, const char *cls, int x, int y, int width,
                  int fs, const char *attrs, const char *text);
/* Appends s to out as XML character data (&, <, >, " escaped; bytes that
 * are not valid UTF-8 read as Latin-1; control characters dropped). */
void diagram_xml(tbuf *out, const char *s);

#endif
