/* SPDX-License-Identifier: MIT */
/* The unit test runner: every module's suite in one program. With
 * --shared it runs instead the tests that read the shared corpus and
 * generated games, and exits 77 (skipped) when that folder is absent. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "suites.h"
#include "testutil.h"

static Suite *
shared_suite(void)
{
    Suite *s = suite_create("shared");
    TCase *tc = tcase_create("corpus");

    fen_shared_tests(tc);
    gametype_shared_tests(tc);
    reader_shared_tests(tc);
    opening_shared_tests(tc);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);
    return s;
}

int
main(int argc, char **argv)
{
    SRunner *sr;
    int failed;

    /* the test cases that set no timeout get the same generous one
     * (testutil.h); a value in the environment wins, and Check scales
     * either by $CK_TIMEOUT_MULTIPLIER */
    if (setenv("CK_DEFAULT_TIMEOUT", TEST_TIMEOUT_TEXT, 0) != 0)
        return EXIT_FAILURE;
    if (argc > 1 && strcmp(argv[1], "--shared") == 0) {
        if (test_shared_dir() == NULL) {
            printf("SKIP: ../shared not found\n");
            return 77;
        }
        sr = srunner_create(shared_suite());
    } else {
        sr = srunner_create(core_suite());
        srunner_add_suite(sr, lexer_suite());
        srunner_add_suite(sr, parser_suite());
        srunner_add_suite(sr, reader_suite());
        srunner_add_suite(sr, game_suite());
        srunner_add_suite(sr, writer_suite());
        srunner_add_suite(sr, gametype_suite());
        srunner_add_suite(sr, notation_suite());
        srunner_add_suite(sr, fen_suite());
        srunner_add_suite(sr, board_suite());
        srunner_add_suite(sr, rules_suite());
        srunner_add_suite(sr, match_suite());
        srunner_add_suite(sr, result_suite());
        srunner_add_suite(sr, enomem_suite());
        srunner_add_suite(sr, draw_suite());
        srunner_add_suite(sr, opening_suite());
        srunner_add_suite(sr, folk_suite());
        srunner_add_suite(sr, towers_suite());
        srunner_add_suite(sr, edit_suite());
        srunner_add_suite(sr, replay_suite());
        srunner_add_suite(sr, api_suite());
        srunner_add_suite(sr, history_suite());
        srunner_add_suite(sr, position_suite());
    }
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
