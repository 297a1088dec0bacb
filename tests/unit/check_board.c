/* SPDX-License-Identifier: MIT */
/* Unit tests for the board module. */
#include "suites.h"

Suite *
board_suite(void)
{
    Suite *s = suite_create("board");
    return s;
}
