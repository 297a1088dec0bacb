/* SPDX-License-Identifier: MIT */
/* A board as an SVG image (pdn_board_svg): squares, pieces, crowns,
 * stack heights, square numbers. Written into the caller's buffer like
 * snprintf, without allocation. Geometry comes from the GameType: coords
 * are seen from White, rank height-1 at the top (at the bottom when
 * flipped); on Turkish boards, where every square is used, all squares
 * take the dark colour. */
#include <config.h>
#include "rules_private.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The output so far: what fits in buf, and the length it needs. */
typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void
put(out *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
                  o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

/* The height of the stack on coord c in the towers variants (1 for a
 * single piece), from the FEN, which lists the pieces under each top. */
static int
stack_height(const pdn_fen *f, const pdn_board *b, int c)
{
    size_t i;
    int num = pdn_coord_to_square(&b->gt, c);

    for (i = 0; i < f->count; i++) {
        const pdn_fen_piece *p = &f->piece[i];
        if (p->algebraic ? p->sq == c : p->sq == num)
            return 1 + p->nunder;
    }
    return 1;
}

static void
piece(out *o, int p, double x, double y, int cell, int height)
{
    int black = p == 'b' || p == 'B', king = p == 'W' || p == 'B';
    double r = cell * 0.38;

    put(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" "
           "stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
        x, y, r, black ? "#222222" : "#fafafa", black ? "#000000" : "#555555",
        cell * 0.04);
    if (king)
        put(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" "
               "stroke=\"%s\" stroke-width=\"%.1f\"/>\n"
               "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" "
               "text-anchor=\"middle\" fill=\"%s\">K</text>\n",
            x, y, r * 0.6, "#c8a000", cell * 0.05, x, y + cell * 0.1,
            cell * 0.3, "#c8a000");
    if (height > 1)
        put(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" "
               "font-weight=\"bold\" text-anchor=\"end\" fill=\"%s\" "
               "stroke=\"#ffffff\" stroke-width=\"%.1f\">%d</text>\n",
            x + r, y + r, cell * 0.3, black ? "#c00000" : "#0030c0",
            cell * 0.02, height);
}

size_t
pdn_board_svg(const pdn_board *b, unsigned flags, int cell, char *buf,
              size_t size)
{
    const pdn_gametype *gt;
    out o = {buf, size, 0};
    int w, h, all, f, r;
    int flip = (flags & PDN_SVG_FLIP) != 0;
    pdn_fen fen;

    if (buf == NULL)
        size = o.size = 0;
    if (size > 0)
        buf[0] = '\0';
    if (b == NULL)
        return 0;
    gt = &b->gt;
    w = gt->width;
    h = gt->height;
    all = b->g.nplay == w * h;
    if (cell <= 0)
        cell = 40;
    if (cell > 400)
        cell = 400;
    if (b->tw != NULL)
        pdn_board_get_fen(b, &fen);
    if (!(flags & PDN_SVG_NO_HEADER))
        put(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\">\n",
        w * cell, h * cell, w * cell, h * cell);
    for (r = 0; r < h; r++) {
        for (f = 0; f < w; f++) {
            int file = flip ? w - 1 - f : f, rank = flip ? r : h - 1 - r;
            int c = PDN_COORD(file, rank), play = pdn_coord_playable(gt, c);
            int p = play ? pdn_board_piece(b, c) : 0;
            double x = f * cell, y = r * cell;

            put(&o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"%s\"%s/>\n",
                f * cell, r * cell, cell, cell,
                play ? "#b58863" : "#f0d9b5",
                all ? " stroke=\"#6b4f35\"" : "");
            if (p != 0)
                piece(&o, p, x + cell / 2.0, y + cell / 2.0, cell,
                      b->tw != NULL ? stack_height(&fen, b, c) : 1);
            /* the number in the square's corner, over a piece's edge */
            if (play && (flags & PDN_SVG_NUMBERS)) {
                char name[8];
                pdn_coord_name(gt, c, name, sizeof name);
                put(&o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" "
                        "fill=\"#f0d9b5\">%s</text>\n",
                    x + cell * 0.04, y + cell * 0.22, cell * 0.2, name);
            }
        }
    }
    put(&o, "</svg>\n");
    return o.len;
}
