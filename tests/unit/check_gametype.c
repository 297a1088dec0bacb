/* SPDX-License-Identifier: MIT */
/* Unit tests for GameType values: the standard table, parsing of bare and
 * full forms, names, formatting and round trips, and parse errors. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* The standard table of pdn-reference.md section 3, as text. */
static const struct {
    int type;
    const char *full;
    const char *name;
    int result_type;
    char sep;
} std_table[] = {
    {20, "20,W,10,10,N2,0", "international", PDN_RESULT_INTERNATIONAL, 'x'},
    {21, "21,B,8,8,N1,0", "english", PDN_RESULT_DEFAULT, 'x'},
    {22, "22,W,8,8,N2,1", "italian", PDN_RESULT_DEFAULT, 'x'},
    {23, "23,B,8,8,N1,0", "pool", PDN_RESULT_DEFAULT, 'x'},
    {24, "24,W,8,8,N1,1", "spanish", PDN_RESULT_DEFAULT, 'x'},
    {25, "25,W,8,8,A0,0", "russian", PDN_RESULT_DEFAULT, ':'},
    {26, "26,W,8,8,A0,0", "brazilian", PDN_RESULT_DEFAULT, 'x'},
    {27, "27,W,12,12,N2,0", "canadian", PDN_RESULT_INTERNATIONAL, 'x'},
    {28, "28,W,8,8,N1,1", "portuguese", PDN_RESULT_DEFAULT, 'x'},
    {29, "29,W,8,8,A0,0", "czech", PDN_RESULT_DEFAULT, 'x'},
    {30, "30,W,8,8,A0,0", "turkish", PDN_RESULT_DEFAULT, 'x'},
    {31, "31,B,8,8,N2,0", "thai", PDN_RESULT_DEFAULT, '-'},
    {40, "40,W,10,10,N2,0", "frisian", PDN_RESULT_DEFAULT, 'x'},
    {41, "41,W,10,8,A0,0", "spantsiretti", PDN_RESULT_DEFAULT, ':'},
    {98, "98,W,10,10,N2,0", "antidraughts", PDN_RESULT_INTERNATIONAL, 'x'},
};
#define N_STD (sizeof std_table / sizeof std_table[0])

/* Field-wise equality (the struct has padding). */
static int
same(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->rules == b->rules &&
           a->giveaway == b->giveaway && a->start == b->start &&
           a->width == b->width && a->height == b->height &&
           a->notation == b->notation && a->corner == b->corner &&
           a->invert == b->invert;
}

static void
format_full(const pdn_gametype *gt, char *buf, size_t size)
{
    snprintf(buf, size, "%d,%c,%d,%d,%c%d,%d", gt->type, gt->start, gt->width,
             gt->height, gt->notation, gt->corner, gt->invert);
}

START_TEST(test_standard_types_have_table_values)
{
    pdn_gametype gt;
    char buf[64];

    ck_assert_int_eq(pdn_gametype_standard(std_table[_i].type, &gt), 0);
    format_full(&gt, buf, sizeof buf);
    ck_assert_str_eq(buf, std_table[_i].full);
    ck_assert_int_eq(gt.rules, std_table[_i].type == 98 ? 20
                                                         : std_table[_i].type);
    ck_assert_int_eq(gt.giveaway, std_table[_i].type == 98);
    ck_assert_str_eq(pdn_gametype_name(&gt), std_table[_i].name);
    ck_assert_int_eq(pdn_gametype_result_type(&gt), std_table[_i].result_type);
    ck_assert_int_eq(pdn_gametype_capture_sep(&gt), std_table[_i].sep);
}
END_TEST

START_TEST(test_bare_number_expands_to_standard_value)
{
    pdn_gametype gt, std;
    pdn_error e;
    char num[8];

    pdn_error_clear(&e);
    snprintf(num, sizeof num, "%d", std_table[_i].type);
    ck_assert_int_eq(pdn_gametype_parse(num, &gt, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    pdn_gametype_standard(std_table[_i].type, &std);
    ck_assert(same(&gt, &std));
}
END_TEST

START_TEST(test_full_standard_form_equals_bare_number)
{
    pdn_gametype gt, std;
    pdn_error e;
    char buf[64];

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse(std_table[_i].full, &gt, &e), 0);
    pdn_gametype_standard(std_table[_i].type, &std);
    ck_assert(same(&gt, &std));
    /* The standard value is written back as the bare number. */
    snprintf(buf, sizeof buf, "%d", std_table[_i].type);
    {
        char out[64];
        ck_assert_uint_eq(pdn_gametype_format(&gt, out, sizeof out),
                          strlen(buf));
        ck_assert_str_eq(out, buf);
    }
}
END_TEST

START_TEST(test_equal_compares_every_field)
{
    pdn_gametype a, b;

    ck_assert_int_eq(pdn_gametype_standard(20, &a), 0);
    ck_assert_int_eq(pdn_gametype_parse("20,W,10,10,N2,0", &b, NULL), 0);
    ck_assert_int_eq(pdn_gametype_equal(&a, &b), 1);
    b.corner = 1;
    ck_assert_int_eq(pdn_gametype_equal(&a, &b), 0);
    ck_assert_int_eq(pdn_gametype_parse("98", &b, NULL), 0);
    ck_assert_int_eq(pdn_gametype_equal(&a, &b), 0); /* same board, giveaway */
    ck_assert_int_eq(pdn_gametype_standard(25, &a), 0);
    ck_assert_int_eq(pdn_gametype_by_name("russian giveaway", &b), 0);
    ck_assert_int_eq(pdn_gametype_equal(&a, &b), 0);
    b.giveaway = 0;
    ck_assert_int_eq(pdn_gametype_equal(&a, &b), 1);
}
END_TEST

START_TEST(test_unknown_numbers_are_not_standard)
{
    pdn_gametype gt;

    ck_assert_int_eq(pdn_gametype_standard(0, &gt), -1);
    ck_assert_int_eq(pdn_gametype_standard(19, &gt), -1);
    ck_assert_int_eq(pdn_gametype_standard(32, &gt), -1);
    ck_assert_int_eq(pdn_gametype_standard(42, &gt), -1);
    ck_assert_int_eq(pdn_gametype_standard(95, &gt), -1);
    ck_assert_int_eq(pdn_gametype_standard(99, &gt), -1);
}
END_TEST

START_TEST(test_custom_full_form_is_kept_and_written_in_full)
{
    static const char *const custom[] = {
        "20,W,12,12,N2,0", "20,W,10,10,N1,0", "25,W,10,8,A0,0",
        "21,W,8,8,N3,1",   "27,B,12,10,N0,1", "30,W,6,6,A0,0",
        "20,W,9,9,N2,0",   "98,W,8,8,N2,0",   "22,W,8,8,S2,1",
    };
    pdn_gametype gt;
    pdn_error e;
    char out[64];
    size_t i;

    for (i = 0; i < sizeof custom / sizeof custom[0]; i++) {
        pdn_error_clear(&e);
        ck_assert_int_eq(pdn_gametype_parse(custom[i], &gt, &e), 0);
        ck_assert_uint_eq(pdn_gametype_format(&gt, out, sizeof out),
                          strlen(custom[i]));
        ck_assert_str_eq(out, custom[i]);
    }
    pdn_gametype_parse("27,B,12,10,N0,1", &gt, NULL);
    ck_assert_int_eq(gt.type, 27);
    ck_assert_int_eq(gt.rules, 27);
    ck_assert_int_eq(gt.start, 'B');
    ck_assert_int_eq(gt.width, 12);
    ck_assert_int_eq(gt.height, 10);
    ck_assert_int_eq(gt.notation, 'N');
    ck_assert_int_eq(gt.corner, 0);
    ck_assert_int_eq(gt.invert, 1);
    pdn_gametype_parse("98,W,8,8,N2,0", &gt, NULL);
    ck_assert_int_eq(gt.rules, 20);
    ck_assert_int_eq(gt.giveaway, 1);
}
END_TEST

START_TEST(test_missing_invert_flag_takes_the_type_value)
{
    pdn_gametype gt;

    /* Italian's own board: its flag 1; another board: 0. */
    ck_assert_int_eq(pdn_gametype_parse("22,W,8,8,N2", &gt, NULL), 0);
    ck_assert_int_eq(gt.invert, 1);
    ck_assert_int_eq(pdn_gametype_parse("22,W,10,10,N2", &gt, NULL), 0);
    ck_assert_int_eq(gt.invert, 0);
    ck_assert_int_eq(pdn_gametype_parse("20,W,10,10,N2", &gt, NULL), 0);
    ck_assert_int_eq(gt.invert, 0);
}
END_TEST

START_TEST(test_spaces_around_fields_warn)
{
    pdn_gametype gt, std;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse(" 20 , W,10 ,10,N2,0 ", &gt, &e), 1);
    ck_assert_int_eq(e.code, PDN_EVARIANT);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
    ck_assert_str_eq(e.text,
                     "spaces around GameType fields ' 20 , W,10 ,10,N2,0 '");
    pdn_gametype_standard(20, &std);
    ck_assert(same(&gt, &std));
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse("25 ", &gt, &e), 1);
    ck_assert_int_eq(gt.type, 25);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
}
END_TEST

START_TEST(test_zero_size_and_bare_letter_from_the_wild_warn)
{
    pdn_gametype gt, std;
    pdn_error e;

    /* Written by a Russian site: "20,W,0,0,N,0". */
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse("20,W,0,0,N,0", &gt, &e), 1);
    ck_assert_int_eq(e.code, PDN_EVARIANT);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
    ck_assert_str_eq(e.text, "zero board size in GameType '20,W,0,0,N,0'");
    pdn_gametype_standard(20, &std);
    ck_assert(same(&gt, &std));
}
END_TEST

static const struct {
    const char *in;
    const char *text;
} bad_table[] = {
    {"", "empty GameType ''"},
    {"abc", "invalid game type 'abc'"},
    {"-20", "invalid game type '-20'"},
    {"99", "unknown game type '99'"},
    {"32,W,8,8,N1,0", "unknown game type '32'"},
    {"20,W,10", "incomplete GameType (want Type,StartColour,Width,Height,"
                "Notation[,InvertFlag]) '20,W,10'"},
    {"20,X,10,10,N2,0", "invalid start colour in GameType 'X'"},
    {"20,w,10,10,N2,0", "invalid start colour in GameType 'w'"},
    {"20,W,13,10,N2,0", "invalid board width in GameType '13'"},
    {"20,W,1,10,N2,0", "invalid board width in GameType '1'"},
    {"20,W,ten,10,N2,0", "invalid board width in GameType 'ten'"},
    {"20,W,10,99999,N2,0", "invalid board height in GameType '99999'"},
    {"20,W,10,10,N4,0", "invalid notation in GameType 'N4'"},
    {"20,W,10,10,X2,0", "invalid notation in GameType 'X2'"},
    {"20,W,10,10,,0", "invalid notation in GameType ''"},
    {"20,W,10,10,N2,2", "invalid invert flag in GameType '2'"},
    {"25,W,8,8,A0,0,X", "invalid giveaway flag in GameType 'X'"},
    {"20,W,10,10,N2,0,G,1", "too many fields in GameType "
                            "'20,W,10,10,N2,0,G,1'"},
    {"20\x01", "invalid game type '20\\x01'"},
};
#define N_BAD (sizeof bad_table / sizeof bad_table[0])

START_TEST(test_invalid_gametype_quotes_the_bad_field)
{
    pdn_gametype gt;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse(bad_table[_i].in, &gt, &e), -1);
    ck_assert_int_eq(e.code, PDN_EVARIANT);
    ck_assert_int_eq(e.severity, PDN_SEV_ERROR);
    ck_assert_uint_eq(e.pos.line, 0);
    ck_assert_uint_eq(e.pos.column, 0);
    ck_assert_str_eq(e.text, bad_table[_i].text);
}
END_TEST

START_TEST(test_null_gametype_string_is_an_error)
{
    pdn_gametype gt;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse(NULL, &gt, &e), -1);
    ck_assert_int_eq(e.code, PDN_EVARIANT);
    ck_assert_int_eq(pdn_gametype_parse("abc", &gt, NULL), -1);
}
END_TEST

START_TEST(test_long_bad_field_is_cut_in_message)
{
    char in[300];
    pdn_gametype gt;
    pdn_error e;

    memset(in, '7', sizeof in - 1);
    in[sizeof in - 1] = '\0';
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse(in, &gt, &e), -1);
    ck_assert_int_eq(e.code, PDN_EVARIANT);
    ck_assert(strlen(e.text) < 80);
    ck_assert(strstr(e.text, "...'") != NULL);
}
END_TEST

static const struct {
    const char *name;
    int type;
    int rules;
    int giveaway;
} name_table[] = {
    {"international", 20, 20, 0},
    {"International draughts", 20, 20, 0},
    {"english", 21, 21, 0},
    {"checkers", 21, 21, 0},
    {"American checkers", 21, 21, 0},
    {"English Draughts", 21, 21, 0},
    {"italian", 22, 22, 0},
    {"pool", 23, 23, 0},
    {"american-pool", 23, 23, 0},
    {"American pool checkers", 23, 23, 0},
    {"spanish", 24, 24, 0},
    {"russian", 25, 25, 0},
    {"Russian draughts", 25, 25, 0},
    {"brazilian", 26, 26, 0},
    {"canadian", 27, 27, 0},
    {"portuguese", 28, 28, 0},
    {"czech", 29, 29, 0},
    {"turkish", 30, 30, 0},
    {"thai", 31, 31, 0},
    {"frisian", 40, 40, 0},
    {"spantsiretti", 41, 41, 0},
    {"antidraughts", 98, 20, 1},
    {"giveaway", 98, 20, 1},
    {"international-giveaway", 98, 20, 1},
    {"Antidraughts", 98, 20, 1},
    {"russian-giveaway", 25, 25, 1},
    {"Russian giveaway", 25, 25, 1},
    {"russian_giveaway", 25, 25, 1},
    {"  RUSSIAN   GIVEAWAY ", 25, 25, 1},
    {"20", 20, 20, 0},
    {"98", 98, 20, 1},
    {"21,B,8,8,N1,0", 21, 21, 0},
    {"25,W,8,8,A0,0,G", 25, 25, 1},
};
#define N_NAMES (sizeof name_table / sizeof name_table[0])

START_TEST(test_by_name_knows_variant_names)
{
    pdn_gametype gt;

    memset(&gt, 0, sizeof gt);
    ck_assert_msg(pdn_gametype_by_name(name_table[_i].name, &gt) == 0,
                  "name '%s'", name_table[_i].name);
    ck_assert_int_eq(gt.type, name_table[_i].type);
    ck_assert_int_eq(gt.rules, name_table[_i].rules);
    ck_assert_int_eq(gt.giveaway, name_table[_i].giveaway);
}
END_TEST

START_TEST(test_by_name_rejects_unknown_names)
{
    pdn_gametype gt;
    char longname[200];

    ck_assert_int_eq(pdn_gametype_by_name("chess", &gt), -1);
    ck_assert_int_eq(pdn_gametype_by_name("", &gt), -1);
    ck_assert_int_eq(pdn_gametype_by_name(NULL, &gt), -1);
    ck_assert_int_eq(pdn_gametype_by_name("99", &gt), -1);
    ck_assert_int_eq(pdn_gametype_by_name("russianx", &gt), -1);
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    ck_assert_int_eq(pdn_gametype_by_name(longname, &gt), -1);
}
END_TEST

START_TEST(test_names_round_trip_through_by_name)
{
    pdn_gametype gt, back;

    pdn_gametype_standard(std_table[_i].type, &gt);
    ck_assert_int_eq(pdn_gametype_by_name(pdn_gametype_name(&gt), &back), 0);
    ck_assert(same(&gt, &back));
}
END_TEST

START_TEST(test_russian_giveaway_formats_with_g_field_and_round_trips)
{
    pdn_gametype gt, back;
    pdn_error e;
    char out[64];

    ck_assert_int_eq(pdn_gametype_by_name("russian giveaway", &gt), 0);
    ck_assert_str_eq(pdn_gametype_name(&gt), "russian-giveaway");
    ck_assert_int_eq(pdn_gametype_capture_sep(&gt), ':');
    ck_assert_uint_eq(pdn_gametype_format(&gt, out, sizeof out), 15);
    ck_assert_str_eq(out, "25,W,8,8,A0,0,G");
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_parse(out, &back, &e), 0);
    ck_assert(same(&gt, &back));
    /* Antidraughts has its own number. */
    pdn_gametype_by_name("antidraughts", &gt);
    pdn_gametype_format(&gt, out, sizeof out);
    ck_assert_str_eq(out, "98");
}
END_TEST

START_TEST(test_format_reports_needed_length_on_short_buffer)
{
    pdn_gametype gt;
    char out[4];

    pdn_gametype_parse("20,W,12,12,N2,0", &gt, NULL);
    ck_assert_uint_eq(pdn_gametype_format(&gt, out, sizeof out), 15);
    ck_assert_str_eq(out, "20,");
    ck_assert_uint_eq(pdn_gametype_format(&gt, NULL, 0), 15);
}
END_TEST

/* Every GameType tag of the shared corpus and generated files is read. */
static size_t corpus_tags;

static void
check_corpus_gametype(const char *path, const char *value)
{
    pdn_gametype gt;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_msg(pdn_gametype_parse(value, &gt, &e) >= 0,
                  "%s: GameType '%s': %s", path, value, e.text);
    corpus_tags++;
}

START_TEST(test_every_gametype_of_the_shared_corpus_is_read)
{
    static const char *const exts[] = {".pdn", ".PDN", NULL};

    corpus_tags = 0;
    test_each_shared_tag("GameType", exts, check_corpus_gametype);
    ck_assert_uint_gt(corpus_tags, 3000);
}
END_TEST

void
gametype_shared_tests(TCase *tc)
{
    tcase_add_test(tc, test_every_gametype_of_the_shared_corpus_is_read);
}

Suite *
gametype_suite(void)
{
    Suite *s = suite_create("gametype");
    TCase *tc = tcase_create("core");

    tcase_add_loop_test(tc, test_standard_types_have_table_values, 0, N_STD);
    tcase_add_loop_test(tc, test_bare_number_expands_to_standard_value, 0,
                        N_STD);
    tcase_add_loop_test(tc, test_full_standard_form_equals_bare_number, 0,
                        N_STD);
    tcase_add_test(tc, test_unknown_numbers_are_not_standard);
    tcase_add_test(tc, test_equal_compares_every_field);
    tcase_add_test(tc, test_custom_full_form_is_kept_and_written_in_full);
    tcase_add_test(tc, test_missing_invert_flag_takes_the_type_value);
    tcase_add_test(tc, test_spaces_around_fields_warn);
    tcase_add_test(tc, test_zero_size_and_bare_letter_from_the_wild_warn);
    tcase_add_loop_test(tc, test_by_name_knows_variant_names, 0, N_NAMES);
    tcase_add_test(tc, test_by_name_rejects_unknown_names);
    tcase_add_loop_test(tc, test_names_round_trip_through_by_name, 0, N_STD);
    tcase_add_test(tc,
                   test_russian_giveaway_formats_with_g_field_and_round_trips);
    tcase_add_test(tc, test_format_reports_needed_length_on_short_buffer);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_loop_test(tc, test_invalid_gametype_quotes_the_bad_field, 0,
                        N_BAD);
    tcase_add_test(tc, test_null_gametype_string_is_an_error);
    tcase_add_test(tc, test_long_bad_field_is_cut_in_message);
    suite_add_tcase(s, tc);
    return s;
}
