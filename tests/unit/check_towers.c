/* SPDX-License-Identifier: MIT */
/* Unit tests for the towers variants (Bashni, Laska): GameType names, the
 * stack FEN read and written losslessly, hand-worked positions with their
 * exact legal move lists, and perft against an independent counter
 * written here (stacks as strings on a plain array, boards copied at each
 * jump, nothing shared with towers.c). */
#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* The legal moves of b in full, algebraic, sorted. */
static const char *
moves_text_of(const pdn_board *b)
{
    return test_moves_text(b, 1, 1);
}

START_TEST(test_towers_gametype)
{
    pdn_gametype gt;
    char buf[64];

    ck_assert_int_eq(pdn_gametype_by_name("towers", &gt), 0);
    ck_assert_int_eq(gt.folk, PDN_FOLK_TOWERS);
    pdn_gametype_format(&gt, buf, sizeof buf);
    ck_assert_str_eq(buf, "25,W,8,8,A0,0,towers");
    ck_assert_int_eq(pdn_gametype_by_name("laska", &gt), 0);
    ck_assert_int_eq(gt.folk, PDN_FOLK_LASKA);
    pdn_gametype_format(&gt, buf, sizeof buf);
    ck_assert_str_eq(buf, "21,W,7,7,A0,0,laska");
    ck_assert_int_eq(pdn_gametype_parse(buf, &gt, NULL), 0);
    ck_assert_int_eq(gt.folk, PDN_FOLK_LASKA);
    ck_assert_int_eq(gt.width, 7);
    ck_assert_str_eq(pdn_gametype_name(&gt), "laska");
    ck_assert_int_eq(pdn_gametype_parse("25,W,8,8,A0,0,laska", &gt, NULL), -1);
    ck_assert_int_eq(pdn_gametype_parse("21,W,8,8,A0,0,towers", &gt, NULL),
                     -1);
}
END_TEST

START_TEST(test_towers_start)
{
    pdn_board *b = test_board_at("towers", NULL);

    ck_assert_str_eq(test_fen_of(b), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,"
                                     "g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,"
                                     "h8");
    pdn_board_free(b);
    b = test_board_at("laska", NULL);
    ck_assert_str_eq(test_fen_of(b), "W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:"
                                     "Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7");
    ck_assert_str_eq(moves_text_of(b), "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4");
    pdn_board_free(b);
}
END_TEST

/* Stacks in FEN: parsed, formatted back the same, set on a board and got
 * back the same; refused where they have no meaning. */
START_TEST(test_towers_fen)
{
    static const char *const ok[] = {
        "W:Wc3(bW),Ke5:Bd6(wb),Kh8(wwwB)",
        "B:W:Ba7(w)",
        "W:W1(b),2:B32(WWw)",
    };
    static const char *const bad[] = {
        "W:Wc3()", "W:Wc3(x)", "W:W1-3(b)", "W:Wc3(b", "W:Wc3(bb)b",
    };
    pdn_fen f, g;
    char buf[PDN_FEN_STRING_MAX];
    pdn_error err;
    pdn_board *b;
    size_t i;

    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        pdn_error_clear(&err);
        ck_assert_int_eq(pdn_fen_parse(ok[i], &f, &err), 0);
        pdn_fen_format(&f, buf, sizeof buf);
        ck_assert_str_eq(buf, ok[i]);
    }
    ck_assert_int_eq(pdn_fen_parse(ok[0], &f, NULL), 0);
    ck_assert_int_eq(f.piece[0].nunder, 2);
    ck_assert_int_eq(f.piece[0].under[0], 'b');
    ck_assert_int_eq(f.piece[0].under[1], 'W');
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pdn_error_clear(&err);
        ck_assert_msg(pdn_fen_parse(bad[i], &f, &err) == -1, "%s", bad[i]);
        ck_assert_int_eq(err.code, PDN_ESETUP);
    }
    b = test_board_at("towers", ok[0]);
    pdn_board_fen_string(b, buf, sizeof buf);
    ck_assert_str_eq(buf, ok[0]);
    pdn_board_get_fen(b, &g);
    ck_assert_int_eq(g.piece[2].nunder, 2);
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(3, 5)), 'b');
    pdn_board_free(b);
    /* not on a board without stacks */
    b = test_board_at("russian", NULL);
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_board_set_fen_string(b, "W:Wc3(b):Bd6", &err), -1);
    ck_assert_int_eq(err.code, PDN_ESETUP);
    pdn_board_free(b);
    /* more pieces than a towers game holds */
    b = test_board_at("towers", NULL);
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_board_set_fen_string(
                         b, "W:Wa1(bbbbbbbbbbbbbbbbbbbb),c1(bbbbbbbbbbbb):Bh8",
                         &err),
                     -1);
    pdn_board_free(b);
}
END_TEST

/* Hand-worked positions: each FEN, its legal moves in full, and the
 * position after the move play (when given). */
static const struct {
    const char *gt, *fen, *moves, *play, *after;
} cases[] = {
    /* Bashni: the stack on d4 loses its top to c3xe5, and its black man
     * left below is jumped again at once on the way back (men capture
     * backwards; the same stack may be jumped twice). */
    {"towers", "W:Wc3:Bd4(b)", "c3xe5xc3", "c3xe5xc3", "B:Wc3(bb):B"},
    /* Laska: men capture forwards only, and a stack once a move. */
    {"laska", "W:Wc3:Bd4(b)", "c3xe5", "c3xe5", "B:We5(b):Bd4"},
    /* Crowning makes only the top a king; the stack under it stays. */
    {"towers", "W:Wg7(bb):Bb6", "g7-f8 g7-h8", "g7-f8", "B:WKf8(bb):Bb6"},
    /* A king freed from under a man: c3's white man goes under black's
     * b4 man and the black king below it is Black's again. */
    {"towers", "B:Wc3(B):Bb4", "b4xd2", "b4xd2", "W:W:Bd2(w),Kc3"},
    /* A flying king must land where the capture goes on (Russian rules):
     * of d4 to h8 behind c3 only f6 lets it take e7 too; the white man
     * under c3's top is White's again. */
    {"towers", "W:WKa1:Bc3(w),e7", "a1xf6xd8", "a1xf6xd8",
     "B:Wc3,Kd8(bb):B"},
    /* Laska's officers step one square, in any direction. */
    {"laska", "W:WKd4:Ba7", "d4-c3 d4-c5 d4-e3 d4-e5", NULL, NULL},
    /* Laska: a man crowned by a capture stops there. */
    {"laska", "W:Wc5:Bd6,f6", "c5xe7", "c5xe7", "B:WKe7(b):Bf6"},
    /* Bashni: a man crowned by a capture goes on as a king. */
    {"towers", "W:Wb6:Bc7,f6", "b6xd8xg5 b6xd8xh4", "b6xd8xh4",
     "B:WKh4(bb):B"},
};

START_TEST(test_towers_positions)
{
    size_t i = (size_t)_i;
    pdn_board *b = test_board_at(cases[i].gt, cases[i].fen);

    ck_assert_msg(strcmp(moves_text_of(b), cases[i].moves) == 0, "%s %s: %s",
                  cases[i].gt, cases[i].fen, moves_text_of(b));
    if (cases[i].play != NULL) {
        pdn_movelist *l = pdn_movelist_new();
        pdn_movetext mt;
        pdn_match m;
        ck_assert_int_eq(pdn_movetext_parse(cases[i].play,
                                            strlen(cases[i].play), &mt),
                         0);
        ck_assert_int_eq(pdn_board_play(b, &mt, &m, l, NULL),
                         PDN_MATCH_LEGAL);
        ck_assert_str_eq(test_fen_of(b), cases[i].after);
        pdn_movelist_free(l);
    }
    pdn_board_free(b);
}
END_TEST

/* The stacks are part of the position: its hash, a copy, a reset; a move
 * not in the legal list is ignored; no opening code. */
START_TEST(test_towers_board)
{
    pdn_board *a = test_board_at("towers", "W:Wc3(b):Bh8");
    pdn_board *b = test_board_at("towers", "W:Wc3(w):Bh8");
    pdn_board *c = test_board_at("towers", "W:Wc3:Bh8");
    pdn_move bogus;
    pdn_opening op;

    ck_assert_uint_ne(pdn_board_hash(a), pdn_board_hash(b));
    ck_assert_uint_ne(pdn_board_hash(a), pdn_board_hash(c));
    ck_assert_uint_ne(pdn_board_hash(b), pdn_board_hash(c));
    pdn_board_copy(c, a);
    ck_assert_str_eq(test_fen_of(c), "W:Wc3(b):Bh8");
    ck_assert_uint_eq(pdn_board_hash(c), pdn_board_hash(a));
    pdn_board_reset(c);
    ck_assert_str_eq(test_fen_of(c), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,"
                                     "g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,"
                                     "h8");
    memset(&bogus, 0, sizeof bogus);
    bogus.n = 2;
    bogus.path[0] = PDN_COORD(2, 2);
    bogus.path[1] = PDN_COORD(4, 4);
    pdn_board_apply(a, &bogus);
    ck_assert_str_eq(test_fen_of(a), "W:Wc3(b):Bh8");
    ck_assert_int_eq(pdn_opening_classify(c, NULL, 0, &op, NULL), 0);
    ck_assert_str_eq(op.code, "");
    ck_assert_str_eq(test_fen_of(c), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,"
                                     "g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,"
                                     "h8");
    pdn_board_free(a);
    pdn_board_free(b);
    pdn_board_free(c);
}
END_TEST

/* ---- The independent counter: stacks as strings, top first, 'w' 'b'
 * men and 'W' 'B' kings; every jump works on a copy of the board. ---- */
typedef struct xb {
    int w, h, turn; /* turn 'w' or 'b' */
    char s[8][8][40];
} xb;
typedef struct xr {
    int flying, back, once, promo_end;
} xr;
typedef struct xlist {
    int n;
    char key[512][96];
    xb pos[512];
} xlist;

static int
xon(const xb *p, int x, int y)
{
    return x >= 0 && y >= 0 && x < p->w && y < p->h && (x + y) % 2 == 0;
}

static int
xempty(const xb *p, int x, int y)
{
    return xon(p, x, y) && p->s[y][x][0] == '\0';
}

static void
xemit(xlist *o, const xb *p, const char *key)
{
    int i;

    for (i = 0; i < o->n; i++)
        if (strcmp(o->key[i], key) == 0)
            return;
    ck_assert_int_lt(o->n, 512);
    snprintf(o->key[o->n], sizeof o->key[0], "%s", key);
    o->pos[o->n++] = *p;
}

/* Jumps of the lifted stack mv (king or not) from (x, y) on p; returns
 * how many jumps there are from here (0: the capture ends here). */
static int xjumps(const xr *r, const xb *p, const char *mv, int king, int x,
                  int y, const char *key, const char *seen, xlist *o,
                  int emit);

static int
xjumps(const xr *r, const xb *p, const char *mv, int king, int x, int y,
       const char *key, const char *seen, xlist *o, int emit)
{
    int dx, dy, found = 0, fwd = p->turn == 'w' ? 1 : -1;

    for (dy = -1; dy <= 1; dy += 2)
        for (dx = -1; dx <= 1; dx += 2) {
            int ox = x + dx, oy = y + dy, lx, ly, nl = 0, ngo = 0, k;
            int lxs[8], lys[8], go[8], kk[8];
            char seen2[64];
            xb q[8];
            char mvs[8][40];
            if (!king && !r->back && dy != fwd)
                continue;
            if (king && r->flying)
                while (xempty(p, ox, oy))
                    ox += dx, oy += dy;
            if (!xon(p, ox, oy) || p->s[oy][ox][0] == '\0' ||
                (p->s[oy][ox][0] | 0x20) == p->turn ||
                (r->once && seen[oy * 8 + ox]))
                continue;
            memcpy(seen2, seen, 64);
            seen2[oy * 8 + ox] = 1;
            for (lx = ox + dx, ly = oy + dy; xempty(p, lx, ly) && nl < 8;
                 lx += dx, ly += dy) {
                int last = p->turn == 'w' ? ly == p->h - 1 : ly == 0;
                size_t n = strlen(mv);
                q[nl] = *p;
                memcpy(mvs[nl], mv, n);
                mvs[nl][n] = p->s[oy][ox][0];
                mvs[nl][n + 1] = '\0';
                memmove(q[nl].s[oy][ox], q[nl].s[oy][ox] + 1,
                        strlen(q[nl].s[oy][ox]));
                lxs[nl] = lx;
                lys[nl] = ly;
                kk[nl] = king || last;
                go[nl] = !(!king && last && r->promo_end) &&
                         xjumps(r, &q[nl], mvs[nl], kk[nl], lx, ly, "", seen2,
                                o, 0) > 0;
                ngo += go[nl];
                nl++;
                if (!(king && r->flying))
                    break;
            }
            for (k = 0; k < nl; k++) {
                char key2[80];
                if (ngo > 0 && !go[k])
                    continue;
                found++;
                if (!emit)
                    continue;
                snprintf(key2, sizeof key2, "%s%c%d", key, 'a' + ox, oy + 1);
                if (go[k]) {
                    xjumps(r, &q[k], mvs[k], kk[k], lxs[k], lys[k], key2,
                           seen2, o, 1);
                } else {
                    xb e = q[k];
                    char key3[96];
                    memcpy(e.s[lys[k]][lxs[k]], mvs[k], sizeof mvs[k]);
                    if (kk[k])
                        e.s[lys[k]][lxs[k]][0] &= (char)~0x20;
                    e.turn = p->turn == 'w' ? 'b' : 'w';
                    snprintf(key3, sizeof key3, "%s>%c%d", key2, 'a' + lxs[k],
                             lys[k] + 1);
                    xemit(o, &e, key3);
                }
            }
        }
    return found;
}

static void
xgen(const xr *r, const xb *p, xlist *o)
{
    int x, y, dx, dy, fwd = p->turn == 'w' ? 1 : -1;

    o->n = 0;
    for (y = 0; y < p->h; y++)
        for (x = 0; x < p->w; x++) {
            char key[16], seen[64] = {0};
            xb q = *p;
            if ((p->s[y][x][0] | 0x20) != p->turn)
                continue;
            q.s[y][x][0] = '\0';
            snprintf(key, sizeof key, "%c%d:", 'a' + x, y + 1);
            xjumps(r, &q, p->s[y][x], (p->s[y][x][0] & 0x20) == 0, x, y, key,
                   seen, o, 1);
        }
    if (o->n > 0)
        return;
    for (y = 0; y < p->h; y++)
        for (x = 0; x < p->w; x++) {
            int king = (p->s[y][x][0] & 0x20) == 0;
            if ((p->s[y][x][0] | 0x20) != p->turn)
                continue;
            for (dy = -1; dy <= 1; dy += 2)
                for (dx = -1; dx <= 1; dx += 2) {
                    int tx = x + dx, ty = y + dy;
                    if (!king && dy != fwd)
                        continue;
                    while (xempty(p, tx, ty)) {
                        xb e = *p;
                        char key[48];
                        memcpy(e.s[ty][tx], p->s[y][x], 40);
                        e.s[y][x][0] = '\0';
                        if (ty == (p->turn == 'w' ? p->h - 1 : 0))
                            e.s[ty][tx][0] &= (char)~0x20;
                        e.turn = p->turn == 'w' ? 'b' : 'w';
                        snprintf(key, sizeof key, "%d-%d-%d-%d", x, y, tx, ty);
                        xemit(o, &e, key);
                        if (!king || !r->flying)
                            break;
                        tx += dx, ty += dy;
                    }
                }
        }
}

static uint64_t
xperft(const xr *r, const xb *p, int depth)
{
    xlist *o = malloc(sizeof *o);
    uint64_t n = 0;
    int i;

    ck_assert_ptr_nonnull(o);
    xgen(r, p, o);
    if (depth == 1)
        n = (uint64_t)o->n;
    else
        for (i = 0; i < o->n; i++)
            n += xperft(r, &o->pos[i], depth - 1);
    free(o);
    return n;
}

/* The counter's position from an algebraic FEN with stacks (its own
 * reading, not pdn_fen_parse). */
static void
xfrom_fen(xb *p, const char *fen, int w, int h)
{
    const char *s = fen + 1;
    char colour = 'w';

    memset(p, 0, sizeof *p);
    p->w = w;
    p->h = h;
    p->turn = fen[0] == 'B' ? 'b' : 'w';
    while (*s != '\0') {
        int king = 0, x, y;
        char *e;
        if (*s == ':' || *s == ',') {
            s++;
            if (*s == 'W' || *s == 'B') {
                if (s[-1] == ':')
                    colour = (char)(*s++ | 0x20);
            }
            continue;
        }
        if (*s == 'K')
            king = 1, s++;
        x = *s++ - 'a';
        y = (int)strtol(s, &e, 10) - 1;
        s = e;
        p->s[y][x][0] = king ? (char)(colour & ~0x20) : colour;
        if (*s == '(') {
            const char *z = strchr(s, ')');
            memcpy(p->s[y][x] + 1, s + 1, (size_t)(z - s - 1));
            s = z + 1;
        }
    }
}

static const struct {
    const char *gt, *fen;
    int depth;
    uint64_t leaves; /* counted by hand where given (depth 3) */
} perfts[] = {
    /* No capture can come before ply 3 and the number of moves does not
     * depend on where a captured piece goes: Russian's 7, 49, 302. */
    {"towers", NULL, 3, 302},
    {"towers", NULL, 6, 0},
    /* 6 first moves, each met by the one capture it allows; then 5 after
     * a3-b4 c5xa3 and g3-f4 e5xg3, 2 (b2xd4, d2xb4 or the mirror) after
     * each of the others: 18. */
    {"laska", NULL, 3, 18},
    {"laska", NULL, 8, 0},
    {"towers", "W:WKa1,c3(bb),e3,g3(B),Kh2:Bb6(ww),Kd6,f6,Kg7(w),h8", 4, 0},
    {"towers", "B:WKc1,e3(b),g5:Bb4(wW),Kd8,a7(ww)", 5, 0},
    {"laska", "W:WKa1,c3(bb),e3,g3(B):Bb6(ww),Kd6,f6,g7(w)", 5, 0},
};

START_TEST(test_towers_perft)
{
    size_t i = (size_t)_i;
    pdn_board *b = test_board_at(perfts[i].gt, perfts[i].fen);
    int laska = strcmp(perfts[i].gt, "laska") == 0;
    xr r;
    xb p;
    uint64_t lib, ind;

    r.flying = !laska;
    r.back = !laska;
    r.once = laska;
    r.promo_end = laska;
    xfrom_fen(&p, test_fen_of(b), laska ? 7 : 8, laska ? 7 : 8);
    lib = test_perft(b, perfts[i].depth, 1);
    ind = xperft(&r, &p, perfts[i].depth);
    ck_assert_msg(lib == ind, "%s %s depth %d: library %llu, counter %llu",
                  perfts[i].gt, perfts[i].fen ? perfts[i].fen : "start",
                  perfts[i].depth, (unsigned long long)lib,
                  (unsigned long long)ind);
    if (perfts[i].leaves != 0)
        ck_assert_uint_eq(lib, perfts[i].leaves);
    pdn_board_free(b);
}
END_TEST

Suite *
towers_suite(void)
{
    Suite *s = suite_create("towers");
    TCase *tc = tcase_create("towers");

    tcase_add_test(tc, test_towers_gametype);
    tcase_add_test(tc, test_towers_start);
    tcase_add_test(tc, test_towers_fen);
    tcase_add_test(tc, test_towers_board);
    tcase_add_loop_test(tc, test_towers_positions, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_loop_test(tc, test_towers_perft, 0,
                        (int)(sizeof perfts / sizeof perfts[0]));
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);
    return s;
}
