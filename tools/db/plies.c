/* SPDX-License-Identifier: MIT */
/* pdn-db: the plies table's streams (plies.h). */
#include <config.h>
#include "plies.h"
#include "common.h"

#include <string.h>

#define EV_INITIAL 0xFE
#define EV_BOARD 0xFF
#define EV_MOVE 0xF0 /* | 1 promotes | 2 captures */
#define EV_CHAIN 0xF4 /* | 1 promotes */
#define COMPACT_MAX 60 /* squares: 4 * 60 codes below EV_MOVE */

void
db_squares_of(const pdn_board *b, db_squares sq)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int f, r;

    memset(sq, 0, sizeof(db_squares));
    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width; f++)
            if (pdn_coord_playable(gt, PDN_COORD(f, r)))
                sq[PDN_COORD(f, r)] =
                    (unsigned char)pdn_board_piece(b, PDN_COORD(f, r));
}

static void
add_board(db_plies_enc *e, const pdn_board *b)
{
    size_t at, n = 0;
    int c;

    db_squares_of(b, e->sq);
    tbuf_addc(&e->out, (char)EV_BOARD);
    at = e->out.len;
    tbuf_addc(&e->out, 0);
    for (c = 0; c < 256; c++)
        if (e->sq[c] != 0) {
            tbuf_addc(&e->out, (char)c);
            tbuf_addc(&e->out, (char)e->sq[c]);
            n++;
        }
    if (n > 255)
        e->ok = 0;
    e->out.data[at] = (char)n;
}

void
db_plies_begin(db_plies_enc *e, const pdn_gametype *gt, const pdn_board *b,
               int initial)
{
    e->out.len = 0;
    e->gt = gt;
    e->ok = gt->folk != PDN_FOLK_TOWERS && gt->folk != PDN_FOLK_LASKA;
    e->squares = pdn_square_count(gt);
    e->compact = e->squares <= COMPACT_MAX && gt->width <= 16;
    if (initial) {
        db_squares_of(b, e->sq);
        tbuf_addc(&e->out, (char)EV_INITIAL);
    } else {
        add_board(e, b);
    }
}

void
db_plies_setup(db_plies_enc *e, const pdn_board *b)
{
    if (e->ok)
        add_board(e, b);
}

/* The promotion the stream infers: a man ending on the far rank (white
 * the last, black the first). */
static int
crowned(int piece, int to, int height)
{
    return (piece == 'w' && (to >> 4) == height - 1) ||
           (piece == 'b' && (to >> 4) == 0);
}

/* Direction code 0..3 of a diagonal step d (coords), or -1. */
static int
dir_code(int d)
{
    return d == -17 ? 0 : d == -15 ? 1 : d == 15 ? 2 : d == 17 ? 3 : -1;
}

static const int dir_step[4] = {-17, -15, 15, 17};

/* 1 when m is a chain of short jumps: each over the next square along a
 * diagonal to the one beyond it. */
static int
short_chain(const pdn_move *m)
{
    int i;

    if (m->ncaptured == 0 || m->n != m->ncaptured + 1)
        return 0;
    for (i = 0; i < m->ncaptured; i++) {
        int d = m->captured[i] - m->path[i];

        if (dir_code(d) < 0 || m->path[i + 1] - m->path[i] != 2 * d)
            return 0;
    }
    return 1;
}

void
db_plies_move(db_plies_enc *e, const pdn_board *b, const pdn_move *m)
{
    int from = m->path[0], to = m->path[m->n - 1], piece, moved, i;
    int num = pdn_coord_to_square(e->gt, from), d0;
    int sq4 = 4 * e->squares;

    if (!e->ok)
        return;
    /* the board as the stream will rebuild it */
    piece = moved = e->sq[from];
    e->sq[from] = 0;
    for (i = 0; i < m->ncaptured; i++)
        e->sq[m->captured[i]] = 0;
    if (m->promotes && (piece == 'w' || piece == 'b'))
        piece = piece == 'w' ? 'W' : 'B';
    e->sq[to] = (unsigned char)piece;
    /* ... and the replay's, on every square the move touched */
    if (piece == 0 || e->sq[to] != pdn_board_piece(b, to) ||
        e->sq[from] != pdn_board_piece(b, from)) {
        e->ok = 0;
        return;
    }
    for (i = 0; i < m->ncaptured; i++)
        if (e->sq[m->captured[i]] != pdn_board_piece(b, m->captured[i])) {
            e->ok = 0;
            return;
        }
    d0 = dir_code(m->n > 1 ? m->path[1] - from : 0);
    if (e->compact && num >= 1 &&
        (m->promotes != 0) == crowned(moved, to, e->gt->height)) {
        /* a step, or a single short jump: one byte */
        if (m->ncaptured == 0 && m->n == 2 && d0 >= 0) {
            tbuf_addc(&e->out, (char)((num - 1) * 4 + d0));
            return;
        }
        if (m->ncaptured == 1 && short_chain(m) &&
            sq4 + (num - 1) * 4 + dir_code(m->captured[0] - from) <
                EV_MOVE) {
            tbuf_addc(&e->out, (char)(sq4 + (num - 1) * 4 +
                                      dir_code(m->captured[0] - from)));
            return;
        }
    }
    if (short_chain(m)) {
        /* EV_CHAIN | promotes, from, jumps, their directions 4 a byte */
        unsigned char packed = 0;

        tbuf_addc(&e->out, (char)(EV_CHAIN | (m->promotes != 0)));
        tbuf_addc(&e->out, (char)from);
        tbuf_addc(&e->out, (char)m->ncaptured);
        for (i = 0; i < m->ncaptured; i++) {
            packed |= (unsigned char)(dir_code(m->captured[i] - m->path[i])
                                      << 2 * (i & 3));
            if ((i & 3) == 3 || i == m->ncaptured - 1) {
                tbuf_addc(&e->out, (char)packed);
                packed = 0;
            }
        }
        return;
    }
    tbuf_addc(&e->out, (char)(EV_MOVE | (m->promotes != 0) |
                              (m->ncaptured != 0) << 1));
    tbuf_addc(&e->out, (char)from);
    tbuf_addc(&e->out, (char)to);
    if (m->ncaptured != 0) {
        tbuf_addc(&e->out, (char)m->ncaptured);
        for (i = 0; i < m->ncaptured; i++)
            tbuf_addc(&e->out, (char)m->captured[i]);
    }
}

void
db_plies_free(db_plies_enc *e)
{
    tbuf_free(&e->out);
}

int
db_plies_geom_for(db_plies_geom *g, const char *gts)
{
    pdn_gametype gt;
    pdn_board *b;
    int i;

    if (strcmp(g->gts, gts) == 0 && g->gts[0] != '\0')
        return g->ok;
    snprintf(g->gts, sizeof g->gts, "%s", gts);
    g->ok = 0;
    if (pdn_gametype_parse(gts, &gt, NULL) < 0 ||
        (b = pdn_board_new(&gt, NULL)) == NULL)
        return 0;
    g->count = pdn_square_count(&gt);
    g->height = gt.height;
    memset(g->coord, 0, sizeof g->coord);
    for (i = 1; i <= g->count && i < 256; i++)
        g->coord[i] = (unsigned char)pdn_square_to_coord(&gt, i);
    db_squares_of(b, g->init);
    pdn_board_free(b);
    memset(g->code_ok, 0, sizeof g->code_ok);
    for (i = 0; 4 * g->count <= EV_MOVE && i < EV_MOVE; i++) {
        /* a step (i < 4 * squares), else a single short jump */
        int jump = i >= 4 * g->count, k = jump ? i - 4 * g->count : i;
        int num = k / 4 + 1, d = dir_step[k & 3], from, to;

        if (num > g->count)
            continue;
        from = g->coord[num];
        to = from + d * (jump + 1);
        if (to < 0 || to > 255)
            continue;
        g->code_from[i] = (unsigned char)from;
        g->code_to[i] = (unsigned char)to;
        g->code_over[i] = (unsigned char)(from + d);
        g->code_ok[i] = (unsigned char)(1 + jump);
    }
    g->ok = g->count < 256;
    return g->ok;
}

static int
is_piece(int p)
{
    return p == 'w' || p == 'b' || p == 'W' || p == 'B';
}

int
db_plies_walk(const db_plies_geom *g, const void *data, size_t n,
              db_plies_fn *fn, void *ud)
{
    const unsigned char *p = data, *end = p + n;
    db_squares sq;
    unsigned long ply = 0;
    pdn_move m;
    int i, started = 0;

    if (!g->ok || n == 0)
        return -1;
    memset(&m, 0, sizeof m);
    m.n = 2;
    while (p < end) {
        int c = *p++;

        if (c == EV_INITIAL || c == EV_BOARD) {
            if (c == EV_INITIAL && started)
                return -1; /* the initial position starts a game only */
            started = 1;
            if (c == EV_INITIAL) {
                memcpy(sq, g->init, sizeof sq);
            } else {
                int k;

                if (p == end || (size_t)(end - p - 1) < 2u * *p)
                    return -1;
                memset(sq, 0, sizeof sq);
                for (k = *p++; k > 0; k--, p += 2) {
                    if (!is_piece(p[1]))
                        return -1;
                    sq[p[0]] = p[1];
                }
            }
            if (fn(ud, sq, ply, NULL))
                return 0;
            continue;
        }
        if (!started)
            return -1; /* a move before any board */
        m.ncaptured = 0;
        m.promotes = 0;
        if (c < EV_MOVE) {
            if (!g->code_ok[c])
                return -1;
            m.path[0] = g->code_from[c];
            m.path[1] = g->code_to[c];
            if (g->code_ok[c] == 2) {
                m.ncaptured = 1;
                m.captured[0] = g->code_over[c];
            }
            m.promotes = (unsigned char)crowned(sq[m.path[0]], m.path[1],
                                                g->height);
        } else if ((c & ~1) == EV_CHAIN) {
            int at, k;

            if (end - p < 2 || p[1] == 0 || p[1] > PDN_PATH_MAX - 1 ||
                end - p - 2 < (p[1] + 3) / 4)
                return -1;
            at = p[0];
            m.path[0] = (unsigned char)at;
            m.ncaptured = p[1];
            p += 2;
            for (k = 0; k < m.ncaptured; k++) {
                int d = dir_step[p[k / 4] >> 2 * (k & 3) & 3];

                if (at + 2 * d < 0 || at + 2 * d > 255)
                    return -1;
                m.captured[k] = (unsigned char)(at + d);
                at += 2 * d;
            }
            p += (m.ncaptured + 3) / 4;
            m.path[1] = (unsigned char)at;
            m.promotes = c & 1;
        } else {
            if (c > (EV_MOVE | 3) || end - p < 2)
                return -1;
            m.path[0] = p[0];
            m.path[1] = p[1];
            p += 2;
            m.promotes = c & 1;
            if (c & 2) {
                if (p == end || *p == 0 || *p > PDN_PATH_MAX ||
                    end - p - 1 < *p)
                    return -1;
                m.ncaptured = *p++;
                for (i = 0; i < m.ncaptured; i++)
                    m.captured[i] = *p++;
            }
        }
        {
            int piece = sq[m.path[0]];

            if (!is_piece(piece))
                return -1;
            sq[m.path[0]] = 0;
            for (i = 0; i < m.ncaptured; i++)
                sq[m.captured[i]] = 0;
            if (m.promotes && (piece == 'w' || piece == 'b'))
                piece = piece == 'w' ? 'W' : 'B';
            sq[m.path[1]] = (unsigned char)piece;
        }
        ply++;
        if (fn(ud, sq, ply, &m))
            return 0;
    }
    return 0;
}
