/* SPDX-License-Identifier: MIT */
/* Unit tests for FEN setups: the standard forms, the tolerated forms from
 * real files (each with its warning), errors quoting the bad part, and
 * canonical formatting. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* Formats fen canonically into a static buffer. */
static const char *
fmt(const pdn_fen *fen)
{
    static char buf[2048];

    pdn_fen_format(fen, buf, sizeof buf);
    return buf;
}

/* Accepted FENs: input, return value, canonical output, warning text. */
static const struct {
    const char *in;
    int ret;
    const char *out;
    const char *warning;
    unsigned long column;
} ok_table[] = {
    {"W:W31-50:B1-20", 0,
     "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
     ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", NULL, 0},
    {"B:WK4,18:B12,K30", 0, "B:WK4,18:B12,K30", NULL, 0},
    {"W:B1,2:W31,K32", 0, "W:W31,K32:B1,2", NULL, 0},
    {"B:W50:B", 0, "B:W50:B", NULL, 0},
    {"W:W:B", 0, "W:W:B", NULL, 0},
    {"?:W10:B20", 0, "?:W10:B20", NULL, 0},
    {"W:WK1-3:B9", 0, "W:WK1,K2,K3:B9", NULL, 0},
    {"W:Wa1,c3,Ke5:Bh8,Kb8", 0, "W:Wa1,c3,Ke5:Bh8,Kb8", NULL, 0},
    {"W:Wl12,k11:Bk1", 0, "W:Wl12,k11:Bk1", NULL, 0},
    {"W:W31-50:B1-3.", 1, NULL, "trailing '.' in FEN", 14},
    {"B:W18,24:B12:H0:F1", 1, "B:W18,24:B12", "move counters 'H0:F1' in FEN",
     14},
    {"W:W:W31,32:B1", 1, "W:W31,32:B1", "doubled turn 'W' in FEN", 5},
    {"W:W06,10:B01", 1, "W:W6,10:B1", "leading zero in square '06' in FEN",
     4},
    {"B: W18, 24 :B12", 1, "B:W18,24:B12", "spaces in FEN", 3},
    {"W:W06,10,K13:B01,03. ", 1, "W:W6,10,K13:B1,3", "spaces in FEN", 21},
    {"w:W1:B2", 1, "W:W1:B2", "lower-case turn 'w' in FEN", 1},
    {"W:w1:B2", 1, "W:W1:B2", "lower-case colour 'w' in FEN", 3},
    {"W:Wkc3:Bd4", 1, "W:WKc3:Bd4", "lower-case king mark 'k' in FEN", 4},
    {"W:WC3:Bd4", 1, "W:Wc3:Bd4", "upper-case square 'C3' in FEN", 4},
    {"W:W1,2,:B3", 1, "W:W1,2:B3", "trailing comma ',' in FEN", 7},
    {"W:W31-50", 1, NULL, "a side missing 'W:W31-50' in FEN", 1},
    {"W::B3", 1, "W:W:B3", "empty section '::' in FEN", 2},
    {"W:W1:", 1, "W:W1:B", "empty section ':' in FEN", 5},
    {"W::.", 1, "W:W:B", "trailing '.' in FEN", 4},
};
#define N_OK (sizeof ok_table / sizeof ok_table[0])

START_TEST(test_fen_forms_are_read)
{
    pdn_fen fen;
    pdn_error e;
    int ret;

    pdn_error_clear(&e);
    ret = pdn_fen_parse(ok_table[_i].in, &fen, &e);
    ck_assert_msg(ret == ok_table[_i].ret, "'%s' gave %d (%s)",
                  ok_table[_i].in, ret, e.text);
    if (ok_table[_i].out != NULL)
        ck_assert_str_eq(fmt(&fen), ok_table[_i].out);
    if (ok_table[_i].warning == NULL) {
        ck_assert_int_eq(e.code, PDN_OK);
    } else {
        ck_assert_int_eq(e.code, PDN_ESETUP);
        ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
        ck_assert_uint_eq(e.pos.line, 0);
        ck_assert_uint_eq(e.pos.column, ok_table[_i].column);
        ck_assert_str_eq(e.text, ok_table[_i].warning);
    }
}
END_TEST

START_TEST(test_fen_pieces_keep_colour_king_and_square)
{
    pdn_fen fen;

    ck_assert_int_eq(pdn_fen_parse("B:WK4,18:B12,K30", &fen, NULL), 0);
    ck_assert_int_eq(fen.turn, 'B');
    ck_assert_uint_eq(fen.count, 4);
    ck_assert_int_eq(fen.piece[0].colour, 'W');
    ck_assert_int_eq(fen.piece[0].king, 1);
    ck_assert_int_eq(fen.piece[0].sq, 4);
    ck_assert_int_eq(fen.piece[1].king, 0);
    ck_assert_int_eq(fen.piece[1].sq, 18);
    ck_assert_int_eq(fen.piece[3].colour, 'B');
    ck_assert_int_eq(fen.piece[3].king, 1);
    ck_assert_int_eq(fen.piece[3].sq, 30);
    ck_assert_int_eq(fen.piece[3].algebraic, 0);
    ck_assert_int_eq(pdn_fen_parse("W:Wh6:Bg7,c5,d2", &fen, NULL), 0);
    ck_assert_uint_eq(fen.count, 4);
    ck_assert_int_eq(fen.piece[0].algebraic, 1);
    ck_assert_int_eq(fen.piece[0].sq, PDN_COORD(7, 5));
    ck_assert_int_eq(fen.piece[3].sq, PDN_COORD(3, 1));
}
END_TEST

START_TEST(test_fen_format_round_trips)
{
    static const char *const in[] = {
        "W:W31-50:B1-20", "B:WK4,18:B12,K30", "B:W50:B", "W:Wa1,Kh8:B",
        "?:W:B", "W:W06,10:B01.", "B:W18,24:B12:H0:F1",
    };
    pdn_fen a, b;
    char first[1024];
    size_t i;

    for (i = 0; i < sizeof in / sizeof in[0]; i++) {
        ck_assert_int_ge(pdn_fen_parse(in[i], &a, NULL), 0);
        strcpy(first, fmt(&a));
        /* The canonical form is read back without warnings, unchanged. */
        ck_assert_int_eq(pdn_fen_parse(first, &b, NULL), 0);
        ck_assert_str_eq(fmt(&b), first);
        ck_assert(strchr(first, ' ') == NULL);
        ck_assert_int_ne(first[strlen(first) - 1], '.');
    }
}
END_TEST

START_TEST(test_fen_format_reports_needed_length)
{
    pdn_fen fen;
    char small[6];

    pdn_fen_parse("B:WK4,18:B12,K30", &fen, NULL);
    ck_assert_uint_eq(pdn_fen_format(&fen, small, sizeof small), 16);
    ck_assert_str_eq(small, "B:WK4");
    ck_assert_uint_eq(pdn_fen_format(&fen, NULL, 0), 16);
}
END_TEST

START_TEST(test_warning_does_not_hide_a_later_error)
{
    pdn_fen fen;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_fen_parse("W:W06,X:B1", &fen, &e), -1);
    ck_assert_int_eq(e.code, PDN_ESETUP);
    ck_assert_int_eq(e.severity, PDN_SEV_ERROR);
    ck_assert_str_eq(e.text, "expected a square, found 'X' in FEN");
}
END_TEST

/* Rejected FENs: input, message, 1-based column. */
static const struct {
    const char *in;
    const char *text;
    unsigned long column;
} bad_table[] = {
    {"", "empty FEN", 0},
    {"X:W1:B2", "expected turn 'W', 'B' or '?', found 'X' in FEN", 1},
    {"W31-50:B1-20", "expected turn 'W', 'B' or '?', found 'W31-50' in FEN",
     1},
    {"W:X1:B2", "expected colour 'W' or 'B', found 'X1' in FEN", 3},
    {"W:W1,,2:B3", "expected a square, found ',' in FEN", 6},
    {"W:W0:B3", "no such square '0' in FEN", 4},
    {"W:W256:B3", "no such square '256' in FEN", 4},
    {"W:W99999999:B3", "no such square '99999999' in FEN", 4},
    {"W:W50-31:B3", "backward range '50-31' in FEN", 4},
    {"W:W1-:B3", "expected a square, found ':' in FEN", 6},
    {"W:W1-", "expected a square, found the end of FEN", 6},
    {"W:W1:W2:B3", "second section of one colour 'W2' in FEN", 6},
    {"W:WK:B3", "expected a square, found 'K' in FEN", 4},
    {"W:W1x2:B3", "unexpected 'x2' in FEN", 5},
    {"W:Wz9:B3", "expected a square, found 'z' in FEN", 4},
    {"W:Wa:B3", "bad square 'a:' in FEN", 4},
    {"W:Wa17:B3", "no such square 'a17' in FEN", 4},
    {"W:W1-200:B1", "too many pieces (more than 160) from '1-200:B1' in FEN",
     4},
    {"W:W1\x02", "unexpected '\\x02' in FEN", 5},
    {"WW:W1", "expected turn 'W', 'B' or '?', found 'WW' in FEN", 1},
    {"W: W1, X", "expected a square, found 'X' in FEN", 8},
};
#define N_BAD (sizeof bad_table / sizeof bad_table[0])

START_TEST(test_bad_fen_quotes_the_bad_part)
{
    pdn_fen fen;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_fen_parse(bad_table[_i].in, &fen, &e), -1);
    ck_assert_int_eq(e.code, PDN_ESETUP);
    ck_assert_int_eq(e.severity, PDN_SEV_ERROR);
    ck_assert_uint_eq(e.pos.line, 0);
    ck_assert_str_eq(e.text, bad_table[_i].text);
    ck_assert_uint_eq(e.pos.column, bad_table[_i].column);
    ck_assert_int_eq(pdn_fen_parse(bad_table[_i].in, &fen, NULL), -1);
}
END_TEST

START_TEST(test_fen_piece_limit)
{
    pdn_fen fen;
    pdn_error e;
    char in[1200];
    int i, o;

    /* Exactly PDN_FEN_MAX pieces is fine. */
    o = sprintf(in, "W:W1-100:B");
    for (i = 101; i <= 160; i++)
        o += sprintf(in + o, "%s%d", i == 101 ? "" : ",", i);
    ck_assert_int_eq(pdn_fen_parse(in, &fen, NULL), 0);
    ck_assert_uint_eq(fen.count, PDN_FEN_MAX);
    strcat(in, ",161");
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_fen_parse(in, &fen, &e), -1);
    ck_assert_int_eq(e.code, PDN_ESETUP);
}
END_TEST

START_TEST(test_long_fen_with_spaces_is_refused_not_overrun)
{
    pdn_fen fen;
    pdn_error e;
    static char in[5000];

    memset(in, ' ', sizeof in - 1);
    memcpy(in, "W:W1:B2", 7);
    in[sizeof in - 1] = '\0';
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_fen_parse(in, &fen, &e), -1);
    ck_assert_int_eq(e.code, PDN_ESETUP);
    ck_assert_str_eq(e.text, "FEN with spaces longer than 2047 bytes");
    /* Without spaces any length is read (and limited by pieces). */
    ck_assert_int_eq(pdn_fen_parse(NULL, &fen, &e), -1);
}
END_TEST

/* Every FEN tag of the shared corpus and of the generated files is read
 * (the corpus is real files, messy on purpose). */
static size_t corpus_fens, corpus_warned;

static void
check_corpus_fen(const char *path, const char *value)
{
    pdn_fen fen;
    pdn_error e;
    int r;

    pdn_error_clear(&e);
    r = pdn_fen_parse(value, &fen, &e);
    ck_assert_msg(r >= 0, "%s: FEN '%s': %s", path, value, e.text);
    corpus_fens++;
    corpus_warned += r == 1;
}

START_TEST(test_every_fen_of_the_shared_corpus_is_read)
{
    static const char *const exts[] = {".pdn", ".PDN", ".fen", NULL};

    corpus_fens = corpus_warned = 0;
    test_each_shared_tag("FEN", exts, check_corpus_fen);
    ck_assert_uint_gt(corpus_fens, 1000);
    /* The SAGE and problem-collection forms ('.', spaces, '01') warn. */
    ck_assert_uint_gt(corpus_warned, 100);
}
END_TEST

void
fen_shared_tests(TCase *tc)
{
    tcase_add_test(tc, test_every_fen_of_the_shared_corpus_is_read);
}

Suite *
fen_suite(void)
{
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("core");

    tcase_add_loop_test(tc, test_fen_forms_are_read, 0, N_OK);
    tcase_add_test(tc, test_fen_pieces_keep_colour_king_and_square);
    tcase_add_test(tc, test_fen_format_round_trips);
    tcase_add_test(tc, test_fen_format_reports_needed_length);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_loop_test(tc, test_bad_fen_quotes_the_bad_part, 0, N_BAD);
    tcase_add_test(tc, test_warning_does_not_hide_a_later_error);
    suite_add_tcase(s, tc);

    tc = tcase_create("limits");
    tcase_add_test(tc, test_fen_piece_limit);
    tcase_add_test(tc, test_long_fen_with_spaces_is_refused_not_overrun);
    suite_add_tcase(s, tc);
    return s;
}
