/* SPDX-License-Identifier: MIT */
/* Unit tests for the move generator: perft against the published figures
 * (pdn-reference.md section 6), the rule test positions of section 7, and
 * for each row of the rules table (section 5) a constructed position that
 * fails if that rule is implemented wrong. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* ---- perft (reference section 6) ---- */

static const struct {
    const char *gt;
    int depth;
    uint64_t n[10];
} perft_table[] = {
    {"21", 8, {7, 49, 302, 1469, 7361, 36768, 179740, 845931}},
    {"20", 7, {9, 81, 658, 4265, 27117, 167140, 1049442}},
    {"25", 8, {7, 49, 302, 1469, 7482, 37986, 190146, 929899}},
    {"26", 8, {7, 49, 302, 1469, 7473, 37628, 187302, 907830}},
    {"23", 8, {7, 49, 302, 1469, 7482, 37986, 190146, 929896}},
    {"22", 8, {7, 49, 302, 1469, 7361, 36473, 177532, 828783}},
    {"24", 8, {7, 49, 302, 1469, 7361, 36473, 177532, 828783}},
    /* Portuguese: the reference gives it Spanish rules on the same board
     * (28,W,8,8,N1,1), so the Spanish figures must hold. */
    {"28", 8, {7, 49, 302, 1469, 7361, 36473, 177532, 828783}},
    {"29", 8, {7, 49, 302, 1469, 7361, 36768, 179740, 845931}},
    {"40", 7, {9, 81, 658, 3874, 21265, 102431, 540126}},
    {"27", 6, {11, 121, 1222, 10053, 79049, 584100}},
    {"41", 7, {9, 81, 658, 4265, 27117, 167140, 1029319}},
};
#define N_PERFT (sizeof perft_table / sizeof perft_table[0])

START_TEST(test_perft_matches_published_figures)
{
    pdn_board *b = test_board_at(perft_table[_i].gt, NULL);
    int d;

    for (d = 1; d <= perft_table[_i].depth; d++) {
        uint64_t n = test_perft(b, d, 1);
        ck_assert_msg(n == perft_table[_i].n[d - 1],
                      "GameType %s depth %d: %llu, expected %llu",
                      perft_table[_i].gt, d, (unsigned long long)n,
                      (unsigned long long)perft_table[_i].n[d - 1]);
    }
    pdn_board_free(b);
}
END_TEST

/* Giveaway changes the aim only: the same tree as the base rules. */
START_TEST(test_perft_giveaway_equals_base_rules)
{
    static const char *const pairs[][2] = {
        {"98", "20"}, {"russian giveaway", "25"}};
    pdn_board *g = test_board_at(pairs[_i][0], NULL);
    pdn_board *b = test_board_at(pairs[_i][1], NULL);
    int d;

    ck_assert_int_eq(pdn_board_gametype(g)->giveaway, 1);
    for (d = 1; d <= 6; d++)
        ck_assert_uint_eq(test_perft(g, d, 1), test_perft(b, d, 1));
    pdn_board_free(g);
    pdn_board_free(b);
}
END_TEST

/* No published figures for Thai: the first two plies follow from the start
 * position (7 moves each, from the four men of the front row). */
START_TEST(test_perft_thai_first_plies)
{
    pdn_board *t = test_board_at("31", NULL);

    ck_assert_uint_eq(test_perft(t, 1, 1), 7);
    ck_assert_uint_eq(test_perft(t, 2, 1), 49);
    pdn_board_free(t);
}
END_TEST

/* Turkish: the reference has no figures; the independent Rust engine kish
 * (Turkish draughts, same rules: 180-degree rule, immediate removal,
 * crowned mid-capture going on as a king) publishes 8, 64, 708, 7538,
 * 85090, 931312, 10782382, 123290300 counting every capture sequence,
 * i.e. perft -u (merge = 0). */
START_TEST(test_perft_turkish_matches_independent_engine)
{
    static const uint64_t n[] = {8, 64, 708, 7538, 85090, 931312};
    pdn_board *k = test_board_at("30", NULL);
    int d;

    for (d = 1; d <= 6; d++)
        ck_assert_uint_eq(test_perft(k, d, 0), n[d - 1]);
    pdn_board_free(k);
}
END_TEST

/* perft(d) = sum over the moves of perft(d - 1) after pdn_board_apply:
 * the public apply agrees with the generator's own make/unmake, in every
 * variant (also the ones without published figures). */
START_TEST(test_perft_agrees_with_board_apply)
{
    static const char *const types[] = {"20", "21", "22", "23", "24", "25",
                                        "26", "27", "28", "29", "30", "31",
                                        "40", "41"};
    pdn_board *b = test_board_at(types[_i], NULL);
    pdn_board *c = test_board_at(types[_i], NULL);
    pdn_movelist *l = pdn_movelist_new();
    uint64_t sum = 0;
    size_t i;
    int ply;

    /* Play a few plies in first, so that kings and captures can appear. */
    for (ply = 0; ply < 12; ply++) {
        ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
        if (pdn_movelist_count(l) == 0)
            break;
        pdn_board_apply(b, pdn_movelist_at(l, (size_t)ply * 7 %
                                                   pdn_movelist_count(l)));
    }
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    for (i = 0; i < pdn_movelist_count(l); i++) {
        pdn_board_copy(c, b);
        pdn_board_apply(c, pdn_movelist_at(l, i));
        sum += test_perft(c, 3, 1);
    }
    ck_assert_uint_eq(sum, test_perft(b, 4, 1));
    ck_assert_uint_ge(test_perft(b, 4, 0), test_perft(b, 4, 1));
    pdn_movelist_free(l);
    pdn_board_free(b);
    pdn_board_free(c);
}
END_TEST

/* ---- rule test positions (reference section 7), numeric squares ---- */

static const struct {
    const char *gt, *fen, *moves;
    int alg;
} ref_table[] = {
    {"20", "W:W48:B24,K31,34,K42,43", "48x19", 0},
    {"20", "W:WK41,49:B9,10,12,19,38", "41x43", 0},
    {"20", "W:W47:B13,14,22,24,31,34,K41,44", "47x49", 0},
    {"22", "W:W30:B27", "30x23", 0},
    {"22", "W:WK21,31:B10,18,27", "31x6", 0},
    {"22", "W:WK23,31:B19,26,27", "23x21", 0},
    {"22", "W:WK23:B19,K28", "23x32", 0},
    {"22", "W:WK30:B10,12,18,K20,K26,27", "30x5", 0},
    {"22", "W:W30:BK26", "30-27", 0},
    {"22", "W:WK24:B20,28", "24x15 24x31", 0},
    {"25", "W:Wh6:Bg7,c5,d2", "h6xe1", 1},
};
#define N_REF (sizeof ref_table / sizeof ref_table[0])

START_TEST(test_reference_positions_give_listed_moves)
{
    pdn_board *b = test_board_at(ref_table[_i].gt, ref_table[_i].fen);

    ck_assert_str_eq(test_moves_text(b, ref_table[_i].alg, 0), ref_table[_i].moves);
    pdn_board_free(b);
}
END_TEST

/* W:WK38:B18,19,32,33: the capture round the four men back to 38 is one
 * move 38x27x13x24x38 (the reverse orientation has the same start, end
 * and captured set). The king may also stop behind the last man on 42 or
 * 47 (43 or 49 the other way round), four more moves. */
START_TEST(test_circular_capture_is_one_move)
{
    pdn_board *b = test_board_at("20", "W:WK38:B18,19,32,33");
    pdn_movelist *l = pdn_movelist_new();
    const pdn_move *m = NULL;
    char full[128];
    size_t k;
    int i, seen = 0, circular = 0;

    ck_assert_str_eq(test_moves_text(b, 0, 0), "38x38 38x42 38x43 38x47 38x49");
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    for (k = 0; k < pdn_movelist_count(l); k++) {
        ck_assert_int_eq(pdn_movelist_at(l, k)->ncaptured, 4);
        if (pdn_movelist_at(l, k)->path[4] == pdn_movelist_at(l, k)->path[0]) {
            m = pdn_movelist_at(l, k);
            circular++;
        }
    }
    ck_assert_int_eq(circular, 1);
    test_move_name(b, m, 0, 1, full, sizeof full);
    ck_assert_msg(strcmp(full, "38x27x13x24x38") == 0 ||
                      strcmp(full, "38x24x13x27x38") == 0,
                  "path %s", full);
    for (i = 0; i < 4; i++) {
        int sq = pdn_coord_to_square(pdn_board_gametype(b), m->captured[i]);
        seen |= sq == 18 ? 1 : sq == 19 ? 2 : sq == 32 ? 4 : sq == 33 ? 8 : 16;
    }
    ck_assert_int_eq(seen, 15);
    ck_assert_uint_eq(test_perft(b, 1, 1), 5);
    ck_assert_uint_eq(test_perft(b, 1, 0), 6);
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* ---- one constructed position per rule (algebraic, White's view) ---- */

static const struct {
    const char *rule, *gt, *fen, *moves;
} rule_table[] = {
    /* men capture backwards (International family) or not (English) */
    {"men capture backwards", "20", "W:We5:Bd4", "e5xc3"},
    {"men do not capture backwards", "21", "W:We5:Bd4", "e5-d6 e5-f6"},
    {"thai men do not capture backwards", "31", "W:Wd4:Bc3", "d4-c5 d4-e5"},
    /* flying and short kings */
    {"flying king moves far", "20", "W:WKa1:Bj10",
     "a1-b2 a1-c3 a1-d4 a1-e5 a1-f6 a1-g7 a1-h8 a1-i9"},
    {"short king moves one square", "21", "W:WKc1:Bh8", "c1-b2 c1-d2"},
    {"flying king captures from afar, lands anywhere behind", "20",
     "W:WKa1:Bd4", "a1xe5 a1xf6 a1xg7 a1xh8 a1xi9 a1xj10"},
    {"short king cannot capture from afar", "21", "W:WKa1:Bd4", "a1-b2"},
    {"thai king lands directly behind", "31", "W:WKa1:Bd4", "a1xe5"},
    {"thai king moves far", "31", "W:WKa1:Bh8",
     "a1-b2 a1-c3 a1-d4 a1-e5 a1-f6 a1-g7"},
    /* choice rules */
    {"quantity: most pieces", "26", "W:Wc3:Bb4,d4,d6", "c3xc7"},
    {"russian: free choice", "25", "W:Wc3:Bb4,d4,d6", "c3xa5 c3xc7"},
    {"american pool: free choice", "23", "W:Wc3:Bb4,d4,d6", "c3xa5 c3xc7"},
    {"spanish: most kings on equal pieces", "24", "W:We2:Bd3,Kf3", "e2xg4"},
    {"portuguese: most kings on equal pieces", "28", "W:We2:Bd3,Kf3",
     "e2xg4"},
    {"english rules on the same board: free", "21,W,8,8,N1,1",
     "W:We2:Bd3,Kf3", "e2xc4 e2xg4"},
    {"spanish: pieces before kings", "24", "W:We2:Bd3,b5,Kf3", "e2xa6"},
    {"czech: a king must capture if it can", "29", "W:WKh2,a3:Be5,b4",
     "h2xb8 h2xc7 h2xd6"},
    {"russian: the same position is free", "25", "W:WKh2,a3:Be5,b4",
     "a3xc5 h2xb8 h2xc7 h2xd6"},
    {"flying king lands where it can go on", "25", "W:WKh2:Be5,b6",
     "h2xa5"},
    {"czech flying king lands where it can go on", "29", "W:WKh2:Be5,b6",
     "h2xa5"},
    {"frisian: men capture orthogonally along a file", "40", "W:We5:Be7",
     "e5xe9"},
    {"international: no orthogonal capture", "20", "W:We5:Be7",
     "e5-d6 e5-f6"},
    {"frisian: men capture orthogonally along a rank", "40", "W:We5:Bg5",
     "e5xi5"},
    {"frisian: a king is worth more than a man", "40", "W:We5:BKd6,f6",
     "e5xc7"},
    {"international: a king counts one", "20", "W:We5:BKd6,f6",
     "e5xc7 e5xg7"},
    {"frisian: two men are worth more than a king", "40",
     "W:We5:BKd6,f6,h8", "e5xi9"},
    {"frisian: on a full tie the king captures", "40", "W:WKa1,e5:Bf6,a3",
     "a1xa5 a1xa7 a1xa9"},
    {"international: no orthogonal king capture", "20", "W:WKa1,e5:Bf6,a3",
     "e5xg7"},
    /* promotion during a capture */
    {"english: the move ends on the last row", "21", "W:Wb6:Bc7,e7",
     "b6xd8"},
    {"czech: the move ends on the last row", "29", "W:Wb6:Bc7,e7", "b6xd8"},
    {"russian: crowned at once, goes on as a king", "25", "W:Wb6:Bc7,e7",
     "b6xf6 b6xg5 b6xh4"},
    {"brazilian: goes on as a man", "26", "W:Wb6:Bc7,e7", "b6xf6"},
    {"american pool: goes on as a man", "23", "W:Wb6:Bc7,e7", "b6xf6"},
    {"international: passes the last row as a man", "20", "W:Wf8:Be9,c9",
     "f8xb8"},
    {"international: crowned when it ends there", "20", "W:Wf8:Be9",
     "f8xd10"},
    {"turkish: crowned at once, goes on as a king", "30", "W:Wd6:Bd7,f8",
     "d6xg8 d6xh8"},
    /* Turkish moves */
    {"turkish men step forward and sideways", "30", "W:Wd4:Bh8",
     "d4-c4 d4-d5 d4-e4"},
    {"turkish men do not capture backwards", "30", "W:Wd4:Bd3",
     "d4-c4 d4-d5 d4-e4"},
    {"turkish men capture sideways", "30", "W:Wd4:Be4", "d4xf4"},
    /* removal: immediate (Turkish, Thai) */
    {"turkish: a taken piece's square can be crossed", "30",
     "W:WKc1:Bc3,e6,f4,b3", "c1xa3"},
    {"thai: a taken piece's square can be crossed", "31",
     "W:WKa1:Bc3,c5,e3", "a1xb6 a1xf2"},
    {"turkish: no 180-degree turn", "30", "W:WKe4:Be6,e2",
     "e4xe1 e4xe7 e4xe8"},
};
#define N_RULE (sizeof rule_table / sizeof rule_table[0])

START_TEST(test_rule_positions_give_exact_moves)
{
    pdn_board *b = test_board_at(rule_table[_i].gt, rule_table[_i].fen);
    const char *got = test_moves_text(b, 1, 0);

    ck_assert_msg(strcmp(got, rule_table[_i].moves) == 0,
                  "%s (%s %s): got '%s', expected '%s'", rule_table[_i].rule,
                  rule_table[_i].gt, rule_table[_i].fen, got,
                  rule_table[_i].moves);
    pdn_board_free(b);
}
END_TEST

/* Captured piece counts and promotion flags that the move names above do
 * not show: {gt, fen, pieces each move takes, promotes}. */
static const struct {
    const char *gt, *fen;
    int ncaptured, promotes;
} count_table[] = {
    {"20", "W:Wf8:Be9,c9", 2, 0},  /* passes the last row, not crowned */
    {"20", "W:Wf8:Be9", 1, 1},     /* ends there: crowned */
    {"21", "W:Wb6:Bc7,e7", 1, 1},
    {"25", "W:Wb6:Bc7,e7", 2, 1},
    {"26", "W:Wb6:Bc7,e7", 2, 0},
    {"30", "W:Wd6:Bd7,f8", 2, 1},
    {"30", "W:WKc1:Bc3,e6,f4,b3", 4, 0}, /* crosses c3 after taking it */
    {"31", "W:WKa1:Bc3,c5,e3", 3, 0},    /* crosses c5 or e3 likewise */
    {"30", "W:WKe4:Be6,e2", 1, 0},       /* cannot turn back for e2 */
    /* 41x14x3x21x43 takes 19, 9, 12, 38; 10 stays (no piece twice) */
    {"20", "W:WK41,49:B9,10,12,19,38", 4, 0},
};
#define N_COUNT (sizeof count_table / sizeof count_table[0])

START_TEST(test_rule_positions_capture_counts_and_promotion)
{
    pdn_board *b = test_board_at(count_table[_i].gt, count_table[_i].fen);
    pdn_movelist *l = pdn_movelist_new();
    size_t i;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_uint_gt(pdn_movelist_count(l), 0);
    for (i = 0; i < pdn_movelist_count(l); i++) {
        const pdn_move *m = pdn_movelist_at(l, i);
        ck_assert_int_eq(m->ncaptured, count_table[_i].ncaptured);
        ck_assert_int_eq(m->n, count_table[_i].ncaptured + 1);
        ck_assert_int_eq(m->promotes, count_table[_i].promotes);
    }
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* English king going round a square of four men: two sequences (either
 * way round), same start, end and captured set: one move when merged,
 * two when counted separately (perft -u). */
START_TEST(test_duplicate_captures_merged_unless_counted)
{
    pdn_board *b = test_board_at("21", "W:WKd4:Bc5,e5,c7,e7");
    pdn_movelist *l = pdn_movelist_new();

    ck_assert_str_eq(test_moves_text(b, 1, 0), "d4xd4");
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_int_eq(pdn_movelist_at(l, 0)->ncaptured, 4);
    ck_assert_int_eq(pdn_movelist_at(l, 0)->n, 5);
    ck_assert_uint_eq(test_perft(b, 1, 1), 1);
    ck_assert_uint_eq(test_perft(b, 1, 0), 2);
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* Plays the move named text (short algebraic) on b. */
static void
play(pdn_board *b, const char *text)
{
    pdn_movelist *l = pdn_movelist_new();
    char name[64];
    size_t i;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    for (i = 0; i < pdn_movelist_count(l); i++) {
        test_move_name(b, pdn_movelist_at(l, i), 1, 0, name, sizeof name);
        if (strcmp(name, text) == 0) {
            pdn_board_apply(b, pdn_movelist_at(l, i));
            pdn_movelist_free(l);
            return;
        }
    }
    pdn_movelist_free(l);
    ck_abort_msg("move %s is not legal", text);
}

/* Black's king shuttles between b10 and a9, out of reach of every White
 * line used below (it stands at the end of each of them). */
static void
shuttle(pdn_board *b, int i)
{
    play(b, i % 2 == 0 ? "b10-a9" : "a9-b10");
}

/* Frisian: a king makes at most three quiet moves in a row while its side
 * has men; another piece's move, or another king's, starts the count
 * again; with no men the king is free; a new setup clears the count. */
START_TEST(test_frisian_king_limit)
{
    pdn_board *b = test_board_at("40", "W:WKa1,e3:BKb10");
    pdn_fen fen;

    play(b, "a1-b2");
    shuttle(b, 0);
    play(b, "b2-a1");
    shuttle(b, 1);
    play(b, "a1-b2");
    shuttle(b, 2);
    ck_assert_str_eq(test_moves_text(b, 1, 0), "e3-d4 e3-f4");
    play(b, "e3-d4");
    shuttle(b, 3);
    ck_assert_str_eq(test_moves_text(b, 1, 0), "b2-a1 b2-a3 b2-c1 b2-c3 d4-c5 d4-e5");
    /* Three more; then a new setup of the same position clears the count. */
    play(b, "b2-a1");
    shuttle(b, 4);
    play(b, "a1-b2");
    shuttle(b, 5);
    play(b, "b2-a1");
    shuttle(b, 6);
    ck_assert_str_eq(test_moves_text(b, 1, 0), "d4-c5 d4-e5");
    pdn_board_get_fen(b, &fen);
    ck_assert_int_eq(pdn_board_set_fen(b, &fen, NULL), 0);
    ck_assert_str_eq(test_moves_text(b, 1, 0), "a1-b2 a1-c3 d4-c5 d4-e5");
    pdn_board_free(b);

    /* Another king moving restarts the count. */
    b = test_board_at("40", "W:WKa1,Ki1,e3:BKb10");
    play(b, "a1-b2");
    shuttle(b, 0);
    play(b, "b2-a1");
    shuttle(b, 1);
    play(b, "i1-j2");
    shuttle(b, 2);
    play(b, "a1-b2");
    shuttle(b, 3);
    play(b, "b2-a1");
    shuttle(b, 4);
    play(b, "a1-b2");
    shuttle(b, 5);
    ck_assert_ptr_null(strstr(test_moves_text(b, 1, 0), "b2-"));
    ck_assert_ptr_nonnull(strstr(test_moves_text(b, 1, 0), "j2-i1"));
    pdn_board_free(b);

    /* Without men the limit does not apply. */
    b = test_board_at("40", "W:WKa1:BKb10");
    play(b, "a1-b2");
    shuttle(b, 0);
    play(b, "b2-a1");
    shuttle(b, 1);
    play(b, "a1-b2");
    shuttle(b, 2);
    ck_assert_ptr_nonnull(strstr(test_moves_text(b, 1, 0), "b2-a1"));
    pdn_board_free(b);
}
END_TEST

/* International has no king limit: the Frisian test position is free. */
START_TEST(test_international_has_no_king_limit)
{
    pdn_board *b = test_board_at("20", "W:WKa1,e3:BKb10");

    play(b, "a1-b2");
    shuttle(b, 0);
    play(b, "b2-a1");
    shuttle(b, 1);
    play(b, "a1-b2");
    shuttle(b, 2);
    ck_assert_ptr_nonnull(strstr(test_moves_text(b, 1, 0), "b2-a1"));
    pdn_board_free(b);
}
END_TEST

/* No legal move: the list is empty (the game is over). */
START_TEST(test_blocked_side_has_no_moves)
{
    pdn_board *b = test_board_at("21", "W:Wa1:Bb2,c3");

    ck_assert_str_eq(test_moves_text(b, 1, 0), "");
    ck_assert_uint_eq(test_perft(b, 1, 1), 0);
    pdn_board_free(b);
    b = test_board_at("21", "B:Wa1:B");
    ck_assert_str_eq(test_moves_text(b, 1, 0), "");
    pdn_board_free(b);
}
END_TEST

/* ---- limits ---- */

/* Turkish rules on a 12x12 board (square n = 12 * rank + file + 1): a man
 * on a2 runs sideways along rank 2 over five men, up over a connector,
 * back along rank 4, and so on to rank 10 (29 men), up over one more to
 * the last row, where it is crowned and goes on as a king over top men
 * standing on the last row: one capture path of 30 + top jumps. */
static void
serpentine_fen(char *fen, size_t size, int top)
{
    size_t o = (size_t)snprintf(fen, size, "W:W13:B");
    int r, f;

    for (r = 1; r <= 9; r += 2) {
        for (f = 1; f <= 9; f += 2)
            o += (size_t)snprintf(fen + o, size - o, "%s%d",
                                  r == 1 && f == 1 ? "" : ",",
                                  12 * r + f + 1);
        o += (size_t)snprintf(fen + o, size - o, ",%d",
                              12 * (r + 1) + (r % 4 == 1 ? 10 : 0) + 1);
    }
    for (f = 9; top > 0; f -= 2, top--)
        o += (size_t)snprintf(fen + o, size - o, ",%d", 12 * 11 + f + 1);
}

/* 35 jumps: more than PDN_PATH_MAX squares is PDN_ELIMIT, not a crash. */
START_TEST(test_capture_longer_than_path_max_is_limit_error)
{
    char fen[1024];
    pdn_board *b;
    pdn_movelist *l = pdn_movelist_new();
    pdn_error err;

    serpentine_fen(fen, sizeof fen, 5);
    b = test_board_at("30,W,12,12,A0,0", fen);
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_board_moves(b, l, &err), -1);
    ck_assert_int_eq(err.code, PDN_ELIMIT);
    ck_assert_str_eq(err.text, "capture longer than 32 squares");
    /* perft says so too, distinct from a count of 0. */
    {
        uint64_t n = 7;
        pdn_error_clear(&err);
        ck_assert_int_eq(pdn_perft(b, 2, 1, &n, &err), -1);
        ck_assert_int_eq(err.code, PDN_ELIMIT);
        ck_assert_uint_eq(n, 0);
    }
    pdn_board_free(b);
    pdn_movelist_free(l);
}
END_TEST

/* 31 jumps: a path of exactly PDN_PATH_MAX squares is still a move; the
 * king may stop on any of the 9 squares behind the last man. */
START_TEST(test_capture_of_path_max_squares_is_legal)
{
    char fen[1024];
    pdn_board *b;
    pdn_movelist *l = pdn_movelist_new();
    const pdn_move *m;
    size_t i;

    serpentine_fen(fen, sizeof fen, 1);
    b = test_board_at("30,W,12,12,A0,0", fen);
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_uint_eq(pdn_movelist_count(l), 9);
    for (i = 0; i < 9; i++) {
        m = pdn_movelist_at(l, i);
        ck_assert_int_eq(m->ncaptured, 31);
        ck_assert_int_eq(m->n, PDN_PATH_MAX);
        ck_assert_int_eq(m->promotes, 1);
        ck_assert_int_eq(PDN_COORD_RANK(m->path[m->n - 1]), 11);
    }
    m = pdn_movelist_at(l, 0);
    pdn_board_apply(b, m);
    ck_assert_int_eq(pdn_board_piece(b, m->path[m->n - 1]), 'W');
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(1, 1)), 0);
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(9, 11)), 0);
    ck_assert_uint_eq(test_perft(b, 1, 1), 0);
    pdn_board_free(b);
    pdn_movelist_free(l);
}
END_TEST

/* A Turkish king among 30 men in a chequered pattern on 10x10: captured
 * men leave at once, so the capture tree is huge; the search stops at its
 * budget with PDN_ELIMIT instead of running for minutes. */
START_TEST(test_huge_capture_search_is_limit_error)
{
    char fen[512];
    size_t o = (size_t)snprintf(fen, sizeof fen, "W:WKa1:B");
    pdn_board *b;
    pdn_movelist *l = pdn_movelist_new();
    pdn_error err;
    int f, r;

    for (r = 1; r < 7; r++)
        for (f = 0; f < 10; f++)
            if ((f + r) % 2 == 1)
                o += (size_t)snprintf(fen + o, sizeof fen - o, "%s%c%d",
                                      fen[o - 1] == 'B' ? "" : ",", 'a' + f,
                                      r + 1);
    b = test_board_at("30,W,10,10,A0,0", fen);
    pdn_error_clear(&err);
    ck_assert_int_eq(pdn_board_moves(b, l, &err), -1);
    ck_assert_int_eq(err.code, PDN_ELIMIT);
    ck_assert_str_eq(err.text, "capture search longer than 1048576 jumps");
    ck_assert_uint_eq(pdn_movelist_count(l), 0);
    /* pdn_board_play gives the same error and leaves the board alone,
     * whether the written move is a capture or not. */
    {
        static const char *const texts[] = {"a1xa9", "a1-a2", "b2-b3"};
        pdn_movetext mt;
        pdn_match m;
        pdn_fen before, after;
        size_t i;

        pdn_board_get_fen(b, &before);
        for (i = 0; i < 3; i++) {
            ck_assert_int_eq(pdn_movetext_parse(texts[i], 5, &mt), 0);
            pdn_error_clear(&err);
            ck_assert_int_eq(pdn_board_play(b, &mt, &m, l, &err), -1);
            ck_assert_int_eq(err.code, PDN_ELIMIT);
            ck_assert_str_eq(err.text,
                             "capture search longer than 1048576 jumps");
            ck_assert_uint_eq(pdn_movelist_count(l), 0);
            pdn_board_get_fen(b, &after);
            ck_assert_int_eq(after.turn, before.turn);
            ck_assert_uint_eq(after.count, before.count);
            ck_assert_mem_eq(after.piece, before.piece,
                             before.count * sizeof before.piece[0]);
        }
    }
    pdn_board_free(b);
    pdn_movelist_free(l);
}
END_TEST

Suite *
rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("core");
    TCase *tl = tcase_create("limits");

    tcase_set_timeout(tc, TEST_TIMEOUT);
    tcase_add_loop_test(tc, test_perft_matches_published_figures, 0,
                        (int)N_PERFT);
    tcase_add_loop_test(tc, test_perft_giveaway_equals_base_rules, 0, 2);
    tcase_add_test(tc, test_perft_thai_first_plies);
    tcase_add_test(tc, test_perft_turkish_matches_independent_engine);
    tcase_add_loop_test(tc, test_perft_agrees_with_board_apply, 0, 14);
    tcase_add_loop_test(tc, test_reference_positions_give_listed_moves, 0,
                        (int)N_REF);
    tcase_add_test(tc, test_circular_capture_is_one_move);
    tcase_add_loop_test(tc, test_rule_positions_give_exact_moves, 0,
                        (int)N_RULE);
    tcase_add_loop_test(tc, test_rule_positions_capture_counts_and_promotion,
                        0, (int)N_COUNT);
    tcase_add_test(tc, test_duplicate_captures_merged_unless_counted);
    tcase_add_test(tc, test_frisian_king_limit);
    tcase_add_test(tc, test_international_has_no_king_limit);
    tcase_add_test(tc, test_blocked_side_has_no_moves);
    suite_add_tcase(s, tc);
    tcase_add_test(tl, test_capture_longer_than_path_max_is_limit_error);
    tcase_add_test(tl, test_capture_of_path_max_squares_is_legal);
    tcase_add_test(tl, test_huge_capture_search_is_limit_error);
    tcase_set_timeout(tl, TEST_TIMEOUT);
    suite_add_tcase(s, tl);
    return s;
}
