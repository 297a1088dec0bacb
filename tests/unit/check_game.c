/* SPDX-License-Identifier: MIT */
/* Unit tests for the game module. */
#include "suites.h"

Suite *
game_suite(void)
{
    Suite *s = suite_create("game");
    return s;
}
