/* SPDX-License-Identifier: MIT */
/* Editing games (pdn/edit.h): every edit, written with each writer flag
 * and read back, gives an equal game. */
#include <config.h>
#include <pdn/pdn.h>
#include <stdlib.h>
#include <string.h>
#include "suites.h"

static pdn_game *
parse(const char *s)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string(s, strlen(s), &e);

    ck_assert_msg(g != NULL, "parse: %s", e.text);
    return g;
}

/* (PDN_WRITE_KEEP_TAGS alone writes no Result tag and '*': by design it
 * keeps a result only in a Result tag the game has.) */

/* Writes g with flags, reads it back and says whether the two are equal;
 * *text receives the written text when text is not NULL (free()). */
static int
round_trip(const pdn_game *g, unsigned flags, char **text)
{
    pdn_error e;
    size_t len;
    char *w = pdn_game_to_string(g, flags, &len, &e);
    pdn_game *h;
    int eq;

    ck_assert_ptr_nonnull(w);
    h = pdn_parse_string(w, len, &e);
    ck_assert_msg(h != NULL, "reread: %s in\n%s", e.text, w);
    eq = pdn_game_equal(g, h, NULL);
    pdn_game_free(h);
    if (text != NULL)
        *text = w;
    else
        free(w);
    return eq;
}

static void
assert_round_trips(const pdn_game *g)
{
    static const unsigned flags[] = {
        PDN_WRITE_PDN3, PDN_WRITE_COMPAT,
        PDN_WRITE_KEEP_TAGS | PDN_WRITE_KEEP_RESULT, PDN_WRITE_KEEP_RESULT,
        PDN_WRITE_CRLF};
    size_t i;

    for (i = 0; i < sizeof flags / sizeof flags[0]; i++)
        ck_assert_msg(round_trip(g, flags[i], NULL), "flags %u", flags[i]);
}

/* What no PDN can hold is refused by the setters; what they accept is
 * written so that it reads back equal, with every writer flag. */
START_TEST(test_setters_refuse_what_pdn_cannot_hold)
{
    pdn_game *g = parse("[Event \"e\"]\n\n1. 32-28 19-23 2. 37-32 *\n");
    pdn_node *first = pdn_game_first_mut(g);
    pdn_node *second = pdn_node_next_mut(first);
    char *text;

    /* tags: a name with ']' or a blank, an empty one, a value with a
     * line break */
    ck_assert_int_eq(pdn_game_set_tag(g, "A]", "v"), -1);
    ck_assert_int_eq(pdn_game_set_tag(g, "A B", "v"), -1);
    ck_assert_int_eq(pdn_game_set_tag(g, "", "v"), -1);
    ck_assert_int_eq(pdn_game_set_tag(g, "A\"", "v"), -1);
    ck_assert_int_eq(pdn_game_set_tag(g, "Site", "x\ny"), -1);
    ck_assert_int_eq(pdn_game_set_tag(g, "Site", "x\ry"), -1);
    ck_assert_ptr_null(pdn_game_tag(g, "Site"));
    ck_assert_int_eq(pdn_game_set_tag(g, "Site", "a ] \"b\" \\"), 0);
    /* comments holding '}': one line without blanks at its ends only */
    ck_assert_int_eq(pdn_game_add_comment(g, "a }\nb"), -1);
    ck_assert_int_eq(pdn_game_add_comment(g, " a } b"), -1);
    ck_assert_int_eq(pdn_node_add_comment(first, PDN_AFTER, "a } b "), -1);
    ck_assert_int_eq(pdn_node_add_comment(first, PDN_AFTER, "x"), 0);
    ck_assert_int_eq(pdn_node_set_comment(first, PDN_AFTER, 0, "}\n"), -1);
    ck_assert_str_eq(pdn_node_comment_at(first, PDN_AFTER, 0), "x");
    ck_assert_int_eq(pdn_node_add_comment(first, PDN_AFTER, "a } b"), 0);
    ck_assert_int_eq(pdn_game_add_comment(g, "a\n{b}"), -1);
    ck_assert_int_eq(pdn_game_add_comment(g, "two\nlines"), 0);
    ck_assert_uint_eq(pdn_game_comment_count(g), 1);
    /* a comment before the second mover's move stands after the first
     * move's comments, where it is written and read back */
    ck_assert_int_eq(pdn_node_add_comment(second, PDN_BEFORE, "before"), 0);
    ck_assert_uint_eq(pdn_node_comment_count(second, PDN_BEFORE), 0);
    ck_assert_uint_eq(pdn_node_comment_count(first, PDN_AFTER), 3);
    ck_assert_str_eq(pdn_node_comment_at(first, PDN_AFTER, 2), "before");
    /* before the first move of the game it stays before it */
    ck_assert_int_eq(pdn_node_add_comment(first, PDN_BEFORE, "intro"), 0);
    ck_assert_uint_eq(pdn_node_comment_count(first, PDN_BEFORE), 1);
    assert_round_trips(g);
    ck_assert(round_trip(g, PDN_WRITE_PDN3, &text));
    ck_assert_ptr_nonnull(strstr(text, "{before} 1... 19-23"));
    ck_assert_ptr_nonnull(strstr(text, "; a } b\n"));
    free(text);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_build_from_nothing)
{
    pdn_game *g = pdn_game_new();
    pdn_gametype gt;
    pdn_error e;
    pdn_node *n, *v;
    char *w;

    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(pdn_game_set_tag(g, "Event", "Built"), 0);
    ck_assert_int_eq(pdn_game_set_tag(g, "White", "A"), 0);
    pdn_gametype_standard(21, &gt);
    ck_assert_int_eq(pdn_game_set_gametype(g, &gt), 0);
    ck_assert_str_eq(pdn_game_tag(g, "GameType"), "21");
    ck_assert_ptr_nonnull(pdn_game_append_move(g, "11-15", &e));
    ck_assert_int_eq(e.code, PDN_OK);
    n = pdn_game_append_move(g, "23-19", &e);
    ck_assert_ptr_nonnull(n);
    ck_assert_int_eq(pdn_node_add_comment(n, PDN_AFTER, "the usual"), 0);
    ck_assert_int_eq(pdn_node_add_nag(n, 1), 0);
    ck_assert_int_eq(pdn_node_set_strength(n, "!"), 0);
    v = pdn_node_add_variation(n, "22-18", &e);
    ck_assert_ptr_nonnull(v);
    ck_assert_ptr_nonnull(pdn_node_insert_after(v, "15x22", &e));
    ck_assert_ptr_nonnull(pdn_game_append_move(g, "8-11", &e));
    ck_assert_int_eq(pdn_game_add_comment(g, "unfinished"), 0);
    ck_assert_int_eq(pdn_game_set_result(g, "1-0"), 0);
    ck_assert_int_eq(round_trip(g, PDN_WRITE_PDN3, &w), 1);
    ck_assert_str_eq(w, "[Event \"Built\"]\n[White \"A\"]\n[Result \"1-0\"]\n"
                        "[GameType \"21\"]\n1. 11-15 23-19! $1 {the usual} "
                        "(1... 22-18 2. 15x22) 2. 8-11 {unfinished} *\n\n");
    free(w);
    assert_round_trips(g);
    ck_assert_ptr_null(pdn_game_append_move(g, "bogus", &e));
    ck_assert_int_eq(e.code, PDN_EMOVE);
    ck_assert_str_eq(e.text, "not a move: 'bogus'");
    ck_assert_int_eq(pdn_node_set_strength(n, "!!!"), -1);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_comments_and_nags_change_and_go)
{
    pdn_game *g = parse("[Event \"e\"]\n1. 32-28 {a} {b} $1 $2 19-23 {c} *");
    pdn_node *n = pdn_game_first_mut(g);

    ck_assert_int_eq(pdn_node_set_comment(n, PDN_AFTER, 1, "B"), 0);
    ck_assert_str_eq(pdn_node_comment_at(n, PDN_AFTER, 1), "B");
    ck_assert_int_eq(pdn_node_remove_comment(n, PDN_AFTER, 0), 0);
    ck_assert_uint_eq(pdn_node_comment_count(n, PDN_AFTER), 1);
    ck_assert_str_eq(pdn_node_comment_at(n, PDN_AFTER, 0), "B");
    ck_assert_int_eq(pdn_node_remove_comment(n, PDN_AFTER, 1), -1);
    ck_assert_int_eq(pdn_node_remove_nag(n, 0), 0);
    ck_assert_uint_eq(pdn_node_nag_count(n), 1);
    ck_assert_int_eq(pdn_node_nag_at(n, 0), 2);
    ck_assert_int_eq(pdn_node_add_comment(n, PDN_BEFORE, "first"), 0);
    /* the last comment of the main line is a game comment */
    ck_assert_uint_eq(pdn_game_comment_count(g), 1);
    ck_assert_int_eq(pdn_game_set_comment(g, 0, "C"), 0);
    ck_assert_int_eq(pdn_game_remove_comment(g, 1), -1);
    assert_round_trips(g);
    ck_assert_int_eq(pdn_game_remove_comment(g, 0), 0);
    ck_assert_uint_eq(pdn_game_comment_count(g), 0);
    /* a comment list emptied and filled again keeps its end right */
    ck_assert_int_eq(pdn_node_remove_comment(n, PDN_AFTER, 0), 0);
    ck_assert_int_eq(pdn_node_add_comment(n, PDN_AFTER, "again"), 0);
    ck_assert_uint_eq(pdn_node_comment_count(n, PDN_AFTER), 1);
    assert_round_trips(g);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_setup_is_checked)
{
    pdn_game *g = parse("1. 32-28 19-23 *");
    pdn_node *n = pdn_node_next_mut(pdn_game_first_mut(g));
    pdn_error e;

    ck_assert_int_eq(pdn_node_set_setup(n, "W:W9:B45", &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    ck_assert_str_eq(pdn_node_setup(n), "W:W9:B45");
    ck_assert_int_eq(pdn_node_set_setup(n, "Q:nothing", &e), -1);
    ck_assert_int_eq(e.code, PDN_ESETUP);
    ck_assert_str_eq(pdn_node_setup(n), "W:W9:B45");
    assert_round_trips(g);
    ck_assert_int_eq(pdn_node_set_setup(n, NULL, &e), 0);
    ck_assert_ptr_null(pdn_node_setup(n));
    pdn_game_free(g);
}
END_TEST

START_TEST(test_cut_and_variations)
{
    pdn_game *g = parse("1. 32-28 (1. 33-29 (1. 31-27) 1... 19-24) 1... 19-23 "
                        "2. 28x19 14x23 *");
    pdn_node *n = pdn_game_first_mut(g), *p;
    pdn_game *h;

    /* promote the second variation: 31-27 becomes the main line's move */
    p = pdn_node_promote_variation(pdn_node_variation_at_mut(n, 0), 0);
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(pdn_node_text(pdn_game_first(g)), "32-28");
    p = pdn_node_promote_variation(n, 0);
    ck_assert_str_eq(pdn_node_text(p), "31-27");
    ck_assert_ptr_eq(pdn_game_first(g), p);
    ck_assert_uint_eq(pdn_node_variation_count(p), 2);
    ck_assert_str_eq(pdn_node_text(pdn_node_variation_at(p, 0)), "32-28");
    ck_assert_str_eq(pdn_node_text(pdn_node_variation_at(p, 1)), "33-29");
    ck_assert_uint_eq(pdn_node_variation_count(n), 0);
    assert_round_trips(g);
    /* and back: the same game as read */
    h = parse("1. 32-28 (1. 31-27) (1. 33-29 1... 19-24) 1... 19-23 "
              "2. 28x19 14x23 *");
    ck_assert_ptr_eq(pdn_node_promote_variation(p, 0), n);
    ck_assert_uint_eq(pdn_node_variation_count(n), 2);
    ck_assert_str_eq(pdn_node_text(pdn_node_variation_at(n, 0)), "31-27");
    ck_assert_int_eq(pdn_game_equal(g, h, NULL), 1);
    /* cutting */
    ck_assert_int_eq(pdn_node_remove_variation(n, 1), 0);
    ck_assert_int_eq(pdn_node_remove_variation(n, 1), -1);
    ck_assert_int_eq(pdn_game_cut(g, pdn_node_next_mut(pdn_node_next_mut(n))),
                     0);
    ck_assert_int_eq(pdn_game_cut(g, pdn_node_variation_at_mut(n, 0)), 0);
    ck_assert_uint_eq(pdn_node_variation_count(n), 0);
    pdn_game_free(h);
    h = parse("1. 32-28 19-23 *");
    ck_assert_int_eq(pdn_game_equal(g, h, NULL), 1);
    ck_assert_int_eq(pdn_game_cut(h, n), -1); /* not h's */
    ck_assert_int_eq(pdn_game_cut(g, n), 0);
    ck_assert_ptr_null(pdn_game_first(g));
    pdn_game_free(h);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_clone_is_equal_and_apart)
{
    const char *s = "[Event \"c\"]\n[Result \"1-0\"]\n{pre} 1. 32-28! $3 {a} "
                    "(33-28 {v} (31-27)) 19-23 /FEN \"B:W28:B19\"/ 2... "
                    "28x19 {end} 1-0";
    pdn_game *g = parse(s), *c = pdn_game_clone(g);
    size_t len, clen;
    const char *raw;

    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(pdn_game_equal(g, c, NULL), 1);
    raw = pdn_game_raw(c, &clen);
    pdn_game_raw(g, &len);
    ck_assert_uint_eq(len, clen);
    ck_assert(memcmp(raw, s, len) == 0);
    ck_assert_uint_eq(pdn_game_tag_pos_at(c, 1).line, 2);
    ck_assert_uint_eq(pdn_node_pos(pdn_game_first(c)).column,
                      pdn_node_pos(pdn_game_first(g)).column);
    /* an edit of the clone leaves the original alone */
    ck_assert_int_eq(pdn_node_add_nag(pdn_game_first_mut(c), 5), 0);
    ck_assert_int_eq(pdn_game_equal(g, c, NULL), 0);
    ck_assert_uint_eq(pdn_node_nag_count(pdn_game_first(g)), 1);
    pdn_game_free(g);
    assert_round_trips(c);
    pdn_game_free(c);
}
END_TEST

START_TEST(test_append_legal_writes_short_form)
{
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l = pdn_movelist_new();
    pdn_game *g = pdn_game_new();
    pdn_error e;
    size_t i;

    pdn_gametype_standard(20, &gt);
    b = pdn_board_new(&gt, &e);
    /* a white king that captures two ways with the same ends */
    ck_assert_int_eq(pdn_board_set_fen_string(b, "W:WK46:B41,32,37,38,19",
                                              &e), 0);
    ck_assert_int_eq(pdn_board_moves(b, l, &e), 0);
    for (i = 0; i < pdn_movelist_count(l); i++)
        ck_assert_ptr_nonnull(
            pdn_game_append_legal(g, b, pdn_movelist_at(l, i), &e));
    ck_assert_int_eq(pdn_game_set_tag(g, "FEN", "W:WK46:B41,32,37,38,19"), 0);
    assert_round_trips(g);
    pdn_board_free(b);
    pdn_movelist_free(l);
    pdn_game_free(g);
}
END_TEST

Suite *
edit_suite(void)
{
    Suite *s = suite_create("edit");
    TCase *tc = tcase_create("edit");

    tcase_add_test(tc, test_build_from_nothing);
    tcase_add_test(tc, test_setters_refuse_what_pdn_cannot_hold);
    tcase_add_test(tc, test_comments_and_nags_change_and_go);
    tcase_add_test(tc, test_setup_is_checked);
    tcase_add_test(tc, test_cut_and_variations);
    tcase_add_test(tc, test_clone_is_equal_and_apart);
    tcase_add_test(tc, test_append_legal_writes_short_form);
    suite_add_tcase(s, tc);
    return s;
}
