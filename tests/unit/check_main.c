/* SPDX-License-Identifier: MIT */
/* The unit test runner: every module's suite in one program. */
#include <stdlib.h>
#include "suites.h"

int
main(void)
{
    SRunner *sr = srunner_create(core_suite());
    int failed;

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
    srunner_add_suite(sr, draw_suite());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
