/* SPDX-License-Identifier: MIT */
/* Unit tests for results: the spellings of real archives, who each says
 * won from the first mover's side, the outcome of a game with no legal
 * move (giveaway inverted), and the result types' forms. */
#include <config.h>

#include <string.h>

#include "pdn/pdn.h"
#include "suites.h"

static const struct {
    const char *s;
    pdn_outcome o;
} spellings[] = {
    {"1-0", PDN_OUTCOME_FIRST},
    {"2-0", PDN_OUTCOME_FIRST},
    {"1:0", PDN_OUTCOME_FIRST},
    {" 1-0", PDN_OUTCOME_FIRST},
    {"0-1", PDN_OUTCOME_SECOND},
    {"0-2", PDN_OUTCOME_SECOND},
    {"0:1", PDN_OUTCOME_SECOND},
    {" 0-1 ", PDN_OUTCOME_SECOND},
    {"1/2-1/2", PDN_OUTCOME_DRAW},
    {"1/2:1/2", PDN_OUTCOME_DRAW},
    {"1-1", PDN_OUTCOME_DRAW},
    {"1:1", PDN_OUTCOME_DRAW},
    {"\xc2\xbd-\xc2\xbd", PDN_OUTCOME_DRAW},
    {"\xbd-\xbd", PDN_OUTCOME_DRAW},
    {" 1/2-1/2", PDN_OUTCOME_DRAW},
    {"0-0", PDN_OUTCOME_BOTH_LOST},
    {"*", PDN_OUTCOME_UNKNOWN},
    {"", PDN_OUTCOME_INVALID},
    {"?", PDN_OUTCOME_INVALID},
    {"-", PDN_OUTCOME_UNKNOWN},
    {"--", PDN_OUTCOME_INVALID},
    {"2-2", PDN_OUTCOME_INVALID},
    {"1-2", PDN_OUTCOME_INVALID},
    {"1-05", PDN_OUTCOME_INVALID},
    {"1/2", PDN_OUTCOME_INVALID},
    {"White wins", PDN_OUTCOME_INVALID},
    {"1/2-1/2-1/2-1/2", PDN_OUTCOME_INVALID},
};

START_TEST(test_result_spellings_of_real_archives)
{
    ck_assert_msg(pdn_result_outcome(spellings[_i].s) == spellings[_i].o,
                  "'%s': got %d, want %d", spellings[_i].s,
                  (int)pdn_result_outcome(spellings[_i].s),
                  (int)spellings[_i].o);
}
END_TEST

START_TEST(test_result_null_is_invalid)
{
    ck_assert_int_eq(pdn_result_outcome(NULL), PDN_OUTCOME_INVALID);
}
END_TEST

static pdn_gametype
type(const char *s)
{
    pdn_gametype gt;

    ck_assert_int_eq(pdn_gametype_parse(s, &gt, NULL), 0);
    return gt;
}

/* English draughts: Black starts, so "1-0" says Black won. */
START_TEST(test_winner_is_seen_from_the_first_mover)
{
    pdn_gametype en = type("21"), in = type("20");

    ck_assert_int_eq(pdn_outcome_winner(pdn_result_outcome("1-0"), &en), 'B');
    ck_assert_int_eq(pdn_outcome_winner(pdn_result_outcome("0-1"), &en), 'W');
    ck_assert_int_eq(pdn_outcome_winner(pdn_result_outcome("2-0"), &in), 'W');
    ck_assert_int_eq(pdn_outcome_winner(pdn_result_outcome("0-2"), &in), 'B');
    ck_assert_int_eq(pdn_outcome_winner(PDN_OUTCOME_DRAW, &in), 0);
    ck_assert_int_eq(pdn_outcome_winner(PDN_OUTCOME_BOTH_LOST, &in), 0);
    ck_assert_int_eq(pdn_outcome_winner(PDN_OUTCOME_UNKNOWN, &in), 0);
    ck_assert_int_eq(pdn_outcome_winner(PDN_OUTCOME_FIRST, NULL), 0);
}
END_TEST

START_TEST(test_no_move_loses_or_wins_in_giveaway)
{
    pdn_gametype en = type("21"), in = type("20"), anti = type("98");

    ck_assert_int_eq(anti.giveaway, 1);
    /* English: White (second mover) stuck: Black, the first mover, won */
    ck_assert_int_eq(pdn_outcome_no_move(&en, 'W'), PDN_OUTCOME_FIRST);
    ck_assert_int_eq(pdn_outcome_no_move(&en, 'B'), PDN_OUTCOME_SECOND);
    ck_assert_int_eq(pdn_outcome_no_move(&in, 'W'), PDN_OUTCOME_SECOND);
    ck_assert_int_eq(pdn_outcome_no_move(&in, 'B'), PDN_OUTCOME_FIRST);
    /* giveaway: the side without a move won */
    ck_assert_int_eq(pdn_outcome_no_move(&anti, 'W'), PDN_OUTCOME_FIRST);
    ck_assert_int_eq(pdn_outcome_no_move(&anti, 'B'), PDN_OUTCOME_SECOND);
}
END_TEST

START_TEST(test_result_type_forms)
{
    pdn_gametype in = type("20"), ca = type("27"), ru = type("25");

    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_FIRST, &in), "2-0");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_SECOND, &ca), "0-2");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_DRAW, &in), "1-1");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_DRAW, &ru), "1/2-1/2");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_FIRST, &ru), "1-0");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_FIRST, NULL), "1-0");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_BOTH_LOST, &in), "0-0");
    ck_assert_str_eq(pdn_outcome_result(PDN_OUTCOME_UNKNOWN, &ru), "*");
    ck_assert_ptr_null(pdn_outcome_result(PDN_OUTCOME_INVALID, &ru));
    ck_assert_ptr_null(pdn_outcome_result((pdn_outcome)42, &ru));
}
END_TEST

/* Every form a result type writes reads back as the same outcome. */
START_TEST(test_forms_read_back)
{
    pdn_gametype in = type("20"), ru = type("25");
    int o;

    for (o = PDN_OUTCOME_UNKNOWN; o <= PDN_OUTCOME_BOTH_LOST; o++) {
        ck_assert_int_eq(
            pdn_result_outcome(pdn_outcome_result((pdn_outcome)o, &in)), o);
        ck_assert_int_eq(
            pdn_result_outcome(pdn_outcome_result((pdn_outcome)o, &ru)), o);
    }
}
END_TEST

/* One table: the reader's tokens, the normal forms and each result type's
 * forms are the same strings; words that are no terminator are refused. */
START_TEST(test_result_token_one_table)
{
    pdn_gametype in = type("20");
    static const char *const words[] = {"0:1", "1/2:1/2", "\xC2\xBD-\xC2\xBD",
                                        "2:0", "1-1", "*"};
    static const char *const want[] = {"0-1", "1/2-1/2", "1/2-1/2", "2-0",
                                       "1-1", "*"};
    static const char *const not[] = {"", "-", "1", "1-2", "3-0", "1/2",
                                      " 1-0", "1-0 ", "11-15", "1/2-1/3"};
    size_t i;

    for (i = 0; i < sizeof words / sizeof *words; i++) {
        const char *t = pdn_result_token(words[i], strlen(words[i]));

        ck_assert_ptr_nonnull(t);
        ck_assert_str_eq(t, want[i]);
        ck_assert_ptr_eq(t, pdn_result_normalise(words[i]));
    }
    for (i = 0; i < sizeof not / sizeof *not; i++)
        ck_assert_ptr_null(pdn_result_token(not[i], strlen(not[i])));
    ck_assert_ptr_null(pdn_result_token(NULL, 3));
    ck_assert_ptr_eq(pdn_result_token("1-1", 3),
                     pdn_outcome_result(PDN_OUTCOME_DRAW, &in));
    ck_assert_ptr_eq(pdn_result_token("*", 1),
                     pdn_outcome_result(PDN_OUTCOME_UNKNOWN, &in));
    /* a word inside a longer buffer: only n bytes are read */
    ck_assert_str_eq(pdn_result_token("0-1 and more", 3), "0-1");
}
END_TEST

Suite *
result_suite(void)
{
    Suite *s = suite_create("result");
    TCase *tc = tcase_create("outcome");

    tcase_add_loop_test(tc, test_result_spellings_of_real_archives, 0,
                        (int)(sizeof spellings / sizeof spellings[0]));
    tcase_add_test(tc, test_result_null_is_invalid);
    tcase_add_test(tc, test_winner_is_seen_from_the_first_mover);
    tcase_add_test(tc, test_no_move_loses_or_wins_in_giveaway);
    tcase_add_test(tc, test_result_type_forms);
    tcase_add_test(tc, test_forms_read_back);
    tcase_add_test(tc, test_result_token_one_table);
    suite_add_tcase(s, tc);
    return s;
}
