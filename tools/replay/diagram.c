/* SPDX-License-Identifier: MIT */
/* Text and SVG board diagrams. Geometry comes from the board's GameType:
 * coords are seen from White, so rank height-1 is drawn at the top (the
 * bottom when flipped). Italian and Spanish boards come out with their
 * light corner square at White's left because their GameType says that a1
 * is not playable; Turkish boards, where every square is used, are drawn
 * as one colour with lines, as the game is played orthogonally. */
#include <config.h>
#include "diagram.h"

#include <ctype.h>
#include <math.h>
#include <string.h>
#include <strings.h>

void
diagram_style_init(diagram_style *st)
{
    memset(st, 0, sizeof *st);
    st->cell = 44;
    strcpy(st->light, "#f0d9b5");
    strcpy(st->dark, "#b58863");
}

/* The colour names of SVG and CSS. */
static const char *const colour_names[] = {
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige",
    "bisque", "black", "blanchedalmond", "blue", "blueviolet", "brown",
    "burlywood", "cadetblue", "chartreuse", "chocolate", "coral",
    "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan",
    "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
    "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred",
    "darksalmon", "darkseagreen", "darkslateblue", "darkslategray",
    "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
    "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick",
    "floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite",
    "gold", "goldenrod", "gray", "green", "greenyellow", "grey", "honeydew",
    "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
    "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral",
    "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen",
    "lightgrey", "lightpink", "lightsalmon", "lightseagreen", "lightskyblue",
    "lightslategray", "lightslategrey", "lightsteelblue", "lightyellow",
    "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
    "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen",
    "mediumslateblue", "mediumspringgreen", "mediumturquoise",
    "mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin",
    "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
    "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise",
    "palevioletred", "papayawhip", "peachpuff", "peru", "pink", "plum",
    "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue",
    "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell", "sienna",
    "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow",
    "springgreen", "steelblue", "tan", "teal", "thistle", "tomato",
    "turquoise", "violet", "wheat", "white", "whitesmoke", "yellow",
    "yellowgreen", NULL};

static int
colour(const char *s, size_t n, char *dst)
{
    size_t i;

    if (n == 0 || n >= 16)
        return -1;
    if (s[0] == '#') {
        if (n != 4 && n != 7)
            return -1;
        for (i = 1; i < n; i++)
            if (!isxdigit((unsigned char)s[i]))
                return -1;
    } else {
        for (i = 0; colour_names[i] != NULL; i++)
            if (strlen(colour_names[i]) == n &&
                strncasecmp(colour_names[i], s, n) == 0)
                break;
        if (colour_names[i] == NULL)
            return -1;
    }
    memcpy(dst, s, n);
    dst[n] = '\0';
    return 0;
}

int
diagram_colours(diagram_style *st, const char *arg)
{
    const char *comma = strchr(arg, ',');

    if (comma == NULL ||
        colour(arg, (size_t)(comma - arg), st->light) != 0 ||
        colour(comma + 1, strlen(comma + 1), st->dark) != 0)
        return -1;
    return 0;
}

void
diagram_xml(tbuf *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n;

    while (*s != '\0') {
        if (*s == '&') {
            tbuf_adds(out, "&amp;");
        } else if (*s == '<') {
            tbuf_adds(out, "&lt;");
        } else if (*s == '>') {
            tbuf_adds(out, "&gt;");
        } else if (*s == '"') {
            tbuf_adds(out, "&quot;");
        } else if (*s < 0x20) {
            if (*s == '\n' || *s == '\t')
                tbuf_addc(out, ' ');
        } else if (*s < 0x80) {
            tbuf_addc(out, (char)*s);
        } else if ((n = tool_utf8_len(s)) != 0) {
            tbuf_add(out, (const char *)s, n);
            s += n;
            continue;
        } else {
            tbuf_addc(out, (char)(0xc0 | (*s >> 6)));
            tbuf_addc(out, (char)(0x80 | (*s & 0x3f)));
        }
        s++;
    }
}

/* Unicode draughts pieces: white man, white king, black man, black king. */
static const char *
piece_text(int p, int unicode, int playable)
{
    static const char *const uni[] = {"\xe2\x9b\x80", "\xe2\x9b\x81",
                                      "\xe2\x9b\x82", "\xe2\x9b\x83"};
    static char one[2];

    if (p == 0)
        return playable ? (unicode ? "\xc2\xb7" : ".") : " ";
    if (unicode)
        return uni[(p == 'b' || p == 'B') * 2 + (p == 'W' || p == 'B')];
    one[0] = (char)p;
    return one;
}

/* Column f / row r of the drawing holds file df(f) / rank dr(r). */
#define DF(gt, st, f) ((st)->flip ? (gt)->width - 1 - (f) : (f))
#define DR(gt, st, r) ((st)->flip ? (r) : (gt)->height - 1 - (r))

void
diagram_stacks(const pdn_board *b, diagram_stack *st)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_fen fen;
    size_t i;
    int c;

    memset(st->n, 0, sizeof st->n);
    st->count = 0;
    pdn_board_get_fen(b, &fen);
    for (i = 0; i < fen.count; i++) {
        const pdn_fen_piece *p = &fen.piece[i];

        if (p->nunder == 0)
            continue;
        c = p->algebraic ? p->sq : pdn_square_to_coord(gt, p->sq);
        if (c < 0 || c > 255)
            continue;
        st->n[c] = p->nunder;
        memcpy(st->under[c], p->under, p->nunder);
        st->order[st->count++] = (unsigned char)c;
    }
}

/* Numeric boards show a second panel with the square numbers, since the
 * numbering depends on the GameType's corner; algebraic boards show files
 * and ranks around the board instead. */
void
diagram_text(tbuf *out, const pdn_board *b, const diagram_style *st)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int alg = gt->notation != 'N', f, r, c, i;
    char name[8];
    diagram_stack stk;

    for (r = 0; r < gt->height; r++) {
        if (alg && !st->no_numbers)
            tbuf_printf(out, "%2d ", DR(gt, st, r) + 1);
        for (f = 0; f < gt->width; f++) {
            c = PDN_COORD(DF(gt, st, f), DR(gt, st, r));
            tbuf_addc(out, ' ');
            tbuf_adds(out, piece_text(pdn_board_piece(b, c), st->unicode,
                                      pdn_coord_playable(gt, c)));
        }
        if (!alg && !st->no_numbers) {
            tbuf_adds(out, "    ");
            for (f = 0; f < gt->width; f++) {
                c = PDN_COORD(DF(gt, st, f), DR(gt, st, r));
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
    if (alg && !st->no_numbers) {
        tbuf_adds(out, "   ");
        for (f = 0; f < gt->width; f++) {
            pdn_coord_name(gt, PDN_COORD(DF(gt, st, f), 0), name, sizeof name);
            tbuf_printf(out, " %c", name[0]);
        }
        tbuf_addc(out, '\n');
    }
    /* the towers variants: what stands under each top, top down */
    diagram_stacks(b, &stk);
    for (i = 0; i < stk.count; i++) {
        c = stk.order[i];
        pdn_coord_name(gt, c, name, sizeof name);
        tbuf_printf(out, "%s %s %c(%.*s)", i ? "," : "stacks:", name,
                    pdn_board_piece(b, c), (int)stk.n[c], stk.under[c]);
    }
    if (stk.count > 0)
        tbuf_addc(out, '\n');
    tbuf_printf(out, "%s to move\n",
                pdn_board_turn(b) == 'W' ? "White" : "Black");
}

/* The SVG layout: a caption band, the board inside a margin holding the
 * coordinates, and a band below for the side to move. */
typedef struct layout {
    const pdn_gametype *gt;
    const diagram_style *st;
    int cell, margin, top, w, h;
} layout;

/* Top-left corner of coord c. */
static void
corner(const layout *L, int c, int *x, int *y)
{
    const pdn_gametype *gt = L->gt;
    int f = PDN_COORD_FILE(c), r = PDN_COORD_RANK(c);

    *x = L->margin + (L->st->flip ? gt->width - 1 - f : f) * L->cell;
    *y = L->top + (L->st->flip ? r : gt->height - 1 - r) * L->cell;
}

static void
centre(const layout *L, int c, int *x, int *y)
{
    corner(L, c, x, y);
    *x += L->cell / 2;
    *y += L->cell / 2;
}

/* Squares, with the square numbers of numeric boards in their top-left
 * corner (drawn again over the pieces later), or files and ranks around
 * algebraic boards. */
static void
svg_board(tbuf *out, const layout *L)
{
    const pdn_gametype *gt = L->gt;
    int all = pdn_square_count(gt) == gt->width * gt->height;
    int f, r, c, x, y, fs = L->cell * 3 / 10;
    char name[8];

    tbuf_printf(out, "<g class=\"board\" stroke=\"%s\" stroke-width=\"%s\">\n",
                all ? "#6b4f2e" : "none", all ? "1" : "0");
    for (r = 0; r < gt->height; r++) {
        for (f = 0; f < gt->width; f++) {
            c = PDN_COORD(f, r);
            corner(L, c, &x, &y);
            tbuf_printf(out,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                        "fill=\"%s\"/>\n",
                        x, y, L->cell, L->cell,
                        !all && pdn_coord_playable(gt, c) ? L->st->dark
                                                          : L->st->light);
        }
    }
    tbuf_printf(out, "</g>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                     "height=\"%d\" fill=\"none\" stroke=\"#3a2a18\" "
                     "stroke-width=\"2\"/>\n",
                L->margin, L->top, gt->width * L->cell, gt->height * L->cell);
    if (gt->notation == 'N' || L->st->no_numbers)
        return;
    tbuf_printf(out, "<g class=\"coords\" font-size=\"%d\" "
                     "text-anchor=\"middle\" fill=\"#333333\">\n",
                fs + 2);
    for (f = 0; f < gt->width; f++) {
        c = PDN_COORD(f, 0);
        pdn_coord_name(gt, c, name, sizeof name);
        corner(L, c, &x, &y);
        tbuf_printf(out, "<text x=\"%d\" y=\"%d\">%c</text>\n",
                    x + L->cell / 2, L->top + gt->height * L->cell + fs + 4,
                    name[0]);
    }
    for (r = 0; r < gt->height; r++) {
        corner(L, PDN_COORD(0, r), &x, &y);
        tbuf_printf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n",
                    L->margin / 2, y + L->cell / 2 + fs / 2, r + 1);
    }
    tbuf_adds(out, "</g>\n");
}

static void
svg_numbers(tbuf *out, const layout *L)
{
    const pdn_gametype *gt = L->gt;
    int f, r, c, x, y, fs = L->cell * 3 / 10;

    if (gt->notation != 'N' || L->st->no_numbers)
        return;
    tbuf_printf(out, "<g class=\"numbers\" font-size=\"%d\" "
                     "font-weight=\"bold\" fill=\"#ffffff\" "
                     "stroke=\"#3a2a18\" stroke-width=\"%d\" "
                     "paint-order=\"stroke\">\n",
                fs, L->cell >= 40 ? 2 : 1);
    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width; f++) {
            c = PDN_COORD(f, r);
            if (!pdn_coord_playable(gt, c))
                continue;
            corner(L, c, &x, &y);
            tbuf_printf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n",
                        x + 2, y + fs, pdn_coord_to_square(gt, c));
        }
    tbuf_adds(out, "</g>\n");
}

static const char *
piece_fill(int p)
{
    return p == 'w' || p == 'W' ? "#fbf7ee" : "#262626";
}

static const char *
piece_edge(int p)
{
    return p == 'w' || p == 'W' ? "#5a5a5a" : "#000000";
}

/* The pieces under a stack's top at x,y, bottom first: the rim of each
 * shows below the top piece (at most 4; kings with a gold edge), and the
 * stack's height in a badge. Returns how far up the top piece goes. */
static int
svg_under(tbuf *out, const layout *L, int x, int y, const char *under,
          int n)
{
    int rad = L->cell * 37 / 100, step = L->cell / 11 + 1;
    int shown = n < 4 ? n : 4, i, lift = shown * step / 2, fs;

    if (n == 0)
        return 0;
    tbuf_printf(out, "<g class=\"stack\" data-under=\"%.*s\">\n", n, under);
    for (i = shown - 1; i >= 0; i--)
        tbuf_printf(out,
                    "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
                    "stroke=\"%s\" stroke-width=\"%s\"/>\n",
                    x, y - lift + (i + 1) * step, rad, piece_fill(under[i]),
                    under[i] == 'W' || under[i] == 'B' ? "#c8a020"
                                                       : piece_edge(under[i]),
                    under[i] == 'W' || under[i] == 'B' ? "2.5" : "1.5");
    fs = L->cell * 3 / 10 > 8 ? L->cell * 3 / 10 : 8;
    tbuf_printf(out,
                "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#2060d0\" "
                "stroke=\"#ffffff\" stroke-width=\"1\"/>\n"
                "<text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"#ffffff\" "
                "text-anchor=\"middle\">%d</text>\n</g>\n",
                x + rad * 8 / 10, y + rad * 8 / 10, fs * 6 / 10 + 1,
                x + rad * 8 / 10, y + rad * 8 / 10 + fs * 35 / 100, fs,
                n + 1);
    return lift;
}

/* A piece at x,y: a disc; a king is two stacked discs with a crown. faded
 * draws a captured piece: translucent, dashed, crossed. */
static void
svg_piece(tbuf *out, const layout *L, int x, int y, int p, int faded)
{
    int white = p == 'w' || p == 'W', king = p == 'W' || p == 'B';
    int rad = L->cell * 37 / 100, lift = king ? L->cell / 12 : 0, i, k;
    const char *fill = piece_fill(p), *edge = piece_edge(p);
    const char *dash = faded ? " stroke-dasharray=\"3,2\"" : "";

    tbuf_printf(out, "<g class=\"%s%s\"%s>\n",
                white ? (king ? "wk" : "wm") : (king ? "bk" : "bm"),
                faded ? " captured" : "", faded ? " opacity=\"0.45\"" : "");
    for (k = king; k >= 0; k--) {
        tbuf_printf(out,
                    "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
                    "stroke=\"%s\" stroke-width=\"1.5\"%s/>\n",
                    x, y + lift - 2 * lift * (king - k), rad, fill, edge,
                    dash);
    }
    tbuf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
                     "stroke=\"%s\" stroke-width=\"1\"/>\n",
                x, y - lift, rad * 7 / 10, white ? "#b0a890" : "#555555");
    if (king) {
        /* a crown of three points on the upper disc */
        int s = rad / 2, cy = y - lift;
        static const int px[] = {-10, -10, -5, 0, 5, 10, 10};
        static const int py[] = {6, -6, 0, -8, 0, -6, 6};

        tbuf_adds(out, "<polygon points=\"");
        for (i = 0; i < 7; i++)
            tbuf_printf(out, "%s%d,%d", i ? " " : "", x + px[i] * s / 10,
                        cy + py[i] * s / 10);
        tbuf_printf(out, "\" fill=\"%s\" stroke=\"%s\" "
                         "stroke-width=\"1\"/>\n",
                    white ? "#c8a020" : "#e8c040",
                    white ? "#6a5010" : "#fff0b0");
    }
    if (faded)
        tbuf_printf(out, "<path d=\"M%d,%d L%d,%d M%d,%d L%d,%d\" "
                         "stroke=\"#c02020\" stroke-width=\"3\"/>\n",
                    x - rad / 2, y - rad / 2, x + rad / 2, y + rad / 2,
                    x + rad / 2, y - rad / 2, x - rad / 2, y + rad / 2);
    tbuf_adds(out, "</g>\n");
}

/* The last move: its first and last squares shaded, its path as a line
 * through every landing square ending in a dot. */
static void
svg_last(tbuf *out, const layout *L, const pdn_move *last)
{
    int i, x, y;

    if (last == NULL || last->n < 2)
        return;
    tbuf_adds(out, "<g class=\"last\">\n");
    for (i = 0; i < last->n; i += last->n - 1) {
        corner(L, last->path[i], &x, &y);
        tbuf_printf(out,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"#f6f669\" fill-opacity=\"0.55\"/>\n",
                    x, y, L->cell, L->cell);
    }
    tbuf_printf(out, "<polyline fill=\"none\" stroke=\"#2060d0\" "
                     "stroke-width=\"%d\" stroke-opacity=\"0.8\" "
                     "stroke-linejoin=\"round\" points=\"",
                L->cell / 10 + 1);
    for (i = 0; i < last->n; i++) {
        centre(L, last->path[i], &x, &y);
        tbuf_printf(out, "%s%d,%d", i ? " " : "", x, y);
    }
    tbuf_adds(out, "\"/>\n");
    tbuf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#2060d0\" "
                     "fill-opacity=\"0.8\"/>\n</g>\n",
                x, y, L->cell / 8 + 1);
}

/* Pieces (stacks with what is under them), then the captured ones of
 * the last move: faded where they stood, as before held them (without
 * before: men of the side to move, the colour the mover captured), or,
 * where a stack lost its top and still stands, that top drawn small in
 * the square's corner, crossed. */
static void
svg_pieces(tbuf *out, const layout *L, const pdn_board *b,
           const pdn_board *before, const pdn_move *last)
{
    const pdn_gametype *gt = L->gt;
    int f, r, c, x, y, p, i, lift;
    diagram_stack stk;
    layout small;

    diagram_stacks(b, &stk);
    tbuf_adds(out, "<g class=\"pieces\">\n");
    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width; f++) {
            c = PDN_COORD(f, r);
            if ((p = pdn_board_piece(b, c)) == 0)
                continue;
            centre(L, c, &x, &y);
            lift = svg_under(out, L, x, y, stk.under[c], stk.n[c]);
            svg_piece(out, L, x, y - lift, p, 0);
        }
    small = *L;
    small.cell = L->cell * 6 / 10;
    for (i = 0; last != NULL && i < last->ncaptured; i++) {
        c = last->captured[i];
        p = before != NULL ? pdn_board_piece(before, c) : 0;
        if (p == 0)
            p = pdn_board_turn(b) == 'W' ? 'w' : 'b';
        centre(L, c, &x, &y);
        if (pdn_board_piece(b, c) == 0) {
            svg_piece(out, L, x, y, p, 1);
            continue;
        }
        tbuf_printf(out, "<circle class=\"capmark\" cx=\"%d\" cy=\"%d\" "
                         "r=\"%d\" fill=\"none\" stroke=\"#c02020\" "
                         "stroke-width=\"2\" stroke-dasharray=\"4,3\"/>\n",
                    x, y, L->cell * 46 / 100);
        corner(L, c, &x, &y);
        svg_piece(out, &small, x + L->cell * 3 / 4, y + L->cell / 4, p, 1);
    }
    tbuf_adds(out, "</g>\n");
}

/* The colours of [%csl] and [%cal], by their letter: the viewer's. */
static const char *
mark_colour(int c)
{
    static const char letters[] = "RGBYOCMW";
    static const char *const rgb[] = {"#e03030", "#20a040", "#2060e0",
                                      "#e0c020", "#f08020", "#20b0c0",
                                      "#c030c0", "#ffffff"};
    const char *at = c != 0 ? strchr(letters, c) : NULL;

    return at != NULL ? rgb[at - letters] : NULL;
}

/* The squares named in s[0..n) (numbers, or names such as "c3"), as
 * coords on the board, into c (at most max); returns how many. */
static int
mark_squares(const layout *L, const char *s, size_t n, int *c, int max)
{
    const pdn_gametype *gt = L->gt;
    size_t i = 0, j;
    int k = 0, v, f;

    while (i < n && k < max) {
        f = -1;
        if (s[i] >= 'a' && s[i] <= 'z' && i + 1 < n &&
            isdigit((unsigned char)s[i + 1]))
            f = s[i++] - 'a';
        if (!isdigit((unsigned char)s[i])) {
            i++;
            continue;
        }
        for (v = 0, j = i; j < n && j - i < 3 && isdigit((unsigned char)s[j]);
             j++)
            v = v * 10 + (s[j] - '0');
        i = j;
        if (f >= 0)
            v = f < gt->width && v >= 1 && v <= gt->height
                    ? PDN_COORD(f, v - 1) : -1;
        else
            v = pdn_square_to_coord(gt, v);
        if (v >= 0)
            c[k++] = v;
    }
    return k;
}

/* The coloured squares ([%csl Rd4,G28]) or arrows ([%cal G28-23]) of the
 * comments in marks, drawn as the viewer draws them: squares translucent
 * under the pieces, arrows over them. */
static void
svg_marks(tbuf *out, const layout *L, const char *marks, int arrows)
{
    const char *cmd = arrows ? "[%cal" : "[%csl", *s = marks, *end, *it, *z;
    const char *col;
    int c[2], k, n, x1, y1, x2, y2, C = L->cell, open = 0;
    double a, h = C * 0.35;

    while (s != NULL && (s = strstr(s, cmd)) != NULL) {
        s += 5;
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != ']')
            continue;
        if ((end = strchr(s, ']')) == NULL)
            break;
        for (it = s; it < end; it = z + 1) {
            while (it < end && isspace((unsigned char)*it))
                it++;
            if (it >= end)
                break;
            if ((z = memchr(it, ',', (size_t)(end - it))) == NULL)
                z = end;
            if ((col = mark_colour(*it)) == NULL)
                continue;
            if (!arrows) {
                int sq[64];

                n = mark_squares(L, it + 1, (size_t)(z - it - 1), sq, 64);
                if (n > 0 && !open)
                    tbuf_adds(out, "<g class=\"csl\">\n"), open = 1;
                for (k = 0; k < n; k++) {
                    corner(L, sq[k], &x1, &y1);
                    tbuf_printf(out,
                                "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                                "height=\"%d\" fill=\"%s\" "
                                "fill-opacity=\"0.45\" stroke=\"%s\" "
                                "stroke-width=\"3\"/>\n",
                                x1 + 2, y1 + 2, C - 4, C - 4, col, col);
                }
                continue;
            }
            if (mark_squares(L, it + 1, (size_t)(z - it - 1), c, 2) < 2)
                continue;
            if (!open)
                tbuf_adds(out, "<g class=\"cal\">\n"), open = 1;
            centre(L, c[0], &x1, &y1);
            centre(L, c[1], &x2, &y2);
            a = atan2(y2 - y1, x2 - x1);
            tbuf_printf(out,
                        "<g opacity=\"0.8\"><line x1=\"%d\" y1=\"%d\" "
                        "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                        "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n"
                        "<polygon points=\"%d,%d %.1f,%.1f %.1f,%.1f\" "
                        "fill=\"%s\"/></g>\n",
                        x1, y1, x2 - cos(a) * h * 0.8, y2 - sin(a) * h * 0.8,
                        col, C / 7.0, x2, y2, x2 - h * cos(a - 0.45),
                        y2 - h * sin(a - 0.45), x2 - h * cos(a + 0.45),
                        y2 - h * sin(a + 0.45), col);
        }
        s = end;
    }
    if (open)
        tbuf_adds(out, "</g>\n");
}

void
diagram_line(tbuf *out, const char *cls, int x, int y, int width, int fs,
             const char *attrs, const char *text)
{
    /* a glyph is about 0.55 em wide; no letters under 9 px */
    int chars = 0, cfs = fs, keep, min = fs < 9 ? fs : 9;
    const char *s;
    tbuf cut = {0};

    for (s = text; *s; s++)
        chars += (*s & 0xc0) != 0x80;
    if (chars > 0 && chars * cfs * 55 / 100 > width)
        cfs = width * 100 / 55 / chars;
    if (cfs < min) {
        /* still too long at the smallest size: cut, with an ellipsis */
        cfs = min;
        keep = width * 100 / 55 / cfs - 1;
        for (s = text; *s && keep > 0; s++) {
            keep -= (s[1] & 0xc0) != 0x80;
            tbuf_addc(&cut, *s);
        }
        while (cut.len > 0 && cut.data[cut.len - 1] == ' ')
            cut.data[--cut.len] = '\0';
        tbuf_adds(&cut, "\xe2\x80\xa6");
        text = cut.data;
    }
    tbuf_printf(out, "<text class=\"%s\" x=\"%d\" y=\"%d\" "
                     "font-size=\"%d\" %stext-anchor=\"middle\">",
                cls, x, y, cfs, attrs);
    diagram_xml(out, text);
    tbuf_adds(out, "</text>\n");
    tbuf_free(&cut);
}

void
diagram_svg(tbuf *out, const pdn_board *b, const pdn_board *before,
            const pdn_move *last, const char *marks, const char *caption,
            const diagram_style *st, const int *at, int *size)
{
    layout L;
    int turn = pdn_board_turn(b) == 'W', fs, y;

    L.gt = pdn_board_gametype(b);
    L.st = st;
    L.cell = st->cell;
    /* algebraic boards: room for the files and ranks */
    L.margin = L.gt->notation == 'N' || st->no_numbers ? L.cell / 4
                                                       : L.cell * 6 / 10;
    fs = L.cell * 4 / 10 > 11 ? L.cell * 4 / 10 : 11;
    L.top = L.margin + (caption != NULL && *caption ? fs + 6 : 0);
    L.w = L.gt->width * L.cell + 2 * L.margin;
    L.h = L.top + L.gt->height * L.cell + L.margin + fs + 8;
    if (size != NULL)
        size[0] = L.w, size[1] = L.h;
    if (at == NULL)
        tbuf_adds(out, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
    else
        tbuf_printf(out, "<svg x=\"%d\" y=\"%d\"", at[0], at[1]);
    tbuf_printf(out,
                " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
                "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                L.w, L.h, L.w, L.h, L.w, L.h);
    /* for screen readers: what the picture shows */
    tbuf_adds(out, "<title>");
    if (caption != NULL && *caption) {
        diagram_xml(out, caption);
        tbuf_adds(out, "; ");
    }
    tbuf_printf(out, "%s to move</title>\n", turn ? "White" : "Black");
    if (caption != NULL && *caption)
        diagram_line(out, "caption", L.w / 2, L.margin / 2 + fs, L.w - 8, fs,
                     "", caption);
    svg_board(out, &L);
    /* book diagrams: no path, shading or captured pieces */
    if (st->no_last)
        last = NULL;
    svg_last(out, &L, last);
    svg_marks(out, &L, marks, 0);
    svg_pieces(out, &L, b, before, last);
    svg_numbers(out, &L);
    svg_marks(out, &L, marks, 1);
    /* the side to move: a disc of its colour and the words */
    y = L.h - fs / 2 - 6;
    tbuf_printf(out, "<g class=\"turn\" font-size=\"%d\">\n"
                     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
                     "stroke=\"#000000\" stroke-width=\"1\"/>\n"
                     "<text x=\"%d\" y=\"%d\">%s to move</text>\n</g>\n",
                fs * 8 / 10, L.margin + fs / 2, y, fs / 2 - 1,
                turn ? "#fbf7ee" : "#262626", L.margin + fs + 4,
                y + fs * 3 / 10, turn ? "White" : "Black");
    tbuf_adds(out, "</svg>\n");
}
