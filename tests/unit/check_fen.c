/* SPDX-License-Identifier: MIT */
/* Unit tests for the fen module. */
#include "suites.h"

Suite *
fen_suite(void)
{
    Suite *s = suite_create("fen");
    return s;
}
