/* SPDX-License-Identifier: MIT */
/* Unit tests for board geometry: playable squares, square numbering by
 * notation corner, square names and written moves mapped to coords. */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"

/* Coord of an algebraic name such as "b10". */
static int
co(const char *name)
{
    return PDN_COORD(name[0] - 'a', atoi(name + 1) - 1);
}

/* Square 1, last square and a1 playability (pdn-reference.md section 3,
 * second table), plus the square count. */
static const struct {
    int type;
    const char *first;
    const char *last;
    int count;
    int a1;
} geo_table[] = {
    {20, "b10", "i1", 50, 1},  {40, "b10", "i1", 50, 1},
    {98, "b10", "i1", 50, 1},  {21, "b8", "g1", 32, 1},
    {23, "b8", "g1", 32, 1},   {22, "a8", "h1", 32, 0},
    {24, "h1", "a8", 32, 0},   {28, "h1", "a8", 32, 0},
    {27, "b12", "k1", 72, 1},  {31, "g1", "b8", 32, 1},
    {25, "a1", "h8", 32, 1},   {26, "a1", "h8", 32, 1},
    {29, "a1", "h8", 32, 1},   {30, "a1", "h8", 64, 1},
    {41, "a1", "j8", 40, 1},
};
#define N_GEO (sizeof geo_table / sizeof geo_table[0])

START_TEST(test_standard_numbering_matches_reference_table)
{
    pdn_gametype gt;
    char name[16];

    ck_assert_int_eq(pdn_gametype_standard(geo_table[_i].type, &gt), 0);
    ck_assert_int_eq(pdn_square_count(&gt), geo_table[_i].count);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 1), co(geo_table[_i].first));
    ck_assert_int_eq(pdn_square_to_coord(&gt, geo_table[_i].count),
                     co(geo_table[_i].last));
    ck_assert_int_eq(pdn_coord_playable(&gt, PDN_COORD(0, 0)),
                     geo_table[_i].a1);
    ck_assert_int_eq(pdn_coord_to_square(&gt, co(geo_table[_i].first)), 1);
    ck_assert_int_eq(pdn_coord_to_square(&gt, co(geo_table[_i].last)),
                     geo_table[_i].count);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 0), -1);
    ck_assert_int_eq(pdn_square_to_coord(&gt, geo_table[_i].count + 1), -1);
    pdn_coord_name(&gt, co(geo_table[_i].first), name, sizeof name);
    ck_assert_str_eq(name, gt.notation == 'N' ? "1" : geo_table[_i].first);
}
END_TEST

/* Custom GameTypes for round trips, with the standard ones. */
static const char *const rt_table[] = {
    "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31",
    "40", "41", "98",
    "20,W,12,12,N2,0", "20,B,10,10,N0,1", "20,W,10,10,N1,0",
    "20,W,10,10,N3,1", "21,B,8,8,N0,1",   "21,W,8,8,N2,1",
    "25,B,10,8,A3,0",  "25,W,8,10,N1,1",  "20,W,9,9,N2,0",
    "20,B,9,7,N3,1",   "20,W,11,12,N1,0", "30,B,12,12,N3,0",
    "30,W,7,5,A2,0",   "20,W,2,2,N0,0",   "20,W,12,2,N2,1",
    "31,B,10,10,N2,1", "20,B,12,12,S1,0",
};
#define N_RT (sizeof rt_table / sizeof rt_table[0])

START_TEST(test_every_square_round_trips_num_coord_num)
{
    pdn_gametype gt;
    int n, num, c, playable = 0, f, r;
    unsigned char hit[256];

    ck_assert_int_ge(pdn_gametype_parse(rt_table[_i], &gt, NULL), 0);
    n = pdn_square_count(&gt);
    ck_assert_int_gt(n, 0);
    memset(hit, 0, sizeof hit);
    for (num = 1; num <= n; num++) {
        c = pdn_square_to_coord(&gt, num);
        ck_assert_msg(c >= 0, "%s: square %d", rt_table[_i], num);
        ck_assert_int_lt(PDN_COORD_FILE(c), gt.width);
        ck_assert_int_lt(PDN_COORD_RANK(c), gt.height);
        ck_assert(pdn_coord_playable(&gt, c));
        ck_assert_int_eq(hit[c], 0);
        hit[c] = 1;
        ck_assert_int_eq(pdn_coord_to_square(&gt, c), num);
    }
    /* Every playable coord has a number; others have none. */
    for (r = 0; r < 16; r++)
        for (f = 0; f < 16; f++) {
            c = PDN_COORD(f, r);
            if (pdn_coord_playable(&gt, c)) {
                playable++;
                ck_assert(hit[c]);
            } else {
                ck_assert_int_eq(pdn_coord_to_square(&gt, c), 0);
            }
        }
    ck_assert_int_eq(playable, n);
}
END_TEST

START_TEST(test_numbering_runs_along_rows_from_the_corner)
{
    pdn_gametype gt;

    /* International: 1..5 on rank 10, 6 = a9, 46 = a1. */
    pdn_gametype_standard(20, &gt);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 5), co("j10"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 6), co("a9"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 46), co("a1"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 32), co("d4"));
    /* English (Black first, N1): 1..4 = b8 d8 f8 h8, 5 = a7, 29 = a1. */
    pdn_gametype_standard(21, &gt);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 4), co("h8"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 5), co("a7"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 29), co("a1"));
    /* Russian numeric (A0 -> N0): 1 = a1, 4 = g1, 5 = b2. */
    pdn_gametype_standard(25, &gt);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 4), co("g1"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 5), co("b2"));
    /* Turkish: every square, 1 = a1, 8 = h1, 9 = a2, 64 = h8. */
    pdn_gametype_standard(30, &gt);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 8), co("h1"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 9), co("a2"));
    ck_assert(pdn_coord_playable(&gt, co("b1")));
    /* Thai (Black first, N2): 1 = g1, 4 = a1, 5 = h2. */
    pdn_gametype_standard(31, &gt);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 4), co("a1"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 5), co("h2"));
    /* Canadian 12x12: the white men on 43..72 start at a5. */
    pdn_gametype_standard(27, &gt);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 43), co("a5"));
}
END_TEST

START_TEST(test_odd_width_rows_alternate_in_length)
{
    pdn_gametype gt;

    /* 9x9, a1 playable, N0: rank 1 has a1 c1 e1 g1 i1, rank 2 b2..h2. */
    pdn_gametype_parse("20,W,9,9,N0,0", &gt, NULL);
    ck_assert_int_eq(pdn_square_count(&gt), 41);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 5), co("i1"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 6), co("b2"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 9), co("h2"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 10), co("a3"));
    ck_assert_int_eq(pdn_square_to_coord(&gt, 41), co("i9"));
    pdn_gametype_parse("20,W,9,9,N0,1", &gt, NULL);
    ck_assert_int_eq(pdn_square_count(&gt), 40);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 1), co("b1"));
}
END_TEST

START_TEST(test_coords_off_the_board_are_not_playable)
{
    pdn_gametype gt;

    pdn_gametype_standard(21, &gt);
    ck_assert_int_eq(pdn_coord_playable(&gt, PDN_COORD(8, 0)), 0);
    ck_assert_int_eq(pdn_coord_playable(&gt, PDN_COORD(1, 8)), 0);
    ck_assert_int_eq(pdn_coord_playable(&gt, -1), 0);
    ck_assert_int_eq(pdn_coord_playable(&gt, 256), 0);
    ck_assert_int_eq(pdn_coord_to_square(&gt, PDN_COORD(9, 9)), 0);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 33), -1);
    ck_assert_int_eq(pdn_square_to_coord(&gt, -5), -1);
    /* A nonsense geometry gives nothing rather than a crash. */
    gt.width = 0;
    ck_assert_int_eq(pdn_square_count(&gt), 0);
    ck_assert_int_eq(pdn_square_to_coord(&gt, 1), -1);
    gt.width = 40;
    ck_assert_int_eq(pdn_coord_playable(&gt, 0), 0);
}
END_TEST

START_TEST(test_coord_names_follow_notation)
{
    pdn_gametype gt;
    char buf[16];

    pdn_gametype_standard(20, &gt);
    ck_assert_uint_eq(pdn_coord_name(&gt, co("i1"), buf, sizeof buf), 2);
    ck_assert_str_eq(buf, "50");
    /* A square with no number is named algebraically. */
    pdn_coord_name(&gt, co("a10"), buf, sizeof buf);
    ck_assert_str_eq(buf, "a10");
    pdn_gametype_standard(25, &gt);
    ck_assert_uint_eq(pdn_coord_name(&gt, co("e3"), buf, sizeof buf), 2);
    ck_assert_str_eq(buf, "e3");
    pdn_gametype_standard(27, &gt);
    pdn_gametype_parse("27,W,12,12,A0,0", &gt, NULL);
    pdn_coord_name(&gt, co("l12"), buf, sizeof buf);
    ck_assert_str_eq(buf, "l12");
    ck_assert_uint_eq(pdn_coord_name(&gt, co("l12"), buf, 2), 3);
    ck_assert_str_eq(buf, "l");
    pdn_coord_name(&gt, -3, buf, sizeof buf);
    ck_assert_str_eq(buf, "?");
}
END_TEST

static pdn_movetext
numeric_move(int a, int b, int c)
{
    pdn_movetext mt;

    memset(&mt, 0, sizeof mt);
    mt.n = (unsigned char)(c ? 3 : 2);
    mt.sep = c ? 'x' : '-';
    mt.capture = c != 0;
    mt.sq[0] = (unsigned char)a;
    mt.sq[1] = (unsigned char)b;
    mt.sq[2] = (unsigned char)c;
    return mt;
}

START_TEST(test_movetext_coords_maps_numeric_and_algebraic_squares)
{
    pdn_gametype gt;
    pdn_movetext mt;
    pdn_error e;
    unsigned char c[PDN_PATH_MAX];

    pdn_error_clear(&e);
    pdn_gametype_standard(20, &gt);
    mt = numeric_move(32, 28, 0);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), 0);
    ck_assert_int_eq(c[0], co("d4"));
    ck_assert_int_eq(c[1], co("e5"));
    /* Numbers on an algebraic board use its numbering (Russian: N0). */
    pdn_gametype_standard(25, &gt);
    mt = numeric_move(1, 5, 14);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), 0);
    ck_assert_int_eq(c[0], co("a1"));
    ck_assert_int_eq(c[1], co("b2"));
    ck_assert_int_eq(c[2], co("d4"));
    memset(&mt, 0, sizeof mt);
    mt.n = 2;
    mt.algebraic = 1;
    mt.sep = ':';
    mt.capture = 1;
    mt.sq[0] = (unsigned char)co("c3");
    mt.sq[1] = (unsigned char)co("e5");
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), 0);
    ck_assert_int_eq(c[0], co("c3"));
    ck_assert_int_eq(c[1], co("e5"));
    /* Russian short notation: the file-only square maps to 255. */
    mt.file_only = 1;
    mt.sq[0] = PDN_COORD(4, 15);
    mt.sq[1] = (unsigned char)co("d4");
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), 0);
    ck_assert_int_eq(c[0], 255);
    ck_assert_int_eq(c[1], co("d4"));
    ck_assert_int_eq(e.code, PDN_OK);
}
END_TEST

START_TEST(test_movetext_coords_rejects_missing_squares)
{
    pdn_gametype gt;
    pdn_movetext mt;
    pdn_error e;
    unsigned char c[PDN_PATH_MAX];

    pdn_gametype_standard(21, &gt);
    mt = numeric_move(31, 40, 0);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), -1);
    ck_assert_int_eq(e.code, PDN_EMOVE);
    ck_assert_uint_eq(e.pos.line, 0);
    ck_assert_str_eq(e.text, "square '40' does not exist on this board");

    pdn_gametype_standard(25, &gt);
    memset(&mt, 0, sizeof mt);
    mt.n = 2;
    mt.algebraic = 1;
    mt.sq[0] = (unsigned char)co("c3");
    mt.sq[1] = (unsigned char)co("i9");
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), -1);
    ck_assert_str_eq(e.text, "square 'i9' does not exist on this board");
    /* A light square is not a square of the draughts board. */
    mt.sq[1] = (unsigned char)co("d3");
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), -1);
    ck_assert_str_eq(e.text, "square 'd3' does not exist on this board");
    mt.file_only = 1;
    mt.sq[0] = PDN_COORD(9, 15);
    mt.sq[1] = (unsigned char)co("d4");
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), -1);
    ck_assert_str_eq(e.text, "square 'j' does not exist on this board");
    mt.n = 0;
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, NULL), -1);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, c, &e), -1);
    ck_assert_int_eq(e.code, PDN_EMOVE);
}
END_TEST

Suite *
notation_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("core");

    tcase_add_loop_test(tc, test_standard_numbering_matches_reference_table,
                        0, N_GEO);
    tcase_add_loop_test(tc, test_every_square_round_trips_num_coord_num, 0,
                        N_RT);
    tcase_add_test(tc, test_numbering_runs_along_rows_from_the_corner);
    tcase_add_test(tc, test_odd_width_rows_alternate_in_length);
    tcase_add_test(tc, test_coord_names_follow_notation);
    tcase_add_test(tc, test_movetext_coords_maps_numeric_and_algebraic_squares);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_test(tc, test_coords_off_the_board_are_not_playable);
    tcase_add_test(tc, test_movetext_coords_rejects_missing_squares);
    suite_add_tcase(s, tc);
    return s;
}
