/* SPDX-License-Identifier: MIT */
/* Text and SVG board diagrams. Geometry comes from the board's GameType:
 * coords are seen from White, so rank height-1 is drawn at the top. */
#include <config.h>
#include "diagram.h"

#define CELL 40   /* SVG square size */
#define MARGIN 20 /* room for coordinates */

static char
piece_char(const pdn_board *b, int coord, int playable)
{
    int p = pdn_board_piece(b, coord);

    if (p != 0)
        return (char)p;
    return playable ? '.' : ' ';
}

/* Numeric boards show a second panel with the square numbers, since the
 * numbering depends on the GameType's corner; algebraic boards show files
 * and ranks around the board instead. */
void
diagram_text(tbuf *out, const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int alg = gt->notation != 'N', f, r, c;
    char name[8];

    for (r = gt->height - 1; r >= 0; r--) {
        if (alg)
            tbuf_printf(out, "%2d ", r + 1);
        for (f = 0; f < gt->width; f++) {
            c = PDN_COORD(f, r);
            tbuf_printf(out, " %c",
                        piece_char(b, c, pdn_coord_playable(gt, c)));
        }
        if (!alg) {
            tbuf_adds(out, "    ");
            for (f = 0; f < gt->width; f++) {
                c = PDN_COORD(f, r);
                if (pdn_coord_playable(gt, c))
                    tbuf_printf(out, "%3d", pdn_coord_to_square(gt, c));
                else
                    tbuf_adds(out, "   ");
            }
        }
        /* no trailing blanks */
        while (out->len > 0 && out->data[out->len - 1] == ' ')
            out->data[--out->len] = '\0';
        tbuf_addc(out, '\n');
    }
    if (alg) {
        tbuf_adds(out, "   ");
        for (f = 0; f < gt->width; f++) {
            pdn_coord_name(gt, PDN_COORD(f, 0), name, sizeof name);
            tbuf_printf(out, " %c", name[0]);
        }
        tbuf_addc(out, '\n');
    }
    tbuf_printf(out, "%s to move\n",
                pdn_board_turn(b) == 'W' ? "White" : "Black");
}

/* Centre of coord c in SVG units. */
static void
centre(const pdn_gametype *gt, int c, int *x, int *y)
{
    *x = MARGIN + PDN_COORD_FILE(c) * CELL + CELL / 2;
    *y = MARGIN + (gt->height - 1 - PDN_COORD_RANK(c)) * CELL + CELL / 2;
}

/* Drawn in layers: squares (with their numbers), coordinates, the last
 * move (its from and to squares shaded, its path as a line through every
 * landing square), then the pieces on top, kings with an inner ring. */
void
diagram_svg(tbuf *out, const pdn_board *b, const pdn_move *last)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int w = gt->width * CELL + 2 * MARGIN, h = gt->height * CELL + 2 * MARGIN;
    int alg = gt->notation != 'N', f, r, c, x, y, i, p;
    int all = pdn_square_count(gt) == gt->width * gt->height;
    char name[8];

    tbuf_printf(out,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                "height=\"%d\" viewBox=\"0 0 %d %d\" "
                "font-family=\"sans-serif\">\n"
                "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                w, h, w, h, w, h);
    for (r = 0; r < gt->height; r++) {
        for (f = 0; f < gt->width; f++) {
            int play, dark;

            c = PDN_COORD(f, r);
            play = pdn_coord_playable(gt, c);
            /* Boards where every square is playable are still checkered. */
            dark = all ? ((f + r) & 1) == 0 : play;
            centre(gt, c, &x, &y);
            tbuf_printf(out,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                        "fill=\"%s\"/>\n",
                        x - CELL / 2, y - CELL / 2, CELL, CELL,
                        dark ? "#b58863" : "#f0d9b5");
            if (play && !alg)
                tbuf_printf(out,
                            "<text x=\"%d\" y=\"%d\" font-size=\"9\" "
                            "fill=\"#f0d9b5\">%d</text>\n",
                            x - CELL / 2 + 2, y - CELL / 2 + 10,
                            pdn_coord_to_square(gt, c));
        }
    }
    if (alg) {
        for (f = 0; f < gt->width; f++) {
            pdn_coord_name(gt, PDN_COORD(f, 0), name, sizeof name);
            tbuf_printf(out,
                        "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
                        "text-anchor=\"middle\">%c</text>\n",
                        MARGIN + f * CELL + CELL / 2, h - 5, name[0]);
        }
        for (r = 0; r < gt->height; r++)
            tbuf_printf(out,
                        "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
                        "text-anchor=\"middle\">%d</text>\n",
                        MARGIN / 2, MARGIN + (gt->height - 1 - r) * CELL +
                                        CELL / 2 + 4, r + 1);
    }
    if (last != NULL && last->n >= 2) {
        for (i = 0; i < last->n; i += last->n - 1) {
            centre(gt, last->path[i], &x, &y);
            tbuf_printf(out,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                        "fill=\"#f6f669\" fill-opacity=\"0.6\"/>\n",
                        x - CELL / 2, y - CELL / 2, CELL, CELL);
        }
        tbuf_adds(out, "<polyline fill=\"none\" stroke=\"#3070c0\" "
                       "stroke-width=\"3\" stroke-opacity=\"0.8\" points=\"");
        for (i = 0; i < last->n; i++) {
            centre(gt, last->path[i], &x, &y);
            tbuf_printf(out, "%s%d,%d", i ? " " : "", x, y);
        }
        tbuf_adds(out, "\"/>\n");
    }
    for (r = 0; r < gt->height; r++) {
        for (f = 0; f < gt->width; f++) {
            c = PDN_COORD(f, r);
            if ((p = pdn_board_piece(b, c)) == 0)
                continue;
            centre(gt, c, &x, &y);
            tbuf_printf(out,
                        "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
                        "stroke=\"#000000\" stroke-width=\"1.5\"/>\n",
                        x, y, CELL * 2 / 5,
                        p == 'w' || p == 'W' ? "#fafafa" : "#202020");
            if (p == 'W' || p == 'B')
                tbuf_printf(out,
                            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
                            "fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>"
                            "\n",
                            x, y, CELL / 5, p == 'W' ? "#c03030" : "#e0c040");
        }
    }
    tbuf_adds(out, "</svg>\n");
}
