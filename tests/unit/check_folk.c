/* SPDX-License-Identifier: MIT */
/* Unit tests for the folk variants on Russian rules (diagonal, Northern,
 * Samoyed): their GameType names and fields, hand-worked positions with
 * their exact legal move lists, and perft against an independent counter
 * written here (a plain 8x8 array, nothing shared with movegen.c). */
#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* The legal moves of b in full, algebraic ("c3xe5xg7"). */
static const char *
moves_text(const pdn_board *b)
{
    return test_moves_text(b, 1, 1);
}

/* Plays the one legal move written as text (full path) on b. */
static void
play(pdn_board *b, const char *text)
{
    pdn_movelist *l = pdn_movelist_new();
    pdn_movetext mt;
    pdn_match m;

    ck_assert_int_eq(pdn_movetext_parse(text, strlen(text), &mt), 0);
    ck_assert_msg(pdn_board_play(b, &mt, &m, l, NULL) == PDN_MATCH_LEGAL,
                  "move %s", text);
    pdn_movelist_free(l);
}

/* ---- GameType: names, seventh field, round trip ---- */

START_TEST(test_gametype_names)
{
    static const struct {
        const char *name, *canon, *written;
        int folk;
    } cases[] = {
        {"diagonal", "diagonal", "25,W,8,8,A0,0,diagonal", PDN_FOLK_DIAGONAL},
        {"Diagonal checkers", "diagonal", "25,W,8,8,A0,0,diagonal",
         PDN_FOLK_DIAGONAL},
        {"northern", "northern", "25,W,8,8,A0,0,northern", PDN_FOLK_NORTHERN},
        {"Northern draughts", "northern", "25,W,8,8,A0,0,northern",
         PDN_FOLK_NORTHERN},
        {"samoyed", "samoyed", "25,W,8,8,A0,0,samoyed", PDN_FOLK_SAMOYED},
        {"Two move checkers", "two-move", "25,W,8,8,A0,0,two-move",
         PDN_FOLK_TWO_MOVE},
        {"corners", "corners", "30,W,8,8,A0,0,corners", PDN_FOLK_CORNERS},
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_gametype gt, back;
        char buf[64];
        pdn_error err;

        ck_assert_int_eq(pdn_gametype_by_name(cases[i].name, &gt), 0);
        ck_assert_int_eq(gt.folk, cases[i].folk);
        ck_assert_int_eq(gt.type, cases[i].folk == PDN_FOLK_CORNERS ? 30 : 25);
        ck_assert_int_eq(gt.rules, gt.type);
        ck_assert_str_eq(pdn_gametype_name(&gt), cases[i].canon);
        pdn_gametype_format(&gt, buf, sizeof buf);
        ck_assert_str_eq(buf, cases[i].written);
        pdn_error_clear(&err);
        ck_assert_int_eq(pdn_gametype_parse(buf, &back, &err), 0);
        ck_assert_int_eq(pdn_gametype_equal(&gt, &back), 1);
        /* the written form also goes through by_name (a -g value) */
        ck_assert_int_eq(pdn_gametype_by_name(buf, &back), 0);
        ck_assert_int_eq(back.folk, cases[i].folk);
    }
}
END_TEST

START_TEST(test_gametype_refused)
{
    pdn_gametype gt, russian;
    pdn_error err;

    /* a folk name on rules other than Russian, or with the giveaway flag
     * place taken, is an error quoting the field */
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_gametype_parse("20,W,10,10,N2,0,samoyed", &gt, &err),
                     -1);
    ck_assert_ptr_nonnull(strstr(err.text, "'samoyed'"));
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_gametype_parse("25,W,8,8,A0,0,Northern", &gt, &err),
                     -1);
    ck_assert_int_eq(pdn_gametype_parse("25,W,8,8,A0,0,northern,G", &gt,
                                        NULL),
                     -1);
    /* corners is played on every square, Turkish's board, not Russian's */
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_gametype_parse("25,W,8,8,A0,0,corners", &gt, &err),
                     -1);
    ck_assert_ptr_nonnull(strstr(err.text, "GameType 30"));
    /* plain Russian is not a folk variant and differs from each */
    ck_assert_int_eq(pdn_gametype_by_name("russian", &russian), 0);
    ck_assert_int_eq(russian.folk, PDN_FOLK_NONE);
    ck_assert_int_eq(pdn_gametype_by_name("northern", &gt), 0);
    ck_assert_int_eq(pdn_gametype_equal(&gt, &russian), 0);
    ck_assert_int_eq(pdn_gametype_by_name("eastern", &gt), -1);
}
END_TEST

/* ---- diagonal checkers ---- */

START_TEST(test_diagonal_start)
{
    pdn_board *b = test_board_at("diagonal", NULL);
    pdn_fen f;
    pdn_error err;

    /* 12 men each between the light corner and the empty long diagonal */
    ck_assert_str_eq(test_fen_of(b), "W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:"
                                  "Ba3,b4,a5,c5,b6,d6,a7,c7,e7,b8,d8,f8");
    /* each front man can step out, towards the long diagonal */
    ck_assert_str_eq(moves_text(b), "c1-b2 d2-c3 e3-d4 f4-e5 g5-f6 h6-g7");
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_fen_parse("B:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:"
                                   "Ba3,b4,a5,c5,b6,d6,a7,c7,e7,b8,d8,f8",
                                   &f, &err),
                     0);
    ck_assert_int_eq(pdn_board_set_fen(b, &f, &err), 0);
    ck_assert_str_eq(moves_text(b), "a3-b2 b4-c3 c5-d4 d6-e5 e7-f6 f8-g7");
    /* after h6-g7 Black must take: f8 jumps g7 into the emptied h6 */
    pdn_board_reset(b);
    play(b, "h6-g7");
    ck_assert_str_eq(moves_text(b), "f8xh6");
    pdn_board_free(b);
}
END_TEST

/* ---- Northern checkers ---- */

START_TEST(test_northern_demote)
{
    pdn_board *b = test_board_at("northern", "W:Wc3:BKd4,h8");
    pdn_board *r = test_board_at("russian", "W:Wc3:BKd4,h8");

    ck_assert_str_eq(moves_text(b), "c3xe5");
    play(b, "c3:e5");
    play(r, "c3:e5");
    /* the king is replaced by a black man; in Russian it is gone */
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(3, 3)), 'b');
    ck_assert_int_eq(pdn_board_piece(r, PDN_COORD(3, 3)), 0);
    ck_assert_str_eq(test_fen_of(b), "B:We5:Bd4,h8");
    /* and the new man must take back, backwards over e5 */
    ck_assert_str_eq(moves_text(b), "d4xf6");
    ck_assert_str_eq(moves_text(r), "h8-g7");
    pdn_board_free(b);
    pdn_board_free(r);
}
END_TEST

START_TEST(test_northern_hash)
{
    pdn_board *b = test_board_at("northern", "W:WKa1,c1:BKc3,Kf6,h8");
    pdn_drawstate *d = pdn_drawstate_new();
    pdn_movelist *l = pdn_movelist_new();
    pdn_movetext mt;
    pdn_match m;
    const char *text = "a1:d4:g7";

    /* the white king takes both kings (over c3, landing on d4 or e5, then
     * over f6: one move, the two routes having the same captured set);
     * two black men stay on c3 and f6 */
    ck_assert_str_eq(moves_text(b), "a1xd4xg7");
    pdn_drawstate_start(d, b);
    ck_assert_int_eq(pdn_movetext_parse(text, strlen(text), &mt), 0);
    ck_assert_int_eq(pdn_board_play(b, &mt, &m, l, NULL), PDN_MATCH_LEGAL);
    ck_assert_int_ge(pdn_drawstate_push(d, b, &m.move, NULL), 0);
    ck_assert_uint_eq(pdn_drawstate_info(d)->hash, pdn_board_hash(b));
    ck_assert_str_eq(test_fen_of(b), "B:Wc1,Kg7:Bc3,f6,h8");
    pdn_movelist_free(l);
    pdn_drawstate_free(d);
    pdn_board_free(b);
}
END_TEST

/* ---- Samoyed checkers ---- */

START_TEST(test_samoyed_start)
{
    pdn_board *b = test_board_at("samoyed", NULL);

    /* at once White must take one of its own third-row men */
    ck_assert_str_eq(moves_text(b), "b2xd4 d2xb4 d2xf4 f2xd4 f2xh4 h2xf4");
    play(b, "b2:d4");
    ck_assert_str_eq(test_fen_of(b), "B:Wa1,c1,e1,g1,d2,f2,h2,a3,e3,g3,d4:"
                                  "Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
    pdn_board_free(b);
}
END_TEST

START_TEST(test_samoyed_mixed)
{
    /* a capture goes on over an own man after an opponent's */
    pdn_board *b = test_board_at("samoyed", "W:Wc3,f6:Bd4");
    pdn_board *r = test_board_at("russian", "W:Wc3,f6:Bd4");

    ck_assert_str_eq(moves_text(b), "c3xe5xg7");
    ck_assert_str_eq(moves_text(r), "c3xe5");
    play(b, "c3:e5:g7");
    ck_assert_str_eq(test_fen_of(b), "B:Wg7:B");
    /* Black, with nothing left, has lost */
    ck_assert_str_eq(moves_text(b), "");
    pdn_board_free(r);
    pdn_board_free(b);
    /* a flying king takes its own man, and must: the quiet king moves
     * are not legal */
    b = test_board_at("samoyed", "W:WKa1,c3:Bh8");
    ck_assert_str_eq(moves_text(b), "a1xd4 a1xe5 a1xf6 a1xg7");
    pdn_board_free(b);
    /* Black too: its men take each other (e5 backwards over f6) */
    b = test_board_at("samoyed", "B:Wa1:Bf6,e5");
    ck_assert_str_eq(moves_text(b), "e5xg7 f6xd4");
    pdn_board_free(b);
}
END_TEST

START_TEST(test_samoyed_routes)
{
    /* a man going round its own four men: two routes, one move (same
     * start, end and captured set); either route, written in full, is
     * that move */
    static const char *const routes[] = {"d2:b4:d6:f4:d2", "d2:f4:d6:b4:d2"};
    size_t i;

    for (i = 0; i < 2; i++) {
        pdn_board *b = test_board_at("samoyed", "W:Wd2,c3,e3,c5,e5:Bh8");
        ck_assert_str_eq(moves_text(b), "c3xe1 d2xb4xd6xf4xd2 e3xc1");
        play(b, routes[i]);
        ck_assert_str_eq(test_fen_of(b), "B:Wd2:Bh8");
        pdn_board_free(b);
    }
}
END_TEST

/* ---- two-move checkers ---- */

START_TEST(test_two_move_turns)
{
    pdn_board *b = test_board_at("two-move", NULL);
    pdn_drawstate *d = pdn_drawstate_new();
    pdn_movelist *l = pdn_movelist_new();
    /* White: two quiet moves; Black: a capture, then a quiet move (d4
     * has no capture left); White: the capture due */
    static const char *const plies[] = {"c3-d4", "d4-e5", "f6xd4", "b6-a5",
                                        "e3xc5"};
    pdn_movetext mt;
    pdn_match m;
    size_t i;

    /* White opens with two moves; the turn passes after the second */
    ck_assert_int_eq(pdn_board_turn(b), 'W');
    pdn_drawstate_start(d, b);
    for (i = 0; i < sizeof plies / sizeof plies[0]; i++) {
        ck_assert_int_eq(pdn_board_turn(b), i < 2 ? 'W' : i < 4 ? 'B' : 'W');
        ck_assert_int_eq(pdn_movetext_parse(plies[i], strlen(plies[i]), &mt),
                         0);
        ck_assert_msg(pdn_board_play(b, &mt, &m, l, NULL) == PDN_MATCH_LEGAL,
                      "ply %zu %s", i, plies[i]);
        ck_assert_int_ge(pdn_drawstate_push(d, b, &m.move, NULL), 0);
        ck_assert_uint_eq(pdn_drawstate_info(d)->hash, pdn_board_hash(b));
    }
    pdn_movelist_free(l);
    pdn_drawstate_free(d);
    pdn_board_free(b);
}
END_TEST

START_TEST(test_two_move_mixed)
{
    /* a quiet first move that makes a capture due on the second */
    pdn_board *b = test_board_at("two-move", "W:Wc3,g3:Be5");

    ck_assert_str_eq(moves_text(b), "c3-b4 c3-d4 g3-f4 g3-h4");
    play(b, "c3-d4");
    ck_assert_int_eq(pdn_board_turn(b), 'W');
    ck_assert_str_eq(moves_text(b), "d4xf6");
    play(b, "d4xf6");
    /* Black, with nothing left, has lost */
    ck_assert_int_eq(pdn_board_turn(b), 'B');
    ck_assert_str_eq(moves_text(b), "");
    pdn_board_free(b);
    /* a capture first, then a quiet move by any piece */
    b = test_board_at("two-move", "W:Wd4,a1:Be5,h8");
    ck_assert_str_eq(moves_text(b), "d4xf6");
    play(b, "d4xf6");
    ck_assert_str_eq(moves_text(b), "a1-b2 f6-e7 f6-g7");
    play(b, "a1-b2");
    ck_assert_str_eq(test_fen_of(b), "B:Wb2,f6:Bh8");
    /* Black's two moves: h8-g7, then g7 must take f6 */
    ck_assert_str_eq(moves_text(b), "h8-g7");
    play(b, "h8-g7");
    ck_assert_str_eq(moves_text(b), "g7xe5");
    pdn_board_free(b);
}
END_TEST

/* ---- corners ---- */

START_TEST(test_corners_start)
{
    pdn_board *b = test_board_at("corners", NULL);

    ck_assert_str_eq(test_fen_of(b), "W:Wa1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3:"
                                     "Be6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8");
    /* steps out of the block and jumps over its front men */
    ck_assert_str_eq(moves_text(b), "a2-a4 a3-a4 b2-b4 b3-b4 c1-e1 c2-c4 "
                                    "c2-e2 c3-c4 c3-e3 d1-e1 d2-d4 d2-e2 "
                                    "d3-d4 d3-e3");
    pdn_board_free(b);
}
END_TEST

START_TEST(test_corners_moves)
{
    /* a chain of jumps over either colour, turning, stopping anywhere;
     * destinations two pieces share are each piece's own move */
    pdn_board *b = test_board_at("corners", "W:Wa1,c2:Bb1,d3");

    ck_assert_str_eq(moves_text(b), "a1-a2 a1-c1 a1-c3 a1-e3 c2-b2 c2-c1 "
                                    "c2-c3 c2-d2");
    /* nothing is taken, and nobody is crowned */
    play(b, "a1-e3");
    ck_assert_str_eq(test_fen_of(b), "B:Wc2,e3:Bb1,d3");
    /* Black steps every way, backwards too, and jumps White's men */
    ck_assert_str_eq(moves_text(b),
                     "b1-a1 b1-b2 b1-c1 d3-c3 d3-d2 d3-d4 d3-f3");
    pdn_board_free(b);
    b = test_board_at("corners", "W:Wa7:Bh1");
    play(b, "a7-a8");
    ck_assert_str_eq(test_fen_of(b), "B:Wa8:Bh1");
    pdn_board_free(b);
}
END_TEST

/* ---- an independent counter ----
 * Russian rules on a plain 8x8 array (White moves up, dark squares have
 * x + y even), with the Northern and Samoyed changes as flags. Values: 0
 * empty, 1 White, 2 Black, +4 king. */
typedef struct bf {
    unsigned char sq[8][8];
    int turn;
    int second; /* two-move: the second move of the turn is due */
} bf;

typedef struct bfmove {
    int fx, fy, tx, ty, king;
    uint64_t taken;
} bfmove;

typedef struct bfgen {
    const bf *p;
    int samoyed;
    bfmove *v;
    int n;
    int fx, fy;
} bfgen;

static int
on(int x, int y)
{
    return x >= 0 && y >= 0 && x < 8 && y < 8;
}

static int
bf_prey(const bfgen *g, int x, int y, uint64_t taken)
{
    int v = g->p->sq[y][x];

    if (v == 0 || (taken >> (y * 8 + x) & 1))
        return 0;
    return g->samoyed || (v & 3) != g->p->turn;
}

static const int ddx[4] = {1, -1, 1, -1}, ddy[4] = {1, 1, -1, -1};

/* Can a king on (x, y) jump once more? */
static int
bf_king_goes_on(const bfgen *g, const unsigned char (*sq)[8], int x, int y,
                uint64_t taken)
{
    int d;

    for (d = 0; d < 4; d++) {
        int nx = x + ddx[d], ny = y + ddy[d];
        while (on(nx, ny) && sq[ny][nx] == 0) {
            nx += ddx[d];
            ny += ddy[d];
        }
        if (on(nx, ny) && bf_prey(g, nx, ny, taken) &&
            on(nx + ddx[d], ny + ddy[d]) && sq[ny + ddy[d]][nx + ddx[d]] == 0)
            return 1;
    }
    return 0;
}

static void
bf_record(bfgen *g, int x, int y, int king, uint64_t taken)
{
    int i;

    for (i = 0; i < g->n; i++)
        if (g->v[i].fx == g->fx && g->v[i].fy == g->fy && g->v[i].tx == x &&
            g->v[i].ty == y && g->v[i].taken == taken)
            return;
    ck_assert_int_lt(g->n, 512);
    g->v[g->n++] = (bfmove){g->fx, g->fy, x, y, king, taken};
}

/* The mover has been lifted from (fx, fy): the search sees it empty. */
static void
bf_caps(bfgen *g, unsigned char (*sq)[8], int x, int y, int king,
        uint64_t taken)
{
    int d, found = 0, last = g->p->turn == 1 ? 7 : 0;

    for (d = 0; d < 4; d++) {
        int nx = x + ddx[d], ny = y + ddy[d], lx, ly, any = 0;
        if (king)
            while (on(nx, ny) && sq[ny][nx] == 0) {
                nx += ddx[d];
                ny += ddy[d];
            }
        if (!on(nx, ny) || !bf_prey(g, nx, ny, taken))
            continue;
        lx = nx + ddx[d];
        ly = ny + ddy[d];
        if (!on(lx, ly) || sq[ly][lx] != 0)
            continue;
        found = 1;
        if (!king) {
            bf_caps(g, sq, lx, ly, ly == last,
                    taken | (uint64_t)1 << (ny * 8 + nx));
            continue;
        }
        taken |= (uint64_t)1 << (ny * 8 + nx);
        for (; on(lx, ly) && sq[ly][lx] == 0; lx += ddx[d], ly += ddy[d])
            any |= bf_king_goes_on(g, sq, lx, ly, taken);
        for (lx = nx + ddx[d], ly = ny + ddy[d]; on(lx, ly) && sq[ly][lx] == 0;
             lx += ddx[d], ly += ddy[d])
            if (!any || bf_king_goes_on(g, sq, lx, ly, taken))
                bf_caps(g, sq, lx, ly, 1, taken);
        taken &= ~((uint64_t)1 << (ny * 8 + nx));
    }
    if (!found && taken != 0)
        bf_record(g, x, y, king, taken);
}

static int
bf_gen(const bf *p, int samoyed, bfmove *v)
{
    bfgen g = {p, samoyed, v, 0, 0, 0};
    unsigned char sq[8][8];
    int x, y, d, fwd = p->turn == 1 ? 1 : -1, last = p->turn == 1 ? 7 : 0;

    memcpy(sq, p->sq, sizeof sq);
    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x++) {
            int pc = sq[y][x];
            if ((pc & 3) != p->turn)
                continue;
            g.fx = x;
            g.fy = y;
            sq[y][x] = 0;
            bf_caps(&g, sq, x, y, (pc & 4) != 0, 0);
            sq[y][x] = (unsigned char)pc;
        }
    if (g.n > 0)
        return g.n;
    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x++) {
            int pc = p->sq[y][x];
            if ((pc & 3) != p->turn)
                continue;
            for (d = 0; d < 4; d++) {
                int nx = x + ddx[d], ny = y + ddy[d];
                if (!(pc & 4) && ddy[d] != fwd)
                    continue;
                while (on(nx, ny) && p->sq[ny][nx] == 0) {
                    v[g.n++] = (bfmove){x, y, nx, ny, (pc & 4) || ny == last,
                                        0};
                    if (!(pc & 4))
                        break;
                    nx += ddx[d];
                    ny += ddy[d];
                }
            }
        }
    return g.n;
}

/* Folk rule flags of the counter. */
enum { BF_SAMOYED = 1, BF_NORTHERN = 2, BF_TWO_MOVE = 4, BF_STAVROPOL = 8 };

/* Stavropol: the side to move's own moves and those of the other colour,
 * captures first across both; none when its own colour cannot move. */
static int
bf_gen_sv(const bf *p, bfmove *v)
{
    bfmove w[512];
    bf q = *p;
    int n = bf_gen(p, 0, v), m, i;

    if (n == 0)
        return 0;
    q.turn = 3 - p->turn;
    m = bf_gen(&q, 0, w);
    if (m > 0 && w[0].taken != 0 && v[0].taken == 0)
        n = 0;
    else if (m > 0 && w[0].taken == 0 && v[0].taken != 0)
        m = 0;
    ck_assert_int_le(n + m, 512);
    for (i = 0; i < m; i++)
        v[n++] = w[i];
    return n;
}

static uint64_t
bf_perft(const bf *p, int depth, int flags)
{
    bfmove v[512];
    uint64_t total = 0;
    int n = (flags & BF_STAVROPOL) ? bf_gen_sv(p, v)
                                   : bf_gen(p, flags & BF_SAMOYED, v);
    int i, k;

    if (depth == 1)
        return (uint64_t)n;
    for (i = 0; i < n; i++) {
        bf q = *p;
        int pc = q.sq[v[i].fy][v[i].fx];
        q.sq[v[i].fy][v[i].fx] = 0;
        for (k = 0; k < 64; k++) {
            unsigned char *c = &q.sq[k / 8][k % 8];
            if (!(v[i].taken >> k & 1))
                continue;
            *c = (flags & BF_NORTHERN) && (*c & 4) ? *c & 3 : 0;
        }
        q.sq[v[i].ty][v[i].tx] = (unsigned char)((pc & 3) | (v[i].king ? 4 : 0));
        if ((flags & BF_TWO_MOVE) && !q.second) {
            q.second = 1;
        } else {
            q.second = 0;
            q.turn = 3 - q.turn;
        }
        total += bf_perft(&q, depth - 1, flags);
    }
    return total;
}

/* The independent counter's position from a board of the library. */
static void
bf_from(bf *p, const pdn_board *b)
{
    int x, y;

    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x++) {
            int c = pdn_board_piece(b, PDN_COORD(x, y));
            p->sq[y][x] = (unsigned char)(c == 'w' ? 1 : c == 'b' ? 2
                                          : c == 'W' ? 5 : c == 'B' ? 6 : 0);
        }
    p->turn = pdn_board_turn(b) == 'W' ? 1 : 2;
    p->second = 0;
}

static const struct {
    const char *gt, *fen;
    int depth;
    uint64_t leaves; /* the library's count, also the counter's */
} perfts[] = {
    {"diagonal", NULL, 6, 266},
    {"samoyed", NULL, 6, 9671},
    {"northern", NULL, 5, 7482},
    /* kings of both sides, so that Northern demotes */
    {"northern", "W:WKa1,c3,e3,g3,Kh2:Bb6,Kd6,f6,Kg7,h8", 4, 0},
    {"samoyed", "W:WKa1,c3,e3,g3,Kh2:Bb6,Kd6,f6,Kg7,h8", 4, 0},
    {"russian", "W:WKa1,c3,e3,g3,Kh2:Bb6,Kd6,f6,Kg7,h8", 4, 0},
    {"diagonal", "B:WKc1,e3,g5:Bb4,Kd8,a7", 5, 0},
    {"two-move", NULL, 6, 62241},
    {"two-move", "W:WKa1,c3,e3,g3,Kh2:Bb6,Kd6,f6,Kg7,h8", 4, 0},
    {"two-move", "B:WKc1,e3,g5:Bb4,Kd8,a7", 5, 0},
    /* 7 white and 7 black men's first steps (hand count); then the
     * counter's */
    {"stavropol", NULL, 1, 14},
    {"stavropol", NULL, 5, 253946},
    {"stavropol", "W:WKa1,c3,e3,g3,Kh2:Bb6,Kd6,f6,Kg7,h8", 4, 0},
    {"stavropol", "B:WKc1,e3,g5:Bb4,Kd8,a7", 4, 0},
};

/* Stavropol: the side to move may move either colour's pieces, each by
 * its colour's rules; a capture by either colour is compulsory, even one
 * of the side's own pieces; a side left with no piece of its colour that
 * can move has lost. */
START_TEST(test_stavropol_moves)
{
    pdn_board *b = test_board_at("stavropol", NULL);
    const char *why = NULL;

    ck_assert_str_eq(moves_text(b), "a3-b4 b6-a5 b6-c5 c3-b4 c3-d4 d6-c5 "
                                    "d6-e5 e3-d4 e3-f4 f6-e5 f6-g5 g3-f4 "
                                    "g3-h4 h6-g5");
    play(b, "f6-g5"); /* White moves a black man */
    ck_assert_int_eq(pdn_board_turn(b), 'B');
    pdn_board_free(b);
    /* White's only captures take its own men, with the black man */
    b = test_board_at("stavropol", "W:Wd2,f4,a1:Be3");
    ck_assert_str_eq(moves_text(b), "e3xc1 e3xg5");
    play(b, "e3xc1");
    ck_assert_str_eq(test_fen_of(b), "B:Wa1,f4:BKc1");
    pdn_board_free(b);
    /* White blocks its own last man: White has lost */
    b = test_board_at("stavropol", "W:Wg1:Bg3,f4");
    ck_assert_str_eq(moves_text(b), "f4-e3 g1-f2 g1-h2 g3-f2 g3-h2");
    play(b, "g1-h2");
    ck_assert_int_eq(pdn_board_folk_end(b, 1, &why), PDN_OUTCOME_SECOND);
    ck_assert_ptr_nonnull(why);
    pdn_board_free(b);
    /* the side to move with no piece of its colour that can move has no
     * legal move, whatever the other colour could do */
    b = test_board_at("stavropol", "W:Wh2:Bg3,f4");
    ck_assert_str_eq(moves_text(b), "");
    pdn_board_free(b);
}
END_TEST

/* Corners: the end of the race. White (first mover) home in the black
 * corner e6-h8; Black has one man to bring in. */
START_TEST(test_corners_race_end)
{
    static const char *const fen =
        "B:We6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8:"
        "Ba1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d4";
    pdn_board *b = test_board_at("corners", fen);
    const char *why = "x";

    /* White is home, but Black has its equalising move */
    ck_assert_int_eq(pdn_board_folk_end(b, 61, &why), PDN_OUTCOME_UNKNOWN);
    ck_assert_ptr_null(why);
    play(b, "d4-d3");
    ck_assert_int_eq(pdn_board_folk_end(b, 62, &why), PDN_OUTCOME_DRAW);
    ck_assert_ptr_nonnull(strstr(why, "same number"));
    pdn_board_free(b);
    b = test_board_at("corners", fen);
    play(b, "d4-e4");
    ck_assert_int_eq(pdn_board_folk_end(b, 62, NULL), PDN_OUTCOME_FIRST);
    pdn_board_free(b);
    /* Black home first: it wins at once */
    b = test_board_at("corners", "W:Wf6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8,d5:"
                                 "Ba1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3");
    ck_assert_int_eq(pdn_board_folk_end(b, 62, NULL), PDN_OUTCOME_SECOND);
    pdn_board_free(b);
    /* men at home after the 40th move: the side that just moved (White
     * at ply 81, its 41st move; Black at ply 82) has lost; not at its
     * 40th */
    b = test_board_at("corners", "B:Wa1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3:"
                                 "Be6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8");
    ck_assert_int_eq(pdn_board_folk_end(b, 79, NULL), PDN_OUTCOME_UNKNOWN);
    ck_assert_int_eq(pdn_board_folk_end(b, 81, &why), PDN_OUTCOME_SECOND);
    ck_assert_ptr_nonnull(strstr(why, "40th"));
    pdn_board_free(b);
    b = test_board_at("corners", NULL);
    ck_assert_int_eq(pdn_board_folk_end(b, 80, NULL), PDN_OUTCOME_UNKNOWN);
    ck_assert_int_eq(pdn_board_folk_end(b, 82, NULL), PDN_OUTCOME_FIRST);
    ck_assert_int_eq(pdn_board_folk_end(b, 0, NULL), PDN_OUTCOME_UNKNOWN);
    pdn_board_free(b);
    /* no race in other variants */
    b = test_board_at("russian", NULL);
    ck_assert_int_eq(pdn_board_folk_end(b, 99, NULL), PDN_OUTCOME_UNKNOWN);
    pdn_board_free(b);
}
END_TEST

/* ---- lidraughts' site variants: 96 Breakthrough, 97 Frysk! ---- */

START_TEST(test_site_variants)
{
    static const struct {
        const char *name, *canon;
        int type, rules, folk;
    } cases[] = {
        {"breakthrough", "breakthrough", 96, 20, PDN_FOLK_BREAKTHROUGH},
        {"Breakthrough", "breakthrough", 96, 20, PDN_FOLK_BREAKTHROUGH},
        {"96", "breakthrough", 96, 20, PDN_FOLK_BREAKTHROUGH},
        {"frysk", "frysk", 97, 40, PDN_FOLK_FRYSK},
        {"Frysk!", "frysk", 97, 40, PDN_FOLK_FRYSK},
        {"97", "frysk", 97, 40, PDN_FOLK_FRYSK},
        /* the Variant values sites write */
        {"American/English", "english", 21, 21, PDN_FOLK_NONE},
        {"Russian draughts", "russian", 25, 25, PDN_FOLK_NONE},
        {"Frisian", "frisian", 40, 40, PDN_FOLK_NONE},
        {"Antidraughts", "antidraughts", 98, 20, PDN_FOLK_NONE},
        {"International", "international", 20, 20, PDN_FOLK_NONE},
        {"Brazilian", "brazilian", 26, 26, PDN_FOLK_NONE},
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_gametype gt, back;
        char buf[64];

        ck_assert_msg(pdn_gametype_by_name(cases[i].name, &gt) == 0, "%s",
                      cases[i].name);
        ck_assert_int_eq(gt.type, cases[i].type);
        ck_assert_int_eq(gt.rules, cases[i].rules);
        ck_assert_int_eq(gt.folk, cases[i].folk);
        ck_assert_str_eq(pdn_gametype_name(&gt), cases[i].canon);
        /* the standard value is written as the bare number */
        pdn_gametype_format(&gt, buf, sizeof buf);
        ck_assert_int_eq(atoi(buf), cases[i].type);
        ck_assert_int_eq(pdn_gametype_parse(buf, &back, NULL), 0);
        ck_assert_int_eq(pdn_gametype_equal(&gt, &back), 1);
    }
    /* a site variant on another numbering keeps its name as the seventh
     * field, which reads back */
    {
        pdn_gametype gt, back;
        char buf[64];

        ck_assert_int_eq(pdn_gametype_parse("97,W,10,10,A0,0", &gt, NULL), 0);
        ck_assert_int_eq(gt.folk, PDN_FOLK_FRYSK);
        pdn_gametype_format(&gt, buf, sizeof buf);
        ck_assert_str_eq(buf, "97,W,10,10,A0,0,frysk");
        ck_assert_int_eq(pdn_gametype_parse(buf, &back, NULL), 0);
        ck_assert_int_eq(pdn_gametype_equal(&gt, &back), 1);
        ck_assert_int_eq(pdn_gametype_parse("25,W,8,8,A0,0,frysk", &gt,
                                            NULL),
                         -1);
        ck_assert_int_eq(pdn_gametype_parse("95", &gt, NULL), -1);
    }
}
END_TEST

/* Frysk!: five men each on the back rows, Frisian rules; Breakthrough:
 * International's start, over when a king is crowned. */
START_TEST(test_site_variant_play)
{
    pdn_board *b = test_board_at("frysk", NULL);
    const char *why = NULL;

    ck_assert_str_eq(test_fen_of(b), "W:W46,47,48,49,50:B1,2,3,4,5");
    pdn_board_free(b);
    /* Frisian rules: an orthogonal capture */
    b = test_board_at("97", "W:W48:B38,3");
    ck_assert_str_eq(test_moves_text(b, 0, 1), "48x28");
    pdn_board_free(b);
    b = test_board_at("breakthrough", NULL);
    ck_assert_str_eq(test_fen_of(b),
                     "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,"
                     "48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,"
                     "19,20");
    pdn_board_free(b);
    b = test_board_at("breakthrough", "W:W7,40:B20,35");
    ck_assert_int_eq(pdn_board_folk_end(b, 3, NULL), PDN_OUTCOME_UNKNOWN);
    play(b, "7-1");
    ck_assert_int_eq(pdn_board_folk_end(b, 4, &why), PDN_OUTCOME_FIRST);
    ck_assert_ptr_nonnull(strstr(why, "first king"));
    pdn_board_free(b);
    /* a man passing the last row during a capture stays a man
     * (International): no end */
    b = test_board_at("breakthrough", "W:W13,40:B9,10,30");
    play(b, "13x4x15");
    ck_assert_str_eq(test_fen_of(b), "B:W15,40:B30");
    ck_assert_int_eq(pdn_board_folk_end(b, 1, NULL), PDN_OUTCOME_UNKNOWN);
    pdn_board_free(b);
    b = test_board_at("breakthrough", "B:W7,40:B42");
    play(b, "42-47");
    ck_assert_int_eq(pdn_board_folk_end(b, 1, NULL), PDN_OUTCOME_SECOND);
    pdn_board_free(b);
    /* International itself goes on */
    b = test_board_at("international", "B:W7,40:B42");
    play(b, "42-47");
    ck_assert_int_eq(pdn_board_folk_end(b, 1, NULL), PDN_OUTCOME_UNKNOWN);
    pdn_board_free(b);
}
END_TEST

/* ---- a second independent counter: 10x10, men's quiet moves ----
 * A plain 10x10 array (White moves up, dark squares have x + y even);
 * it knows only men's forward steps, and fails the test when two men of
 * different colours come within two rows of each other, where a capture
 * (diagonal, or Frisian orthogonal) could begin. So it counts exactly
 * what it can: the start of Frysk! to depth 7. */
typedef struct tenp {
    unsigned char sq[10][10]; /* 0 empty, 1 White man, 2 Black man */
    int turn;
} tenp;

static uint64_t
ten_perft(const tenp *p, int depth)
{
    int x, y, d, fwd = p->turn == 1 ? 1 : -1, top = -1, low = 10;
    uint64_t total = 0;

    for (y = 0; y < 10; y++)
        for (x = 0; x < 10; x++) {
            if (p->sq[y][x] == 1 && y > top)
                top = y;
            if (p->sq[y][x] == 2 && y < low)
                low = y;
        }
    ck_assert_msg(low - top > 2, "the 10x10 counter met a possible capture");
    for (y = 0; y < 10; y++)
        for (x = 0; x < 10; x++) {
            if (p->sq[y][x] != p->turn)
                continue;
            for (d = -1; d <= 1; d += 2) {
                int nx = x + d, ny = y + fwd;
                tenp q;
                if (nx < 0 || nx > 9 || ny < 0 || ny > 9 || p->sq[ny][nx])
                    continue;
                ck_assert_int_ne(ny, p->turn == 1 ? 9 : 0); /* no crowning */
                if (depth == 1) {
                    total++;
                    continue;
                }
                q = *p;
                q.sq[ny][nx] = q.sq[y][x];
                q.sq[y][x] = 0;
                q.turn = 3 - q.turn;
                total += ten_perft(&q, depth - 1);
            }
        }
    return total;
}

START_TEST(test_perft_frysk)
{
    pdn_board *b = test_board_at("frysk", NULL);
    tenp p;
    int x, y, d, deepest;

    for (y = 0; y < 10; y++)
        for (x = 0; x < 10; x++) {
            int c = pdn_board_piece(b, PDN_COORD(x, y));
            ck_assert(c != 'W' && c != 'B');
            p.sq[y][x] = (unsigned char)(c == 'w' ? 1 : c == 'b' ? 2 : 0);
        }
    p.turn = pdn_board_turn(b) == 'W' ? 1 : 2;
    /* depths 6 and 7 (2,572,197 leaves, pdn-perft -g frysk in
     * tests/cli/perft-folk.sh) take seconds of CPU time: make check-long
     * (PDN_TEST_LONG=1) only */
    deepest = getenv("PDN_TEST_LONG") != NULL ? 7 : 5;
    for (d = 1; d <= deepest; d++)
        ck_assert_uint_eq(test_perft(b, d, 1), ten_perft(&p, d));
    ck_assert_uint_eq(test_perft(b, 5, 1), 41829);
    pdn_board_free(b);
}
END_TEST

START_TEST(test_perft_independent)
{
    size_t i = (size_t)_i;
    pdn_board *b = test_board_at(perfts[i].gt, perfts[i].fen);
    pdn_gametype gt = *pdn_board_gametype(b);
    bf p;
    uint64_t lib, ind;

    bf_from(&p, b);
    lib = test_perft(b, perfts[i].depth, 1);
    ind = bf_perft(&p, perfts[i].depth,
                   (gt.folk == PDN_FOLK_SAMOYED ? BF_SAMOYED : 0) |
                       (gt.folk == PDN_FOLK_NORTHERN ? BF_NORTHERN : 0) |
                       (gt.folk == PDN_FOLK_TWO_MOVE ? BF_TWO_MOVE : 0) |
                       (gt.folk == PDN_FOLK_STAVROPOL ? BF_STAVROPOL : 0));
    ck_assert_msg(lib == ind, "%s %s depth %d: library %llu, counter %llu",
                  perfts[i].gt, perfts[i].fen ? perfts[i].fen : "start",
                  perfts[i].depth, (unsigned long long)lib,
                  (unsigned long long)ind);
    if (perfts[i].leaves != 0)
        ck_assert_uint_eq(lib, perfts[i].leaves);
    ck_assert_uint_gt(lib, 0);
    pdn_board_free(b);
}
END_TEST

Suite *
folk_suite(void)
{
    Suite *s = suite_create("folk");
    TCase *tc = tcase_create("folk");

    tcase_add_test(tc, test_gametype_names);
    tcase_add_test(tc, test_gametype_refused);
    tcase_add_test(tc, test_diagonal_start);
    tcase_add_test(tc, test_northern_demote);
    tcase_add_test(tc, test_northern_hash);
    tcase_add_test(tc, test_samoyed_start);
    tcase_add_test(tc, test_samoyed_mixed);
    tcase_add_test(tc, test_samoyed_routes);
    tcase_add_test(tc, test_two_move_turns);
    tcase_add_test(tc, test_corners_start);
    tcase_add_test(tc, test_corners_moves);
    tcase_add_test(tc, test_corners_race_end);
    tcase_add_test(tc, test_stavropol_moves);
    tcase_add_test(tc, test_two_move_mixed);
    tcase_add_test(tc, test_site_variants);
    tcase_add_test(tc, test_site_variant_play);
    tcase_add_test(tc, test_perft_frysk);
    tcase_add_loop_test(tc, test_perft_independent, 0,
                        (int)(sizeof perfts / sizeof perfts[0]));
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);
    return s;
}
