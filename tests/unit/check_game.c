/* SPDX-License-Identifier: MIT */
/* Unit tests for the game model: movetext parsing and formatting, the
 * accessors and setters, and pdn_game_equal. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/pdn.h"
#include "suites.h"

/* ---- pdn_movetext_parse / _format ---- */

static const struct {
    const char *in;
    int n, capture, algebraic, file_only;
    char sep;
    unsigned char sq0, sqlast;
    const char *canon;
} moves[] = {
    {"32-28", 2, 0, 0, 0, '-', 32, 28, "32-28"},
    {"26x17x10", 3, 1, 0, 0, 'x', 26, 10, "26x17x10"},
    {"06-11", 2, 0, 0, 0, '-', 6, 11, "6-11"},
    {"1-05", 2, 0, 0, 0, '-', 1, 5, "1-5"},
    {"17:10:19", 3, 1, 0, 0, ':', 17, 19, "17:10:19"},
    {"29-18-27", 3, 0, 0, 0, '-', 29, 27, "29-18-27"},
    {"c3-d4", 2, 0, 1, 0, '-', PDN_COORD(2, 2), PDN_COORD(3, 3), "c3-d4"},
    {"c3:e5", 2, 1, 1, 0, ':', PDN_COORD(2, 2), PDN_COORD(4, 4), "c3:e5"},
    {"E3:G5", 2, 1, 1, 0, ':', PDN_COORD(4, 2), PDN_COORD(6, 4), "e3:g5"},
    {"a3b4", 2, 0, 1, 0, 0, PDN_COORD(0, 2), PDN_COORD(1, 3), "a3b4"},
    {"d8xb6xd4xb2", 4, 1, 1, 0, 'x', PDN_COORD(3, 7), PDN_COORD(1, 1),
     "d8xb6xd4xb2"},
    {"ed4", 2, 0, 1, 1, 0, PDN_COORD(4, 15), PDN_COORD(3, 3), "ed4"},
    {"l12-k11", 2, 0, 1, 0, '-', PDN_COORD(11, 11), PDN_COORD(10, 10),
     "l12-k11"},
    {"72x61", 2, 1, 0, 0, 'x', 72, 61, "72x61"},
    {"j10-i9", 2, 0, 1, 0, '-', PDN_COORD(9, 9), PDN_COORD(8, 8), "j10-i9"},
    {"100x9x255", 3, 1, 0, 0, 'x', 100, 255, "100x9x255"},
    {"a3b4-c5", 3, 0, 1, 0, '-', PDN_COORD(0, 2), PDN_COORD(2, 4),
     "a3-b4-c5"},
};

START_TEST(test_movetext_parses_and_formats)
{
    pdn_movetext mt;
    char buf[64], big[PDN_PATH_MAX * 5 + 8];
    size_t len;
    ck_assert_int_eq(pdn_movetext_parse(moves[_i].in, strlen(moves[_i].in),
                                        &mt),
                     0);
    ck_assert_int_eq(mt.n, moves[_i].n);
    ck_assert_int_eq(mt.capture, moves[_i].capture);
    ck_assert_int_eq(mt.algebraic, moves[_i].algebraic);
    ck_assert_int_eq(mt.file_only, moves[_i].file_only);
    ck_assert_int_eq(mt.sep, moves[_i].sep);
    ck_assert_int_eq(mt.sq[0], moves[_i].sq0);
    ck_assert_int_eq(mt.sq[mt.n - 1], moves[_i].sqlast);
    len = pdn_movetext_format(&mt, buf, sizeof buf);
    ck_assert_str_eq(buf, moves[_i].canon);
    ck_assert_uint_eq(len, strlen(moves[_i].canon));
    /* a buffer that holds any move is written straight into */
    ck_assert_uint_eq(pdn_movetext_format(&mt, big, sizeof big), len);
    ck_assert_str_eq(big, moves[_i].canon);
    /* Like snprintf, a short buffer still reports the full length. */
    ck_assert_uint_eq(pdn_movetext_format(&mt, buf, 3), len);
    ck_assert_uint_eq(strlen(buf), 2);
}
END_TEST

static const char *const not_moves[] = {
    "",     "32",     "32-",  "-28",   "0-5",    "32--28", "1-0x",
    "a9-b8x", "m1-n2", "32-c3", "c3-32", "256-1", "1/2-1/2", "x",
    "e",     "a0-b1", "ed13",  "32 28", "c13-d4",
};

START_TEST(test_movetext_rejects_non_moves)
{
    pdn_movetext mt;
    ck_assert_int_eq(
        pdn_movetext_parse(not_moves[_i], strlen(not_moves[_i]), &mt), -1);
}
END_TEST

START_TEST(test_movetext_rejects_path_longer_than_limit)
{
    char s[256] = "1";
    pdn_movetext mt;
    int i;
    for (i = 1; i < PDN_PATH_MAX; i++)
        strcat(s, "x2");
    ck_assert_int_eq(pdn_movetext_parse(s, strlen(s), &mt), 0);
    ck_assert_int_eq(mt.n, PDN_PATH_MAX);
    strcat(s, "x3");
    ck_assert_int_eq(pdn_movetext_parse(s, strlen(s), &mt), -1);
}
END_TEST

/* ---- Model accessors and setters ---- */

static pdn_game *
parse(const char *s)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string(s, strlen(s), &e);
    ck_assert_msg(g != NULL, "parse failed: %s", e.text);
    return g;
}

START_TEST(test_game_built_by_hand_has_no_position_or_raw)
{
    pdn_game *g = pdn_game_new();
    size_t len = 99;
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(pdn_game_number(g), 0);
    ck_assert_ptr_null(pdn_game_raw(g, &len));
    ck_assert_uint_eq(len, 0);
    ck_assert_ptr_null(pdn_game_first(g));
    ck_assert_ptr_null(pdn_game_result(g));
    ck_assert_uint_eq(pdn_game_tag_count(g), 0);
    ck_assert_uint_eq(pdn_game_pos(g).line, 0);
    pdn_game_free(g);
    pdn_game_free(NULL);
}
END_TEST

START_TEST(test_game_tags_keep_order_and_duplicates)
{
    pdn_game *g = parse("[B \"1\"][A \"2\"][B \"3\"][Event \"e\"] *");
    ck_assert_uint_eq(pdn_game_tag_count(g), 4);
    ck_assert_str_eq(pdn_game_tag_name_at(g, 0), "B");
    ck_assert_str_eq(pdn_game_tag_value_at(g, 2), "3");
    ck_assert_str_eq(pdn_game_tag(g, "B"), "1");
    ck_assert_ptr_null(pdn_game_tag(g, "b"));
    ck_assert_ptr_null(pdn_game_tag_name_at(g, 4));
    ck_assert_int_eq(pdn_game_set_tag(g, "B", "new"), 0);
    ck_assert_str_eq(pdn_game_tag_value_at(g, 0), "new");
    ck_assert_str_eq(pdn_game_tag_value_at(g, 2), "3");
    ck_assert_int_eq(pdn_game_set_tag(g, "C", "c"), 0);
    ck_assert_uint_eq(pdn_game_tag_count(g), 5);
    ck_assert_str_eq(pdn_game_tag_name_at(g, 4), "C");
    ck_assert_uint_eq(pdn_game_remove_tag(g, "B"), 2);
    ck_assert_uint_eq(pdn_game_tag_count(g), 3);
    ck_assert_str_eq(pdn_game_tag_name_at(g, 0), "A");
    ck_assert_uint_eq(pdn_game_remove_tag(g, "Nope"), 0);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_game_result_setter_normalises)
{
    pdn_game *g = pdn_game_new();
    ck_assert_int_eq(pdn_game_set_result(g, "0:1"), 0);
    ck_assert_str_eq(pdn_game_result(g), "0-1");
    ck_assert_int_eq(pdn_game_set_result(g, "1/2-1/2"), 0);
    ck_assert_str_eq(pdn_game_result(g), "1/2-1/2");
    ck_assert_int_eq(pdn_game_set_result(g, "3-0"), -1);
    ck_assert_str_eq(pdn_game_result(g), "1/2-1/2");
    ck_assert_int_eq(pdn_game_set_result(g, NULL), 0);
    ck_assert_ptr_null(pdn_game_result(g));
    pdn_game_free(g);
}
END_TEST

START_TEST(test_game_node_accessors)
{
    pdn_game *g = parse("[E \"\"] {pre} 1. 32-28! $3 {a} (33-28 {v}) (31-27) "
                        "19-23 /FEN \"B:W1:B2\"/ 2... 28x19 {end} 1-0");
    pdn_node *n = pdn_game_first_mut(g);
    const pdn_node *v;
    const pdn_movetext *mt;
    ck_assert_str_eq(pdn_node_text(n), "32-28");
    ck_assert_uint_eq(pdn_node_number(n), 1);
    ck_assert_int_eq(pdn_node_number_ellipsis(n), 0);
    ck_assert_str_eq(pdn_node_strength(n), "!");
    ck_assert_uint_eq(pdn_node_nag_count(n), 1);
    ck_assert_int_eq(pdn_node_nag_at(n, 0), 3);
    ck_assert_int_eq(pdn_node_nag_at(n, 1), -1);
    ck_assert_str_eq(pdn_node_comment_at(n, PDN_BEFORE, 0), "pre");
    ck_assert_str_eq(pdn_node_comment_at(n, PDN_AFTER, 0), "a");
    ck_assert_ptr_null(pdn_node_comment_at(n, PDN_AFTER, 1));
    ck_assert_uint_eq(pdn_node_variation_count(n), 2);
    v = pdn_node_variation_at(n, 0);
    ck_assert_str_eq(pdn_node_text(v), "33-28");
    ck_assert_str_eq(pdn_node_comment_at(v, PDN_AFTER, 0), "v");
    ck_assert_str_eq(pdn_node_text(pdn_node_variation_at(n, 1)), "31-27");
    ck_assert_ptr_null(pdn_node_variation_at(n, 2));
    n = pdn_node_next_mut(n);
    ck_assert_str_eq(pdn_node_text(n), "19-23");
    ck_assert_uint_eq(pdn_node_number(n), 0);
    n = pdn_node_next_mut(n);
    ck_assert_str_eq(pdn_node_setup(n), "B:W1:B2");
    ck_assert_uint_eq(pdn_node_number(n), 2);
    ck_assert_int_eq(pdn_node_number_ellipsis(n), 1);
    mt = pdn_node_move(n);
    ck_assert_ptr_nonnull(mt);
    ck_assert_int_eq(mt->capture, 1);
    ck_assert_ptr_null(pdn_node_next(n));
    ck_assert_uint_eq(pdn_game_comment_count(g), 1);
    ck_assert_str_eq(pdn_game_comment_at(g, 0), "end");
    ck_assert_ptr_null(pdn_game_comment_at(g, 1));
    ck_assert_str_eq(pdn_game_result(g), "1-0");
    ck_assert_int_eq(pdn_node_set_text(n, "28x17x10"), 0);
    ck_assert_str_eq(pdn_node_text(n), "28x17x10");
    ck_assert_int_eq(pdn_node_move(n)->n, 3);
    ck_assert_int_eq(pdn_node_set_text(n, "bogus"), -1);
    ck_assert_str_eq(pdn_node_text(n), "28x17x10");
    pdn_game_free(g);
}
END_TEST

START_TEST(test_game_null_arguments_are_safe)
{
    ck_assert_ptr_null(pdn_game_first(NULL));
    ck_assert_ptr_null(pdn_node_next(NULL));
    ck_assert_uint_eq(pdn_node_variation_count(NULL), 0);
    ck_assert_ptr_null(pdn_node_move(NULL));
    ck_assert_ptr_null(pdn_game_tag(NULL, "E"));
    ck_assert_int_eq(pdn_game_set_tag(NULL, "E", "x"), -1);
    ck_assert_int_eq(pdn_game_equal(NULL, NULL, NULL), 1);
}
END_TEST

/* ---- pdn_game_equal ---- */

static const struct {
    const char *a, *b;
    int equal;
} eq[] = {
    {"[E \"1\"] 1. 32-28 19-23 *", "[E \"1\"]\n1.32-28 19-23 *", 1},
    {"[E \"1\"] 1. 06-11 *", "[E \"1\"] 1. 6-11 *", 1},
    {"[E \"1\"] 32-28 *", "[E \"1\"] 1. 32-28 *", 1},
    {"[Site \"s\"][Event \"e\"] *", "[Event \"e\"][Site \"s\"] *", 1},
    {"[E \"1\"] 1. 32-28", "[E \"1\"] 1. 32-28 *", 1},
    {"[E \"1\"] 1. 32-28 *", "[E \"2\"] 1. 32-28 *", 0},
    {"[A \"1\"][B \"2\"] *", "[B \"2\"][A \"1\"] *", 0},
    {"[E \"1\"] 1. 32-28 *", "[E \"1\"] 1. 32-27 *", 0},
    {"[E \"1\"] 1. 32-28 *", "[E \"1\"] 1. 32x28 *", 0},
    {"[E \"1\"] 1. 32-28 *", "[E \"1\"] 1. 32-28 1-0", 0},
    {"[E \"1\"] 1. 32-28! *", "[E \"1\"] 1. 32-28 *", 0},
    {"[E \"1\"] 1. 32-28 $1 *", "[E \"1\"] 1. 32-28 $2 *", 0},
    {"[E \"1\"] 1. 32-28 {a} *", "[E \"1\"] 1. 32-28 {b} *", 0},
    {"[E \"1\"] 1. 32-28 {a} 19-23 *", "[E \"1\"] {a} 1. 32-28 19-23 *", 0},
    {"[E \"1\"] 1. 32-28 (33-28) *", "[E \"1\"] 1. 32-28 *", 0},
    {"[E \"1\"] 1. 32-28 (33-28) *", "[E \"1\"] 1. 32-28 (33-29) *", 0},
    {"[E \"1\"] 1. 32-28 (33-28 (34-29)) *",
     "[E \"1\"] 1. 32-28 (33-28 (34-30)) *", 0},
    {"[E \"1\"] /FEN \"W:W1:B2\"/ 1. 32-28 *", "[E \"1\"] 1. 32-28 *", 0},
    {"[E \"1\"] 1. 32-28 19-23 *", "[E \"1\"] 1. 32-28 *", 0},
    {"[E \"1\"] 1. 32-28 {x} *", "[E \"1\"] 1. 32-28 *", 0},
};

START_TEST(test_game_equal_compares_model_not_layout)
{
    pdn_game *a = parse(eq[_i].a), *b = parse(eq[_i].b);
    ck_assert_int_eq(pdn_game_equal(a, b, NULL), eq[_i].equal);
    ck_assert_int_eq(pdn_game_equal(b, a, NULL), eq[_i].equal);
    ck_assert_int_eq(pdn_game_equal(a, a, NULL), 1);
    pdn_game_free(a);
    pdn_game_free(b);
}
END_TEST

Suite *
game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *core = tcase_create("core");
    TCase *errors = tcase_create("errors");
    TCase *limits = tcase_create("limits");

    tcase_add_loop_test(core, test_movetext_parses_and_formats, 0,
                        sizeof moves / sizeof moves[0]);
    tcase_add_test(core, test_game_built_by_hand_has_no_position_or_raw);
    tcase_add_test(core, test_game_tags_keep_order_and_duplicates);
    tcase_add_test(core, test_game_result_setter_normalises);
    tcase_add_test(core, test_game_node_accessors);
    tcase_add_loop_test(core, test_game_equal_compares_model_not_layout, 0,
                        sizeof eq / sizeof eq[0]);
    tcase_add_loop_test(errors, test_movetext_rejects_non_moves, 0,
                        sizeof not_moves / sizeof not_moves[0]);
    tcase_add_test(errors, test_game_null_arguments_are_safe);
    tcase_add_test(limits, test_movetext_rejects_path_longer_than_limit);
    suite_add_tcase(s, core);
    suite_add_tcase(s, errors);
    suite_add_tcase(s, limits);
    return s;
}
