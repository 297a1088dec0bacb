/* SPDX-License-Identifier: MIT */
/* The API's promises (#20): version macros, stable error codes, errors
 * cleared on success and owning their source, results and outcomes, board
 * helpers. */
#include <config.h>
#include <pdn/pdn.h>
#include <stdio.h>
#include <string.h>
#include "suites.h"

START_TEST(test_version_macros)
{
    char v[32];

    snprintf(v, sizeof v, "%d.%d.%d", PDN_VERSION_MAJOR, PDN_VERSION_MINOR,
             PDN_VERSION_PATCH);
    ck_assert_str_eq(v, PDN_VERSION_STRING);
    ck_assert_str_eq(pdn_version(), PDN_VERSION_STRING);
    ck_assert_str_eq(PDN_VERSION_STRING, PACKAGE_VERSION);
    ck_assert_int_eq(PDN_VERSION_NUMBER, (PDN_VERSION_MAJOR << 16) |
                                             (PDN_VERSION_MINOR << 8) |
                                             PDN_VERSION_PATCH);
}
END_TEST

START_TEST(test_error_codes_are_stable)
{
    /* values and names are ABI: a change here breaks programs built
     * against an earlier libpdn */
    static const struct {
        int code;
        int value;
        const char *name;
    } codes[] = {
        {PDN_OK, 0, "ok"},
        {PDN_ENOMEM, 1, "nomem"},
        {PDN_EIO, 2, "io"},
        {PDN_ESYNTAX, 3, "syntax"},
        {PDN_ETAG, 4, "tag"},
        {PDN_ESETUP, 5, "setup"},
        {PDN_EMOVE, 6, "move"},
        {PDN_EVARIANT, 7, "variant"},
        {PDN_ELIMIT, 8, "limit"},
        {PDN_EENCODING, 9, "encoding"},
        {PDN_EILLEGAL, 10, "illegal"},
        {PDN_EAMBIGUOUS, 11, "ambiguous"},
        {PDN_ERESULT, 12, "result"},
        {PDN_ESTRICT, 13, "strict"},
        {PDN_ENOMOVES, 14, "no-moves"},
        {PDN_EDRAW_REPETITION, 15, "draw-repetition"},
        {PDN_EDRAW_KINGS_MOVES, 16, "draw-kings-moves"},
        {PDN_EDRAW_ENDGAME, 17, "draw-endgame"},
        {PDN_EDRAW_FORTY_MOVES, 18, "draw-forty-moves"},
        {PDN_EARG, 19, "arg"},
    };
    size_t i;
    pdn_error_code c = PDN_ESYNTAX;

    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        ck_assert_int_eq(codes[i].code, codes[i].value);
        ck_assert_str_eq(pdn_code_name(codes[i].code), codes[i].name);
    }
    ck_assert_int_eq(PDN_ECODE_COUNT, 20);
    ck_assert_str_eq(pdn_code_name(PDN_ECODE_COUNT), "unknown");
    ck_assert_int_eq(c, 3);
}
END_TEST

START_TEST(test_error_cleared_on_success)
{
    const char *bad = "[Event \"a\"]\n1. 32-28 (19-23 *\n\n"
                      "[Event \"b\"]\n1. 32-28 *\n";
    pdn_reader *r = pdn_reader_new_mem(bad, strlen(bad), "in.pdn");
    pdn_game *g = NULL;
    pdn_error e;
    pdn_board *b;
    pdn_gametype gt;

    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_int_ne(e.code, PDN_OK);
    ck_assert_str_eq(e.source, "in.pdn");
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_int_eq(e.code, PDN_OK);
    ck_assert_str_eq(e.text, "");
    ck_assert_str_eq(e.source, "");
    pdn_game_free(g);
    pdn_reader_free(r);
    /* the same rule for the board helpers */
    pdn_gametype_standard(20, &gt);
    b = pdn_board_new(&gt, &e);
    ck_assert_int_eq(pdn_board_set_fen_string(b, "W:W99", &e), -1);
    ck_assert_int_eq(e.code, PDN_ESETUP);
    ck_assert_int_eq(pdn_board_set_fen_string(b, "B:W40:B10", &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    pdn_board_free(b);
}
END_TEST

START_TEST(test_results_and_scoring)
{
    pdn_gametype intl, eng;
    pdn_game *g;
    pdn_error e;
    char buf[64];
    const char *s;

    pdn_gametype_standard(20, &intl);
    pdn_gametype_standard(21, &eng);
    ck_assert_str_eq(pdn_result_normalise("1:0"), "1-0");
    ck_assert_str_eq(pdn_result_normalise(" \xc2\xbd-\xc2\xbd "), "1/2-1/2");
    ck_assert_str_eq(pdn_result_normalise("2-0"), "2-0");
    ck_assert_str_eq(pdn_result_normalise("-"), "*");
    ck_assert_ptr_null(pdn_result_normalise("3-0"));
    ck_assert_ptr_null(pdn_result_normalise(NULL));
    /* the terminator, else the Result tag */
    s = "[Result \"0-1\"]\n1. 32-28 *";
    g = pdn_parse_string(s, strlen(s), &e);
    ck_assert_int_eq(pdn_game_outcome(g), PDN_OUTCOME_SECOND);
    pdn_game_set_result(g, "1-0");
    ck_assert_int_eq(pdn_game_outcome(g), PDN_OUTCOME_FIRST);
    pdn_game_remove_tag(g, "Result");
    pdn_game_set_result(g, NULL);
    ck_assert_int_eq(pdn_game_outcome(g), PDN_OUTCOME_UNKNOWN);
    pdn_game_free(g);
    /* scores: International 2/1/0, else 1/0.5/0; English Black starts */
    ck_assert(pdn_outcome_score(PDN_OUTCOME_FIRST, &intl, 'W') == 2.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_FIRST, &intl, 'B') == 0.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_DRAW, &intl, 'B') == 1.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_FIRST, &eng, 'B') == 1.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_DRAW, &eng, 'W') == 0.5);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_SECOND, &eng, 'W') == 1.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_BOTH_LOST, &eng, 'W') == 0.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_UNKNOWN, &eng, 'W') == -1.0);
    ck_assert(pdn_outcome_score(PDN_OUTCOME_FIRST, &eng, 'x') == -1.0);
    pdn_outcome_describe(PDN_OUTCOME_FIRST, &eng, buf, sizeof buf);
    ck_assert_str_eq(buf, "Black (the first mover) won");
    pdn_outcome_describe(PDN_OUTCOME_SECOND, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "the second mover won");
    ck_assert_uint_eq(pdn_outcome_describe(PDN_OUTCOME_DRAW, NULL, buf, 4),
                      strlen("the game was drawn"));
    ck_assert_str_eq(buf, "the");
}
END_TEST

START_TEST(test_fen_strings_and_hash)
{
    pdn_gametype gt;
    pdn_board *a, *b;
    pdn_error e;
    char fen[PDN_FEN_STRING_MAX];

    pdn_gametype_standard(20, &gt);
    a = pdn_board_new(&gt, &e);
    b = pdn_board_new(&gt, &e);
    /* ranges, kings and a warning (the trailing dot) */
    ck_assert_int_eq(pdn_board_set_fen_string(a, "B:W31-33,K5:BK46,10.", &e),
                     1);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
    ck_assert_uint_eq(pdn_board_fen_string(a, fen, sizeof fen),
                      strlen("B:WK5,31,32,33:B10,K46"));
    ck_assert_str_eq(fen, "B:WK5,31,32,33:B10,K46");
    ck_assert_int_eq(pdn_board_set_fen_string(b, fen, &e), 0);
    ck_assert(pdn_board_hash(a) == pdn_board_hash(b));
    ck_assert_int_eq(pdn_board_count(b, 'W'), 1);
    ck_assert_int_eq(pdn_board_count(b, 'w'), 3);
    ck_assert_int_eq(pdn_board_count(b, 'B'), 1);
    ck_assert_int_eq(pdn_board_count(b, 'b'), 1);
    ck_assert_int_eq(pdn_board_set_fen_string(b, "W:WK5,31,32,33:B10,K46", &e),
                     0);
    ck_assert(pdn_board_hash(a) != pdn_board_hash(b));
    pdn_board_free(a);
    pdn_board_free(b);
}
END_TEST

/* One NULL policy: a function given NULL where it needs an object fails
 * as it fails otherwise, with PDN_EARG when it takes a pdn_error. */
START_TEST(test_null_arguments)
{
    pdn_error err;
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l = pdn_movelist_new();
    pdn_game *g = pdn_game_new();
    pdn_replay *r = pdn_replay_new();
    pdn_status st;
    pdn_opening op;
    pdn_fen fen;
    uint64_t nodes = 1;
    char svg[16] = "x";

    ck_assert_ptr_nonnull(l);
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(r);
    pdn_gametype_standard(20, &gt);
    b = pdn_board_new(&gt, NULL);
    ck_assert_ptr_nonnull(b);
#define EARG(call)                                                        \
    do {                                                                  \
        memset(&err, 0, sizeof err);                                      \
        ck_assert_int_eq((call), -1);                                     \
        ck_assert_int_eq(err.code, PDN_EARG);                             \
        ck_assert_str_eq(pdn_code_name(err.code), "arg");                 \
        ck_assert_ptr_nonnull(strstr(err.text, "is NULL"));               \
    } while (0)
    EARG(pdn_board_moves(NULL, l, &err));
    EARG(pdn_board_moves(b, NULL, &err));
    EARG(pdn_fen_parse(NULL, &fen, &err));
    EARG(pdn_fen_parse("W:W31:B1", NULL, &err));
    EARG(pdn_board_status(NULL, &st, &err));
    EARG(pdn_replay_start(NULL, g, NULL, &err));
    EARG(pdn_replay_start(r, NULL, NULL, &err));
    EARG(pdn_opening_game(NULL, &gt, &op, &err));
    EARG(pdn_opening_game(g, NULL, &op, &err));
    EARG(pdn_perft(NULL, 3, 0, &nodes, &err));
    ck_assert_uint_eq(nodes, 0);
    EARG(pdn_reader_next(NULL, NULL, &err));
    EARG(pdn_game_set_tag_err(NULL, "Event", "x", &err));
    EARG(pdn_game_set_tag_err(g, NULL, "x", &err));
    ck_assert_int_eq(pdn_board_pop(NULL, NULL), -1);
    ck_assert_uint_eq(pdn_board_hash(NULL), 0);
    ck_assert_uint_eq(pdn_board_svg(NULL, 0, 40, svg, sizeof svg), 0);
    ck_assert_str_eq(svg, "");
    /* and without a pdn_error */
    ck_assert_int_eq(pdn_board_moves(NULL, NULL, NULL), -1);
    ck_assert_int_eq(pdn_reader_next(NULL, NULL, NULL), -1);
#undef EARG
    pdn_replay_free(r);
    pdn_game_free(g);
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* pdn_game_set_tag_err says why a pair cannot be set. */
START_TEST(test_set_tag_errors)
{
    pdn_game *g = pdn_game_new();
    pdn_error err;

    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(pdn_game_set_tag_err(g, "Event", "ok", &err), 0);
    ck_assert_int_eq(err.code, PDN_OK);
    ck_assert_str_eq(pdn_game_tag(g, "Event"), "ok");
    ck_assert_int_eq(pdn_game_set_tag_err(g, "Bad Name", "x", &err), -1);
    ck_assert_int_eq(err.code, PDN_ETAG);
    ck_assert_ptr_nonnull(strstr(err.text, "'Bad Name'"));
    ck_assert_int_eq(pdn_game_set_tag_err(g, "", "x", &err), -1);
    ck_assert_int_eq(err.code, PDN_ETAG);
    ck_assert_ptr_nonnull(strstr(err.text, "empty"));
    ck_assert_int_eq(pdn_game_set_tag_err(g, "Event", "a\nb", &err), -1);
    ck_assert_int_eq(err.code, PDN_ETAG);
    ck_assert_ptr_nonnull(strstr(err.text, "line break"));
    ck_assert_str_eq(pdn_game_tag(g, "Event"), "ok");
    ck_assert_int_eq(pdn_game_set_tag(g, "[x", "y"), -1);
    pdn_game_free(g);
}
END_TEST

Suite *
api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");

    tcase_add_test(tc, test_version_macros);
    tcase_add_test(tc, test_error_codes_are_stable);
    tcase_add_test(tc, test_error_cleared_on_success);
    tcase_add_test(tc, test_null_arguments);
    tcase_add_test(tc, test_set_tag_errors);
    tcase_add_test(tc, test_results_and_scoring);
    tcase_add_test(tc, test_fen_strings_and_hash);
    suite_add_tcase(s, tc);
    return s;
}
