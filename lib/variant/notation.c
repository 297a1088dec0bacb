/* SPDX-License-Identifier: MIT */
/* Board geometry of a GameType: which squares are playable, the square
 * numbering given by the notation corner, and square names. Everything is
 * arithmetic on the GameType fields, O(1) per call, with no tables. */
#include <config.h>
#include "pdn/variant.h"

#include <stdio.h>

#include "core/pdn_private.h"

/* Coordinates used below:
 *   (f, r)  White's view: f = file (a = 0), r = rank (1 = 0); a coord.
 *   (x, y)  the first mover's view: x from their left, y from their near
 *           side. For White-first types (x, y) = (f, r); for Black-first
 *           types the board is turned: (x, y) = (w-1-f, h-1-r).
 *   (i, j)  numbering order: row i counted from the corner's row, column j
 *           counted from the corner's side (notation digit: bit 0 set =
 *           right, bit 1 set = top, both as seen by the first mover).
 * A square is playable when x + y + invert is even: the InvertFlag says
 * whether the first mover's bottom-left square (x = y = 0) is playable.
 * Turkish rules (30) play on every square. */

/* The geometry is usable: board size 1..16 (coords hold 4 bits each). */
static int
geometry_ok(const pdn_gametype *gt)
{
    return gt->width >= 1 && gt->width <= 16 && gt->height >= 1 &&
           gt->height <= 16;
}

static int
all_squares(const pdn_gametype *gt)
{
    return gt->rules == 30;
}

/* Parity (0 or 1) of the column j of the first playable square in
 * numbering row 0. Row i starts at parity row0 ^ (i & 1). */
static int
row0_parity(const pdn_gametype *gt)
{
    int x0 = (gt->corner & 1) ? gt->width - 1 : 0;
    int y0 = (gt->corner & 2) ? gt->height - 1 : 0;

    return (x0 + y0 + gt->invert) & 1;
}

/* Playable squares in numbering row 0; rows alternate between this count
 * and width minus it. */
static int
row0_count(const pdn_gametype *gt, int p0)
{
    return p0 == 0 ? (gt->width + 1) / 2 : gt->width / 2;
}

int
pdn_square_count(const pdn_gametype *gt)
{
    int p0;

    if (!geometry_ok(gt))
        return 0;
    if (all_squares(gt))
        return gt->width * gt->height;
    p0 = row0_parity(gt);
    return gt->height / 2 * gt->width + (gt->height & 1) * row0_count(gt, p0);
}

/* (i, j) in numbering order -> coord. */
static int
ij_to_coord(const pdn_gametype *gt, int i, int j)
{
    int x = (gt->corner & 1) ? gt->width - 1 - j : j;
    int y = (gt->corner & 2) ? gt->height - 1 - i : i;

    if (gt->start == 'B') {
        x = gt->width - 1 - x;
        y = gt->height - 1 - y;
    }
    return PDN_COORD(x, y);
}

int
pdn_coord_playable(const pdn_gametype *gt, int coord)
{
    int f, r;

    if (coord < 0 || coord > 255 || !geometry_ok(gt))
        return 0;
    f = PDN_COORD_FILE(coord);
    r = PDN_COORD_RANK(coord);
    if (f >= gt->width || r >= gt->height)
        return 0;
    if (all_squares(gt))
        return 1;
    if (gt->start == 'B') {
        f = gt->width - 1 - f;
        r = gt->height - 1 - r;
    }
    return ((f + r + gt->invert) & 1) == 0;
}

int
pdn_square_to_coord(const pdn_gametype *gt, int num)
{
    int w = gt->width, p0, n0, pair, rem, i, k;

    if (num < 1 || num > pdn_square_count(gt))
        return -1;
    num--;
    if (all_squares(gt))
        return ij_to_coord(gt, num / w, num % w);
    /* Two consecutive rows always hold w squares together. */
    p0 = row0_parity(gt);
    n0 = row0_count(gt, p0);
    pair = num / w;
    rem = num % w;
    if (rem < n0) {
        i = 2 * pair;
        k = rem;
    } else {
        i = 2 * pair + 1;
        k = rem - n0;
    }
    return ij_to_coord(gt, i, 2 * k + (p0 ^ (i & 1)));
}

int
pdn_coord_to_square(const pdn_gametype *gt, int coord)
{
    int x, y, i, j, p0;

    if (!pdn_coord_playable(gt, coord))
        return 0;
    x = PDN_COORD_FILE(coord);
    y = PDN_COORD_RANK(coord);
    if (gt->start == 'B') {
        x = gt->width - 1 - x;
        y = gt->height - 1 - y;
    }
    i = (gt->corner & 2) ? gt->height - 1 - y : y;
    j = (gt->corner & 1) ? gt->width - 1 - x : x;
    if (all_squares(gt))
        return i * gt->width + j + 1;
    p0 = row0_parity(gt);
    return i / 2 * gt->width + (i & 1) * row0_count(gt, p0) +
           (j - (p0 ^ (i & 1))) / 2 + 1;
}

size_t
pdn_coord_name(const pdn_gametype *gt, int coord, char *buf, size_t size)
{
    int n;

    if (gt->notation == 'N' && pdn_coord_playable(gt, coord))
        n = snprintf(buf, size, "%d", pdn_coord_to_square(gt, coord));
    else if (coord < 0 || coord > 255)
        n = snprintf(buf, size, "?");
    else
        /* Algebraic boards, and squares that have no number. */
        n = snprintf(buf, size, "%c%d", 'a' + PDN_COORD_FILE(coord),
                     PDN_COORD_RANK(coord) + 1);
    return n < 0 ? 0 : (size_t)n;
}

/* The text of a written square, for messages. */
static void
square_text(const pdn_movetext *mt, int i, char *buf, size_t size)
{
    int c = mt->sq[i];

    if (i == 0 && mt->file_only)
        snprintf(buf, size, "%c", 'a' + PDN_COORD_FILE(c));
    else if (mt->algebraic)
        snprintf(buf, size, "%c%d", 'a' + PDN_COORD_FILE(c),
                 PDN_COORD_RANK(c) + 1);
    else
        snprintf(buf, size, "%d", c);
}

int
pdn_movetext_coords(const pdn_gametype *gt, const pdn_movetext *mt,
                    unsigned char *coords, pdn_error *err)
{
    char name[16];
    int i, c;

    pdn_error_clear(err);
    if (mt->n < 2 || mt->n > PDN_PATH_MAX) {
        pdnp_error_set(err, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0,
                       "a move of %u squares", (unsigned)mt->n);
        return -1;
    }
    for (i = 0; i < mt->n; i++) {
        if (i == 0 && mt->file_only) {
            if (PDN_COORD_FILE(mt->sq[0]) >= gt->width)
                goto no_square;
            coords[0] = 255;
            continue;
        }
        if (mt->algebraic) {
            c = mt->sq[i];
            if (!pdn_coord_playable(gt, c))
                goto no_square;
        } else {
            c = pdn_square_to_coord(gt, mt->sq[i]);
            if (c < 0)
                goto no_square;
        }
        coords[i] = (unsigned char)c;
    }
    return 0;
no_square:
    square_text(mt, i, name, sizeof name);
    pdnp_error_set(err, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0,
                   "square '%s' does not exist on this board", name);
    return -1;
}
